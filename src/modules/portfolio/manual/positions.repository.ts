/** SQL for manual positions: per-day holding snapshots of a symbol in a manual account. */
import { sql } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'
import type { Keyset } from '../lib/keyset.ts'
import { countsOnSql } from '../lib/archive.ts'
import { softDelete } from '../portfolio.repository.ts'

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
 * `archived: false` leaves out archived accounts (what the market refresh prices).
 */
export function latestPositions(
  scope: TenantScope,
  accountId?: number,
  keyset?: Keyset<[number, string]>,
  opts: { archived?: boolean } = {},
) {
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
  if (opts.archived === false) q = q.where(countsOnSql('a.archived_at'))
  if (keyset?.after) {
    const [account, symbol] = keyset.after
    q = q.where(sql<boolean>`(p.account_id, p.symbol) > (${account}, ${symbol})`)
  } else if (keyset) q = q.offset(keyset.page.offset)
  q = q.orderBy('p.account_id').orderBy('p.symbol').orderBy('p.as_of', 'desc')
  return (keyset ? q.limit(keyset.page.pageSize + 1) : q).execute()
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

/** The (symbol, as_of) of the account's live holdings, for a CSV import to skip stored days. */
export function liveHoldingDays(scope: TenantScope, accountId: number) {
  return scope.db
    .selectFrom('manual_position')
    .select(['symbol', 'as_of'])
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .execute()
}

/** Imported holdings; a day saved meanwhile (JSON endpoint) is skipped, not a failure. The rows written. */
export function insertHoldings(
  scope: TenantScope,
  rows: { account_id: number; symbol: string; quantity: string; cost_basis: string; as_of: string }[],
) {
  return scope.db
    .insertInto('manual_position')
    .values(rows.map((h) => ({ tenant_id: scope.tenantId, ...h })))
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'account_id', 'symbol', 'as_of']).where('deleted_at', 'is', null).doNothing(),
    )
    .returning(['account_id', 'as_of', 'symbol', 'quantity', 'cost_basis'])
    .execute()
}

/** Soft delete (holdings are never removed); false when there was nothing live. */
export const deletePosition = (scope: TenantScope, id: number) => softDelete(scope, 'manual_position', id)

export type PositionRow = NonNullable<Awaited<ReturnType<typeof findPosition>>>
