/**
 * Writes notifications: each with one delivery per channel and its in-app item, and — for a POST
 * under an Idempotency-Key — the stored answer, all in one transaction so the effect and the answer
 * commit together. The notifications of one tenant that arrive while its previous write is running
 * are written together (platform/batcher.ts): one multi-row statement per table instead of several
 * statements per notification. A batch that fails as a whole (one bad row, a lost claim) is written
 * again one notification at a time, so each fails or succeeds on its own. After the commit the
 * queued channels go to the `notifications.deliver` job, one job for the batch.
 */
import type { Clock } from '../../../platform/clock.ts'
import { Batcher, eachAlone, type Outcome } from '../../../platform/batcher.ts'
import type { Scopes, TenantScope } from '../../../platform/db/index.ts'
import type { DeliveryService } from './delivery.service.ts'
import type { ClaimRef, IdempotencyService } from './idempotency.service.ts'
import { insertInAppItems } from './in-app.repository.ts'
import type { AcceptedOut, DeliveryViewOut } from './notifications.schemas.ts'
import {
  deliveriesOf,
  findByDedupeKeys,
  insertDeliveries,
  insertNotifications,
  type DeliveryRow,
  type NewDelivery,
  type NewNotification,
  type NotificationRow,
} from './notifications.repository.ts'
import type { Channel, Source } from './notifications.tables.ts'
import { suppressionsOf, type SuppressionRow } from './suppressions.repository.ts'

export interface ChannelRequest {
  channel: Channel
  /** Hold the channel until then (quiet hours); in_app is never held. */
  notBefore?: Date
  /** The channel's cap was reached: recorded as `capped`, not sent. */
  capped?: { cap: string; limit: number }
}

export interface NotificationDraft {
  tenantId: number
  userId: number
  dedupeKey: string
  source: Source
  fingerprint: string | null
  list: string
  message: { title: string; body: string; url?: string; data?: Record<string, string> }
  channels: ChannelRequest[]
}

/** A notification to write, and the idempotency claim whose answer is stored with it. */
export interface WriteItem {
  draft: NotificationDraft
  claim?: ClaimRef
}

/** The notification (the earlier one when its dedupe key was taken) and its deliveries. */
export interface Written {
  n: NotificationRow
  rows: DeliveryRow[]
  /** The answer stored under the claim. */
  accepted?: AcceptedOut
}

export interface WriterDeps {
  scopes: Scopes
  clock: Clock
  idempotency: Pick<IdempotencyService, 'completeMany'>
  delivery: Pick<DeliveryService, 'enqueue'>
}

export const jobIdOf = (notificationId: number) => `notifications.deliver:${notificationId}`

export class NotificationWriter {
  readonly #batcher = new Batcher<number, WriteItem, Written>((tenantId, items) =>
    this.#flush(tenantId, items),
  )

  constructor(private readonly deps: WriterDeps) {}

  write(item: WriteItem): Promise<Written> {
    return this.#batcher.add(item.draft.tenantId, item)
  }

  async #flush(tenantId: number, items: WriteItem[]): Promise<Outcome<Written>[]> {
    const now = this.deps.clock.now()
    let outcomes: Outcome<Written>[]
    let queued: DeliveryRow[] = []
    try {
      const done = await this.#writeAll(tenantId, items, now)
      outcomes = done.map((d) => ({ ok: true, value: d.written }))
      queued = done.flatMap((d) => d.queued)
    } catch (error) {
      if (items.length === 1) throw error
      const alone = await eachAlone(items, async (item) => (await this.#writeAll(tenantId, [item], now))[0]!)
      outcomes = alone.map((o) => (o.ok ? { ok: true, value: o.value.written } : o))
      queued = alone.flatMap((o) => (o.ok ? o.value.queued : []))
    }
    await this.deps.delivery.enqueue(tenantId, queued, now)
    return outcomes
  }

  async #writeAll(tenantId: number, items: WriteItem[], now: Date) {
    // A plain read ahead of the write: on PGlite it shares the session instead of holding it.
    const inAppUsers = items
      .filter((i) => i.draft.channels.some((c) => c.channel === 'in_app' && !c.capped))
      .map((i) => ({ channel: 'in_app' as const, recipient: String(i.draft.userId) }))
    const suppressions = inAppUsers.length
      ? await this.deps.scopes.withTenant(tenantId, (s) => suppressionsOf(s, inAppUsers))
      : []
    return this.deps.scopes.withTenant(tenantId, async (s) => {
      const inserted = await insertNotifications(
        s,
        items.map((i) => newNotification(i.draft)),
        now,
      )
      const fresh = new Map(inserted.map((n) => [dedupeOf(n.user_id, n.dedupe_key), n]))
      const old = await earlier(s, items, fresh)
      const rows = await this.#deliveries(s, [...fresh.values()], items, suppressions, now)
      const queuedOnce = new Set<string>()
      const out = items.map((item) => {
        const key = dedupeOf(item.draft.userId, item.draft.dedupeKey)
        // Two drafts with one dedupe key in a batch: the second answers the first's notification,
        // and only the first queues its deliveries.
        const isNew = fresh.has(key) && !queuedOnce.has(key)
        if (isNew) queuedOnce.add(key)
        const n = fresh.get(key) ?? old.notes.get(key)
        if (!n) throw new Error('notification vanished under its dedupe key')
        const mine = (fresh.has(key) ? rows : old.rows).filter((r) => r.notification_id === n.id)
        const written: Written = { n, rows: mine, ...(item.claim ? { accepted: accepted(n, mine) } : {}) }
        return { written, queued: isNew ? mine.filter((r) => r.next_attempt_at) : [] }
      })
      const answers = items.flatMap((item, i) =>
        item.claim ? [{ claim: item.claim, status: 202, body: out[i]!.written.accepted }] : [],
      )
      if (answers.length) await this.deps.idempotency.completeMany(s, answers)
      return out
    })
  }

  /** The new notifications' deliveries, in_app written (or suppressed) at once; one insert each table. */
  async #deliveries(
    s: TenantScope,
    notes: NotificationRow[],
    items: WriteItem[],
    suppressions: SuppressionRow[],
    now: Date,
  ): Promise<DeliveryRow[]> {
    if (!notes.length) return []
    const drafts = new Map(items.map((i) => [dedupeOf(i.draft.userId, i.draft.dedupeKey), i.draft]))
    const planned = notes.flatMap((n) => plan(drafts.get(dedupeOf(n.user_id, n.dedupe_key))!, n, now))
    const inApp = planned.filter((p) => p.channel === 'in_app' && !p.capped)
    const stops = new Map(
      inApp.map(({ n }) => [n.id, suppressionFor(suppressions, String(n.user_id), n.list)] as const),
    )
    const created = await insertInAppItems(
      s,
      inApp
        .filter(({ n }) => !stops.get(n.id))
        .map(({ n }) => ({
          user_id: n.user_id,
          notification_id: n.id,
          title: n.title,
          body: n.body,
          url: n.url,
          data: n.data,
        })),
      now,
    )
    const itemIds = new Map(created.map((r) => [r.notification_id, r.id]))
    const rows: NewDelivery[] = planned.map((p) => {
      if (p.channel !== 'in_app' || p.capped) return p.row
      const sup = stops.get(p.n.id)
      if (sup)
        return {
          ...p.row,
          status: 'suppressed',
          detail: { suppression_id: sup.id, reason: sup.reason },
          next_attempt_at: null,
        }
      return {
        ...p.row,
        status: 'sent',
        detail: { item_id: itemIds.get(p.n.id) ?? null },
        attempts: 1,
        sent_at: now,
        next_attempt_at: null,
      }
    })
    return insertDeliveries(s, rows, now)
  }
}

