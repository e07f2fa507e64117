/**
 * The internal paper broker of agents in paper mode. A market order fills at once at the quote; a
 * limit order fills at once, at the quote, when it is marketable (a buy limit at or above the quote,
 * a sell limit at or below), else it rests as `sent` until the fills job sees the quote cross it
 * (`ioc` and `fok` limit orders that cannot fill at once are canceled instead). No quote: the order
 * rests. Broker `paper`, broker order id `paper-<order id>`.
 */
import type { Scopes, TenantScope } from '../../../../platform/db/index.ts'
import { decSign, decSub } from '../../../../kernel/decimal/index.ts'
import { orderQty } from '../lib/gate-rules.ts'
import * as repo from './orders.repository.ts'
import type { PricingService } from './pricing.service.ts'

export const PAPER = 'paper'

/** Whether a limit order would trade at `quote`. */
export function marketable(side: 'buy' | 'sell', limit: string, quote: string): boolean {
  const diff = decSign(decSub(limit, quote))
  return side === 'buy' ? diff >= 0 : diff <= 0
}

export class PaperBroker {
  constructor(private readonly deps: { scopes: Scopes; pricing: PricingService }) {}

  /**
   * Accepts a new order: fills it, rests it, or cancels an unfillable ioc/fok. `quote`: the one the
   * gate priced a market order at (asked again when absent). Answers the order as it now is.
   */
  async place(tenantId: number, order: repo.OrderRow, quote?: string | null): Promise<repo.OrderRow> {
    const price = quote ?? (await this.deps.pricing.quote(order.symbol))
    const row = await this.deps.scopes.withTenant(tenantId, (s) => this.fill(s, order.id, price, true))
    return { ...row, approval_id: order.approval_id }
  }

  /** The fills job: a resting order fills once the quote crosses its limit. */
  async check(tenantId: number, order: repo.OrderRow): Promise<void> {
    const price = await this.deps.pricing.quote(order.symbol)
    if (price !== null)
      await this.deps.scopes.withTenant(tenantId, (s) => this.fill(s, order.id, price, false))
  }

  private async fill(s: TenantScope, orderId: number, quote: string | null, first: boolean) {
    const now = await repo.lockOrder(s, orderId)
    if (!now) throw new Error(`agent order ${orderId} vanished`)
    const accepted = first ? { broker: PAPER, broker_order_id: `paper-${orderId}` } : {}
    if (!repo.OPEN_STATUSES.includes(now.status)) return now
    const limit = now.order_type === 'limit' ? now.limit_price! : null
    if (quote === null || (limit !== null && !marketable(now.side, limit, quote))) {
      const immediate = now.time_in_force === 'ioc' || now.time_in_force === 'fok'
      const canceled = first && immediate && quote !== null ? { status: 'canceled' as const } : {}
      return first ? repo.updateOrderReturning(s, orderId, { ...accepted, ...canceled }) : now
    }
    const qty = orderQty(now.qty, now.notional, quote)!
    const delta = decSub(qty, now.filled_qty)
    await repo.addPosition(s, {
      agentId: now.agent_id,
      accountId: now.account_id,
      symbol: now.symbol,
      delta: now.side === 'buy' ? delta : decSub('0', delta),
    })
    return repo.updateOrderReturning(s, orderId, {
      ...accepted,
      status: 'filled',
      filled_qty: qty,
      filled_avg_price: quote,
    })
  }
}
