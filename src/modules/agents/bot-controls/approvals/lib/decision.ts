/** What a decision on an approval came to, the error a refused one answers, and a held order in words. */
import { ConflictError, UnprocessableError } from '../../../../../platform/http/errors.ts'
import type { OrderRow } from '../approvals.repository.ts'
import { dec } from './approval-view.ts'

type Lapse = { kind: 'expired' } | { kind: 'not_pending'; status: string; orderStatus: string }
export type Outcome =
  | Lapse
  | { kind: 'band'; quote: string; low: string; high: string }
  | { kind: 'changed' }
  | { kind: 'agent'; reason: string; detail: string }
  | { kind: 'not_allowed'; reason: string; detail: string }
  | { kind: 'ok' }

/** The error a refused decision answers. */
export function refuse(o: Outcome, id: number): void {
  if (o.kind === 'ok') return
  if (o.kind === 'expired' || (o.kind === 'not_pending' && o.status === 'expired'))
    throw new UnprocessableError('bot.approval_expired', `Approval ${id} expired before it was decided`)
  if (o.kind === 'not_pending')
    throw new ConflictError(
      'bot.approval_not_pending',
      `Approval ${id} is ${o.status} (its order ${o.orderStatus}): only a pending approval can be decided`,
      { extra: { approval_status: o.status, order_status: o.orderStatus } },
    )
  if (o.kind === 'agent')
    throw new ConflictError(
      'bot.agent_not_trading',
      `Approval ${id} cannot be sent now: ${o.detail}. Set the agent active (or enabled) and approve again, or reject it`,
      { extra: { reason: o.reason } },
    )
  if (o.kind === 'not_allowed')
    throw new ConflictError(
      'bot.agent_not_allowed',
      `Approval ${id} cannot be sent now: ${o.detail}. Allow it for the agent and approve again, or reject it`,
      { extra: { reason: o.reason } },
    )
  if (o.kind === 'changed')
    throw new ConflictError(
      'bot.approval_order_changed',
      `The order of approval ${id} changed since it was held`,
    )
  throw new UnprocessableError(
    'bot.approval_price_band',
    `The quote ${o.quote} is outside the approved band ${o.low}–${o.high}: the order expired unsent`,
    [],
    { extra: { quote: o.quote, band_low: o.low, band_high: o.high } },
  )
}

/** "buy 10 AAPL (market, ≈ $1,500.00)". */
export function summary(o: OrderRow): string {
  const size = o.qty !== null ? `${dec(o.qty)} ${o.symbol}` : `$${dec(o.notional ?? '0')} of ${o.symbol}`
  const type = o.order_type === 'limit' && o.limit_price !== null ? `limit ${dec(o.limit_price)}` : 'market'
  return `${o.side} ${size} (${type}, about $${dec(o.priced_notional)})`
}
