/**
 * SQL for Schwab's own tables (migration 0011): the account activity the service observed and
 * stored market hours; and the merged account-activity read over those events and stored fills.
 */
import { sql } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'

/** The fields an observed event and a row of the merged activity read share. */
interface ActivityFields {
  account_id: number
  event_type: string
  occurred_at: Date
  symbol: string | null
  order_id: string | null
  status: string | null
  quantity: string | null
  price: string | null
  description: string | null
}

export interface ActivityEvent extends ActivityFields {
  external_id: string
}

/** Stores events not seen before (the natural key decides); answers how many were new. */
export async function insertEvents(scope: TenantScope, events: readonly ActivityEvent[]): Promise<number> {
  if (events.length === 0) return 0
  const rows = await scope.db
    .insertInto('broker_account_activity')
    .values(events.map((e) => ({ tenant_id: scope.tenantId, broker_type: 'brokerb' as const, ...e })))
    .onConflict((oc) => oc.columns(['tenant_id', 'account_id', 'external_id']).doNothing())
    .returning('id')
    .execute()
  return rows.length
}

export interface ActivityRow extends ActivityFields {
  source: 'event' | 'transaction'
  id: string
}

/**
 * Observed events and stored fills (the synced TRADE transactions) of these accounts since `since`,
 * newest first, at most `limit`.
 */
export async function accountActivity(
  scope: TenantScope,
  accountIds: readonly number[],
  since: Date,
  limit: number,
): Promise<ActivityRow[]> {
  if (accountIds.length === 0) return []
  const ids = sql.join(accountIds.map((id) => sql`${id}::bigint`))
  const r = await sql<ActivityRow>`
    select * from (
      select 'event' as source, external_id as id, account_id, event_type, occurred_at, symbol,
             order_id, status, trim_scale(quantity)::text as quantity, trim_scale(price)::text as price, description
        from broker_account_activity
       where tenant_id = ${scope.tenantId} and account_id in (${ids}) and occurred_at >= ${since}
      union all
      select 'transaction', external_id, account_id, 'TRADE', traded_at, symbol,
             null, 'FILLED', trim_scale(quantity)::text, trim_scale(price)::text,
             upper(side) || ' ' || trim_scale(quantity)::text || ' ' || symbol
        from broker_fill
       where tenant_id = ${scope.tenantId} and account_id in (${ids}) and traded_at >= ${since}
    ) a
    order by occurred_at desc, id desc
    limit ${limit}`.execute(scope.db)
  return r.rows
}

export interface HoursRow {
  market: string
  product: string
  date: string
  product_name: string | null
  is_open: boolean
  session_hours: unknown
}

/** Stores (or replaces) the hours of each market and product for their date. */
export async function saveHours(scope: TenantScope, rows: readonly HoursRow[]): Promise<number> {
  if (rows.length === 0) return 0
  await scope.db
    .insertInto('broker_market_hours')
    .values(
      rows.map((r) => ({ tenant_id: scope.tenantId, ...r, session_hours: JSON.stringify(r.session_hours) })),
    )
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'market', 'product', 'date']).doUpdateSet({
        product_name: (eb) => eb.ref('excluded.product_name'),
        is_open: (eb) => eb.ref('excluded.is_open'),
        session_hours: (eb) => eb.ref('excluded.session_hours'),
        fetched_at: sql<Date>`now()`,
      }),
    )
    .execute()
  return rows.length
}
