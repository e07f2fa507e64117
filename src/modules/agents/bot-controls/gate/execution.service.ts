/**
 * Sending a passed order, after the gate's transaction has committed (never inside the lock): paper
 * mode to the paper broker, live mode to the trading broker that links the account (the brokers
 * module's account orders). A refusal by the broker (a 4xx, no longer connected) records
 * `broker_rejected` with its message, counts as the rejection `broker.rejected` and gives the
 * budget back. An uncertain outcome (timeout, 5xx) is never resubmitted: the order stays `sent` and
 * the fills job finds it at the broker by its client order id.
 */
import type { Logger } from 'pino'
import type { Scopes } from '../../../../platform/db/index.ts'
import { AppError } from '../../../../platform/http/errors.ts'
import { isUpstreamError } from '../../../../platform/upstream-errors.ts'
import { decSign, decSub } from '../../../../kernel/decimal/index.ts'
import type { BrokerOrder, OrderListQuery, OrderRequest } from '../../../../providers/brokers/index.ts'
import type { BotOrderStatus } from '../orders.tables.ts'
import * as repo from './orders.repository.ts'
import { PAPER, type PaperBroker } from './paper-broker.service.ts'

export interface Route {
  broker: 'brokera' | 'brokerb'
  externalId: string
}

/** What the gate needs of the brokers module (its `accountOrders`). */
export interface AccountOrders {
  route(tenantId: number, accountId: number): Promise<Route | null>
  place(tenantId: number, route: Route, order: OrderRequest): Promise<BrokerOrder>
  cancel(tenantId: number, route: Route, brokerOrderId: string): Promise<void>
  list(tenantId: number, route: Route, q: OrderListQuery): Promise<BrokerOrder[]>
}

/** The client order id the broker sees: unique per tenant, within Alpaca's 48 characters. */
export const brokerClientId = (o: { tenant_id: number; id: number }) => `sx-${o.tenant_id}-${o.id}`

/** A broker's status in ours (Alpaca's lower-case and Schwab's upper-case names). */
export function statusOf(b: Pick<BrokerOrder, 'status' | 'filledQty'>): BotOrderStatus {
  const s = b.status.toLowerCase()
  if (s === 'filled') return 'filled'
  if (s === 'rejected') return 'broker_rejected'
  if (['canceled', 'cancelled', 'expired', 'done_for_day', 'replaced'].includes(s)) return 'canceled'
  return decSign(b.filledQty) > 0 ? 'partially_filled' : 'sent'
}

/** A refusal we can be sure of: the order was not placed. */
function refusal(err: unknown): string | null {
  if (
    isUpstreamError(err) &&
    err.status !== undefined &&
    err.status >= 400 &&
    err.status < 500 &&
    err.status !== 429
  )
    return vendorText(err.body) ?? err.message
  if (err instanceof AppError && err.status === 422) return err.message
  return null
}

function vendorText(body: string | undefined): string | null {
  try {
    const m = (JSON.parse(body ?? '') as { message?: unknown }).message
    return typeof m === 'string' && m ? m : null
  } catch {
    return null
  }
}

export class ExecutionService {
  constructor(
    private readonly deps: { scopes: Scopes; log: Logger; paper: PaperBroker; brokers: AccountOrders },
  ) {}

  async send(tenantId: number, order: repo.OrderRow): Promise<void> {
    if (order.mode === 'paper') return this.deps.paper.place(tenantId, order)
    const route = await this.deps.brokers.route(tenantId, order.account_id)
    if (!route)
      return this.refused(tenantId, order, 'the account is no longer linked to a connected trading broker')
    const request: OrderRequest = {
      symbol: order.symbol,
      side: order.side,
      type: order.order_type,
      timeInForce: order.time_in_force as OrderRequest['timeInForce'],
      qty: order.qty ? decSub(order.qty, '0') : undefined,
      notional: order.notional ?? undefined,
      limitPrice: order.limit_price ? decSub(order.limit_price, '0') : undefined,
      clientOrderId: brokerClientId(order),
    }
    let placed: BrokerOrder
    try {
      placed = await this.deps.brokers.place(tenantId, route, request)
    } catch (err) {
      const msg = refusal(err)
      if (msg !== null) return this.refused(tenantId, order, msg, route.broker)
      this.deps.log.warn(
        { err, tenant_id: tenantId, order_id: order.id },
        'agent order: outcome unknown, left sent',
      )
      await this.deps.scopes.withTenant(tenantId, (s) =>
        repo.updateOrder(s, order.id, { broker: route.broker }),
      )
      return
    }
    await this.apply(tenantId, order.id, route.broker, placed)
  }

  /** The broker's view of an order applied: status, fills, and the fill delta into the agent's position. */
  async apply(tenantId: number, orderId: number, broker: string, b: BrokerOrder): Promise<void> {
    await this.deps.scopes.withTenant(tenantId, async (s) => {
      await repo.lockOrder(s, orderId)
      const o = await repo.findOrder(s, orderId)
      if (!o || !['sent', 'partially_filled'].includes(o.status)) return
      const status = statusOf(b)
      const delta = decSub(b.filledQty, o.filled_qty)
      if (decSign(delta) !== 0)
        await repo.addPosition(s, {
          agentId: o.agent_id,
          accountId: o.account_id,
          symbol: o.symbol,
          delta: o.side === 'buy' ? delta : decSub('0', delta),
        })
      await repo.updateOrder(s, orderId, {
        status,
        broker,
        broker_order_id: b.id,
        filled_qty: b.filledQty,
        filled_avg_price: b.filledAvgPrice,
        ...(status === 'broker_rejected'
          ? { reject_reason: 'broker.rejected', reject_detail: 'the broker rejected the order' }
          : {}),
      })
      if (status === 'broker_rejected') await giveBack(s, o)
    })
  }

  /** Records a broker's refusal: status, reason, the rejection counted, the budget given back. */
  async refused(tenantId: number, order: repo.OrderRow, message: string, broker?: string): Promise<void> {
    await this.deps.scopes.withTenant(tenantId, async (s) => {
      await repo.lockOrder(s, order.id)
      await repo.updateOrder(s, order.id, {
        status: 'broker_rejected',
        reject_reason: 'broker.rejected',
        reject_detail: message.slice(0, 500),
        ...(broker ? { broker } : {}),
      })
      await giveBack(s, order)
    })
  }

  /** Cancels at the broker (paper: at once). False when the broker would not cancel it. */
  async cancel(tenantId: number, order: repo.OrderRow): Promise<boolean> {
    if (order.broker === PAPER || order.mode === 'paper') return true
    const route = await this.deps.brokers.route(tenantId, order.account_id)
    if (!route || !order.broker_order_id) return false
    try {
      await this.deps.brokers.cancel(tenantId, route, order.broker_order_id)
      return true
    } catch (err) {
      this.deps.log.warn({ err, tenant_id: tenantId, order_id: order.id }, 'agent order: cancel refused')
      return false
    }
  }
}

/** A rejection after the gate passed the order: counted, and its budget given back. */
export async function giveBack(s: Parameters<typeof repo.addUsage>[0], o: repo.OrderRow): Promise<void> {
  await repo.addUsage(s, o.agent_id, o.trading_day, o.priced_notional, -1)
  await repo.addRejection(s, o.agent_id, o.trading_day, 'broker.rejected')
}
