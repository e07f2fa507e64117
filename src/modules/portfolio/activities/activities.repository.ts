/** SQL for the activity ledger and the broker-reported cash balances. */
import type { Insertable } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'
import type { AccountCashTable, ActivityTable } from '../portfolio.tables.ts'

export const ACTIVITY = [
  'id',
  'account_id',
  'type',
  'activity_date',
  'symbol',
  'quantity',
  'price',
  'amount',
  'fee',
  'currency',
  'source',
  'source_id',
  'note',
  'created_at',
  'updated_at',
] as const

export type ActivityInput = Omit<
  Insertable<ActivityTable>,
  'tenant_id' | 'account_id' | 'id' | 'created_at' | 'updated_at'
>

/** 15 parameters a row: a chunk stays far below PostgreSQL's 65,535 parameters per statement. */
const CHUNK = 1000

/**
 * Inserts the activities of one account; a row whose `(source, source_id)` the account already has
 * is skipped. Answers the rows inserted, in input order of their chunks.
 */
export async function insertActivities(
  scope: TenantScope,
  accountId: number,
  rows: readonly ActivityInput[],
) {
  const out = []
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows
      .slice(i, i + CHUNK)
      .map((r) => ({ ...r, tenant_id: scope.tenantId, account_id: accountId }))
    const inserted = await scope.db
      .insertInto('activity')
      .values(chunk)
      .onConflict((oc) =>
        oc
          .columns(['tenant_id', 'account_id', 'source', 'source_id'])
          .where('source_id', 'is not', null)
          .doNothing(),
      )
      .returning(ACTIVITY)
      .execute()
    out.push(...inserted)
  }
  return out
}

/** The source ids of `source` the account already has, among `ids`. */
export async function knownSourceIds(
  scope: TenantScope,
  accountId: number,
  source: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>()
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await scope.db
      .selectFrom('activity')
      .select('source_id')
      .where('tenant_id', '=', scope.tenantId)
      .where('account_id', '=', accountId)
      .where('source', '=', source as ActivityTable['source'])
      .where('source_id', 'in', ids.slice(i, i + CHUNK))
      .execute()
    for (const r of rows) if (r.source_id !== null) found.add(r.source_id)
  }
  return found
}

/** The broker's cash balances of a day become exactly `balances` (one row per currency). */
export async function replaceCash(
  scope: TenantScope,
  accountId: number,
  asOf: string,
  balances: readonly Pick<Insertable<AccountCashTable>, 'currency' | 'balance'>[],
): Promise<void> {
  await scope.db
    .deleteFrom('account_cash')
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', '=', accountId)
    .where('as_of', '=', asOf)
    .execute()
  if (balances.length === 0) return
  await scope.db
    .insertInto('account_cash')
    .values(balances.map((b) => ({ ...b, tenant_id: scope.tenantId, account_id: accountId, as_of: asOf })))
    .execute()
}

export type ActivityRow = Awaited<ReturnType<typeof insertActivities>>[number]
