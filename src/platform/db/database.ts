/**
 * The one root database handle. Two engines, one dialect (PostgreSQL):
 * embedded PGlite (on disk or in memory) and a PostgreSQL server through a `pg` pool.
 * Only this folder touches the root handle; modules get tenant scopes (tenant-scope.ts).
 */
import { mkdirSync } from 'node:fs'
import { basename } from 'node:path'
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite'
import { Kysely } from 'kysely'
import pg from 'pg'
import { databaseEngine, type Config } from '../config.ts'
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts'
import { pgDialect, pipelinedPrelude } from './pg-driver.ts'
import { ReadLanes } from './read-lanes.ts'
import { closePglite, pgliteDialect, pglitePrelude } from './pglite-driver.ts'
import { withPrelude } from './scope-driver.ts'
import type { Database } from './schema.ts'

export type Engine = 'pglite-disk' | 'pglite-memory' | 'postgres'

/** Result shape shared by both engines' raw query paths (what pg-boss and scripts expect). */
export interface RawResult {
  rows: Record<string, unknown>[]
  rowCount?: number | null
}

export interface PoolStats {
  total: number
  idle: number
  waiting: number
  laneReads: number
}

export interface DatabaseHandle {
  readonly engine: Engine
  readonly db: Kysely<Database>
  /** Runs SQL text (several statements allowed when `values` is empty) under the engine's connection lock. */
  raw(text: string, values?: unknown[]): Promise<RawResult>
  /** PGlite only: the data directory as a tarball (test templates, backups). */
  dump?(): Promise<Blob>
  /** Connection-pool figures for /metrics (`laneReads`: reads waiting on the read lanes, ADR 0026). */
  poolStats(): PoolStats
  close(): Promise<void>
}

// int8 ids fit in a JS number; dates stay 'YYYY-MM-DD' strings (no local-timezone Date shift);
// numeric stays a decimal string so money is never rounded by a float.
const INT8 = 20
const DATE = 1082
const parseInt8 = (v: string) => Number(v)
const keepText = (v: string) => v
const builtinParser = pg.types.getTypeParser as (
  oid: number,
  format?: 'text' | 'binary',
) => (v: string) => unknown

// PGlite's own start parameters (a static its typings omit), plus shared_buffers: the 128MB default
// was a third of the idle process's memory and a third of its start-up time (PGLITE_SHARED_BUFFERS).
const PGLITE_START: readonly string[] = (PGlite as unknown as { defaultStartParams?: string[] })
  .defaultStartParams ?? ['--single', '-F', '-O', '-j', '-c', 'search_path=public']

/**
 * In memory, a new WAL segment zero-filled in 8 kB writes grows its in-memory file ~24 times by
 * copying it (Emscripten's MEMFS adds 12.5% at a time past 1 MB): ~16 MB × 9 copied for nothing.
 * Without the fill the segment's last byte is written first, and the file is allocated once.
 */
const IN_MEMORY_START: readonly string[] = ['-c', 'wal_init_zero=off']

export interface CreateDatabaseOptions {
  /** Start an in-memory PGlite from a dumped data directory (test template). */
  loadDataDir?: Blob
  /** Errors of idle pooled connections (a server restart, a terminated backend). */
  onPoolError?: (err: Error) => void
  /** Who opens an on-disk PGlite directory, named in the error another process gets ("the server"). */
  owner?: string
}

export async function createDatabase(
  config: Config,
  opts: CreateDatabaseOptions = {},
): Promise<DatabaseHandle> {
  const engine = databaseEngine(config)
  if (engine === 'postgres') return createPostgres(config, opts)
  return createPglite(engine, config, opts)
}

async function createPglite(
  engine: Engine,
  config: Config,
  opts: CreateDatabaseOptions,
): Promise<DatabaseHandle> {
  let dataDir: string | undefined
  let lock: DataDirLock | undefined
  if (engine === 'pglite-disk') {
    mkdirSync(config.DATA_DIR, { recursive: true })
    // Before PGlite touches a file: a second process on one directory loses writes (data-dir-lock.ts).
    lock = lockDataDir(config.DATA_DIR, opts.owner ?? `process ${basename(process.argv[1] ?? 'node')}`)
    dataDir = `${config.DATA_DIR.replace(/\/$/, '')}/pglite`
  }
  let pglite: PGlite
  try {
    pglite = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      startParams: [
        ...PGLITE_START,
        '-c',
        `shared_buffers=${config.PGLITE_SHARED_BUFFERS}`,
        ...(dataDir ? [] : IN_MEMORY_START),
      ],
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
      parsers: { [pgliteTypes.INT8]: parseInt8, [pgliteTypes.DATE]: keepText },
    })
  } catch (e) {
    lock?.release()
    throw e
  }
  const { dialect, session } = pgliteDialect(pglite, config.DB_STATEMENT_CACHE, (err) =>
    opts.onPoolError?.(err),
  )
  const db = new Kysely<Database>({ dialect: withPrelude(dialect, pglitePrelude()) })
  let waiting = 0
  // PGlite has a single session: raw statements and dumps hold it (after a read's owed COMMIT), so
  // they never land inside another caller's open transaction or between a batch's reads.
  const raw: DatabaseHandle['raw'] = async (text, values) => {
    waiting++
    return session.hold(async () => {
      waiting--
      if (values && values.length) {
        const r = await pglite.query<Record<string, unknown>>(text, values)
        return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length }
      }
      const results = await pglite.exec(text)
      const last = results[results.length - 1]
      return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0 }
    })
  }
  const analyzing = scheduleAnalyze(config.PGLITE_ANALYZE_MINUTES, raw, (err) => opts.onPoolError?.(err))
  return {
    engine,
    db,
    raw,
    dump: () => session.hold(() => pglite.dumpDataDir('none')),
    poolStats: () => ({ total: 1, idle: waiting === 0 ? 1 : 0, waiting, laneReads: 0 }),
    async close() {
      await analyzing.stop()
      try {
        await db.destroy()
        // Kysely destroys its driver only if it used it, and raw SQL does not go through Kysely: close
        // PGlite here too (after the owed COMMIT), which checkpoints the data directory.
        await closePglite(session)
      } finally {
        lock?.release()
      }
    },
  }
}

