/** SQL for broker connections, their linked accounts and the single-use OAuth state nonces. */
import { type QueryCreator, sql } from 'kysely'
import { jsonArrayFrom } from 'kysely/helpers/postgres'
import {
  compiledOnce,
  type Database,
  oneOf,
  type SystemScope,
  type TenantScope,
} from '../../../platform/db/index.ts'
import type { ConnectedBroker } from '../brokers.tables.ts'

/** Written into the statement, so a cached plan can use the live connections' partial indexes (`oneOf`). */
const isLive = oneOf('status', ['connected'])

const CONNECTION_COLUMNS = [
  'id',
  'broker_type',
  'user_id',
  'status',
  'access_token_enc',
  'refresh_token_enc',
  'access_expires_at',
  'refresh_expires_at',
  'scope',
  'vendor_user_id',
  'connected_at',
  'refreshed_at',
  'last_sync_at',
  'last_error',
] as const

export function findLiveConnection(scope: TenantScope, broker: ConnectedBroker) {
  return scope.db
    .selectFrom('broker_connection')
    .select(CONNECTION_COLUMNS)
    .where('tenant_id', '=', scope.tenantId)
    .where('broker_type', '=', broker)
    .where(isLive)
    .executeTakeFirst()
}

export type ConnectionRow = NonNullable<Awaited<ReturnType<typeof findLiveConnection>>>

const LINKED_COLUMNS = ['external_id', 'account_number', 'account_id', 'lots_method'] as const

/**
 * The live connection with the accounts it links (`accounts`, in link order), in one statement:
 * every call to a broker starts with both, and two reads cost two calls into the database.
 */
export const liveConnectionWithAccounts = compiledOnce((s: TenantScope, p: { broker: ConnectedBroker }) =>
  s.db
    .selectFrom('broker_connection')
    .select(CONNECTION_COLUMNS)
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('broker_linked_account as l')
          .select(LINKED_COLUMNS.map((c) => `l.${c}` as const))
          .where('l.tenant_id', '=', s.tenantId)
          .whereRef('l.connection_id', '=', 'broker_connection.id')
          .orderBy('l.id'),
      ).as('accounts'),
    )
    .where('tenant_id', '=', s.tenantId)
    .where('broker_type', '=', p.broker)
    .where(isLive),
)

/** `liveConnectionWithAccounts` as the connection's row and its accounts apart; null when none is live. */
export async function findLiveWithAccounts(s: TenantScope, broker: ConnectedBroker) {
  const [found] = await liveConnectionWithAccounts(s, { broker })
  if (!found) return null
  const { accounts, ...row } = found
  return { row, accounts }
}

export interface NewTokens {
  access_token_enc: string
  refresh_token_enc: string | null
  access_expires_at: Date | null
  refresh_expires_at: Date | null
  scope: string | null
}

