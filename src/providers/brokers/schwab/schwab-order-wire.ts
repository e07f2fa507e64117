/**
 * Schwab orders (docs/vendor-formats.md#schwab-trader Orders) ↔ the broker port: the SINGLE equity order JSON an
 * OrderRequest becomes, the BrokerOrder a GET answer becomes, the order id of a 201's Location and
 * which statuses count as open. What Schwab cannot take (a notional amount, opening or closing
 * auction time in force) is refused before any request, as a 422 the caller can show.
 */
import { UpstreamClientError } from '../../../platform/upstream-errors.ts'
import type { BrokerOrder, OrderRequest, OrderType, TimeInForce } from '../broker.port.ts'
import { decDiv, decMul, decSum } from '../../../kernel/decimal/decimal-string.ts'
import {
  array,
  dec,
  idOf,
  isoOf,
  malformed,
  object,
  optDec,
  optStr,
  PROVIDER,
  str,
  type SchwabJson,
} from './schwab-wire.ts'

/** Final statuses; every other one (WORKING, QUEUED, PENDING_ACTIVATION, AWAITING_…, …) is open. */
export const CLOSED_STATUSES: ReadonlySet<string> = new Set([
  'REJECTED',
  'CANCELED',
  'REPLACED',
  'FILLED',
  'EXPIRED',
])

const ORDER_TYPES: Record<OrderType, string> = {
  market: 'MARKET',
  limit: 'LIMIT',
  stop: 'STOP',
  stop_limit: 'STOP_LIMIT',
  trailing_stop: 'TRAILING_STOP',
}
const DURATIONS: Partial<Record<TimeInForce, string>> = {
  day: 'DAY',
  gtc: 'GOOD_TILL_CANCEL',
  ioc: 'IMMEDIATE_OR_CANCEL',
  fok: 'FILL_OR_KILL',
}
const TIME_IN_FORCE: Record<string, string> = {
  DAY: 'day',
  GOOD_TILL_CANCEL: 'gtc',
  IMMEDIATE_OR_CANCEL: 'ioc',
  FILL_OR_KILL: 'fok',
}
const BUYS = new Set(['BUY', 'BUY_TO_COVER', 'BUY_TO_OPEN', 'BUY_TO_CLOSE'])

/** An order Schwab would refuse, refused here: a 422 with a ServiceError-shaped body. */
export function refused(message: string): UpstreamClientError {
  return new UpstreamClientError(`${PROVIDER} refuses the order: ${message}`, {
    provider: PROVIDER,
    status: 422,
    body: JSON.stringify({ message, errors: [message] }),
  })
}

/** The trailing stop's link fields (a dollar or percent offset from the last price). */
function trailing(r: OrderRequest): SchwabJson {
  const offset = r.trailPrice ?? r.trailPercent
  if (offset === undefined) throw refused('a trailing stop needs trailPrice or trailPercent')
  return {
    stopPriceLinkBasis: 'LAST',
    stopPriceLinkType: r.trailPrice !== undefined ? 'VALUE' : 'PERCENT',
    stopPriceOffset: Number(offset),
  }
}

/** The POST body of a SINGLE equity order; prices go out as strings, exactly as given. */
export function orderBody(r: OrderRequest): SchwabJson {
  if (r.notional !== undefined) throw refused('Schwab takes share quantities, not notional amounts')
  if (r.qty === undefined) throw refused('qty is required')
  const duration = DURATIONS[r.timeInForce]
  if (!duration) throw refused(`time in force ${r.timeInForce} is not offered`)
  const body: SchwabJson = {
    orderType: ORDER_TYPES[r.type],
    session: r.extendedHours ? 'SEAMLESS' : 'NORMAL',
    duration,
    orderStrategyType: 'SINGLE',
  }
  if ((r.type === 'limit' || r.type === 'stop_limit') && r.limitPrice !== undefined)
    body['price'] = r.limitPrice
  if ((r.type === 'stop' || r.type === 'stop_limit') && r.stopPrice !== undefined)
    body['stopPrice'] = r.stopPrice
  if (r.type === 'trailing_stop') Object.assign(body, trailing(r))
  body['orderLegCollection'] = [
    {
      instruction: r.side === 'buy' ? 'BUY' : 'SELL',
      quantity: Number(r.qty),
      instrument: { symbol: r.symbol.trim().toUpperCase(), assetType: 'EQUITY' },
    },
  ]
  return body
}

