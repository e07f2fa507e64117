/** SQL for broker fills: stored once under the vendor's id, read in trade order for lot matching. */
import { sql } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'

export interface FillRow {
  external_id: string
  symbol: string
  side: 'buy' | 'sell' | 'sell_short'
  quantity: string
  price: string
  fee: string
  traded_at: Date
  trade_date: string
}

const BATCH = 5000

/** Which of these vendor ids the account has stored already. */
export async function storedFillIds(scope: TenantScope, accountId: number, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>()
  const rows = await sql<{ external_id: string }>`
    select external_id from broker_fill
    where tenant_id = ${scope.tenantId} and account_id = ${accountId} and external_id = any(${ids}::text[])`.execute(
    scope.db,
  )
  return new Set(rows.rows.map((r) => r.external_id))
}

/**
 * Stores fills the account does not hold yet (`storedFillIds` sorted them out, under the account's
 * lock, so no other sync can add one meanwhile). A plain insert, not `on conflict do nothing`, and
 * nothing returned: both cost a third of a year's insert (bench/README.md). A repeated vendor id
 * would fail the sync, not be skipped silently. Ids are taken in the order given.
 */
export async function insertFills(scope: TenantScope, accountId: number, fills: readonly FillRow[]) {
  for (let i = 0; i < fills.length; i += BATCH) {
    const batch = fills.slice(i, i + BATCH)
    const col = <K extends keyof FillRow>(k: K) => batch.map((f) => f[k])
    // One array per column, unnested into rows: eight parameters instead of ten per row, which is
    // what makes a year of fills one quick statement (bench/broker-sync.ts).
    await sql`
      insert into broker_fill
        (tenant_id, account_id, external_id, symbol, side, quantity, price, fee, traded_at, trade_date)
      select ${scope.tenantId}::bigint, ${accountId}::bigint, u.*
      from unnest(${col('external_id')}::text[], ${col('symbol')}::text[], ${col('side')}::text[],
                  ${col('quantity')}::numeric[], ${col('price')}::numeric[], ${col('fee')}::numeric[],
                  ${batch.map((f) => f.traded_at.toISOString())}::timestamptz[], ${col('trade_date')}::date[]) as u`.execute(
      scope.db,
    )
  }
}

/** The stored fills of these symbols (all, when `symbols` is null), oldest first (then in insert order). */
export function fillsOf(scope: TenantScope, accountId: number, symbols: readonly string[] | null) {
  let q = scope.db
    .selectFrom('broker_fill')
    .select(['external_id', 'symbol', 'side', 'quantity', 'price', 'fee', 'traded_at', 'trade_date'])
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', '=', accountId)
  if (symbols !== null) q = symbols.length ? q.where('symbol', 'in', symbols) : q.where(sql<boolean>`false`)
  return q.orderBy('traded_at').orderBy('id').execute()
}

export async function latestFillTime(scope: TenantScope, accountId: number): Promise<Date | null> {
  const r = await scope.db
    .selectFrom('broker_fill')
    .select((eb) => eb.fn.max('traded_at').as('latest'))
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  return r?.latest ? new Date(r.latest) : null
}

export function setLotsMethod(scope: TenantScope, accountId: number, method: 'fifo' | 'average') {
  return scope.db
    .updateTable('broker_linked_account')
    .set({ lots_method: method })
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', '=', accountId)
    .execute()
}

/** Locks the account's link row for the transaction (one sync at a time); answers its lots method. */
export async function lockLinkedAccount(scope: TenantScope, accountId: number) {
  const row = await scope.db
    .selectFrom('broker_linked_account')
    .select('lots_method')
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', '=', accountId)
    .forUpdate()
    .executeTakeFirst()
  return row?.lots_method ?? null
}

/**
 * Whether the account has stored fills (a first sync has none: nothing to look up or read back).
 * Asked after the lock, in a statement of its own: under READ COMMITTED it then sees the fills of a
 * sync that held the lock before (a subquery of the locking statement would not).
 */
export async function hasFills(scope: TenantScope, accountId: number): Promise<boolean> {
  const row = await scope.db
    .selectFrom('broker_fill')
    .select('id')
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', '=', accountId)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}
