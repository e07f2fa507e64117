/** The briefing subscriptions: per-user upsert and reads, the unsubscribe, and the daily send claim. */
import { type Selectable, sql } from 'kysely'
import type { SystemScope, TenantScope } from '../../../platform/db/index.ts'
import type { BriefingSubscriptionTable } from './briefing.tables.ts'

export type SubRow = Selectable<BriefingSubscriptionTable>

export function findSub(s: TenantScope, userId: number): Promise<SubRow | undefined> {
  return s.db
    .selectFrom('briefing_subscription')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

export function findSubById(s: TenantScope, id: number): Promise<SubRow | undefined> {
  return s.db
    .selectFrom('briefing_subscription')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export interface NewSub {
  user_id: number
  enabled: boolean
  account_id: number | null
  send_at: string
  unsub_token_hash: string
  unsub_token_enc: string
}

/** The user's row, created with these values when missing (a concurrent insert wins; then re-read). */
export async function ensureSub(s: TenantScope, v: NewSub, at: Date): Promise<SubRow> {
  const inserted = await s.db
    .insertInto('briefing_subscription')
    .values({ ...v, tenant_id: s.tenantId, created_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id']).doNothing())
    .returningAll()
    .executeTakeFirst()
  return inserted ?? (await findSub(s, v.user_id))!
}

export function updateSub(
  s: TenantScope,
  id: number,
  v: { enabled: boolean; account_id: number | null; send_at: string; unsubscribed_at: Date | null },
  at: Date,
): Promise<SubRow> {
  return s.db
    .updateTable('briefing_subscription')
    .set({ ...v, updated_at: at })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export function findSubByTokenHash(s: TenantScope, hash: string): Promise<SubRow | undefined> {
  return s.db
    .selectFrom('briefing_subscription')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('unsub_token_hash', '=', hash)
    .executeTakeFirst()
}

/** Turns it off; the first unsubscribe's time stays. */
export function unsubscribe(s: TenantScope, id: number, at: Date): Promise<SubRow> {
  return s.db
    .updateTable('briefing_subscription')
    .set((eb) => ({
      enabled: false,
      unsubscribed_at: eb.fn.coalesce('unsubscribed_at', eb.val(at)),
      updated_at: at,
    }))
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * Every tenant's enabled subscriptions due at `hhmm` and not sent on `day` (system work, one read).
 * `enabled` a literal, not a parameter: a cached plan can then use the enabled ones' partial index.
 */
export function dueSubs(s: SystemScope, day: string, hhmm: string) {
  return s.db
    .selectFrom('briefing_subscription')
    .select(['tenant_id', 'id'])
    .where('enabled', '=', sql.lit(true))
    .where('send_at', '<=', hhmm)
    .where((eb) => eb.or([eb('last_sent_on', 'is', null), eb('last_sent_on', '<', day)]))
    .orderBy('tenant_id')
    .orderBy('id')
    .execute()
}

/**
 * Claims the day's send: sets last_sent_on to `day` unless it is already `day` (or the row was
 * turned off meanwhile). Returns the row and the date it held before, or undefined when not claimed.
 */
export async function claimSend(s: TenantScope, id: number, day: string) {
  const before = await findSubById(s, id)
  if (!before || !before.enabled || (before.last_sent_on !== null && before.last_sent_on >= day))
    return undefined
  const claimed = await s.db
    .updateTable('briefing_subscription')
    .set({ last_sent_on: day })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .where('enabled', '=', true)
    .where((eb) => eb.or([eb('last_sent_on', 'is', null), eb('last_sent_on', '<', day)]))
    .returningAll()
    .executeTakeFirst()
  return claimed ? { row: claimed, previous: before.last_sent_on } : undefined
}

/** After a send: the message id; after a failed one, the claim is given back (`previous` date). */
export function settleSend(
  s: TenantScope,
  id: number,
  r: { messageId: string } | { previous: string | null },
) {
  return s.db
    .updateTable('briefing_subscription')
    .set('messageId' in r ? { last_message_id: r.messageId } : { last_sent_on: r.previous })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .execute()
}
