/** SQL for broker fills: stored once under the vendor's id, read back in trade order for lot matching. */
import { sql } from 'kysely'
import type { TenantScope } from '../../platform/db/tenant-scope.ts'

export interface FillRow {
  external_id: string
  symbol: string
  side: 'buy' | 'sell'
  quantity: string
  price: string
  fee: string
  traded_at: Date
  trade_date: string
}

/** Stores fills not seen before (the vendor id is the key); answers the symbols that got new ones. */
export async function insertNewFills(scope: TenantScope, accountId: number, fills: readonly FillRow[]) {
  const symbols = new Set<string>()
  for (let i = 0; i < fills.length; i += 500) {
    const rows = await scope.db
      .insertInto('broker_fill')
      .values(
        fills.slice(i, i + 500).map((f) => ({ tenant_id: scope.tenantId, account_id: accountId, ...f })),
      )
      .onConflict((oc) => oc.columns(['tenant_id', 'account_id', 'external_id']).doNothing())
      .returning('symbol')
      .execute()
    for (const r of rows) symbols.add(r.symbol)
  }
  return symbols
}

/** The fills of these symbols (all, when `symbols` is null), oldest first. */
export function fillsOf(scope: TenantScope, accountId: number, symbols: readonly string[] | null) {
  let q = scope.db
    .selectFrom('broker_fill')
    .select(['external_id', 'symbol', 'side', 'quantity', 'price', 'fee', 'trade_date'])
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
