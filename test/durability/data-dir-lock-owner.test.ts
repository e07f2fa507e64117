/**
 * Whether a lock's owner is alive, on Linux: a SIGKILLed owner its parent never reaps is a zombie
 * (kill(pid, 0) still succeeds) and its lock is taken over; so is a lock whose pid now belongs to
 * a process started at another time. A live owner with the lock's start time keeps its lock.
 */
// one-engine: the lock on the embedded engine's data directory; a PostgreSQL server has none.
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { lockDataDir } from '../../src/platform/db/data-dir-lock.ts'
import { DataDirLockedError, LOCK_FILE } from '../../src/platform/db/index.ts'
import { procStat } from '../../src/platform/db/proc-stat.ts'

const ROOT = new URL('../../', import.meta.url).pathname
const linux = process.platform === 'linux'
const dirs: string[] = []
const started: ChildProcess[] = []
after(() => {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'sextant-lock-owner-'))
  dirs.push(d)
  return d
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Reads the child's stdout until `pattern` matches; its first group. */
function waitFor(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = ''
    let err = ''
    child.stderr!.on('data', (b: Buffer) => (err += b.toString()))
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString()
      const m = pattern.exec(out)
      if (m) resolve(m[1]!)
    })
    child.once('exit', (code) => reject(new Error(`exited ${code} before ${pattern}: ${out}${err}`)))
  })
}

const lockOf = (dir: string) =>
  JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { pid: number; owner: string; start?: number }

describe('data directory lock: is the owner alive?', { skip: !linux && 'needs /proc (Linux)' }, () => {
  it('a SIGKILLed owner left unreaped (a zombie) is dead: a restart takes the lock', async () => {
    const dir = tempDir()
    // The shell starts the holder in the background, then becomes `sleep`, which never waits for
    // children: once killed, the holder stays a zombie of the sleeping process.
    const holder = `exec "$0" --import tsx test/durability/lock-holder.ts "$1"`
    const parent = spawn(
      'sh',
      ['-c', `sh -c '${holder}' "$0" "$1" & exec sleep 120`, process.execPath, dir],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    started.push(parent)
    const pid = Number(await waitFor(parent, /locked (\d+)/))
    const lock = lockOf(dir)
    assert.deepEqual([lock.pid, lock.start], [pid, procStat(pid)!.start], 'the lock records pid and start')
    assert.throws(() => lockDataDir(dir, 'the restarted server'), DataDirLockedError, 'held while it runs')

    process.kill(pid, 'SIGKILL')
    for (let i = 0; i < 100 && procStat(pid)?.state !== 'Z'; i++) await sleep(20)
    assert.equal(procStat(pid)?.state, 'Z', 'killed and not reaped: a zombie')
    assert.doesNotThrow(() => process.kill(pid, 0), 'kill(pid, 0) still finds the zombie')

    const mine = lockDataDir(dir, 'the restarted server')
    try {
      assert.deepEqual([lockOf(dir).pid, lockOf(dir).owner], [process.pid, 'the restarted server'])
    } finally {
      mine.release()
    }
    parent.kill('SIGKILL') // the zombie's parent goes; init reaps it
  })

  it('a pid now used by a process started at another time is not the owner: taken over', async () => {
    const dir = tempDir()
    const other = spawn('sleep', ['120'], { stdio: 'ignore' })
    started.push(other)
    await new Promise((r) => other.once('spawn', r))
    const start = procStat(other.pid!)!.start
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: other.pid, owner: 'the server', since: '', start: start - 1 }),
    )
    const mine = lockDataDir(dir, 'the restarted server')
    assert.equal(lockOf(dir).pid, process.pid)
    mine.release()

    // The same pid with its own start time is the owner, alive: refused, naming it.
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: other.pid, owner: 'the server', since: '', start }),
    )
    assert.throws(
      () => lockDataDir(dir, 'the restarted server'),
      (e: unknown) => e instanceof DataDirLockedError && e.holder.pid === other.pid,
    )
    other.kill('SIGKILL')
  })
})
