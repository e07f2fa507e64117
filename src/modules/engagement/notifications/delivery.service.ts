/**
 * The `notifications.deliver` job: one attempt of each of its queued deliveries (a notification's
 * channels due at the same time travel in one job). The deliveries are claimed by one conditional
 * update (open status, due, not held by another worker), so two workers never send one twice; plain
 * reads after it find where they go and what suppresses them (channels.service.ts). The sends run
 * outside any transaction; their outcomes (and the suppressions they call for) are recorded in one
 * more. The claim, and the outcomes when they are the whole write, are single statements sent alone
 * (no BEGIN or COMMIT). A delivery to be retried gets its next attempt with exponential backoff and full jitter
 * (lib/backoff.ts); after MAX_ATTEMPTS, or on a permanent refusal, it is `failed` and dead-lettered
 * (an administrator can retry it).
 */
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { ConflictError, NotFoundError } from '../../../platform/http/errors.ts'
import type { JobQueue } from '../../../platform/jobs/index.ts'
import type { Attempt, ChannelsService, Prepared } from './channels.service.ts'
import { MAX_ATTEMPTS, retryDelayMs } from './lib/backoff.ts'
import {
  claimDeliveries,
  deadLetters,
  dueDeliveries,
  findDelivery,
  findNotifications,
  finishDeliveries,
  finishDelivery,
  anyClaimable,
  type ClaimedDelivery,
  type DeliveryOutcome,
  type DeliveryRow,
  type DeliveryUpdate,
} from './notifications.repository.ts'
import { deleteSuppressions } from './suppressions.repository.ts'

export const JOB_DELIVER = 'notifications.deliver'
/** How long a claim holds a delivery against other workers. */
export const CLAIM_MS = 120_000
const REQUEUE_BATCH = 500
/** Deliveries one job claims at most: its own, then the tenant's other due pending ones. */
export const BATCH = 50

/** `deliveryIds`: one job's deliveries; `deliveryId`: a single one (jobs queued before batching). */
export type DeliverPayload = { tenantId: number } & ({ deliveryIds: number[] } | { deliveryId: number })

type Queued = Pick<DeliveryRow, 'id' | 'attempts' | 'next_attempt_at'>

export interface DeliveryDeps {
  scopes: Scopes
  clock: Clock
  jobs: Pick<JobQueue, 'enqueue'>
  channels: Pick<ChannelsService, 'prepare' | 'send' | 'record'>
  /** Uniform [0, 1): the jitter (Math.random; seeded in tests). */
  random: () => number
}

/** A quiet-hours hold the delivery waited out, kept in its outcome's detail. */
const heldOf = (d: ClaimedDelivery): Record<string, unknown> =>
  typeof d.detail['held_until'] === 'string' ? { held_until: d.detail['held_until'] } : {}

export class DeliveryService {
  constructor(private readonly deps: DeliveryDeps) {}

  /**
   * Queues the deliveries' next attempts: one job per distinct `next_attempt_at`, deduplicated by
   * its deliveries and their attempt counts.
   */
  async enqueue(tenantId: number, rows: readonly Queued[], now: Date): Promise<void> {
    const groups = new Map<number, Queued[]>()
    for (const d of rows) {
      const at = d.next_attempt_at?.getTime() ?? now.getTime()
      groups.set(at, [...(groups.get(at) ?? []), d])
    }
    for (const [at, group] of groups)
      await this.deps.jobs.enqueue<DeliverPayload>(
        JOB_DELIVER,
        { tenantId, deliveryIds: group.map((d) => d.id) },
        {
          idempotencyKey: `${tenantId}:${group.map((d) => `${d.id}.${d.attempts}`).join(',')}:${at}`,
          startAfterMs: Math.max(0, at - now.getTime()),
          retryLimit: 0,
        },
      )
  }

