/**
 * Sending a passed order, after the gate's transaction has committed (never inside the lock): paper
 * mode to the paper broker, live mode to the trading broker that links the account (the brokers
 * module's account orders). A refusal by the broker (a 4xx, no longer connected, the broker not
 * configured on this server: the order certainly never placed) records
 * `broker_rejected` with its message, counts as the rejection `broker.rejected` and gives the
 * budget back. An uncertain outcome (timeout, 5xx) is never resubmitted: the order stays `sent` and
 * the fills job finds it at the broker by its client order id.
 */
import type { Logger } from 'pino'
import type { Scopes, TenantScope } from '../../../../platform/db/index.ts'
import { AppError } from '../../../../platform/http/errors.ts'
import { isUpstreamError } from '../../../../platform/upstream-errors.ts'
import { decSign, decSub } from '../../../../kernel/decimal/index.ts'
import type { BrokerOrder, OrderListQuery, OrderRequest } from '../../../../providers/brokers/index.ts'
import { type AccountOrdersService, neverSent, type OrderConnection } from '../../../brokers/index.ts'
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
  routeIn(s: TenantScope, accountId: number): Promise<Route | null>
  routeQuery: AccountOrdersService['routeQuery']
  connection(tenantId: number, route: Route): Promise<OrderConnection>
  place(
    tenantId: number,
    route: Route,
    order: OrderRequest,
    connection?: OrderConnection,
  ): Promise<BrokerOrder>
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

/**
 * A refusal we can be sure of: the order was not placed. The broker refused it (a 4xx other than
 * 429), or it never reached the broker (`neverSent`: Schwab or Alpaca not configured on this server,
 * no connection, a connection to make again).
 */
function refusal(err: unknown): string | null {
  if (neverSent(err)) return (err as Error).message
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

  /**
   * The broker connection a live order to `route` is sent through, read from now on: the gate starts
   * it with its pass, so that both go in one call into PGlite (one batch) or side by side on
   * PostgreSQL, instead of one after the other. Its failure is `send`'s to meet (a refusal).
   */
  connectionAhead(tenantId: number, route: Route): Promise<OrderConnection> {
    const ahead = this.deps.brokers.connection(tenantId, route)
    ahead.catch(() => {}) // not awaited when the pass is not recorded: no unhandled rejection
    return ahead
  }

  /**
   * Sends the order; answers it as it now is. `known`: what the gate already has (its quote of a
   * market order, the account's route it read, the route's connection read ahead); looked up again
   * when absent.
   */
  async send(
    tenantId: number,
    order: repo.OrderRow,
    known: { quote?: string | null; route?: Route | null; connection?: Promise<OrderConnection> } = {},
  ): Promise<repo.OrderRow> {
    if (order.mode === 'paper') return this.deps.paper.place(tenantId, order, known.quote)
    const route =
      known.route !== undefined ? known.route : await this.deps.brokers.route(tenantId, order.account_id)
    if (!route)
      return this.refused(tenantId, order, 'the account is no longer linked to a connected trading broker')
    let placed: BrokerOrder
    try {
      const connection = known.route === route ? await known.connection : undefined
      placed = await this.deps.brokers.place(tenantId, route, requestOf(order), connection)
    } catch (err) {
      const msg = refusal(err)
      if (msg !== null) return this.refused(tenantId, order, msg, route.broker)
      this.deps.log.warn(
        { err, tenant_id: tenantId, order_id: order.id },
        'agent order: outcome unknown, left sent',
      )
      const row = await this.deps.scopes.withTenant(tenantId, (s) =>
        repo.updateOrderReturning(s, order.id, { broker: route.broker }),
      )
      return { ...row, approval_id: order.approval_id }
    }
    return { ...(await this.apply(tenantId, order.id, route.broker, placed)), approval_id: order.approval_id }
  }

  /**
   * The broker's view of an order applied: status, fills, and the fill delta into the agent's
   * position. An answer that moves no fill and rejects nothing (an order resting at the broker) is
   * one UPDATE of the still open order, sent alone; anything else locks the order first.
   */
  async apply(tenantId: number, orderId: number, broker: string, b: BrokerOrder) {
    const status = statusOf(b)
    const patch = {
      status,
      broker,
      broker_order_id: b.id,
      filled_qty: b.filledQty,
      filled_avg_price: b.filledAvgPrice,
    }
    if (status !== 'broker_rejected') {
      // Its scope's whole work, sent alone; when it matches nothing it wrote nothing, and the locked
      // path below runs in a transaction of its own.
      const [row] = await this.deps.scopes.statementAlone(tenantId, (s) =>
        repo.openUnfilledStatement(s, orderId, patch),
      )
      if (row) return row
    }
    return this.deps.scopes.withTenant(tenantId, async (s) => {
      const o = await repo.lockOrder(s, orderId)
      if (!o) throw new Error(`agent order ${orderId} vanished`)
      if (!repo.OPEN_STATUSES.includes(o.status)) return o
      const delta = decSub(b.filledQty, o.filled_qty)
      if (decSign(delta) !== 0)
        await repo.addPosition(s, {
          agentId: o.agent_id,
          accountId: o.account_id,
          symbol: o.symbol,
          delta: o.side === 'buy' ? delta : decSub('0', delta),
        })
      const rejected = status === 'broker_rejected'
      if (rejected) await giveBack(s, o)
      return repo.updateOrderReturning(s, orderId, {
        ...patch,
        ...(rejected
          ? { reject_reason: 'broker.rejected', reject_detail: 'the broker rejected the order' }
          : {}),
      })
    })
  }

  /** Records a broker's refusal: status, reason, the rejection counted, the budget given back. */
  async refused(
    tenantId: number,
    order: repo.OrderRow,
    message: string,
    broker?: string,
  ): Promise<repo.OrderRow> {
    const row = await this.deps.scopes.withTenant(tenantId, async (s) => {
      const o = await repo.lockOrder(s, order.id)
      if (!o) throw new Error(`agent order ${order.id} vanished`)
      await giveBack(s, o)
      return repo.updateOrderReturning(s, order.id, {
        status: 'broker_rejected',
        reject_reason: 'broker.rejected',
        reject_detail: message.slice(0, 500),
        ...(broker ? { broker } : {}),
      })
    })
    return { ...row, approval_id: order.approval_id }
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

/** The order as the broker port takes it. */
function requestOf(order: repo.OrderRow): OrderRequest {
  return {
    symbol: order.symbol,
    side: order.side,
    type: order.order_type,
    timeInForce: order.time_in_force as OrderRequest['timeInForce'],
    qty: order.qty ? decSub(order.qty, '0') : undefined,
    notional: order.notional ?? undefined,
    limitPrice: order.limit_price ? decSub(order.limit_price, '0') : undefined,
    clientOrderId: brokerClientId(order),
  }
}

/** A rejection after the gate passed the order: counted, and its budget given back. */
export async function giveBack(
  s: TenantScope,
  o: Pick<repo.OrderRow, 'agent_id' | 'trading_day' | 'priced_notional'>,
): Promise<void> {
  await repo.addUsage(s, o.agent_id, o.trading_day, o.priced_notional, -1)
  await repo.addRejection(s, o.agent_id, o.trading_day, 'broker.rejected')
}
