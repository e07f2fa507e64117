/** SQL for broker accounts. */
import { type QueryCreator, sql } from 'kysely'
import { anyOf, compiledOnce, type Database, type TenantScope } from '../../../platform/db/index.ts'
import type { PageRequest } from '../../../platform/http/pagination.ts'

const COLUMNS = [
  'id',
  'name',
  'broker_type',
  'account_type',
  'currency',
  'cost_method',
  'status',
  'archived_at',
  'created_at',
  'updated_at',
] as const

/** One page in id order (keyset after the cursor's id), with one extra row to tell a next page. */
export function listAccounts(
  scope: TenantScope,
  includeArchived: boolean,
  page: PageRequest,
  afterId: number | null,
) {
  let q = scope.db.selectFrom('broker_account').select(COLUMNS).where('tenant_id', '=', scope.tenantId)
  if (!includeArchived) q = q.where('status', '=', 'active').where('archived_at', 'is', null)
  q = afterId === null ? q.offset(page.offset) : q.where('id', '>', afterId)
  return q
    .orderBy('id')
    .limit(page.pageSize + 1)
    .execute()
}

/** `lock` holds the row until the transaction ends (a CSV import into the account serializes). */
export function findAccount(scope: TenantScope, id: number, opts: { lock?: boolean } = {}) {
  const q = scope.db
    .selectFrom('broker_account')
    .select(COLUMNS)
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
  return (opts.lock ? q.forUpdate() : q).executeTakeFirst()
}

/**
 * The names of the tenant's accounts among `ids` (any status); ids of no account of the tenant are
 * absent. Compiled once: the agent order gate's simulation runs it for every order it tries.
 */
export function accountNamesOf(scope: TenantScope, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([] as { id: number; name: string }[])
  return namesOf(scope, { ids })
}

const namesOf = compiledOnce((scope: TenantScope, p: { ids: readonly number[] }) =>
  scope.db
    .selectFrom('broker_account')
    .select(['id', 'name'])
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', anyOf(p.ids, 'bigint')),
)

/**
 * The select that finds the account among the tenant's (any status), for another module's statement
 * to embed (`exists (…)`): the agent order gate reads it with its own facts, in one statement.
 */
export const ownedAccountQuery = (db: QueryCreator<Database>, tenantId: number, accountId: number) =>
  db
    .selectFrom('broker_account')
    .select(sql<number>`1`.as('one'))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', accountId)

export async function countManualAccounts(scope: TenantScope): Promise<number> {
  const r = await scope.db
    .selectFrom('broker_account')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', scope.tenantId)
    .where('broker_type', '=', 'manual')
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow()
  return Number(r.n)
}

export function insertAccount(
  scope: TenantScope,
  a: { name: string; broker_type: string; account_type: string | null; currency: string },
) {
  return scope.db
    .insertInto('broker_account')
    .values({ tenant_id: scope.tenantId, ...a })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow()
}

export function updateAccount(
  scope: TenantScope,
  id: number,
  changes: {
    name?: string
    status?: 'active' | 'closed' | 'inactive'
    account_type?: string | null
    cost_method?: 'fifo' | 'average'
  },
  at: Date = new Date(),
) {
  // Closing or deactivating archives the account at `at` (from its New York date on it leaves every
  // figure); reopening un-archives it. An account already archived keeps its archive time.
  const archive =
    changes.status === undefined
      ? {}
      : {
          archived_at:
            changes.status === 'active' ? null : sql<Date>`coalesce(archived_at, ${at}::timestamptz)`,
        }
  return scope.db
    .updateTable('broker_account')
    .set({ ...changes, ...archive, updated_at: sql<Date>`now()` })
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst()
}

export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>

/** A broker-linked account by the vendor's id, archived or not. */
export function findByExternalId(scope: TenantScope, brokerType: string, externalId: string) {
  return scope.db
    .selectFrom('broker_account')
    .select(COLUMNS)
    .where('tenant_id', '=', scope.tenantId)
    .where('broker_type', '=', brokerType)
    .where('external_id', '=', externalId)
    .orderBy('id')
    .executeTakeFirst()
}

export function insertBrokerAccount(
  scope: TenantScope,
  a: {
    name: string
    broker_type: string
    account_type: string | null
    currency: string
    external_id: string
  },
) {
  return scope.db
    .insertInto('broker_account')
    .values({ tenant_id: scope.tenantId, ...a })
    .returning('id')
    .executeTakeFirstOrThrow()
}

/**
 * Soft-archive at `at` (hidden from lists unless `include_archived`; the account counts in the
 * figures on days before `at`'s New York date only), or back to live with `archived: false`.
 */
export function setArchived(
  scope: TenantScope,
  ids: readonly number[],
  archived: boolean,
  at: Date = new Date(),
) {
  if (ids.length === 0) return Promise.resolve([])
  return scope.db
    .updateTable('broker_account')
    .set({
      archived_at: archived ? at : null,
      ...(archived ? {} : { status: 'active' as const }),
      updated_at: sql<Date>`now()`,
    })
    .where('tenant_id', '=', scope.tenantId)
    .where('id', 'in', ids)
    .execute()
}
