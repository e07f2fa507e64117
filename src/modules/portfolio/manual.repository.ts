/** SQL for manual positions (holding snapshots) and manual transactions (realized trades). */
import { sql, type RawBuilder } from 'kysely'
import type { TenantScope } from '../../platform/db/tenant-scope.ts'
import type { PageRequest } from '../../platform/http/pagination.ts'

/** A page to read: the request, and its keyset position already checked against the list's key. */
export interface Keyset<K> {
  page: PageRequest
  after: K | null
}

const POSITION = [
  'id',
  'account_id',
  'symbol',
  'quantity',
  'cost_basis',
  'as_of',
  'created_at',
  'updated_at',
] as const

/**
 * The latest live holding per account and symbol, in (account_id, symbol) order: all of them, or
 * one page (keyset after the cursor's account and symbol, plus one row to tell a next page).
 */
export function latestPositions(scope: TenantScope, accountId?: number, keyset?: Keyset<[number, string]>) {
  let q = scope.db
    .selectFrom('manual_position as p')
    .innerJoin('broker_account as a', (j) =>
      j.onRef('a.tenant_id', '=', 'p.tenant_id').onRef('a.id', '=', 'p.account_id'),
    )
    .distinctOn(['p.account_id', 'p.symbol'])
    .select(POSITION.map((c) => `p.${c}` as const))
    .where('p.tenant_id', '=', scope.tenantId)
    .where('p.deleted_at', 'is', null)
    .where('a.broker_type', '=', 'manual')
  if (accountId !== undefined) q = q.where('p.account_id', '=', accountId)
  if (keyset?.after) {
    const [account, symbol] = keyset.after
    q = q.where(sql<boolean>`(p.account_id, p.symbol) > (${account}, ${symbol})`)
  } else if (keyset) q = q.offset(keyset.page.offset)
  q = q.orderBy('p.account_id').orderBy('p.symbol').orderBy('p.as_of', 'desc')
  return (keyset ? q.limit(keyset.page.pageSize + 1) : q).execute()
}

/** Symbols held (quantity not 0) in the tenant's manual accounts. */
export async function heldSymbols(scope: TenantScope): Promise<string[]> {
  const rows = await latestPositions(scope)
  return [...new Set(rows.filter((r) => Number(r.quantity) !== 0).map((r) => r.symbol))]
}

export function findPosition(scope: TenantScope, id: number) {
  return scope.db
    .selectFrom('manual_position')
    .select(POSITION)
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}

/** Creates or replaces the holding of a symbol in an account for a day. */
export async function upsertPosition(
  scope: TenantScope,
  p: { accountId: number; symbol: string; quantity: number; costBasis: number; asOf: string },
) {
  const existing = await scope.db
    .selectFrom('manual_position')
    .select('id')
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', '=', p.accountId)
    .where('symbol', '=', p.symbol)
    .where('as_of', '=', p.asOf)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (existing) return updatePosition(scope, existing.id, { quantity: p.quantity, cost_basis: p.costBasis })
  return scope.db
    .insertInto('manual_position')
    .values({
      tenant_id: scope.tenantId,
      account_id: p.accountId,
      symbol: p.symbol,
      quantity: p.quantity,
      cost_basis: p.costBasis,
      as_of: p.asOf,
    })
    .returning(POSITION)
    .executeTakeFirstOrThrow()
}

export function livePositionOn(scope: TenantScope, accountId: number, symbol: string, asOf: string) {
  return scope.db
    .selectFrom('manual_position')
    .select('id')
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', '=', accountId)
    .where('symbol', '=', symbol)
    .where('as_of', '=', asOf)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}

export function updatePosition(
  scope: TenantScope,
  id: number,
  changes: { quantity?: number; cost_basis?: number; as_of?: string },
) {
  return scope.db
    .updateTable('manual_position')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning(POSITION)
    .executeTakeFirstOrThrow()
}