/**
 * PGlite never runs autovacuum, so without this its planner has no statistics at all: it guesses a
 * handful of rows per table and picks, e.g., a bitmap scan and a sort over every row of a tenant where
 * an index already gives the newest 50 in order (the intel feed: 7.6 ms p50 unanalyzed, 3.8 ms
 * analyzed; bench/README.md). `ANALYZE` every `minutes` (0: never) does what autovacuum would, and
 * every minute the tables that grew since are analyzed (`analyzeGrown`); the first run waits a
 * minute, so it never delays start-up or a short-lived process. It holds PGlite's one session while
 * it samples (tens of ms on a small database).
 */
export function scheduleAnalyze(minutes: number, raw: DatabaseHandle['raw'], onError: (err: Error) => void) {
  let running: Promise<unknown> = Promise.resolve()
  const run = (work: () => Promise<unknown>) => () => {
    running = running
      .then(work)
      .catch((err: unknown) => onError(err instanceof Error ? err : new Error(String(err))))
  }
  const all = run(() => raw('analyze'))
  const grown = run(() => analyzeGrown(raw))
  const on = minutes > 0
  const first = on ? setTimeout(all, 60_000).unref() : undefined
  const everyMinute = on ? setInterval(grown, 60_000).unref() : undefined
  const every = on ? setInterval(all, minutes * 60_000).unref() : undefined
  return {
    async stop() {
      clearTimeout(first)
      clearInterval(everyMinute)
      clearInterval(every)
      await running
    },
  }
}

/**
 * The tables whose statistics lag their size, as autovacuum's analyze threshold would find them:
 * never analyzed yet holding 4 pages or more, or grown by 4 pages and a fifth since their last
 * ANALYZE. Sizes come from the files (PGlite does not keep the activity counters autovacuum reads).
 * Between two full runs a table that grows from a few rows to thousands would otherwise keep the
 * plans made for a few rows — an index led by tenant_id alone, say, read whole for a key lookup.
 */
export const GROWN_TABLES = `select format('%I.%I', n.nspname, c.relname) as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema')
     and pg_relation_size(c.oid) / current_setting('block_size')::int
         >= greatest(c.relpages + 4, c.relpages + c.relpages / 5)
   order by 1`

/** ANALYZE of the tables whose statistics lag their size (`GROWN_TABLES`); answers their names. */
export async function analyzeGrown(raw: DatabaseHandle['raw']): Promise<string[]> {
  const names = (await raw(GROWN_TABLES)).rows.map((r) => String(r['name']))
  if (names.length) await raw(`analyze ${names.join(', ')}`)
  return names
}

function createPostgres(config: Config, opts: CreateDatabaseOptions): DatabaseHandle {
  const client: pg.ClientConfig = {
    connectionString: config.DATABASE_URL,
    application_name: 'sextant',
    // Queries are written without waiting for the previous answer: a scope's BEGIN and settings
    // travel with its first query (scope-driver.ts). Nothing here uses cursors, which pipelining refuses.
    pipeline: true,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8) return parseInt8
        if (oid === DATE) return keepText
        return builtinParser(oid, format)
      }) as typeof pg.types.getTypeParser,
    },
  }
  const pool = new pg.Pool({ ...client, max: config.DB_POOL_MAX })
  const onError = (err: Error) => opts.onPoolError?.(err)
  // Without a listener, an idle connection dropped by the server is an uncaught exception.
  pool.on('error', onError)
  // A read's unawaited COMMIT (scope-driver.ts) and a read lane's dropped connection report there too.
  const openLane = async () => {
    const lane = new pg.Client(client)
    await lane.connect()
    return lane
  }
  const lanes = config.DB_READ_LANES > 0 ? new ReadLanes(openLane, config.DB_READ_LANES, onError) : undefined
  const db = new Kysely<Database>({
    dialect: withPrelude(pgDialect(pool, config.DB_STATEMENT_CACHE, lanes), pipelinedPrelude(onError)),
  })
  return {
    engine: 'postgres',
    db,
    async raw(text, values) {
      // A multi-statement simple query answers one result per statement; callers want the last.
      const r = (await pool.query(text, values && values.length ? values : undefined)) as unknown as
        pg.QueryResult | pg.QueryResult[]
      const last: pg.QueryResult | undefined = Array.isArray(r) ? r[r.length - 1] : r
      return { rows: (last?.rows ?? []) as Record<string, unknown>[], rowCount: last?.rowCount ?? 0 }
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      laneReads: lanes?.waiting() ?? 0,
    }),
    async close() {
      await db.destroy()
      // Kysely ends the pool only if it used it; raw() may have been the only user.
      if (!pool.ended) await pool.end()
    },
  }
}
