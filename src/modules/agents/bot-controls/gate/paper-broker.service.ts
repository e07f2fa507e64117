/**
 * The internal paper broker of agents in paper mode. A market order fills at once at the quote; a
 * limit order fills at once, at the quote, when it is marketable (a buy limit at or above the quote,
 * a sell limit at or below), else it rests as `sent` until the fills job sees the quote cross it
 * (`ioc` and `fok` limit orders that cannot fill at once are canceled instead). No quote: the order
 * rests. Broker `paper`, broker order id `paper-<order id>`.
 */
import type { Scopes } from '../../../../platform/db/index.ts'
import { decDiv, decSign, decSub } from '../../../../kernel/decimal/index.ts'
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

  /** Accepts a new order: fills it, rests it, or cancels an unfillable ioc/fok. */
  async place(tenantId: number, order: repo.OrderRow): Promise<void> {
    await this.deps.scopes.withTenant(tenantId, (s) =>
      repo.updateOrder(s, order.id, { broker: PAPER, broker_order_id: `paper-${order.id}` }),
    )
    await this.tryFill(tenantId, order, true)
  }

  /** The fills job: a resting order fills once the quote crosses its limit. */
  async check(tenantId: number, order: repo.OrderRow): Promise<void> {
    await this.tryFill(tenantId, order, false)
  }

  private async tryFill(tenantId: number, order: repo.OrderRow, first: boolean): Promise<void> {
    const quote = await this.deps.pricing.quote(order.symbol)
    if (quote === null) return
    const limit = order.order_type === 'limit' ? order.limit_price! : null
    const fills = limit === null || marketable(order.side, limit, quote)
    const immediate = order.time_in_force === 'ioc' || order.time_in_force === 'fok'
    await this.deps.scopes.withTenant(tenantId, async (s) => {
      await repo.lockOrder(s, order.id)
      const now = await repo.findOrder(s, order.id)
      if (!now || !repo.OPEN_STATUSES.includes(now.status)) return
      if (!fills) {
        if (first && immediate) await repo.updateOrder(s, order.id, { status: 'canceled' })
        return
      }
      const qty = now.qty ?? decDiv(now.notional!, quote, 9)!
      const delta = decSub(qty, now.filled_qty)
      await repo.updateOrder(s, order.id, { status: 'filled', filled_qty: qty, filled_avg_price: quote })
      await repo.addPosition(s, {
        agentId: now.agent_id,
        accountId: now.account_id,
        symbol: now.symbol,
        delta: now.side === 'buy' ? delta : decSub('0', delta),
      })
    })
  }
}
