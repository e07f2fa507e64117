/**
 * Test databases. On PGlite every test file gets its own in-memory instance loaded from a migrated
 * template (dumped once per migration set, reused by later files: ~1 s instead of a fresh initdb
 * plus migrations). When DATABASE_URL names a PostgreSQL server, each file gets a fresh database
 * on it instead, dropped at the end.
 */
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { testConfig, type Config } from '../../src/platform/config.ts'
import { createDatabase, type DatabaseHandle } from '../../src/platform/db/index.ts'
import { migrateToLatest } from '../../src/app/migrations.ts'

const SRC_DIR = new URL('../../src/', import.meta.url).pathname
const TEMPLATE_DIR = new URL('../../.tmp/', import.meta.url).pathname

/** Every file in every `migrations/` folder of src (the platform's and each module's): a change to any
 *  of them makes a new template. */
function migrationsHash(): string {
  const h = createHash('sha256')
  const files = readdirSync(SRC_DIR, { recursive: true, encoding: 'utf8' })
    .filter((f) => /(^|\/)migrations\/[^/]+\.ts$/.test(f))
    .sort()
  for (const f of files) h.update(f).update(readFileSync(join(SRC_DIR, f)))
  return h.digest('hex').slice(0, 16)
}

async function pgliteTemplate(config: Config): Promise<Blob> {
  const file = join(TEMPLATE_DIR, `pglite-template-${migrationsHash()}.tar`)
  if (existsSync(file)) return new Blob([readFileSync(file)])
  const handle = await createDatabase(config)
  await migrateToLatest(handle)
  if (!handle.dump) throw new Error('template needs a PGlite handle')
  const dump = await handle.dump()
  await handle.close()
  mkdirSync(TEMPLATE_DIR, { recursive: true })
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()))
  renameSync(tmp, file) // atomic: a parallel file sees the whole template or none
  return dump
}

/** With REDIS_URL set, each test app gets its own key namespace (ids restart in every test database). */
function redisEnv(namespace: string): Record<string, string> {
  const url = process.env['REDIS_URL']
  return url ? { REDIS_URL: url, REDIS_PREFIX: `${namespace}:` } : {}
}

export interface TestDatabase {
  config: Config
  handle: DatabaseHandle
  drop(): Promise<void>
}

export async function createTestDatabase(overrides: Record<string, string> = {}): Promise<TestDatabase> {
  const serverUrl = process.env['DATABASE_URL']
  if (serverUrl?.startsWith('postgres')) {
    const name = `sextant_test_${process.pid}_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    const config = testConfig({
      ...redisEnv(name),
      ...overrides,
      DATABASE_URL: url.toString(),
      DB_POOL_MAX: '4',
    })
    const handle = await createDatabase(config)
    await migrateToLatest(handle)
    return {
      config,
      handle,
      async drop() {
        await handle.close()
        const c = new pg.Client({ connectionString: serverUrl })
        await c.connect()
        try {
          await dropWithRetry(c, name)
        } finally {
          await c.end()
        }
      },
    }
  }
  const config = testConfig({
    ...redisEnv(`sextant_test_${process.pid}_${randomBytes(4).toString('hex')}`),
    ...overrides,
  })
  const handle = await createDatabase(config, { loadDataDir: await pgliteTemplate(config) })
  await migrateToLatest(handle) // no-op on a current template; guards against a stale one
  return { config, handle, drop: () => handle.close() }
}

/**
 * `with (force)` can still fail while a just-closed connection is being torn down (55006) or when
 * it has to signal a backend it cannot (42501, e.g. one still starting); both pass in moments.
 */
async function dropWithRetry(c: pg.Client, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await c.query(`drop database if exists ${name} with (force)`)
      return
    } catch (err) {
      const code = (err as { code?: string }).code
      if (attempt >= 10 || (code !== '55006' && code !== '42501')) throw err
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
}
