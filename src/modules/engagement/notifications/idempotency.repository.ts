/** SQL for `idempotency_key`: claim (insert first), take over, complete, release, prune. */
import { anyOf, unnest, type SystemScope, type TenantScope } from '../../../platform/db/index.ts'

export interface KeyRef {
  userId: number
  route: string
  key: string
}

export interface KeyRow {
  fingerprint: string
  state: 'processing' | 'done'
  response_status: number | null
  response_body: unknown
  created_at: Date
  locked_until: Date | null
}

const where = (s: TenantScope, ref: KeyRef) =>
  s.db
    .selectFrom('idempotency_key')
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', ref.userId)
    .where('route', '=', ref.route)
    .where('key', '=', ref.key)

/** Inserts the key as processing; undefined when a row for it already exists (nothing written). */
export const insertKey = (s: TenantScope, ref: KeyRef, fingerprint: string, now: Date, lockedUntil: Date) =>
  s.db
    .insertInto('idempotency_key')
    .values({
      tenant_id: s.tenantId,
      user_id: ref.userId,
      route: ref.route,
      key: ref.key,
      fingerprint,
      state: 'processing',
      created_at: now,
      locked_until: lockedUntil,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'route', 'key']).doNothing())
    .returning('created_at')
    .executeTakeFirst()

/**
 * Inserts each key as processing in one statement; answers the keys it inserted (with their
 * `created_at`), those already present are left alone. The refs must be distinct. Compiled, to be
 * sent alone (`Scopes.statementAlone`): the claim commits before the work it guards.
 */
export const insertKeys = (
  s: TenantScope,
  rows: ReadonlyArray<{ ref: KeyRef; fingerprint: string }>,
  now: Date,
  lockedUntil: Date,
) =>
  s.db
    .insertInto('idempotency_key')
    .values(
      rows.map(({ ref, fingerprint }) => ({
        tenant_id: s.tenantId,
        user_id: ref.userId,
        route: ref.route,
        key: ref.key,
        fingerprint,
        state: 'processing' as const,
        created_at: now,
        locked_until: lockedUntil,
      })),
    )
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'route', 'key']).doNothing())
    .returning(['user_id', 'route', 'key', 'created_at'])
    .compile()

export const findKey = (s: TenantScope, ref: KeyRef): Promise<KeyRow | undefined> =>
  where(s, ref)
    .select(['fingerprint', 'state', 'response_status', 'response_body', 'created_at', 'locked_until'])
    .executeTakeFirst()

/**
 * Takes over a key whose holder is gone (processing, lock passed) or whose answer expired: a
 * conditional update on the row as it was read, so of two takers only one gets it.
 */
export async function takeOver(
  s: TenantScope,
  ref: KeyRef,
  seen: KeyRow,
  set: { fingerprint: string; created_at: Date; locked_until: Date },
): Promise<boolean> {
  const res = await s.db
    .updateTable('idempotency_key')
    .set({ ...set, state: 'processing', response_status: null, response_body: null })
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', ref.userId)
    .where('route', '=', ref.route)
    .where('key', '=', ref.key)
    .where('created_at', '=', seen.created_at)
    .where('state', '=', seen.state)
    .where((eb) =>
      seen.locked_until === null
        ? eb('locked_until', 'is', null)
        : eb('locked_until', '=', seen.locked_until),
    )
    .executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}

/**
 * Stores the answers of several claims in one statement; answers how many it stored (fewer than
 * given when a claim no longer holds its key).
 */
export async function completeKeys(
  s: TenantScope,
  rows: ReadonlyArray<{ ref: KeyRef; createdAt: Date; status: number; body: unknown }>,
): Promise<number> {
  if (!rows.length) return 0
  // Column arrays: one statement text, prepared once, whatever the number of answers.
  const keys = rows.map((r) => r.ref.key)
  const v = s.db
    .selectNoFrom([
      unnest(
        rows.map((r) => r.ref.userId),
        'bigint',
      ).as('user_id'),
      unnest(
        rows.map((r) => r.ref.route),
        'text',
      ).as('route'),
      unnest(keys, 'text').as('key'),
      unnest(
        rows.map((r) => r.createdAt),
        'timestamptz',
      ).as('created_at'),
      unnest(
        rows.map((r) => r.status),
        'integer',
      ).as('status'),
      unnest(
        rows.map((r) => JSON.stringify(r.body)),
        'jsonb',
      ).as('body'),
    ])
    .as('v')
  const res = await s.db
    .updateTable('idempotency_key as k')
    .from(v)
    .set((eb) => ({
      state: 'done',
      response_status: eb.ref('v.status'),
      response_body: eb.ref('v.body'),
      locked_until: null,
    }))
    .where('k.tenant_id', '=', s.tenantId)
    .whereRef('k.user_id', '=', 'v.user_id')
    .whereRef('k.route', '=', 'v.route')
    .whereRef('k.key', '=', 'v.key')
    .whereRef('k.created_at', '=', 'v.created_at')
    .where('k.state', '=', 'processing')
    // The keys again as an array: the key lookup the planner takes instead of hashing the tenant's keys.
    .where('k.key', '=', anyOf(keys, 'text'))
    .executeTakeFirst()
  return Number(res.numUpdatedRows)
}

/** Gives a processing key back (its request failed before answering), so a retry runs at once. */
export const releaseKey = (s: TenantScope, ref: KeyRef, createdAt: Date) =>
  s.db
    .deleteFrom('idempotency_key')
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', ref.userId)
    .where('route', '=', ref.route)
    .where('key', '=', ref.key)
    .where('created_at', '=', createdAt)
    .where('state', '=', 'processing')
    .execute()

/** Every tenant's keys created at or before `before` that are not held by a live request. */
export async function pruneKeys(s: SystemScope, before: Date, now: Date): Promise<number> {
  const res = await s.db
    .deleteFrom('idempotency_key')
    .where('created_at', '<=', before)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .executeTakeFirst()
  return Number(res.numDeletedRows)
}