  /** One attempt of each due delivery of the job; those not due or held by another worker are left. */
  async deliver(p: DeliverPayload): Promise<DeliveryOutcome[]> {
    const ids = 'deliveryIds' in p ? p.deliveryIds : [p.deliveryId]
    if (!ids.length) return []
    const now = this.deps.clock.now()
    const { prepared, stale } = await this.claim(p.tenantId, ids, now)
    if (!prepared.length) return []
    const attempts = await Promise.all(
      prepared.map((x) =>
        this.deps.channels.send(x).catch((e: unknown): Attempt => ({
          status: 'retry',
          detail: { error: e instanceof Error ? e.message : String(e) },
          hint: {},
        })),
      ),
    )
    const done = this.deps.clock.now()
    const updates = () => prepared.map(({ d }, i) => ({ id: d.id, u: this.outcome(d, attempts[i]!, done) }))
    // Usually the outcomes are the whole write, one statement sent alone; suppressions to record
    // (their ids go into the outcomes' details first) or stale ones to delete share its transaction.
    const quiet = !stale.length && attempts.every((a) => !a.suppress?.length)
    const rows = quiet
      ? await this.deps.scopes.statementAlone(p.tenantId, (s) => finishDeliveries(s, updates(), done))
      : await this.deps.scopes.withTenant(p.tenantId, async (s) => {
          if (stale.length) await deleteSuppressions(s, stale)
          for (const [i, { d }] of prepared.entries()) await this.deps.channels.record(s, d, attempts[i]!)
          return (await s.db.executeQuery(finishDeliveries(s, updates(), done))).rows
        })
    await this.enqueue(
      p.tenantId,
      rows.filter((r) => r.status === 'retrying'),
      done,
    )
    return rows
  }

  /**
   * Claims the job's deliveries (and other due ones of the tenant, up to BATCH) in one short write,
   * then reads where they go as plain reads (on PGlite they share the session with other reads
   * instead of holding it). Only claimed deliveries, with their counted attempt, are sent.
   */
  private async claim(tenantId: number, ids: number[], now: Date) {
    const none = { prepared: [] as Prepared[], stale: [] as number[] }
    // Most jobs of a burst find their deliveries already sent in an earlier job's batch.
    if (!(await this.deps.scopes.withTenant(tenantId, (s) => anyClaimable(s, ids, now)))) return none
    const claimed = await this.deps.scopes.statementAlone(tenantId, (s) =>
      claimDeliveries(s, ids, now, new Date(now.getTime() + CLAIM_MS), BATCH),
    )
    if (!claimed.length) return none
    return this.deps.scopes.withTenant(tenantId, async (s) => {
      const notes = await findNotifications(s, [...new Set(claimed.map((d) => d.notification_id))])
      return this.deps.channels.prepare(s, claimed, new Map(notes.map((n) => [n.id, n])))
    })
  }

  private outcome(d: ClaimedDelivery, a: Attempt, now: Date): DeliveryUpdate {
    const detail = { ...heldOf(d), ...a.detail }
    if (a.status === 'sent') return { status: 'sent', detail, next_attempt_at: null, sent_at: now }
    if (a.status !== 'retry' && a.status !== 'failed')
      return { status: a.status, detail, next_attempt_at: null }
    if (a.status === 'retry' && d.attempts < MAX_ATTEMPTS) {
      const wait = retryDelayMs(d.attempts, this.deps.random, a.hint)
      return {
        status: 'retrying',
        detail: { ...detail, retry_in_ms: wait },
        next_attempt_at: new Date(now.getTime() + wait),
      }
    }
    return { status: 'failed', detail, next_attempt_at: null, dead_lettered_at: now }
  }

  async deadLetters(tenantId: number, limit: number) {
    return this.deps.scopes.withTenant(tenantId, (s) => deadLetters(s, limit))
  }

  /** Gives a dead-lettered delivery a fresh run of attempts. 404 unknown, 409 not dead-lettered. */
  async retry(tenantId: number, deliveryId: number): Promise<DeliveryRow> {
    const now = this.deps.clock.now()
    const row = await this.deps.scopes.withTenant(tenantId, async (s) => {
      const d = await findDelivery(s, deliveryId)
      if (!d) throw new NotFoundError('notifications.delivery_not_found', 'No such delivery')
      if (!d.dead_lettered_at)
        throw new ConflictError(
          'notifications.not_dead_lettered',
          'Only a dead-lettered delivery can be retried',
        )
      const detail = {
        ...d.detail,
        retried_from: { attempts: d.attempts, dead_lettered_at: d.dead_lettered_at.toISOString() },
      }
      return finishDelivery(
        s,
        d.id,
        { status: 'pending', detail, next_attempt_at: now, dead_lettered_at: null, attempts: 0 },
        now,
      )
    })
    if (!row) throw new NotFoundError('notifications.delivery_not_found', 'No such delivery')
    await this.enqueue(tenantId, [row], now)
    return row
  }

  /** Queues every due, unheld delivery again (a job lost in a crash, a hold that ended). */
  async requeueDue(): Promise<number> {
    const now = this.deps.clock.now()
    const due = await this.deps.scopes.withSystem('notifications: requeue due deliveries', (s) =>
      dueDeliveries(s, now, REQUEUE_BATCH),
    )
    for (const d of due) await this.enqueue(d.tenant_id, [d], now)
    return due.length
  }
}