/** The answer of POST /api/notifications. */
export function accepted(n: NotificationRow, rows: DeliveryRow[]): AcceptedOut {
  return {
    notification_id: n.id,
    job_id: jobIdOf(n.id),
    status: 'accepted',
    deliveries: rows.map(deliveryView),
  }
}

export function deliveryView(r: DeliveryRow): DeliveryViewOut {
  return {
    delivery_id: r.id,
    channel: r.channel,
    status: r.status,
    detail: r.detail,
    attempts: r.attempts,
    next_attempt_at: r.next_attempt_at?.toISOString() ?? null,
    sent_at: r.sent_at?.toISOString() ?? null,
    dead_lettered_at: r.dead_lettered_at?.toISOString() ?? null,
    updated_at: r.updated_at.toISOString(),
  }
}

const dedupeOf = (userId: number, dedupeKey: string) => `${userId}\u0000${dedupeKey}`

/** The notifications of the items whose dedupe key was already taken, with their deliveries. */
async function earlier(s: TenantScope, items: WriteItem[], fresh: Map<string, NotificationRow>) {
  const keys = items
    .map((i) => ({ userId: i.draft.userId, dedupeKey: i.draft.dedupeKey }))
    .filter((k) => !fresh.has(dedupeOf(k.userId, k.dedupeKey)))
  const found = keys.length ? await findByDedupeKeys(s, keys) : []
  return {
    notes: new Map(found.map((n) => [dedupeOf(n.user_id, n.dedupe_key), n])),
    rows: await deliveriesOf(
      s,
      found.map((n) => n.id),
    ),
  }
}

/**
 * One delivery per distinct channel: capped recorded as such, in_app decided by the caller (written
 * or suppressed), a held channel waiting for its time, the rest pending for the job.
 */
function plan(draft: NotificationDraft, n: NotificationRow, now: Date) {
  const seen = new Set<Channel>()
  const out: Array<{ n: NotificationRow; channel: Channel; capped: boolean; row: NewDelivery }> = []
  for (const c of draft.channels) {
    if (seen.has(c.channel)) continue
    seen.add(c.channel)
    const base = { notification_id: n.id, user_id: n.user_id, channel: c.channel, attempts: 0, sent_at: null }
    const row: NewDelivery = c.capped
      ? { ...base, status: 'capped', detail: { ...c.capped }, next_attempt_at: null }
      : c.channel !== 'in_app' && c.notBefore && c.notBefore > now
        ? {
            ...base,
            status: 'quiet_hours',
            detail: { held_until: c.notBefore.toISOString() },
            next_attempt_at: c.notBefore,
          }
        : { ...base, status: 'pending', detail: {}, next_attempt_at: now }
    out.push({ n, channel: c.channel, capped: Boolean(c.capped), row })
  }
  return out
}

/** The suppression that stops `recipient` for `list`: a list-wide one first, then the oldest. */
const suppressionFor = (all: SuppressionRow[], recipient: string, list: string) =>
  all.find((x) => x.channel === 'in_app' && x.recipient === recipient && (x.list === null || x.list === list))

function newNotification(d: NotificationDraft): NewNotification {
  return {
    user_id: d.userId,
    dedupe_key: d.dedupeKey,
    fingerprint: d.fingerprint,
    source: d.source,
    list: d.list,
    title: d.message.title,
    body: d.message.body,
    url: d.message.url ?? null,
    data: d.message.data ?? {},
  }
}
