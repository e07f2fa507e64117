/**
 * The embedded database keeps committed data: across a SIGKILL in the middle of writes, and across
 * a graceful restart of the real server process on the same data directory.
 */
// one-engine: the embedded engine's own data directory; a PostgreSQL server keeps its data itself.
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { testConfig } from '../../src/platform/config.ts'
import { createDatabase } from '../../src/platform/db/index.ts'

const ROOT = new URL('../../', import.meta.url).pathname
const dirs: string[] = []
const children: ChildProcess[] = []
after(() => {
  for (const c of children) c.kill('SIGKILL')
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'sextant-durability-'))
  dirs.push(d)
  return d
}

function run(args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  return child
}

const exited = (c: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    c.once('exit', (code, signal) => resolve({ code, signal })),
  )

async function countPlans(dir: string, extra = "code like 'p%'"): Promise<number> {
  const handle = await createDatabase({ ...testConfig(), DATABASE_URL: undefined, DATA_DIR: dir })
  try {
    const r = await handle.raw(`select count(*)::int as n from plan where ${extra}`)
    return Number(r.rows[0]?.['n'])
  } finally {
    await handle.close()
  }
}

describe('embedded database durability', () => {
  it('SIGKILL during writes loses no committed row', async () => {
    const dir = tempDir()
    const writer = run(['test/durability/writer.ts', dir])
    let committed = 0
    let buffer = ''
    await new Promise<void>((resolve, reject) => {
      writer.stdout!.on('data', (chunk: Buffer) => {
        buffer += chunk.toString()
        const lines = buffer.split('\n')
        buffer = lines.pop() ?? ''
        for (const l of lines) committed = Math.max(committed, Number(l.split(' ')[1]))
        if (committed >= 300) resolve()
      })
      writer.once('exit', (code) => reject(new Error(`writer exited early (${code})`)))
      setTimeout(() => reject(new Error('writer too slow')), 60_000).unref()
    })
    const done = exited(writer)
    writer.kill('SIGKILL')
    assert.equal((await done).signal, 'SIGKILL')
    const rows = await countPlans(dir)
    assert.ok(rows >= committed, `${rows} rows on disk, ${committed} reported committed`)
  })

  it('the server restarts on its data dir with its data, and shuts down gracefully on SIGTERM', async () => {
    const dir = tempDir()
    const env = { DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' }
    for (let round = 1; round <= 2; round++) {
      const server = run(['src/main.ts'], env)
      const port = await new Promise<number>((resolve, reject) => {
        let out = ''
        server.stdout!.on('data', (b: Buffer) => {
          out += b.toString()
          const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out)
          if (m) resolve(Number(m[1]))
        })
        server.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)))
        setTimeout(() => reject(new Error(`server did not start: ${out}`)), 60_000).unref()
      })
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`)
      assert.equal(ready.status, 200)
      const done = exited(server)
      server.kill('SIGTERM')
      assert.deepEqual(await done, { code: 0, signal: null }, 'graceful exit')
      if (round === 1) {
        // Write while the server is down; the restarted server must serve on top of it.
        const handle = await createDatabase({ ...testConfig(), DATABASE_URL: undefined, DATA_DIR: dir })
        await handle.raw(`insert into plan (code, name, rank) values ('kept', 'Kept', 999)`)
        await handle.close()
      }
    }
    assert.equal(await countPlans(dir, "code = 'kept'"), 1)
  })
})
