/** SQL of the saved backtests (backtest_run): insert with pruning, the deferred log, the newest-first list, reads, delete. */
import { sql, type Insertable } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'
import type { BacktestRunTable, BacktestTradePackTable } from './backtest.tables.ts'
import { RECORD_BYTES } from './lib/log-codec.ts'

export type NewRun = Omit<Insertable<BacktestRunTable>, 'tenant_id' | 'id'>

const HEAD = [
  'id',
  'strategy',
  'account_id',
  'date_from',
  'date_to',
  'initial_capital',
  'trades_total',
  'summary',
  'created_at',
  'log_status',
] as const

/**
 * Stores a run and returns its id. The log (up to 8.8 MB) travels as base64 text decoded by the
 * database: PGlite encodes a binary parameter byte by byte in JavaScript (3.1 s for 8.8 MB against
 * 0.3 s as base64, measured), and `pg` sends one as hex text anyway.
 */
export async function insertRun(s: TenantScope, run: NewRun): Promise<number> {
  const { trade_log, ...rest } = run
  const row = await s.db
    .insertInto('backtest_run')
    .values({ tenant_id: s.tenantId, ...rest, trade_log: bytesSql(trade_log) })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

const bytesSql = (bytes: Uint8Array) =>
  sql<Uint8Array>`decode(${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}, 'base64')`

/**
 * The whole log of a pending run created after `since` (a later write would revive a run already
 * read as failed); false when there is no such run (deleted, pruned, or past its deadline).
 */
export async function storeLog(s: TenantScope, id: number, log: Uint8Array, since: Date): Promise<boolean> {
  const r = await s.db
    .updateTable('backtest_run')
    .set({ trade_log: bytesSql(log), log_status: 'stored' })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .where('log_status', '=', 'pending')
    .where('created_at', '>', since)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

export async function markLogFailed(s: TenantScope, id: number): Promise<void> {
  await s.db
    .updateTable('backtest_run')
    .set({ log_status: 'failed' })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .where('log_status', '=', 'pending')
    .execute()
}

/** Deletes the tenant's runs beyond the newest `keep`; how many went. */
export async function pruneRuns(s: TenantScope, keep: number): Promise<number> {
  const r = await sql`
    delete from backtest_run where tenant_id = ${s.tenantId} and id in (
      select id from backtest_run where tenant_id = ${s.tenantId}
      order by created_at desc, id desc offset ${keep})`.execute(s.db)
  return Number(r.numAffectedRows ?? 0)
}

/** Newest first (created_at, id), keyset after `after`; one row more than `size`. */
export function listRuns(
  s: TenantScope,
  q: { strategy?: string | undefined; after: [string, number] | null; offset: number; size: number },
) {
  let query = s.db.selectFrom('backtest_run').select(HEAD).where('tenant_id', '=', s.tenantId)
  if (q.strategy) query = query.where('strategy', '=', q.strategy)
  if (q.after) {
    const [at, id] = q.after
    query = query.where(sql<boolean>`(created_at, id) < (${new Date(at)}, ${id})`)
  } else query = query.offset(q.offset)
  return query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.size + 1)
    .execute()
}

export async function countRuns(s: TenantScope, strategy: string | undefined): Promise<number> {
  let query = s.db
    .selectFrom('backtest_run')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', s.tenantId)
  if (strategy) query = query.where('strategy', '=', strategy)
  return Number((await query.executeTakeFirstOrThrow()).n)
}

/** Bytes of log records [first, first + count) (1-based substring positions). */
const recordsSql = (first: number, count: number) =>
  sql<Uint8Array>`substring(trade_log from ${first * RECORD_BYTES + 1} for ${count * RECORD_BYTES})`

/** A run with its detail, curve and its first `inline` log records (the whole log is not read). */
export function findRun(s: TenantScope, id: number, inline: number) {
  return s.db
    .selectFrom('backtest_run')
    .select([...HEAD, 'detail', 'equity_curve', 'log_symbols'])
    .select(recordsSql(0, inline).as('records'))
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

/** Log records [offset, offset + count) of a run, and its total; undefined when there is no such run. */
export function tradeSlice(s: TenantScope, id: number, offset: number, count: number) {
  return s.db
    .selectFrom('backtest_run')
    .select(['trades_total', 'log_symbols', 'log_status', 'created_at'])
    .select(recordsSql(offset, count).as('records'))
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function deleteRun(s: TenantScope, id: number): Promise<boolean> {
  const r = await s.db
    .deleteFrom('backtest_run')
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(r.numDeletedRows) === 1
}

/** The key's packed trades row (trade-packs.service.ts), if any. */
export function readTradePack(s: TenantScope, scope: string) {
  return s.db
    .selectFrom('backtest_trade_pack')
    .select(['date_from', 'date_to', 'snapshot', 'purges', 'packed'])
    .where('tenant_id', '=', s.tenantId)
    .where('scope', '=', scope)
    .executeTakeFirst()
}

/** Stores or replaces the key's packed trades. */
export async function writeTradePack(
  s: TenantScope,
  row: Omit<Insertable<BacktestTradePackTable>, 'tenant_id'>,
): Promise<void> {
  const { scope: _scope, ...update } = row
  await s.db
    .insertInto('backtest_trade_pack')
    .values({ ...row, tenant_id: s.tenantId })
    .onConflict((c) => c.columns(['tenant_id', 'scope']).doUpdateSet(update))
    .execute()
}
