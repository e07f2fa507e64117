/**
 * The lease an answer holds on its row while it streams. The row is stored `finish: 'interrupted'`
 * before the first token (so a crash leaves an honest record); the lease is what tells an answer
 * still being written from one that was cut off. It is taken for `LEASE_MS` when the answer starts,
 * renewed as the stream goes on (its text and its heartbeats), at most every `RENEW_EVERY_MS`, and
 * cleared when the answer is stored, however it ended. A process that dies mid-answer stops
 * renewing: once the lease has run out the answer reads as interrupted, which it is.
 */
import type { Logger } from 'pino'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { renewLease } from './conversations.repository.ts'

/** How long a lease lasts: three heartbeats (15 s) of a stream whose model is silent. */
export const LEASE_MS = 45_000
/** The lease is written at most this often, however fast the answer streams. */
export const RENEW_EVERY_MS = 5_000

export const leaseUntil = (now: Date) => new Date(now.getTime() + LEASE_MS)

/** An answer being written: its lease is still in the future. */
export const inProgress = (m: { lease_expires_at: Date | null }, now: Date) =>
  m.lease_expires_at !== null && m.lease_expires_at.getTime() > now.getTime()

export interface LeaseDeps {
  scopes: Scopes
  clock: Clock
  log: Logger
}

/** One streaming answer's lease, taken at `takenAt` when its row was inserted. */
export class AnswerLease {
  private renewedAt: number
  private pending: Promise<void> = Promise.resolve()
  private closed = false

  constructor(
    private readonly deps: LeaseDeps,
    private readonly tenantId: number,
    private readonly messageId: number,
    takenAt: Date,
  ) {
    this.renewedAt = takenAt.getTime()
  }

  /** Pushes the lease forward when it was last written `RENEW_EVERY_MS` ago or more; never throws. */
  renew(): Promise<void> {
    if (this.closed) return this.pending
    const now = this.deps.clock.now()
    if (now.getTime() - this.renewedAt < RENEW_EVERY_MS) return this.pending
    this.renewedAt = now.getTime()
    this.pending = this.pending.then(() => this.write(now))
    return this.pending
  }

  /** No more renewals; waits for one in flight, so none lands after the answer is stored. */
  close(): Promise<void> {
    this.closed = true
    return this.pending
  }

  private async write(now: Date): Promise<void> {
    try {
      await this.deps.scopes.withTenant(this.tenantId, (s) => renewLease(s, this.messageId, leaseUntil(now)))
    } catch (err) {
      // The answer goes on; at worst its lease runs out and it reads as interrupted meanwhile.
      this.deps.log.warn(
        { err, message_id: this.messageId },
        'support assistant: renewing an answer lease failed',
      )
    }
  }
}
