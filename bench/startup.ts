/**
 * Start-up and idle memory of what `npm start` runs (`node dist/main.js`; run `npm run build` first):
 * `npx tsx bench/startup.ts [--runs 5]`. The engine follows DATABASE_URL as in run.ts (PGlite on disk
 * by default). One unmeasured start first creates the data directory and applies the migrations;
 * then each run starts the server on that existing directory (or database), times spawn → the
 * first `/healthz` 200 (polled every 20 ms), waits 5 s idle, reads the process's resident memory
 * and stops it with SIGTERM. Prints a Markdown table and the median.
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { prepareDatabases } from './engine.ts'
import { median } from './report.ts'

const MAIN = new URL('../dist/main.js', import.meta.url).pathname
const IDLE_MS = 5_000
const PORT = 38_500 + (process.pid % 1000)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${PORT}/healthz`)).status === 200
  } catch {
    return false
  }
}

/** Resident memory in MB from /proc (Linux); NaN elsewhere. */
function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb ? Number(kb) / 1024 : NaN
  } catch {
    return NaN
  }
}

async function once(env: Record<string, string | undefined>): Promise<{ ms: number; rss: number }> {
  const t0 = performance.now()
  const all = { ...process.env, ...env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }
  const child = spawn(process.execPath, [MAIN], {
    // An undefined value would reach the child as the text "undefined" (DATABASE_URL on disk PGlite).
    env: Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)),
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
      if (await healthy()) break
      if (performance.now() - t0 > 120_000) throw new Error('no /healthz 200 within 120 s')
      await sleep(20)
    }
    const ms = performance.now() - t0
    await sleep(IDLE_MS)
    return { ms, rss: rssMb(child.pid!) }
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } })
const runs = Number(values.runs)
if (!Number.isInteger(runs) || runs < 1 || runs > 50) throw new Error('--runs must be 1–50')
if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`)

const dbs = await prepareDatabases(process.env['DATABASE_URL'] || undefined)
try {
  const env = dbs.envFor('app')
  process.stderr.write('first start (creates the data directory, applies the migrations)…\n')
  const first = await once(env)
  const rows: { ms: number; rss: number }[] = []
  for (let i = 0; i < runs; i++) {
    rows.push(await once(env))
    process.stderr.write(`run ${i + 1}: ${Math.round(rows.at(-1)!.ms)} ms\n`)
  }
  const lines = [
    `**${dbs.description}** · Node ${process.version} · ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    '| run | start → /healthz 200 (ms) | idle RSS (MB) |',
    '|---|---:|---:|',
    `| first (new data) | ${Math.round(first.ms)} | ${Math.round(first.rss)} |`,
    ...rows.map((r, i) => `| ${i + 1} | ${Math.round(r.ms)} | ${Math.round(r.rss)} |`),
    `| **median** | **${Math.round(median(rows.map((r) => r.ms)))}** | **${Math.round(median(rows.map((r) => r.rss)))}** |`,
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
} finally {
  await dbs.dispose()
}
