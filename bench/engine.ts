/**
 * Where the two child servers keep their data, chosen by DATABASE_URL like the app itself:
 * unset → embedded PGlite, one fresh temporary DATA_DIR per child; `memory://` → in-memory PGlite
 * (each child has its own); `postgres://…` → two fresh databases on that server
 * (`sextant_bench_<random>` for the app, `…_ceiling` for the ceiling), dropped at the end.
 * Each child gets its own database so neither sees the other's migrations or rows.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { databaseEngine } from '../src/platform/config.ts'
import type { Engine } from '../src/platform/db/index.ts'
import type { Target } from './scenarios.ts'

export interface BenchDatabases {
  engine: Engine
  /** For the report header: engine, version, where. */
  description: string
  /** Environment variables that point one child at its own database. */
  envFor(target: Target): Record<string, string | undefined>
  /** Removes what setup created; safe to call more than once. */
  dispose(): Promise<void>
}

export async function prepareDatabases(databaseUrl: string | undefined): Promise<BenchDatabases> {
  if (databaseUrl !== undefined && !/^(memory:\/\/|postgres(ql)?:\/\/)/.test(databaseUrl)) {
    throw new Error(`DATABASE_URL must be unset, memory:// or postgres://… (got ${databaseUrl})`)
  }
  const engine = databaseEngine({ DATABASE_URL: databaseUrl })
  if (engine === 'postgres') return preparePostgres(databaseUrl!)
  const pglite = `PGlite ${await pgliteVersion()}`
  if (engine === 'pglite-memory') {
    return {
      engine,
      description: `${engine} (${pglite})`,
      envFor: () => ({ DATABASE_URL: 'memory://' }),
      dispose: async () => {},
    }
  }
  const root = await mkdtemp(join(tmpdir(), 'sextant-bench-'))
  return {
    engine,
    description: `${engine} (${pglite}, fresh temporary DATA_DIR)`,
    // DATABASE_URL must be absent for the disk engine, whatever the parent's environment says.
    envFor: (target) => ({ DATABASE_URL: undefined, DATA_DIR: join(root, target) }),
    dispose: () => rm(root, { recursive: true, force: true }),
  }
}

async function preparePostgres(serverUrl: string): Promise<BenchDatabases> {
  const base = `sextant_bench_${randomBytes(4).toString('hex')}`
  const names: Record<Target, string> = { app: base, ceiling: `${base}_ceiling` }
  const created: string[] = []
  let version = '?'
  await withAdmin(serverUrl, async (admin) => {
    version = String(
      (await admin.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ?? '?',
    )
    for (const name of Object.values(names)) {
      await admin.query(`create database ${name}`) // name is generated above: safe to interpolate
      created.push(name)
    }
  }).catch(async (err: unknown) => {
    await dropAll(serverUrl, created)
    throw err
  })
  const url = new URL(serverUrl)
  let disposed = false
  return {
    engine: 'postgres',
    description: `postgres (server ${version}, ${url.host}, databases ${base}[_ceiling])`,
    envFor(target) {
      const u = new URL(serverUrl)
      u.pathname = `/${names[target]}`
      return { DATABASE_URL: u.toString() }
    },
    async dispose() {
      if (disposed) return
      disposed = true
      await dropAll(serverUrl, created)
    },
  }
}

async function dropAll(serverUrl: string, names: string[]): Promise<void> {
  if (!names.length) return
  await withAdmin(serverUrl, async (admin) => {
    // `with (force)` ends any connection a killed child left behind.
    for (const name of names) await admin.query(`drop database if exists ${name} with (force)`)
  })
}

async function withAdmin(serverUrl: string, work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, application_name: 'sextant-bench' })
  await client.connect()
  try {
    await work(client)
  } finally {
    await client.end()
  }
}

async function pgliteVersion(): Promise<string> {
  const file = new URL('../node_modules/@electric-sql/pglite/package.json', import.meta.url)
  try {
    return (JSON.parse(await readFile(file, 'utf8')) as { version: string }).version
  } catch {
    return '?'
  }
}