/** Replaces the tenant's live connection to `broker` (a reconnect disconnects the old one first). */
export async function saveConnection(
  scope: TenantScope,
  c: { broker: ConnectedBroker; userId: number; vendorUserId?: string | null } & NewTokens,
): Promise<ConnectionRow> {
  await scope.db
    .updateTable('broker_connection')
    .set({ status: 'disconnected', disconnected_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .set({ access_token_enc: null, refresh_token_enc: null })
    .where('tenant_id', '=', scope.tenantId)
    .where('broker_type', '=', c.broker)
    .where(isLive)
    .execute()
  return scope.db
    .insertInto('broker_connection')
    .values({
      tenant_id: scope.tenantId,
      broker_type: c.broker,
      user_id: c.userId,
      status: 'connected',
      access_token_enc: c.access_token_enc,
      refresh_token_enc: c.refresh_token_enc,
      access_expires_at: c.access_expires_at,
      refresh_expires_at: c.refresh_expires_at,
      scope: c.scope,
      vendor_user_id: c.vendorUserId ?? null,
      refreshed_at: null,
      last_sync_at: null,
      last_error: null,
      disconnected_at: null,
    })
    .returning(CONNECTION_COLUMNS)
    .executeTakeFirstOrThrow()
}

export function updateTokens(scope: TenantScope, id: number, t: NewTokens) {
  return scope.db
    .updateTable('broker_connection')
    .set({ ...t, refreshed_at: sql<Date>`now()`, last_error: null, updated_at: sql<Date>`now()` })
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
    .where('status', '=', 'connected')
    .returning(CONNECTION_COLUMNS)
    .executeTakeFirst()
}

export function markSynced(scope: TenantScope, id: number, error: string | null) {
  return scope.db
    .updateTable('broker_connection')
    .set(error === null ? { last_sync_at: sql<Date>`now()`, last_error: null } : { last_error: error })
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
    .execute()
}

/** Ends the connection: the encrypted tokens are erased, the row stays as history. */
export function disconnect(scope: TenantScope, id: number) {
  return scope.db
    .updateTable('broker_connection')
    .set({
      status: 'disconnected',
      access_token_enc: null,
      refresh_token_enc: null,
      disconnected_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
    .execute()
}

export function linkAccount(
  scope: TenantScope,
  a: { connectionId: number; externalId: string; accountNumber: string; accountId: number },
) {
  return scope.db
    .insertInto('broker_linked_account')
    .values({
      tenant_id: scope.tenantId,
      connection_id: a.connectionId,
      external_id: a.externalId,
      account_number: a.accountNumber,
      account_id: a.accountId,
      lots_method: null,
    })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'connection_id', 'external_id']).doUpdateSet({
        account_number: (eb) => eb.ref('excluded.account_number'),
        account_id: (eb) => eb.ref('excluded.account_id'),
      }),
    )
    .execute()
}

export function insertState(
  scope: TenantScope,
  s: { nonce: string; broker: ConnectedBroker; userId: number; expiresAt: Date },
) {
  return scope.db
    .insertInto('broker_oauth_state')
    .values({
      tenant_id: scope.tenantId,
      nonce: s.nonce,
      broker_type: s.broker,
      user_id: s.userId,
      expires_at: s.expiresAt,
      used_at: null,
    })
    .execute()
}

/** Marks the nonce used; false when it was never issued here or was used before. */
export async function consumeState(
  scope: TenantScope,
  nonce: string,
  broker: ConnectedBroker,
): Promise<boolean> {
  const row = await scope.db
    .updateTable('broker_oauth_state')
    .set({ used_at: sql<Date>`now()` })
    .where('tenant_id', '=', scope.tenantId)
    .where('nonce', '=', nonce)
    .where('broker_type', '=', broker)
    .where('used_at', 'is', null)
    .returning('nonce')
    .executeTakeFirst()
  return row !== undefined
}

/** Nonces past their expiry by a day are of no further use (a reuse check needs only live ones). */
export function purgeStates(scope: SystemScope) {
  return scope.db
    .deleteFrom('broker_oauth_state')
    .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute()
}

/** Every live connection, across tenants (the scheduled sync; audited system scope). */
export function allLiveConnections(scope: SystemScope) {
  return scope.db
    .selectFrom('broker_connection')
    .select(['tenant_id', 'broker_type', 'user_id'])
    .where(isLive)
    .orderBy('tenant_id')
    .execute()
}

/** Live, still refreshable connections of a broker whose access token expires before `before` (the refresh job). */
export function expiringConnections(scope: SystemScope, broker: ConnectedBroker, before: Date, now: Date) {
  return (
    scope.db
      .selectFrom('broker_connection')
      .select(['tenant_id', 'id'])
      .where(isLive)
      .where('broker_type', '=', broker)
      .where('refresh_token_enc', 'is not', null)
      .where('access_expires_at', '<', before)
      // Past the refresh token's limit only a new consent helps: the status says so.
      .where((eb) => eb.or([eb('refresh_expires_at', 'is', null), eb('refresh_expires_at', '>', now)]))
      .orderBy('access_expires_at')
      .execute()
  )
}

/**
 * The live trading connection (Alpaca or Schwab) that links a portfolio account, and the account's
 * id at that broker; undefined when no connected trading broker links it.
 */
export async function tradingLink(scope: TenantScope, accountId: number) {
  const [link] = await linkOf(scope, { accountId })
  return link
}

// Compiled once: the agent order gate's simulation reads it for every order.
const linkOf = compiledOnce((scope: TenantScope, p: { accountId: number }) =>
  tradingLinkQuery(scope.db, scope.tenantId, p.accountId),
)

/**
 * `tradingLink`'s select (at most one row: `broker_type`, `external_id`), for another module's
 * statement to embed as a lateral join: the agent order gate reads it with its own facts.
 */
export const tradingLinkQuery = (db: QueryCreator<Database>, tenantId: number, accountId: number) =>
  db
    .selectFrom('broker_linked_account as l')
    .innerJoin('broker_connection as c', (j) =>
      j.onRef('c.tenant_id', '=', 'l.tenant_id').onRef('c.id', '=', 'l.connection_id'),
    )
    .select(['c.broker_type', 'l.external_id'])
    .where('l.tenant_id', '=', tenantId)
    .where('l.account_id', '=', accountId)
    .where('c.status', '=', 'connected')
    .where('c.broker_type', 'in', ['brokera', 'brokerb'])
    .orderBy('c.id', 'desc')
    .limit(1)
