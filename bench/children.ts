/**
 * Child servers: started with `node --import tsx <script>`, ready when they print their first JSON
 * line on stdout, stopped by PID with SIGTERM (SIGKILL only after a grace period). Every child is
 * tracked until it exits, and a process 'exit' hook SIGKILLs any survivor, so a crash or an
 * uncaught error in the harness never leaves a server behind.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'

const live = new Set<ChildProcess>()
process.on('exit', () => {
  for (const proc of live) proc.kill('SIGKILL') // synchronous: the only thing 'exit' allows
})

export interface Child<Ready> {
  name: string
  pid: number
  ready: Ready
  proc: ChildProcess
}

const PROJECT_ROOT = new URL('..', import.meta.url).pathname

export async function startChild<Ready>(
  name: string,
  script: string,
  env: Record<string, string | undefined>,
  startTimeoutMs: number,
): Promise<Child<Ready>> {
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: PROJECT_ROOT,
    env: withoutUndefined({ ...process.env, ...env }),
    stdio: ['ignore', 'pipe', 'inherit'], // stderr straight through: start-up errors stay visible
  })
  if (proc.pid === undefined) throw new Error(`${name}: could not spawn ${script}`)
  live.add(proc)
  proc.once('exit', () => live.delete(proc))

  const lines = createInterface({ input: proc.stdout })
  let first = true
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${name}: not ready after ${startTimeoutMs} ms`)),
        startTimeoutMs,
      )
      proc.once('exit', (code, signal) => {
        clearTimeout(timer)
        reject(new Error(`${name}: exited before it was ready (code ${code}, signal ${signal})`))
      })
      lines.on('line', (line) => {
        if (!first) return void process.stderr.write(`[${name}] ${line}\n`) // later stdout: show, don't parse
        first = false
        clearTimeout(timer)
        try {
          resolve(JSON.parse(line) as Ready)
        } catch {
          reject(new Error(`${name}: expected a JSON ready line, got: ${line.slice(0, 200)}`))
        }
      })
    })
    return { name, pid: proc.pid, ready, proc }
  } catch (err) {
    await stopChild({ name, pid: proc.pid, proc }, 5_000)
    throw err
  }
}

/**
 * SIGTERM, then wait; SIGKILL after `graceMs`. Resolves with a problem description, or undefined
 * when the child exited 0 (a clean shutdown is part of what the harness checks).
 */
export async function stopChild(
  child: Pick<Child<unknown>, 'name' | 'pid' | 'proc'>,
  graceMs: number,
): Promise<string | undefined> {
  const { proc } = child
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null)
      resolve({ code: proc.exitCode, signal: proc.signalCode })
    else proc.once('exit', (code, signal) => resolve({ code, signal }))
  })
  try {
    if (proc.exitCode === null && proc.signalCode === null) process.kill(child.pid, 'SIGTERM')
  } catch {
    // ESRCH: it died between the check and the signal; `exited` still resolves.
  }
  let killed = false
  const timer = setTimeout(() => {
    killed = true
    proc.kill('SIGKILL')
  }, graceMs)
  const { code, signal } = await exited
  clearTimeout(timer)
  if (killed) return `${child.name} (pid ${child.pid}) ignored SIGTERM for ${graceMs} ms and was killed`
  if (code !== 0)
    return `${child.name} (pid ${child.pid}) exited with code ${code}${signal ? `, signal ${signal}` : ''}`
  return undefined
}

function withoutUndefined(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined))
}
