/**
 * Alpaca Trading API v2 wire shapes → the broker port's types (docs/vendor-formats.md#alpaca-trading). Every field read is
 * checked; a payload that does not match throws UpstreamProtocolError, so bad data never reaches
 * the portfolio.
 */
import {
  type BrokerAccountInfo,
  type BrokerActivity,
  type BrokerBalances,
  type BrokerGrant,
  type BrokerOrder,
  type BrokerPosition,
  type OrderRequest,
} from '../broker.port.ts'
import { type WireJson, wireChecks } from '../wire.ts'

export const PROVIDER = 'alpaca'

type Obj = WireJson

const checks = wireChecks(PROVIDER)
export const { malformed, object, array } = checks
const { str, dec, optDec } = checks

/** Alpaca's optional strings: an empty string is kept as sent (the other vendors' read it as absent). */
const optStr = (o: Obj, key: string): string | null => (typeof o[key] === 'string' ? o[key] : null)

export function toGrant(body: unknown): BrokerGrant {
  const o = object(body, 'token response')
  const accessToken = str(o, 'access_token', 'token response')
  const type = str(o, 'token_type', 'token response')
  if (type.toLowerCase() !== 'bearer') throw malformed(`token response.token_type is ${type}`)
  return { accessToken, scope: optStr(o, 'scope') ?? undefined }
}

export function toAccountInfo(body: unknown): BrokerAccountInfo {
  const o = object(body, 'account')
  return {
    externalId: str(o, 'id', 'account'),
    number: str(o, 'account_number', 'account'),
    name: `Alpaca ${str(o, 'account_number', 'account')}`,
    currency: optStr(o, 'currency') ?? 'USD',
    accountType: optStr(o, 'multiplier') === '1' ? 'cash' : 'margin',
  }
}

export function toBalances(body: unknown): BrokerBalances {
  const o = object(body, 'account')
  return {
    currency: optStr(o, 'currency') ?? 'USD',
    cash: dec(o, 'cash', 'account'),
    equity: dec(o, 'equity', 'account'),
    buyingPower: dec(o, 'buying_power', 'account'),
    longMarketValue: dec(o, 'long_market_value', 'account'),
    shortMarketValue: dec(o, 'short_market_value', 'account'),
  }
}

export function toPosition(v: unknown, i: number): BrokerPosition {
  const what = `positions[${i}]`
  const o = object(v, what)
  const qty = dec(o, 'qty', what)
  const side = optStr(o, 'side')
  // Alpaca reports a short's qty as negative already; `side` confirms it.
  const quantity = side === 'short' && !qty.startsWith('-') ? `-${qty}` : qty
  const cost = dec(o, 'cost_basis', what)
  return {
    symbol: str(o, 'symbol', what).toUpperCase(),
    quantity,
    averagePrice: dec(o, 'avg_entry_price', what),
    costBasis: cost.startsWith('-') ? cost.slice(1) : cost,
    price: optDec(o, 'current_price'),
    marketValue: optDec(o, 'market_value'),
    unrealizedPl: optDec(o, 'unrealized_pl'),
    assetClass: optStr(o, 'asset_class') ?? 'us_equity',
  }
}

export function toOrder(v: unknown, what = 'order'): BrokerOrder {
  const o = object(v, what)
  return {
    id: str(o, 'id', what),
    clientOrderId: optStr(o, 'client_order_id'),
    symbol: str(o, 'symbol', what),
    side: str(o, 'side', what),
    type: optStr(o, 'type') ?? str(o, 'order_type', what),
    timeInForce: str(o, 'time_in_force', what),
    status: str(o, 'status', what),
    qty: optDec(o, 'qty'),
    notional: optDec(o, 'notional'),
    filledQty: optDec(o, 'filled_qty') ?? '0',
    filledAvgPrice: optDec(o, 'filled_avg_price'),
    limitPrice: optDec(o, 'limit_price'),
    stopPrice: optDec(o, 'stop_price'),
    extendedHours: o['extended_hours'] === true,
    createdAt: str(o, 'created_at', what),
    submittedAt: optStr(o, 'submitted_at'),
    filledAt: optStr(o, 'filled_at'),
    canceledAt: optStr(o, 'canceled_at'),
  }
}

/** The create-order body: decimals go out as strings, as Alpaca's API types them. */
export function orderBody(r: OrderRequest): Obj {
  const body: Obj = { symbol: r.symbol, side: r.side, type: r.type, time_in_force: r.timeInForce }
  const optional: [string, string | boolean | undefined][] = [
    ['qty', r.qty],
    ['notional', r.notional],
    ['limit_price', r.limitPrice],
    ['stop_price', r.stopPrice],
    ['trail_price', r.trailPrice],
    ['trail_percent', r.trailPercent],
    ['extended_hours', r.extendedHours],
    ['client_order_id', r.clientOrderId],
  ]
  for (const [k, v] of optional) if (v !== undefined) body[k] = v
  return body
}

export function toActivity(v: unknown, i: number): BrokerActivity {
  const what = `activities[${i}]`
  const o = object(v, what)
  const type = str(o, 'activity_type', what)
  const side = optStr(o, 'side')
  const date = optStr(o, 'date')
  const time = optStr(o, 'transaction_time') ?? (date ? `${date.slice(0, 10)}T00:00:00Z` : null)
  if (time === null) throw malformed(`${what} has neither transaction_time nor date`)
  return {
    id: str(o, 'id', what),
    type,
    time,
    symbol: optStr(o, 'symbol'),
    side: side === 'buy' || side === 'sell' || side === 'sell_short' ? side : null,
    qty: optDec(o, 'qty'),
    price: optDec(o, 'price') ?? optDec(o, 'per_share_amount'),
    netAmount: optDec(o, 'net_amount'),
    description: optStr(o, 'description'),
    orderId: optStr(o, 'order_id'),
  }
}
