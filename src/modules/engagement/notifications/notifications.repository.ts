/** SQL for `notification` and `notification_delivery`; every query takes the tenant scope first. */
import type { CompiledQuery, ExpressionBuilder, Selectable } from 'kysely'
import {
  anyOf,
  oneOf,
  unnest,
  type Database,
  type SystemScope,
  type TenantScope,
} from '../../../platform/db/index.ts'
import type {
  Channel,
  DeliveryStatus,
  NotificationDeliveryTable,
  NotificationTable,
  Source,
} from './notifications.tables.ts'

export type NotificationRow = Selectable<NotificationTable>
export type DeliveryRow = Selectable<NotificationDeliveryTable>
/** A delivery as a claim answers it: what sending it and recording its outcome read. */
export type ClaimedDelivery = Pick<
  DeliveryRow,
  'tenant_id' | 'id' | 'notification_id' | 'user_id' | 'channel' | 'detail' | 'attempts'
>
/** Statuses a worker may still act on. */
export const OPEN_STATUSES: DeliveryStatus[] = ['pending', 'retrying', 'quiet_hours']
/**
 * Open, and pending: written into the statement (`oneOf`) so that a cached generic plan can use the
 * due deliveries' partial index, whose predicate names these statuses. Bound as parameters, every
 * claim read all the tenant's deliveries through its tenant-led unique key.
 */
const isOpen = oneOf('status', OPEN_STATUSES)
const isPending = oneOf('status', ['pending'])

export interface NewNotification {
  user_id: number
  dedupe_key: string
  fingerprint: string | null
  source: Source
  list: string
  title: string
  body: string
  url: string | null
  data: Record<string, string>
}

/** Inserts them in one statement; a row whose recipient already has its dedupe key is left out. */
export const insertNotifications = (s: TenantScope, rows: readonly NewNotification[], now: Date) =>
  s.db
    .insertInto('notification')
    .values(rows.map((n) => ({ ...n, tenant_id: s.tenantId, data: JSON.stringify(n.data), created_at: now })))
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'dedupe_key']).doNothing())
    .returningAll()
    .execute()

/** The notifications stored under these (recipient, dedupe key) pairs. */
export const findByDedupeKeys = (
  s: TenantScope,
  keys: ReadonlyArray<{ userId: number; dedupeKey: string }>,
) =>
  s.db
    .selectFrom('notification')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where((eb) =>
      eb.or(keys.map((k) => eb.and([eb('user_id', '=', k.userId), eb('dedupe_key', '=', k.dedupeKey)]))),
    )
    .execute()

export const findNotifications = (s: TenantScope, ids: number[]) =>
  s.db
    .selectFrom('notification')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', anyOf(ids, 'bigint'))
    .execute()

export const findNotification = (s: TenantScope, id: number) =>
  s.db
    .selectFrom('notification')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .executeTakeFirst()

export interface NewDelivery {
  notification_id: number
  user_id: number
  channel: Channel
  status: DeliveryStatus
  detail: Record<string, unknown>
  attempts: number
  next_attempt_at: Date | null
  sent_at: Date | null
}

export async function insertDeliveries(
  s: TenantScope,
  rows: NewDelivery[],
  now: Date,
): Promise<DeliveryRow[]> {
  if (!rows.length) return []
  return s.db
    .insertInto('notification_delivery')
    .values(
      rows.map((r) => ({ ...r, tenant_id: s.tenantId, detail: JSON.stringify(r.detail), updated_at: now })),
    )
    .onConflict((oc) => oc.columns(['tenant_id', 'notification_id', 'user_id', 'channel']).doNothing())
    .returningAll()
    .execute()
}

export const deliveriesOf = (s: TenantScope, notificationIds: number[]) =>
  notificationIds.length === 0
    ? Promise.resolve([] as DeliveryRow[])
    : s.db
        .selectFrom('notification_delivery')
        .selectAll()
        .where('tenant_id', '=', s.tenantId)
        .where('notification_id', 'in', notificationIds)
        .orderBy('id')
        .execute()

type DeliveryWhere = ExpressionBuilder<Database, 'notification_delivery'>

/** Open, due and held by no worker. */
const claimable = (eb: DeliveryWhere, now: Date) =>
  eb.and([
    isOpen,
    eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]),
    eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]),
  ])

/** Whether any of these deliveries is claimable now (a plain read, so a job with nothing to do writes nothing). */
export const anyClaimable = (s: TenantScope, ids: number[], now: Date) =>
  s.db
    .selectFrom('notification_delivery')
    .select('id')
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', anyOf(ids, 'bigint'))
    .where((eb) => claimable(eb, now))
    .limit(1)
    .executeTakeFirst()

/**
 * Claims these deliveries for one attempt each, when they are open, due and held by no worker, and
 * up to `batch` in all with the tenant's other due `pending` ones (a burst of notifications is sent
 * in batches, whichever job comes first): one conditional update, rows another worker is claiming
 * skipped, so of two workers only one gets each delivery. The attempt is counted now; the claim
 * lasts until `until` (then another worker may retry). Compiled, to be sent alone
 * (`Scopes.statementAlone`); the ids travel as one array, so the text is the same for any number.
 */
