/** SQL for realized (closed) trades: manual, imported and broker-derived. */
import { sql } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'
import type { Keyset } from '../lib/keyset.ts'
import { softDelete } from '../portfolio.repository.ts'

/** What a closed trade is, whoever wrote it (the user, an import, a broker sync). */
const TRADE_VALUES = [
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
] as const
const TRADE = ['id', 'account_id', ...TRADE_VALUES, 'source', 'created_at', 'updated_at'] as const

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
export const deleteTrade = (scope: TenantScope, id: number) => softDelete(scope, 'realized_trade', id)

export type TradeRow = NonNullable<Awaited<ReturnType<typeof findTrade>>>

/** Who derives trades by lot matching: a broker sync (fills), or an account's activity ledger. */
export type DerivedSource = 'broker' | 'activity'

/** An account's derived trades of `source` (of these symbols; all when null), soft-deleted ones too. */
export function brokerTradesOf(
  scope: TenantScope,
  accountId: number,
  symbols: readonly string[] | null,
  source: DerivedSource = 'broker',
) {
  let q = scope.db
    .selectFrom('realized_trade')
    .select(['id', 'external_id', ...TRADE_VALUES, 'deleted_at'])
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', '=', accountId)
    .where('source', '=', source)
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
export async function insertBrokerTrades(
  scope: TenantScope,
  rows: readonly BrokerTradeValues[],
  source: DerivedSource = 'broker',
) {
  for (let i = 0; i < rows.length; i += 5000) {
    const b = rows.slice(i, i + 5000)
    const col = <K extends keyof BrokerTradeValues>(k: K) => b.map((r) => r[k])
    await sql`
      insert into realized_trade
        (tenant_id, source, account_id, symbol, quantity, date_acquired, date_sold, sold_on,
         proceeds, cost_basis, fees, gain_loss, term, external_id)
      select ${scope.tenantId}::bigint, ${source}::text, u.*
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
