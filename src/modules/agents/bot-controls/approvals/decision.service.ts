/**
 * The decision path of an approval, shared by approving, rejecting, the expiry job and an agent's
 * archiving: the approval and its held order locked, a lapsed one expired before a decision could
 * act, and an approval ended with its order (the order's budget back to its day).
 */
import type { Clock } from '../../../../platform/clock.ts'
import type { Scopes, TenantScope } from '../../../../platform/db/index.ts'
import { NotFoundError } from '../../../../platform/http/errors.ts'
import * as orders from '../gate/orders.repository.ts'
import * as repo from './approvals.repository.ts'
import type { Outcome } from './lib/decision.ts'

export const notFound = () => new NotFoundError('bot.approval_not_found', 'No such approval')

/** How an approval ends: its status, the order's reason and detail, who (null: no one) and when. */
export interface Closing {
  status: 'rejected' | 'expired'
  reason: string
  detail: string | null
  by: number | null
  at?: Date
}

/** The approval's order, locked (every approval has its order: the foreign key). */
export async function lockHeld(s: TenantScope, orderId: number): Promise<repo.OrderRow> {
  const o = await orders.lockOrder(s, orderId)
  if (!o) throw new Error(`agent order ${orderId} of an approval is missing`)
  return o
}

/** Locks the approval and its order; a lapsed one expires (committed) before `fn` could act. */
export function decide(
  deps: { scopes: Scopes; clock: Clock },
  tenantId: number,
  id: number,
  fn: (s: TenantScope, a: repo.ApprovalRow, o: repo.OrderRow, now: Date) => Promise<Outcome>,
): Promise<Outcome> {
  return deps.scopes.withTenant(tenantId, async (s) => {
    const a = await repo.lockApproval(s, id)
    if (!a) throw notFound()
    const o = await lockHeld(s, a.order_id)
    const now = deps.clock.now()
    if (a.status === 'pending' && now >= a.expires_at) {
      await lapse(s, a, o, now)
      return { kind: 'expired' }
    }
    if (a.status !== 'pending' || o.status !== 'pending_approval')
      return { kind: 'not_pending', status: a.status, orderStatus: o.status }
    return fn(s, a, o, now)
  })
}

/** A lapsed approval expires, by no one, at its `expires_at`. */
export function lapse(s: TenantScope, a: repo.ApprovalRow, o: repo.OrderRow, now: Date) {
  return close(s, a, o, now, {
    status: 'expired',
    reason: 'approval.expired',
    detail: null,
    by: null,
    at: a.expires_at,
  })
}

/** Ends an approval and its held order; the order's budget goes back to its day. */
export async function close(
  s: TenantScope,
  a: repo.ApprovalRow,
  o: repo.OrderRow,
  now: Date,
  d: Closing,
): Promise<void> {
  await repo.setDecision(s, a.id, {
    status: d.status,
    decided_by: d.by,
    decided_at: d.at ?? now,
    decision_note: d.detail,
  })
  if (o.status !== 'pending_approval') return
  await repo.closeOrder(s, o.id, { status: d.status, reason: d.reason, detail: d.detail }, now)
  // The budget it took when held goes back to its day; a rejection is counted under its reason.
  await orders.addUsage(s, o.agent_id, o.trading_day, o.priced_notional, -1)
  if (d.status === 'rejected') await orders.countRejection(s, o.agent_id, o.trading_day, d.reason)
}
