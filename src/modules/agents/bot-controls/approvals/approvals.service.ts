/**
 * The approval queue. The gate holds an order above the approval threshold with `hold` (in its own
 * transaction; `announce` notifies the agent's creator once that has committed): a pending approval
 * bound to the exact order (its hash) and, for a market order, to a price band around the quote the
 * gate used; it lapses after APPROVAL_TTL_MINUTES. A person of the tenant approves (every condition
 * re-checked under the approval's lock, then the order is sent) or rejects it; either decision
 * records who and when. A rejected or lapsed order gives its budget back to the agent's day. Lapsed
 * approvals are expired by the minute job and on every read. The decision path: decision.service.ts.
 */
import type { Logger } from 'pino'
import type { RequestScope } from '../../../../platform/auth/scope.ts'
import type { Clock } from '../../../../platform/clock.ts'
import type { Scopes, TenantScope } from '../../../../platform/db/index.ts'
import { ServiceUnavailableError } from '../../../../platform/http/errors.ts'
import type { JobQueue } from '../../../../platform/jobs/index.ts'
import { marketBand, withinBand } from '../lib/approval-band.ts'
import { orderHash, type HashedOrder } from '../lib/order-hash.ts'
import type { AgentRefusal } from './agent-check.service.ts'
import * as repo from './approvals.repository.ts'
import type * as S from './approvals.schemas.ts'
import { close, decide, lapse, lockHeld, notFound } from './decision.service.ts'
import type { ApprovalNotifier } from './notice.service.ts'
import { PAGE_SIZE_DEFAULT } from './approvals.schemas.ts'
import { approvalView, dec } from './lib/approval-view.ts'
import { refuse, summary } from './lib/decision.ts'

/** How long a held order waits for a decision. */
export const APPROVAL_TTL_MINUTES = 15
export const JOB_EXPIRE_APPROVALS = 'bot-controls.expire-approvals'
export const JOB_NOTIFY_APPROVAL = 'bot-controls.notify-approval'
const EXPIRY_BATCH = 200
/**
 * The broker took the order, whatever it became since (a cancel can land before the answer is
 * recorded); only a refusal leaves the approval `approved`.
 */
const tookIt = (status: string) => status !== 'broker_rejected'

/** The order row the gate holds: its id and agent, and the fields the approval is bound to. */
export interface HeldOrder extends HashedOrder {
  id: number
  agent_id: number
}

export interface ApprovalsDeps {
  scopes: Scopes
  clock: Clock
  log: Logger
  jobs: Pick<JobQueue, 'enqueue'>
  /** The symbol's current price as a decimal string (the quote the gate prices at), or null when there is none. */
  quote(symbol: string): Promise<string | null>
  /** Sends an approved order to its broker (the gate's `orders.sendApproved`); answers its status. */
  send(tenantId: number, orderId: number): Promise<{ status: string }>
  notify: ApprovalNotifier
  /** Why the order's agent may not send it at `now`, read in the decision's transaction; null when it may. */
  agentRefusal(s: TenantScope, order: repo.OrderRow, now: Date): Promise<AgentRefusal>
}

export class ApprovalsService {
  constructor(private readonly deps: ApprovalsDeps) {}

  private tx<T>(tenantId: number, fn: (s: TenantScope) => Promise<T>): Promise<T> {
    return this.deps.scopes.withTenant(tenantId, fn)
  }

  /**
   * Holds `order` for approval, in the caller's transaction `s`: a pending approval expiring in
   * APPROVAL_TTL_MINUTES, bound to the order's hash and (market orders) to the band around
   * `referencePrice`. Queues nothing: the job queue cannot write inside `s`, so the caller calls
   * `announce` once `s` has committed (a rolled-back hold then never notifies anyone).
   */
  async hold(s: TenantScope, order: HeldOrder, referencePrice: string): Promise<{ approvalId: number }> {
    const now = this.deps.clock.now()
    const band = order.order_type === 'market' ? marketBand(dec(referencePrice)) : null
    const row = await repo.insertApproval(
      s,
      {
        order_id: order.id,
        agent_id: order.agent_id,
        order_hash: orderHash(order),
        band_low: band?.low ?? null,
        band_high: band?.high ?? null,
        expires_at: new Date(now.getTime() + APPROVAL_TTL_MINUTES * 60_000),
      },
      now,
    )
    return { approvalId: row.id }
  }

  /**
   * After the hold's transaction committed: queues the notification of the agent's creator (once
   * per approval). A queue failure is logged, never the order's failure: the approval stands.
   */
  async announce(tenantId: number, approvalId: number): Promise<void> {
    try {
      await this.deps.jobs.enqueue(
        JOB_NOTIFY_APPROVAL,
        { tenantId, approvalId },
        { idempotencyKey: `bot-approval:${tenantId}:${approvalId}`, retryLimit: 5, retryDelayMs: 1000 },
      )
    } catch (err) {
      this.deps.log.warn({ err, approval_id: approvalId }, 'bot approvals: notify not queued')
    }
  }

  async list(tenantId: number, q: S.ApprovalListQueryInput): Promise<S.ApprovalPageOut> {
    const page = q.page ?? 1
    const size = q.page_size ?? PAGE_SIZE_DEFAULT
    return this.tx(tenantId, async (s) => {
      await this.expireDueIn(s, this.deps.clock.now())
      const items = await repo.listItems(s, q.status, (page - 1) * size, size)
      return {
        items: items.map(approvalView),
        total: await repo.countItems(s, q.status),
        page,
        page_size: size,
      }
    })
  }

