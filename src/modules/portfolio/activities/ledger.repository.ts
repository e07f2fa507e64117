/** SQL for reading and editing an account's activity ledger (lists, exports, derivation, cash). */
import { sql } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'
import type { ActivitySource, ActivityType } from '../portfolio.tables.ts'
import { ACTIVITY, type ActivityRow } from './activities.repository.ts'

export interface ActivityFilter {
  accountIds?: readonly number[]
  types?: readonly ActivityType[]
  symbol?: string
  source?: ActivitySource
  from?: string
  to?: string
}

/** After the cursor's (activity_date, id) in "newest first" order, and at most `limit` rows. */
export interface LedgerPage {
  after: [string, number] | null
  offset: number
  limit: number
}

/**
 * Activities the filter matches, newest first (activity_date desc, id desc), with their account's
 * name and the capital flow each made: one page (keyset after the cursor, else the offset), `limit` rows.
 */
export function listActivities(scope: TenantScope, f: ActivityFilter, page: LedgerPage) {
  let q = scope.db
    .selectFrom('activity as t')
    .innerJoin('broker_account as a', (j) =>
      j.onRef('a.tenant_id', '=', 't.tenant_id').onRef('a.id', '=', 't.account_id'),
    )
    .leftJoin('capital_flow as f', (j) =>
      j.onRef('f.tenant_id', '=', 't.tenant_id').onRef('f.activity_id', '=', 't.id'),
    )
    .select([...ACTIVITY.map((c) => `t.${c}` as const), 'a.name as account_name', 'f.id as capital_flow_id'])
    .where('t.tenant_id', '=', scope.tenantId)
  if (f.accountIds) q = q.where('t.account_id', 'in', f.accountIds.length ? f.accountIds : [0])
  if (f.types) q = q.where('t.type', 'in', f.types)
  if (f.symbol !== undefined) q = q.where('t.symbol', '=', f.symbol)
  if (f.source !== undefined) q = q.where('t.source', '=', f.source)
  if (f.from !== undefined) q = q.where('t.activity_date', '>=', f.from)
  if (f.to !== undefined) q = q.where('t.activity_date', '<=', f.to)
  if (page.after) {
    const [date, id] = page.after
    q = q.where(sql<boolean>`(t.activity_date, t.id) < (${date}::date, ${id})`)
  } else q = q.offset(page.offset)
  return q.orderBy('t.activity_date', 'desc').orderBy('t.id', 'desc').limit(page.limit).execute()
}
export type LedgerRow = Awaited<ReturnType<typeof listActivities>>[number]

export function findActivity(scope: TenantScope, id: number) {
  return scope.db
    .selectFrom('activity')
    .select(ACTIVITY)
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export function updateActivity(
  scope: TenantScope,
  id: number,
  v: Pick<
    ActivityRow,
    'type' | 'activity_date' | 'symbol' | 'quantity' | 'price' | 'amount' | 'fee' | 'currency' | 'note'
  >,
) {
  return scope.db
    .updateTable('activity')
    .set({ ...v, updated_at: sql<Date>`now()` })
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
    .returning(ACTIVITY)
    .executeTakeFirstOrThrow()
}

/** Hard delete; the capital flow it made goes with it (foreign key, on delete cascade). */
export async function deleteActivity(scope: TenantScope, id: number): Promise<boolean> {
  const r = await scope.db
    .deleteFrom('activity')
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(r.numDeletedRows) === 1
}

const SHARE_TYPES: ActivityType[] = ['BUY', 'SELL', 'SPLIT', 'TRANSFER_IN', 'TRANSFER_OUT']

/** The account's activities that move shares of these symbols (transfers only with a symbol). */
export function shareActivities(scope: TenantScope, accountId: number, symbols: readonly string[]) {
  return scope.db
    .selectFrom('activity')
    .select(['id', 'type', 'activity_date', 'symbol', 'quantity', 'price', 'amount', 'fee'])
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', '=', accountId)
    .where('type', 'in', SHARE_TYPES)
    .where('symbol', 'in', symbols.length ? symbols : [''])
    .where('quantity', 'is not', null)
    .execute()
}

/** Whether activities keep the holding of `symbol` in the account. */
export async function keepsHolding(scope: TenantScope, accountId: number, symbol: string): Promise<boolean> {
  return (await shareActivities(scope, accountId, [symbol])).length > 0
}

/** Everything the duplicate check of an import compares, of the account's stored activities. */
export function naturalKeys(scope: TenantScope, accountId: number) {
  return scope.db
    .selectFrom('activity')
    .select(['activity_date', 'type', 'symbol', 'quantity', 'amount', 'fee', 'currency'])
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', '=', accountId)
    .execute()
}

/**
 * The activities' money per account, currency, day, type and kind of transfer (cash or securities):
 * the sums of amount and fee, which the cash effect of each type is linear in.
 */
export function cashSums(scope: TenantScope, accountIds: readonly number[]) {
  return scope.db
    .selectFrom('activity')
    .select([
      'account_id',
      'currency',
      'activity_date',
      'type',
      sql<boolean>`symbol is not null`.as('has_symbol'),
      sql<string>`sum(amount)`.as('amount'),
      sql<string>`sum(fee)`.as('fee'),
    ])
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', 'in', accountIds.length ? accountIds : [0])
    .groupBy(['account_id', 'currency', 'activity_date', 'type', sql`symbol is not null`])
    .execute()
}

/** The balances brokers reported, of these accounts. */
export function cashAnchors(scope: TenantScope, accountIds: readonly number[]) {
  return scope.db
    .selectFrom('account_cash')
    .select(['account_id', 'as_of', 'currency', 'balance'])
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', 'in', accountIds.length ? accountIds : [0])
    .execute()
}

/** The earliest day of the share-moving activities of these symbols (in one account, or any), or null. */
export async function firstShareDay(
  scope: TenantScope,
  accountId: number | null,
  symbols: readonly string[],
) {
  let q = scope.db
    .selectFrom('activity')
    .select(sql<string | null>`min(activity_date)::text`.as('first'))
    .where('tenant_id', '=', scope.tenantId)
    .where('type', 'in', SHARE_TYPES)
    .where('symbol', 'in', symbols.length ? symbols : [''])
  if (accountId !== null) q = q.where('account_id', '=', accountId)
  const r = await q.executeTakeFirst()
  return r?.first ?? null
}

/** Every snapshot row of these symbols in the account (the ledger rewrites them whole). */
export async function deleteSymbolSnapshots(
  scope: TenantScope,
  accountId: number,
  symbols: readonly string[],
) {
  if (symbols.length === 0) return
  await scope.db
    .deleteFrom('portfolio_snapshot')
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', '=', accountId)
    .where('symbol', 'in', symbols)
    .execute()
}

/** Whether the account keeps `symbol` as snapshot-style manual positions (live ones). */
export async function heldAsPosition(
  scope: TenantScope,
  accountId: number,
  symbol: string,
): Promise<boolean> {
  const r = await scope.db
    .selectFrom('manual_position')
    .select('id')
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', '=', accountId)
    .where('symbol', '=', symbol)
    .where('deleted_at', 'is', null)
    .limit(1)
    .executeTakeFirst()
  return r !== undefined
}

/** The id of the capital flow an activity made, or null. */
export async function flowIdOf(scope: TenantScope, activityId: number): Promise<number | null> {
  const r = await scope.db
    .selectFrom('capital_flow')
    .select('id')
    .where('tenant_id', '=', scope.tenantId)
    .where('activity_id', '=', activityId)
    .executeTakeFirst()
  return r?.id ?? null
}
