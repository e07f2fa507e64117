/**
 * Orders through the Trader API: list (fromEnteredTime and toEnteredTime are required, from at most
 * 60 days back), place (201 with an empty body: the id comes from the Location, then the order is
 * read back) and cancel (by account hash; without one, the order's account is looked up first).
 */
import { DAY_MS } from '../../../kernel/dates.ts'
import { UpstreamError, UpstreamNotFoundError } from '../../../platform/upstream-errors.ts'
import type { BrokerOrder, OrderListQuery, OrderRequest } from '../broker.port.ts'
import { segment, type SchwabHttp } from './schwab-http.ts'
import { CLOSED_STATUSES, orderBody, orderIdOf, singleOrders, toOrder } from './schwab-order-wire.ts'
import { array, idOf, instant, PROVIDER, toAccountNumbers, wireQueryTime } from './schwab-wire.ts'

/** How far back the vendor lists orders. */
export const ORDER_LIST_DAYS = 60
/** Keeps our `fromEnteredTime` inside the vendor's 60 days and our `toEnteredTime` past its now, whatever clock skew. */
const CLOCK_MARGIN_MS = 5 * 60_000

export type SchwabOrderListQuery = OrderListQuery & {
  /** An account's hashValue; absent: the orders of every account of the login. */
  accountId?: string | undefined
}

const isOpen = (o: BrokerOrder) => !CLOSED_STATUSES.has(o.status.toUpperCase())

/**
 * The port's `after`/`until` are exclusive (as Alpaca's are) and Schwab's times inclusive; an `after`
 * older than 60 days is moved up to what the vendor still lists. The status filter is ours: Schwab
 * filters by one status, and "open" is many (WORKING, QUEUED, PENDING_ACTIVATION, AWAITING_…).
 */
export async function listOrders(
  api: SchwabHttp,
  token: string,
  q: SchwabOrderListQuery,
): Promise<BrokerOrder[]> {
  const now = api.now().getTime()
  const oldest = now - ORDER_LIST_DAYS * DAY_MS + CLOCK_MARGIN_MS
  const from = Math.max(q.after !== undefined ? instant(q.after, 'after') + 1 : oldest, oldest)
  const to = q.until !== undefined ? instant(q.until, 'until') - 1 : now + CLOCK_MARGIN_MS
  if (to < from) return []
  const status = q.status ?? 'open'
  const path = q.accountId ? `/trader/v1/accounts/${segment(q.accountId)}/orders` : '/trader/v1/orders'
  const body = await api.get(token, path, {
    fromEnteredTime: wireQueryTime(from),
    toEnteredTime: wireQueryTime(to),
    // The vendor keeps the newest maxResults: right only when we want the newest, unfiltered.
    maxResults: status === 'all' && q.direction !== 'asc' ? q.limit : undefined,
  })
  const orders = singleOrders(array(body, 'orders'))
    .map((o, i) => toOrder(o, `orders[${i}]`))
    .filter((o) => status === 'all' || (status === 'open') === isOpen(o))
  const sign = q.direction === 'asc' ? 1 : -1
  orders.sort((a, b) => sign * (a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)))
  return q.limit !== undefined ? orders.slice(0, q.limit) : orders
}

/** What was asked, as accepted: when the read-back after a successful placement fails. */
function asPlaced(order: OrderRequest, id: string, at: Date): BrokerOrder {
  const limited = order.type === 'limit' || order.type === 'stop_limit'
  const stopped = order.type === 'stop' || order.type === 'stop_limit'
  return {
    id,
    clientOrderId: null,
    symbol: order.symbol.trim().toUpperCase(),
    side: order.side,
    type: order.type,
    timeInForce: order.timeInForce,
    status: 'accepted',
    qty: order.qty ?? null,
    notional: null,
    filledQty: '0',
    filledAvgPrice: null,
    limitPrice: limited ? (order.limitPrice ?? null) : null,
    stopPrice: stopped ? (order.stopPrice ?? null) : null,
    extendedHours: order.extendedHours === true,
    createdAt: at.toISOString(),
    submittedAt: at.toISOString(),
    filledAt: null,
    canceledAt: null,
  }
}

/**
 * Places a SINGLE equity order, never retried after a timeout or a 5xx (it may have been placed).
 * Once Schwab answered 201 the order exists: a failed read-back answers the order as asked
 * (status `accepted`) rather than an error that would invite placing it again.
 */
export async function placeOrder(
  api: SchwabHttp,
  token: string,
  order: OrderRequest & { accountId: string },
): Promise<BrokerOrder> {
  if (!order.accountId) throw new TypeError('a Schwab order needs accountId (the account hashValue)')
  const path = `/trader/v1/accounts/${segment(order.accountId)}/orders`
  const res = await api.write(token, 'POST', path, orderBody(order))
  const id = orderIdOf(res.headers.get('location'))
  const placedAt = api.now()
  try {
    return toOrder(await api.get(token, `${path}/${segment(id)}`))
  } catch (err) {
    if (err instanceof UpstreamError) return asPlaced(order, id, placedAt)
    throw err
  }
}

/** The hash of the account holding an order of the last 60 days. */
async function accountOfOrder(api: SchwabHttp, token: string, orderId: string): Promise<string> {
  const now = api.now().getTime()
  const body = await api.get(token, '/trader/v1/orders', {
    fromEnteredTime: wireQueryTime(now - ORDER_LIST_DAYS * DAY_MS + CLOCK_MARGIN_MS),
    toEnteredTime: wireQueryTime(now + CLOCK_MARGIN_MS),
  })
  const found = singleOrders(array(body, 'orders')).find(
    (o, i) => idOf(o, 'orderId', `orders[${i}]`) === orderId,
  )
  const notFound = () =>
    new UpstreamNotFoundError(`${PROVIDER} has no order ${orderId} in the last 60 days`, {
      provider: PROVIDER,
    })
  if (!found) throw notFound()
  const number = idOf(found, 'accountNumber', 'order')
  const numbers = toAccountNumbers(await api.get(token, '/trader/v1/accounts/accountNumbers'))
  const hash = numbers.find((n) => n.accountNumber === number)?.hashValue
  if (hash === undefined) throw notFound()
  return hash
}

/** Cancels an open order (200 with an empty body); only a 429 is retried, as for placing. */
export async function cancelOrder(
  api: SchwabHttp,
  token: string,
  orderId: string,
  accountId?: string,
): Promise<void> {
  const hash = accountId || (await accountOfOrder(api, token, orderId))
  await api.write(token, 'DELETE', `/trader/v1/accounts/${segment(hash)}/orders/${segment(orderId)}`)
}
