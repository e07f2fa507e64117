/**
 * The `notifications.deliver` job: one attempt of one queued delivery. The delivery is claimed by a
 * conditional update (open status, due, not held by another worker), so two workers never send it
 * twice; the attempt's outcome is recorded and, when it is to be retried, the next attempt is
 * scheduled with exponential backoff and full jitter (lib/backoff.ts). After MAX_ATTEMPTS, or on a
 * permanent refusal, the delivery is `failed` and dead-lettered (an administrator can retry it).
 */
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { ConflictError, NotFoundError } from '../../../platform/http/errors.ts'
import type { JobQueue } from '../../../platform/jobs/index.ts'
import type { ChannelsService } from './channels.service.ts'
import { MAX_ATTEMPTS, retryDelayMs } from './lib/backoff.ts'
import {
  claimDelivery,
  deadLetters,
  dueDeliveries,
  findDelivery,
  findNotification,
  finishDelivery,
  type DeliveryRow,
  type DeliveryUpdate,
} from './notifications.repository.ts'

export const JOB_DELIVER = 'notifications.deliver'
/** How long a claim holds a delivery against other workers. */
export const CLAIM_MS = 120_000
const REQUEUE_BATCH = 500

export interface DeliverPayload {
  tenantId: number
  deliveryId: number
}

export interface DeliveryDeps {
  scopes: Scopes
  clock: Clock
  jobs: Pick<JobQueue, 'enqueue'>
  channels: Pick<ChannelsService, 'attempt'>
  /** Uniform [0, 1): the jitter (Math.random; seeded in tests). */
  random: () => number
}

export class DeliveryService {
  constructor(private readonly deps: DeliveryDeps) {}

  /** Queues the delivery's next attempt for its `next_attempt_at` (deduplicated per attempt). */
  async enqueue(tenantId: number, d: Pick<DeliveryRow, 'id' | 'attempts' | 'next_attempt_at'>, now: Date) {
    const wait = Math.max(0, (d.next_attempt_at?.getTime() ?? now.getTime()) - now.getTime())
    return this.deps.jobs.enqueue<DeliverPayload>(
      JOB_DELIVER,
      { tenantId, deliveryId: d.id },
      {
        idempotencyKey: `${tenantId}:${d.id}:${d.attempts}:${d.next_attempt_at?.getTime() ?? 0}`,
        startAfterMs: wait,
        retryLimit: 0,
      },
    )
  }

  /** One attempt; nothing when the delivery is not due or another worker holds it. */
  async deliver(p: DeliverPayload): Promise<DeliveryRow | undefined> {
    const now = this.deps.clock.now()
    const claimed = await this.deps.scopes.withTenant(p.tenantId, async (s) => {
      const d = await claimDelivery(s, p.deliveryId, now, new Date(now.getTime() + CLAIM_MS))
      return d && { d, n: await findNotification(s, d.notification_id) }
    })
    if (!claimed?.n) return undefined
    const { d, n } = claimed
    const attempt = await this.deps.channels.attempt(d, n).catch((e: unknown) => ({
      status: 'retry' as const,
      detail: { error: e instanceof Error ? e.message : String(e) },
      hint: {},
    }))
    const done = this.deps.clock.now()
    const held = typeof d.detail['held_until'] === 'string' ? { held_until: d.detail['held_until'] } : {}
    const update = this.outcome(d, attempt, done, held)
    const row = await this.deps.scopes.withTenant(p.tenantId, (s) => finishDelivery(s, d.id, update, done))
    if (row?.status === 'retrying') await this.enqueue(p.tenantId, row, done)
    return row
  }

  private outcome(
    d: DeliveryRow,
    a: Awaited<ReturnType<ChannelsService['attempt']>>,
    now: Date,
    held: Record<string, unknown>,
  ): DeliveryUpdate {
    const detail = { ...held, ...a.detail }
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
    await this.enqueue(tenantId, row, now)
    return row
  }

  /** Queues every due, unheld delivery again (a job lost in a crash, a hold that ended). */
  async requeueDue(): Promise<number> {
    const now = this.deps.clock.now()
    const due = await this.deps.scopes.withSystem('notifications: requeue due deliveries', (s) =>
      dueDeliveries(s, now, REQUEUE_BATCH),
    )
    for (const d of due) await this.enqueue(d.tenant_id, d, now)
    return due.length
  }
}