/** The order id at the end of a 201's Location (`…/accounts/{hash}/orders/{orderId}`). */
export function orderIdOf(location: string | null): string {
  let path = ''
  try {
    path = new URL(location ?? '', 'http://location.invalid').pathname
  } catch {
    path = ''
  }
  const m = /\/orders\/(\d+)\/?$/.exec(path)
  if (!m?.[1]) throw malformed('the Location of the placed order names no order id')
  return m[1]
}

/** The quantity-weighted price of the order's executions, or null before any. */
function filledAvgPrice(o: SchwabJson, what: string): string | null {
  const legs = (o['orderActivityCollection'] == null ? [] : array(o['orderActivityCollection'], what))
    .flatMap((a, i) => {
      const activity = object(a, `${what}.orderActivityCollection[${i}]`)
      return activity['executionLegs'] == null
        ? []
        : array(activity['executionLegs'], `${what}.executionLegs`)
    })
    .map((l, i) => {
      const leg = object(l, `${what}.executionLegs[${i}]`)
      return { price: dec(leg, 'price', `${what}.executionLegs[${i}]`), qty: dec(leg, 'quantity', what) }
    })
  if (legs.length === 0) return null
  const total = decSum(legs.map((l) => decMul(l.price, l.qty)))
  return decDiv(total, decSum(legs.map((l) => l.qty)))
}

const typeOf = (orderType: string) =>
  Object.entries(ORDER_TYPES).find(([, v]) => v === orderType)?.[0] ?? orderType.toLowerCase()

export function toOrder(v: unknown, what = 'order'): BrokerOrder {
  const o = object(v, what)
  const [first] = array(o['orderLegCollection'], `${what}.orderLegCollection`)
  const leg = object(first, `${what}.orderLegCollection[0]`)
  const instrument = object(leg['instrument'], `${what}.orderLegCollection[0].instrument`)
  const orderType = str(o, 'orderType', what)
  const status = str(o, 'status', what)
  const duration = optStr(o, 'duration')
  const createdAt = isoOf(o['enteredTime'], `${what}.enteredTime`)
  const closedAt = o['closeTime'] == null ? null : isoOf(o['closeTime'], `${what}.closeTime`)
  const limited = orderType === 'LIMIT' || orderType === 'STOP_LIMIT'
  return {
    id: idOf(o, 'orderId', what),
    clientOrderId: null,
    symbol: str(instrument, 'symbol', `${what}.instrument`),
    side: BUYS.has(str(leg, 'instruction', `${what}.orderLegCollection[0]`)) ? 'buy' : 'sell',
    type: typeOf(orderType),
    timeInForce: duration ? (TIME_IN_FORCE[duration] ?? duration.toLowerCase()) : 'day',
    status: status.toLowerCase(),
    qty: optDec(o, 'quantity'),
    notional: null,
    filledQty: optDec(o, 'filledQuantity') ?? '0',
    filledAvgPrice: filledAvgPrice(o, what),
    limitPrice: limited ? optDec(o, 'price') : null,
    stopPrice: optDec(o, 'stopPrice'),
    extendedHours: ['AM', 'PM', 'SEAMLESS'].includes(optStr(o, 'session') ?? 'NORMAL'),
    createdAt,
    submittedAt: createdAt,
    filledAt: status === 'FILLED' ? closedAt : null,
    canceledAt: status === 'CANCELED' ? closedAt : null,
  }
}

/**
 * The single orders of a list: an OCO or TRIGGER parent without legs of its own stands for its
 * children (`childOrderStrategies`), each listed as the order it is.
 */
export function singleOrders(list: unknown[], what = 'orders'): SchwabJson[] {
  return list.flatMap((v, i) => {
    const o = object(v, `${what}[${i}]`)
    const children = o['childOrderStrategies']
    if (o['orderLegCollection'] == null && Array.isArray(children))
      return singleOrders(children, `${what}[${i}].childOrderStrategies`)
    return [o]
  })
}
