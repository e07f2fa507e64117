/** SQL for the daily portfolio snapshot rows that manual holdings and market refreshes write. */
import { sql, type RawBuilder } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'

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

export interface PricedRow {
  account_id: number
  date: string
  symbol: string
  quantity: string
  cost_basis: string
  /** A number from the market data provider, or a broker's decimal string. */
  price: number | string
}

/**
 * Snapshot rows of holdings at a market price, in one statement: the rollup triggers (0007) run
 * once per statement, so a broker's 500 holdings cost one rollup, not 500. Symbols must not repeat.
 * The rows go in as column arrays (six parameters, not thirteen a row); each value is rounded to its
 * column's scale on assignment, and market value and unrealized P&L are figured from the unrounded
 * quantity, price and cost, as they were when every row carried its own expressions.
 */
export async function writePricedSnapshot(scope: TenantScope, one: PricedRow | readonly PricedRow[]) {
  const rows = Array.isArray(one) ? (one as readonly PricedRow[]) : [one as PricedRow]
  if (rows.length === 0) return
  const col = <K extends keyof PricedRow>(k: K) => rows.map((r) => r[k])
  const value = sql`round(u.quantity * u.price, 4)`
  await sql`
    insert into portfolio_snapshot
      (tenant_id, account_id, snapshot_date, symbol, quantity, price, market_value, cost_basis, unrealized_pl)
    select ${scope.tenantId}::bigint, u.account_id, u.snapshot_date, u.symbol, u.quantity, u.price, ${value},
           u.cost_basis, ${unrealized(sql`u.quantity`, value, sql`u.cost_basis`)}
      from unnest(${col('account_id')}::bigint[], ${col('date')}::date[], ${col('symbol')}::text[],
                  ${col('quantity')}::numeric[], ${col('price')}::numeric[], ${col('cost_basis')}::numeric[])
           as u(account_id, snapshot_date, symbol, quantity, price, cost_basis)
    on conflict (tenant_id, account_id, snapshot_date, symbol) do update
       set quantity = excluded.quantity, price = excluded.price, market_value = excluded.market_value,
           cost_basis = excluded.cost_basis, unrealized_pl = excluded.unrealized_pl, updated_at = now()`.execute(
    scope.db,
  )
}

/** Removes the day's rows of symbols the account no longer holds. */
export function deleteSnapshotsExcept(scope: TenantScope, accountId: number, date: string, keep: string[]) {
  let q = scope.db
    .deleteFrom('portfolio_snapshot')
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', '=', accountId)
    .where('snapshot_date', '=', date)
  // One array parameter, not one per held symbol (a broker's 500 holdings).
  if (keep.length > 0) q = q.where(sql<boolean>`symbol <> all(${keep}::text[])`)
  return q.execute()
}

/** Symbols the account still held at their latest row before `date` (what the analytics carry forward). */
export async function heldBefore(scope: TenantScope, accountId: number, date: string): Promise<string[]> {
  const rows = await scope.db
    .selectFrom('portfolio_snapshot')
    .distinctOn('symbol')
    .select(['symbol', 'quantity'])
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', '=', accountId)
    .where('snapshot_date', '<', date)
    .orderBy('symbol')
    .orderBy('snapshot_date', 'desc')
    .execute()
  return rows.filter((r) => Number(r.quantity) !== 0).map((r) => r.symbol)
}

/**
 * What the manual accounts that count today hold: per account and symbol the latest snapshot row,
 * whoever wrote it (a manual position, or the holding derived from the account's activities), the
 * flat ones left out.
 */
export async function latestManualHoldings(scope: TenantScope) {
  const rows = await scope.db
    .selectFrom('portfolio_snapshot as s')
    .innerJoin('broker_account as a', (j) =>
      j.onRef('a.tenant_id', '=', 's.tenant_id').onRef('a.id', '=', 's.account_id'),
    )
    .distinctOn(['s.account_id', 's.symbol'])
    .select(['s.account_id', 's.symbol', 's.quantity', 's.cost_basis'])
    .where('s.tenant_id', '=', scope.tenantId)
    .where('a.broker_type', '=', 'manual')
    .where('a.archived_at', 'is', null)
    .orderBy('s.account_id')
    .orderBy('s.symbol')
    .orderBy('s.snapshot_date', 'desc')
    .execute()
  return rows.filter((r) => Number(r.quantity) !== 0)
}