/** Soft delete (manual holdings and trades are never removed); false when there was nothing live. */
export async function softDelete(
  scope: TenantScope,
  table: 'manual_position' | 'realized_trade',
  id: number,
): Promise<boolean> {
  const r = await scope.db
    .updateTable(table)
    .set({ deleted_at: sql<Date>`now()` })
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

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

export type PositionRow = NonNullable<Awaited<ReturnType<typeof findPosition>>>
export type TradeRow = NonNullable<Awaited<ReturnType<typeof findTrade>>>

/**
 * Unrealized P&L of a holding worth `value` (quantity × price, negative for a short): long,
 * value − cost paid; short, whose cost_basis is the proceeds received, proceeds − cost to buy
 * back = value + cost_basis; flat, 0. One expression: value − sign(quantity) × cost_basis.
 */
const unrealized = (quantity: RawBuilder<unknown>, value: RawBuilder<unknown>, cost: RawBuilder<unknown>) =>
  sql<string>`${value} - sign(${quantity}) * ${cost}`

/**
 * Mirrors a manual holding into the day's portfolio snapshot. A new row is priced at its book
 * price (cost / |quantity|, worth ±cost: no unrealized P&L until a market refresh prices it); an
 * existing row keeps its market price and is revalued.
 */
export function upsertSnapshot(
  scope: TenantScope,
  p: { account_id: number; as_of: string; symbol: string; quantity: string; cost_basis: string },
) {
  return scope.db
    .insertInto('portfolio_snapshot')
    .values({
      tenant_id: scope.tenantId,
      account_id: p.account_id,
      snapshot_date: p.as_of,
      symbol: p.symbol,
      quantity: p.quantity,
      price: sql<string>`case when ${p.quantity}::numeric = 0 then 0 else ${p.cost_basis}::numeric / abs(${p.quantity}::numeric) end`,
      market_value: sql<string>`sign(${p.quantity}::numeric) * ${p.cost_basis}::numeric`,
      cost_basis: p.cost_basis,
      unrealized_pl: 0,
    })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'account_id', 'snapshot_date', 'symbol']).doUpdateSet({
        quantity: (eb) => eb.ref('excluded.quantity'),
        cost_basis: (eb) => eb.ref('excluded.cost_basis'),
        market_value: sql<string>`round(excluded.quantity * portfolio_snapshot.price, 4)`,
        unrealized_pl: unrealized(
          sql`excluded.quantity`,
          sql`round(excluded.quantity * portfolio_snapshot.price, 4)`,
          sql`excluded.cost_basis`,
        ),
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute()
}

export function deleteSnapshot(scope: TenantScope, p: { account_id: number; as_of: string; symbol: string }) {
  return scope.db
    .deleteFrom('portfolio_snapshot')
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', '=', p.account_id)
    .where('snapshot_date', '=', p.as_of)
    .where('symbol', '=', p.symbol)
    .execute()
}

/** Today's snapshot row of a holding at a market price. */
export function writePricedSnapshot(
  scope: TenantScope,
  r: {
    account_id: number
    date: string
    symbol: string
    quantity: string
    cost_basis: string
    price: number
  },
) {
  const marketValue = sql<string>`round(${r.quantity}::numeric * ${r.price}::numeric, 4)`
  return scope.db
    .insertInto('portfolio_snapshot')
    .values({
      tenant_id: scope.tenantId,
      account_id: r.account_id,
      snapshot_date: r.date,
      symbol: r.symbol,
      quantity: r.quantity,
      price: r.price,
      market_value: marketValue,
      cost_basis: r.cost_basis,
      unrealized_pl: unrealized(sql`${r.quantity}::numeric`, marketValue, sql`${r.cost_basis}::numeric`),
    })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'account_id', 'snapshot_date', 'symbol']).doUpdateSet({
        quantity: (eb) => eb.ref('excluded.quantity'),
        price: (eb) => eb.ref('excluded.price'),
        market_value: (eb) => eb.ref('excluded.market_value'),
        cost_basis: (eb) => eb.ref('excluded.cost_basis'),
        unrealized_pl: (eb) => eb.ref('excluded.unrealized_pl'),
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute()
}
