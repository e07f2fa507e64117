/**
 * One process per embedded data directory: a second open is refused with who holds it, a lock left
 * by a dead process is taken over, and the CLIs refuse (exit 75, a message saying what to do)
 * while the server holds the directory — nothing the holder wrote is lost.
 */
// one-engine: the lock on the embedded engine's data directory; a PostgreSQL server has none.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { testConfig } from '../../src/platform/config.ts'
import {
  createDatabase,
  type DatabaseHandle,
  DataDirLockedError,
  LOCK_FILE,
} from '../../src/platform/db/index.ts'
import { runCli } from '../helpers/cli.ts'

const dirs: string[] = []
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'sextant-lock-'))
  dirs.push(d)
  return d
}

const open = (dir: string, owner = 'the server') =>
  createDatabase({ ...testConfig(), DATABASE_URL: undefined, DATA_DIR: dir }, { owner })

async function keptRows(db: DatabaseHandle): Promise<string[]> {
  const r = await db.raw(`select v from kept order by v`)
  return r.rows.map((row) => String(row['v']))
}

/** The pid of a process that has exited (and been reaped): what a SIGKILLed owner leaves. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'])
  return Number(child.stdout.toString())
}

describe('data directory lock', () => {
  // One directory for the file: an on-disk initdb is the slow part. Each test leaves it unlocked.
  const dir = tempDir()
  before(async () => {
    const db = await open(dir)
    await db.raw(`create table kept (v text); insert into kept values ('first')`)
    await db.close()
  })

  it('refuses a second open with a typed error naming the holder; the holder loses nothing', async () => {
    const first = await open(dir)
    await assert.rejects(open(dir, 'npm run seed:demo'), (e: unknown) => {
      assert.ok(e instanceof DataDirLockedError)
      assert.equal(e.holder.pid, process.pid)
      assert.equal(e.message, `the server (pid ${process.pid}) holds ${dir}`)
      return true
    })
    await first.raw(`insert into kept values ('after the refused open')`)
    await first.close()
    assert.equal(existsSync(join(dir, LOCK_FILE)), false, 'close releases the lock')
    const again = await open(dir)
    assert.deepEqual(await keptRows(again), ['after the refused open', 'first'])
    await again.close()
  })

  it('takes over a stale lock whose pid is dead, keeping the data', async () => {
    const dead = deadPid()
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: dead, owner: 'the server', since: '' }))
    const next = await open(dir, 'the restarted server')
    const lock = JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { pid: number; owner: string }
    assert.deepEqual([lock.pid, lock.owner], [process.pid, 'the restarted server'])
    assert.deepEqual(await keptRows(next), ['after the refused open', 'first'])
    await next.close()
  })

  it('takes over a torn lock file (no pid in it)', async () => {
    writeFileSync(join(dir, LOCK_FILE), '{"pi')
    const next = await open(dir)
    assert.equal((JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { pid: number }).pid, process.pid)
    await next.close()
  })

  it('memory:// databases take no lock', async () => {
    const a = await createDatabase(testConfig())
    const b = await createDatabase(testConfig())
    await Promise.all([a.close(), b.close()])
  })

  it('seed:demo and admin refuse while the server holds the directory (exit 75)', async () => {
    const server = await open(dir)
    try {
      await server.raw(`insert into kept values ('server data')`)
      const seed = await runCli('src/seed-demo.ts', dir)
      assert.equal(seed.code, 75, seed.stderr)
      assert.equal(
        seed.stderr.trim(),
        `the server (pid ${process.pid}) holds ${dir}: stop it, or restart it with SEED_DEMO=true ` +
          '(the server then creates the demo login itself)',
      )
      assert.equal(seed.stdout, '', 'no claim of success')
      const admin = await runCli('src/admin.ts', dir, ['create-admin', 'ops@example.com'])
      assert.equal(admin.code, 75, admin.stderr)
      assert.match(admin.stderr, new RegExp(`^the server \\(pid ${process.pid}\\) holds .*: stop it, run`))
      assert.deepEqual(await keptRows(server), ['after the refused open', 'first', 'server data'])
    } finally {
      await server.close()
    }
  })
})