  async get(tenantId: number, id: number): Promise<S.ApprovalOut> {
    return this.tx(tenantId, async (s) => {
      await this.expireDueIn(s, this.deps.clock.now())
      const item = await repo.findItem(s, id)
      if (!item) throw notFound()
      return approvalView(item)
    })
  }

  /**
   * Approves and sends: pending, not lapsed, the agent's switches and allow-lists still letting the
   * order through, the order unchanged and (market) the quote within the band.
   */
  async approve(scope: RequestScope, tenantId: number, id: number): Promise<S.ApprovalOut> {
    const before = await this.get(tenantId, id)
    const market = before.status === 'pending' && before.order.type === 'market'
    const quote = market ? await this.deps.quote(before.order.symbol) : null
    if (market && quote === null)
      throw new ServiceUnavailableError(
        'bot.quote_unavailable',
        `No quote for ${before.order.symbol} now: its band cannot be checked; the approval stays pending`,
      )
    const outcome = await decide(this.deps, tenantId, id, async (s, a, o, now) => {
      // An approval stays pending while its agent may not send the order: a halted agent sends
      // nothing, nor does one whose allow-lists no longer take the symbol, the account or the hour.
      const refusal = await this.deps.agentRefusal(s, o, now)
      if (refusal) return refusal
      if (orderHash(o) !== a.order_hash) {
        await close(s, a, o, now, {
          status: 'expired',
          reason: 'approval.order_changed',
          detail: null,
          by: scope.userId,
        })
        return { kind: 'changed' }
      }
      if (quote !== null && a.band_low !== null && a.band_high !== null) {
        const band = { low: dec(a.band_low), high: dec(a.band_high) }
        if (!withinBand(quote, band)) {
          const detail = `quote ${quote} outside the band ${band.low}–${band.high}`
          await close(s, a, o, now, {
            status: 'expired',
            reason: 'approval.price_band',
            detail,
            by: scope.userId,
          })
          return { kind: 'band', quote, ...band }
        }
      }
      await repo.setDecision(s, a.id, { status: 'approved', decided_by: scope.userId, decided_at: now })
      return { kind: 'ok' }
    })
    refuse(outcome, id)
    const sent = await this.deps.send(tenantId, before.order.order_id)
    if (tookIt(sent.status)) await this.tx(tenantId, (s) => repo.setDecision(s, id, { status: 'sent' }))
    return this.get(tenantId, id)
  }

  /** Rejects: the order is rejected (`approval.rejected`, the note as detail) and its budget given back. */
  async reject(
    scope: RequestScope,
    tenantId: number,
    id: number,
    note: string | null,
  ): Promise<S.ApprovalOut> {
    const outcome = await decide(this.deps, tenantId, id, async (s, a, o, now) => {
      await close(s, a, o, now, {
        status: 'rejected',
        reason: 'approval.rejected',
        detail: note,
        by: scope.userId,
      })
      return { kind: 'ok' }
    })
    refuse(outcome, id)
    return this.get(tenantId, id)
  }

  /** The expiry job: every tenant's lapsed approvals expire, their orders too, budgets given back. */
  async expireDue(): Promise<number> {
    const now = this.deps.clock.now()
    const tenants = await this.deps.scopes.withSystem('bot approvals: expire lapsed approvals', (s) =>
      repo.tenantsWithDue(s, now, EXPIRY_BATCH),
    )
    let n = 0
    for (const t of tenants) n += await this.tx(t, (s) => this.expireDueIn(s, now))
    return n
  }

  /** Expires this tenant's lapsed approvals in `s`; answers how many. */
  async expireDueIn(s: TenantScope, now: Date): Promise<number> {
    const due = await repo.lockDue(s, now, EXPIRY_BATCH)
    for (const a of due) await lapse(s, a, await lockHeld(s, a.order_id), now)
    return due.length
  }

  /**
   * In the caller's transaction, when the agent is archived: each of its pending approvals rejected
   * by `by` with `note`, its order rejected and its budget given back, as a rejection by hand does.
   * Answers how many.
   */
  async rejectAllOf(s: TenantScope, agentId: number, by: number, note: string): Promise<number> {
    const now = this.deps.clock.now()
    const pending = await repo.lockPendingOf(s, agentId)
    for (const a of pending)
      await close(s, a, await lockHeld(s, a.order_id), now, {
        status: 'rejected',
        reason: 'approval.rejected',
        detail: note,
        by,
      })
    return pending.length
  }

  /** The job: tells the agent's creator about a pending approval (once per approval). */
  async notifyHeld(p: { tenantId: number; approvalId: number }): Promise<void> {
    const found = await this.tx(p.tenantId, async (s) => {
      const item = await repo.findItem(s, p.approvalId)
      return item ? { item, agent: await repo.agentOf(s, item.approval.agent_id) } : null
    })
    // Queued only after the hold committed: an approval gone since has no one to tell about.
    if (!found) return
    const { item, agent } = found
    if (item.approval.status !== 'pending' || !agent) return
    await this.deps.notify({
      tenantId: p.tenantId,
      userId: agent.created_by,
      approvalId: item.approval.id,
      orderId: item.order.id,
      agentName: agent.name,
      summary: summary(item.order),
      expiresAt: item.approval.expires_at,
    })
  }
}
