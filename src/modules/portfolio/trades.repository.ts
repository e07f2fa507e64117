/** SQL for realized (closed) trades: manual, imported and broker-derived. */
import { sql } from 'kysely'
import type { TenantScope } from '../../platform/db/tenant-scope.ts'
import type { Keyset } from './lib/keyset.ts'

const TRADE = [
  'id',
  'account_id',
  'symbol',
  'quantity',
  'date_acquired',
  'date_sold',
  'sold_on',
  'proceeds',
  'cost_basis',
  'fees',
  'gain_loss',
  'term',
  'created_at',
  'updated_at',
] as const

/**
 * Trades, newest sale first (undated legacy sales last), id as the tiebreaker: one page, keyset
 * after the cursor's (sold_on, id), plus one row to tell a next page.
 */
export function listTrades(
  scope: TenantScope,
  q: { accountId?: number; year?: number },
  keyset: Keyset<[string | null, number]>,
) {
  let query = scope.db
    .selectFrom('realized_trade')
    .select(TRADE)
    .where('tenant_id', '=', scope.tenantId)
    .where('deleted_at', 'is', null)
  if (q.accountId !== undefined) query = query.where('account_id', '=', q.accountId)
  if (q.year !== undefined) {
    query = query.where('sold_on', '>=', `${q.year}-01-01`).where('sold_on', '<=', `${q.year}-12-31`)
  }
  if (keyset.after) {
    const [soldOn, id] = keyset.after
    // After (d, id) in "sold_on desc nulls last, id desc": earlier dates, then the undated, or the same date with a lower id.
    query = query.where(
      soldOn === null
        ? sql<boolean>`sold_on is null and id < ${id}`
        : sql<boolean>`(sold_on < ${soldOn} or sold_on is null or (sold_on = ${soldOn} and id < ${id}))`,
    )
  } else query = query.offset(keyset.page.offset)
  return query
    .orderBy('sold_on', (ob) => ob.desc().nullsLast())
    .orderBy('id', 'desc')
    .limit(keyset.page.pageSize + 1)
    .execute()
}

export function findTrade(scope: TenantScope, id: number) {
  return scope.db
    .selectFrom('realized_trade')
    .select(TRADE)
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}

export interface TradeValues {
  account_id: number
  symbol: string
  quantity: number
  date_acquired: string
  date_sold: string
  sold_on: string | null
  proceeds: number
  cost_basis: number
  fees: number
  gain_loss: string
  term: 'short' | 'long' | 'unknown'
}

export function insertTrade(scope: TenantScope, t: TradeValues) {
  return scope.db
    .insertInto('realized_trade')
    .values({ tenant_id: scope.tenantId, ...t })
    .returning(TRADE)
    .executeTakeFirstOrThrow()
}

export function updateTrade(scope: TenantScope, id: number, t: TradeValues) {
  return scope.db
    .updateTable('realized_trade')
    .set({ ...t, updated_at: sql<Date>`now()` })
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning(TRADE)
    .executeTakeFirstOrThrow()
}

/** The natural-key columns of the account's live trades, for a CSV import to skip stored rows. */
export function liveTradeKeys(scope: TenantScope, accountId: number) {
  return scope.db
    .selectFrom('realized_trade')
    .select(['symbol', 'quantity', 'date_acquired', 'date_sold', 'proceeds', 'cost_basis'])
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .execute()
}

/** Imported trades, numerics as decimal strings (written exactly). */
export async function insertTrades(
  scope: TenantScope,
  rows: (Omit<TradeValues, 'quantity' | 'proceeds' | 'cost_basis' | 'fees'> &
    Record<'quantity' | 'proceeds' | 'cost_basis' | 'fees', string>)[],
): Promise<void> {
  if (!rows.length) return
  await scope.db
    .insertInto('realized_trade')
    .values(rows.map((t) => ({ tenant_id: scope.tenantId, ...t, source: 'import' as const })))
    .execute()
}