export const claimDeliveries = (s: TenantScope, ids: number[], now: Date, until: Date, batch: number) =>
  s.db
    .updateTable('notification_delivery')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), claimed_until: until, updated_at: now }))
    .where('tenant_id', '=', s.tenantId)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('notification_delivery')
        .select('id')
        .where('tenant_id', '=', s.tenantId)
        .where((w) => w.or([w('id', '=', anyOf(ids, 'bigint')), isPending]))
        .where((w) => claimable(w, now))
        .orderBy((w) => w('id', '=', anyOf(ids, 'bigint')), 'desc')
        .orderBy('id')
        .limit(batch)
        .forUpdate()
        .skipLocked(),
    )
    .where((eb) => claimable(eb, now))
    .returning(['tenant_id', 'id', 'notification_id', 'user_id', 'channel', 'detail', 'attempts'])
    .compile()

export interface DeliveryUpdate {
  status: DeliveryStatus
  detail: Record<string, unknown>
  next_attempt_at: Date | null
  sent_at?: Date | null
  dead_lettered_at?: Date | null
  attempts?: number
}

/** What recording an outcome answers: enough to queue a retry. */
export type DeliveryOutcome = Pick<DeliveryRow, 'id' | 'status' | 'attempts' | 'next_attempt_at'>

/** Records an attempt's outcome and releases the claim. */
export const finishDelivery = (s: TenantScope, id: number, u: DeliveryUpdate, now: Date) =>
  s.db
    .updateTable('notification_delivery')
    .set({ ...u, detail: JSON.stringify(u.detail), claimed_until: null, updated_at: now })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()

/**
 * Records the outcomes of a batch of attempts in one statement and releases their claims. An
 * attempt sets `sent_at` or `dead_lettered_at` or neither; what it does not set stays. The outcomes
 * travel as column arrays (one statement text, prepared once, whatever the batch's size). Compiled:
 * sent alone when it is its scope's whole work, else run in the caller's transaction. `rows` must
 * not be empty.
 */
export function finishDeliveries(
  s: TenantScope,
  rows: ReadonlyArray<{ id: number; u: DeliveryUpdate }>,
  now: Date,
): CompiledQuery<DeliveryOutcome> {
  const ids = rows.map((r) => r.id)
  const v = s.db
    .selectNoFrom([
      unnest(ids, 'bigint').as('id'),
      unnest(
        rows.map(({ u }) => u.status),
        'text',
      ).as('status'),
      unnest(
        rows.map(({ u }) => JSON.stringify(u.detail)),
        'jsonb',
      ).as('detail'),
      unnest(
        rows.map(({ u }) => u.next_attempt_at),
        'timestamptz',
      ).as('next_attempt_at'),
      unnest(
        rows.map(({ u }) => u.sent_at ?? null),
        'timestamptz',
      ).as('sent_at'),
      unnest(
        rows.map(({ u }) => u.dead_lettered_at ?? null),
        'timestamptz',
      ).as('dead_lettered_at'),
    ])
    .as('v')
  return (
    s.db
      .updateTable('notification_delivery as d')
      .from(v)
      .set((eb) => ({
        status: eb.ref('v.status'),
        detail: eb.ref('v.detail'),
        next_attempt_at: eb.ref('v.next_attempt_at'),
        sent_at: eb.fn.coalesce('v.sent_at', 'd.sent_at'),
        dead_lettered_at: eb.fn.coalesce('v.dead_lettered_at', 'd.dead_lettered_at'),
        claimed_until: null,
        updated_at: now,
      }))
      .where('d.tenant_id', '=', s.tenantId)
      .whereRef('d.id', '=', 'v.id')
      // The ids again as an array: the key lookup the planner takes instead of hashing the tenant's rows.
      .where('d.id', '=', anyOf(ids, 'bigint'))
      .returning(['d.id', 'd.status', 'd.attempts', 'd.next_attempt_at'])
      .compile()
  )
}

export const findDelivery = (s: TenantScope, id: number) =>
  s.db
    .selectFrom('notification_delivery')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .executeTakeFirst()

/** The tenant's dead-lettered deliveries, newest first, with their notification's title and list. */
export const deadLetters = (s: TenantScope, limit: number) =>
  s.db
    .selectFrom('notification_delivery as d')
    .innerJoin('notification as n', (j) =>
      j.onRef('n.tenant_id', '=', 'd.tenant_id').onRef('n.id', '=', 'd.notification_id'),
    )
    .selectAll('d')
    .select(['n.title', 'n.list'])
    .where('d.tenant_id', '=', s.tenantId)
    .where('d.dead_lettered_at', 'is not', null)
    .orderBy('d.dead_lettered_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute()

/** Open deliveries of every tenant that are due and held by no worker (the requeue sweep). */
export const dueDeliveries = (s: SystemScope, now: Date, limit: number) =>
  s.db
    .selectFrom('notification_delivery')
    .select(['tenant_id', 'id', 'attempts', 'next_attempt_at'])
    .where(isOpen)
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute()