/** Soft delete (trades are never removed); false when there was nothing live. */
export async function deleteTrade(scope: TenantScope, id: number): Promise<boolean> {
  const r = await scope.db
    .updateTable('realized_trade')
    .set({ deleted_at: sql<Date>`now()` })
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

export type TradeRow = NonNullable<Awaited<ReturnType<typeof findTrade>>>

/** An account's broker-derived trades (of these symbols; all when null), soft-deleted ones too. */
export function brokerTradesOf(scope: TenantScope, accountId: number, symbols: readonly string[] | null) {
  let q = scope.db
    .selectFrom('realized_trade')
    .select([
      'id',
      'external_id',
      'symbol',
      'quantity',
      'date_acquired',
      'date_sold',
      'sold_on',
      'proceeds',
      'cost_basis',
      'fees',
      'gain_loss',
      'term',
      'deleted_at',
    ])
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', '=', accountId)
    .where('source', '=', 'broker')
  if (symbols !== null) q = q.where('symbol', 'in', symbols.length ? symbols : [''])
  return q.execute()
}

/** Removes trades for good (broker-derived ones a recomputation no longer yields). */
export async function deleteTradeRows(scope: TenantScope, ids: readonly number[]) {
  if (ids.length === 0) return
  await sql`delete from realized_trade where tenant_id = ${scope.tenantId} and id = any(${ids}::bigint[])`.execute(
    scope.db,
  )
}

export type BrokerTradeValues = Omit<TradeValues, 'quantity' | 'proceeds' | 'cost_basis' | 'fees'> & {
  quantity: string
  proceeds: string
  cost_basis: string
  fees: string
  external_id: string
}

/** Many trades in one statement (arrays unnested into rows: the rollup triggers run once per batch). */
export async function insertBrokerTrades(scope: TenantScope, rows: readonly BrokerTradeValues[]) {
  for (let i = 0; i < rows.length; i += 5000) {
    const b = rows.slice(i, i + 5000)
    const col = <K extends keyof BrokerTradeValues>(k: K) => b.map((r) => r[k])
    await sql`
      insert into realized_trade
        (tenant_id, source, account_id, symbol, quantity, date_acquired, date_sold, sold_on,
         proceeds, cost_basis, fees, gain_loss, term, external_id)
      select ${scope.tenantId}::bigint, 'broker', u.*
      from unnest(${col('account_id')}::bigint[], ${col('symbol')}::text[], ${col('quantity')}::numeric[],
                  ${col('date_acquired')}::text[], ${col('date_sold')}::text[], ${col('sold_on')}::date[],
                  ${col('proceeds')}::numeric[], ${col('cost_basis')}::numeric[], ${col('fees')}::numeric[],
                  ${col('gain_loss')}::numeric[], ${col('term')}::text[], ${col('external_id')}::text[]) as u`.execute(
      scope.db,
    )
  }
}

/** Broker trades rewritten in place by row id (live again if soft-deleted), in one statement. */
export async function updateBrokerTrades(
  scope: TenantScope,
  rows: readonly (Omit<BrokerTradeValues, 'account_id' | 'external_id'> & { id: number })[],
) {
  if (rows.length === 0) return
  const col = <K extends keyof (typeof rows)[number]>(k: K) => rows.map((r) => r[k])
  await sql`
    update realized_trade t
       set symbol = u.symbol, quantity = u.quantity, date_acquired = u.date_acquired,
           date_sold = u.date_sold, sold_on = u.sold_on, proceeds = u.proceeds, cost_basis = u.cost_basis,
           fees = u.fees, gain_loss = u.gain_loss, term = u.term, deleted_at = null, updated_at = now()
      from unnest(${col('id')}::bigint[], ${col('symbol')}::text[], ${col('quantity')}::numeric[],
                  ${col('date_acquired')}::text[], ${col('date_sold')}::text[], ${col('sold_on')}::date[],
                  ${col('proceeds')}::numeric[], ${col('cost_basis')}::numeric[], ${col('fees')}::numeric[],
                  ${col('gain_loss')}::numeric[], ${col('term')}::text[])
           as u(id, symbol, quantity, date_acquired, date_sold, sold_on, proceeds, cost_basis, fees, gain_loss, term)
     where t.tenant_id = ${scope.tenantId} and t.id = u.id`.execute(scope.db)
}

/** A realized trade as `realizedBetween` reads it (numbers, not decimal strings). */
export interface RealizedRow {
  id: number
  account_id: number
  symbol: string
  quantity: number
  /** YYYY-MM-DD, or VARIOUS as recorded. */
  date_acquired: string
  sold_on: string
  proceeds: number
  cost_basis: number
  fees: number
  gain_loss: number
}

/**
 * Where a read of the trades stood, to ask later what changed since (migration 0025): the read's
 * snapshot (`pg_current_snapshot()` of the same statement, as text) and the tenant's count of
 * statements that hard-deleted trades.
 */
export interface TradeMark {
  snapshot: string
  purges: number
}

/** A trade written since a mark: its row as now (`live`: not deleted and dated), or its id only. */
export interface TradeChange {
  id: number
  account_id: number
  live: boolean
  /** The row as `realizedBetween` reads it; undefined unless `live`. */
  trade: RealizedRow | undefined
}

// The text framing of both reads (see realizedBetween): tabs and line breaks out of the text fields.
const LINE = sql`concat_ws(E'\t', id, translate(symbol, E'\t\n', '  '), quantity,
  translate(date_acquired, E'\t\n', '  '), coalesce(sold_on::text, ''), proceeds, cost_basis, fees, gain_loss,
  account_id)`
const MARK = (scope: TenantScope) => sql`pg_current_snapshot()::text as snapshot,
  coalesce((select trade_purges from portfolio_version where tenant_id = ${scope.tenantId}), 0) as purges`

interface Framed {
  snapshot: string
  purges: string | number
  text: string | null
}
const markOf = (r: Framed): TradeMark => ({ snapshot: r.snapshot, purges: Number(r.purges) })

/**
 * Live dated trades sold from `from` to `to` (inclusive), of one account or all, oldest sale first
 * (then id): the replay input of backtests, with the mark to ask `realizedSince` from. Undated sales
 * (sold_on null) are left out. A backtest reads up to 100,000 trades, so they come as ONE text value,
 * a line per trade and a tab between fields, split here: decoding as many rows costs ~6× more and a
 * json_agg ~3× more (PGlite, 100,000 trades: rows 1,150 ms, json_agg 410 ms, this 180–220 ms;
 * bench/README.md "Backtest"). The text fields lose any tab or line break (never valid in a symbol or
 * a date) so the framing holds. The mark and the trades come from one statement: one snapshot.
 */
export async function realizedBetween(
  scope: TenantScope,
  q: { accountId?: number; from: string; to: string },
): Promise<{ trades: RealizedRow[]; mark: TradeMark }> {
  const account = q.accountId === undefined ? sql`` : sql`and account_id = ${q.accountId}`
  const r = await sql<Framed>`
    select ${MARK(scope)},
           (select string_agg(${LINE}, E'\n')
              from (select * from realized_trade
                     where tenant_id = ${scope.tenantId} and deleted_at is null
                       and sold_on >= ${q.from}::date and sold_on <= ${q.to}::date ${account}
                     order by sold_on, id) t) as text`.execute(scope.db)
  const row = r.rows[0]!
  return { trades: row.text ? row.text.split('\n').map(parseRealized) : [], mark: markOf(row) }
}

/**
 * Every trade of the tenant written since `since` was taken (inserted, edited, soft-deleted or
 * undeleted, in any account), and the mark to ask from next. `complete` is false when they do not
 * say all that changed, and the caller must read whole again: a hard delete since (`purges` moved:
 * a deleted row leaves nothing to report), or transaction ids behind the mark's — a logical restore
 * into another cluster, whose new writes could carry ids the old mark "sees".
 */
export async function realizedSince(
  scope: TenantScope,
  since: TradeMark,
): Promise<{ changes: TradeChange[]; mark: TradeMark; complete: boolean }> {
  const r = await sql<Framed & { behind: boolean }>`
    select ${MARK(scope)},
           pg_snapshot_xmax(pg_current_snapshot()) < pg_snapshot_xmax(${since.snapshot}::pg_snapshot) as behind,
           (select string_agg(concat_ws(E'\t', ${LINE}, (deleted_at is null and sold_on is not null)::int), E'\n')
              from realized_trade
             where tenant_id = ${scope.tenantId}
               and stamp >= pg_snapshot_xmin(${since.snapshot}::pg_snapshot)
               and not pg_visible_in_snapshot(stamp, ${since.snapshot}::pg_snapshot)) as text`.execute(
    scope.db,
  )
  const row = r.rows[0]!
  const mark = markOf(row)
  const complete = !row.behind && mark.purges === since.purges
  return { changes: row.text ? row.text.split('\n').map(parseChange) : [], mark, complete }
}

function parseChange(line: string): TradeChange {
  const trade = parseRealized(line)
  const live = line.endsWith('\t1')
  return { id: trade.id, account_id: trade.account_id, live, trade: live ? trade : undefined }
}

/** Straight into the object the caller keeps: a tuple mapped to it after was ~25 ms more per 100,000. */
function parseRealized(line: string): RealizedRow {
  const f = line.split('\t')
  return {
    id: Number(f[0]),
    symbol: f[1]!,
    quantity: Number(f[2]),
    date_acquired: f[3]!,
    sold_on: f[4]!,
    proceeds: Number(f[5]),
    cost_basis: Number(f[6]),
    fees: Number(f[7]),
    gain_loss: Number(f[8]),
    account_id: Number(f[9]),
  }
}
