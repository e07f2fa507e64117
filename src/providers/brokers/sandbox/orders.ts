/** Orders as Alpaca validates, stores and lists them (docs/vendor-formats.md#alpaca-trading, POST/GET /v2/orders). */
import { dec, positiveDecimal } from './decimal.ts'
import { assetIdOf } from './universe.ts'

export const SIDES = ['buy', 'sell'] as const
export const TYPES = ['market', 'limit', 'stop', 'stop_limit', 'trailing_stop'] as const
export const TIFS = ['day', 'gtc', 'opg', 'cls', 'ioc', 'fok'] as const
export const OPEN_STATUSES = new Set([
  'new',
  'accepted',
  'pending_new',
  'partially_filled',
  'accepted_for_bidding',
])

export interface OrderSpec {
  symbol: string
  side: (typeof SIDES)[number]
  type: (typeof TYPES)[number]
  tif: (typeof TIFS)[number]
  qty?: number
  notional?: number
  limit?: number
  stop?: number
  trailPrice?: number
  trailPercent?: number
  extendedHours: boolean
  clientOrderId?: string
}

export interface Order extends OrderSpec {
  id: string
  clientOrderId: string
  status: string
  seq: number
  createdAt: number
  updatedAt: number
  submittedAt: number
  filledAt?: number
  canceledAt?: number
  filledQty: number
  filledAvg?: number
  /** The price the buying-power check used (limit, stop or the quote at submission). */
  estPrice: number
  /** Cents an open buy holds back (its notional, else qty × estPrice), fixed when it is placed; 0 for a sell. */
  reservedCents: number
}

type Json = Record<string, unknown>

function enumError(v: unknown, allowed: readonly string[], name: string): string | undefined {
  if (v === undefined || v === null || v === '') return `${name} is required`
  return typeof v === 'string' && allowed.includes(v) ? undefined : `invalid ${name}`
}

/** The numeric fields, each a positive decimal (string or number) when present. */
function amounts(
  b: Json,
): Pick<OrderSpec, 'qty' | 'notional' | 'limit' | 'stop' | 'trailPrice' | 'trailPercent'> | string {
  const names = { qty: 'qty', notional: 'notional', limit: 'limit_price', stop: 'stop_price' } as const
  const more = { trailPrice: 'trail_price', trailPercent: 'trail_percent' } as const
  const out: Record<string, number | undefined> = {}
  for (const [key, field] of Object.entries({ ...names, ...more })) {
    const n = positiveDecimal(b[field])
    if (Number.isNaN(n)) return `invalid ${field}: must be a positive decimal`
    out[key] = n
  }
  return out
}

/** The order's shape rules: quantities, prices per type, time in force, extended hours, class. */
function shapeError(o: OrderSpec, b: Json): string | undefined {
  if (o.qty !== undefined && o.notional !== undefined) return 'only one of qty or notional may be given'
  if (o.qty === undefined && o.notional === undefined) return 'qty or notional is required'
  if (o.notional !== undefined && (o.type !== 'market' || o.tif !== 'day'))
    return 'notional orders must be market orders with time_in_force day'
  if (o.qty !== undefined && !Number.isInteger(o.qty) && (o.type !== 'market' || o.tif !== 'day'))
    return 'fractional orders must be market orders with time_in_force day'
  if ((o.type === 'limit' || o.type === 'stop_limit') && o.limit === undefined)
    return `limit_price is required for ${o.type} orders`
  if ((o.type === 'stop' || o.type === 'stop_limit') && o.stop === undefined)
    return `stop_price is required for ${o.type} orders`
  if (o.type === 'trailing_stop' && (o.trailPrice === undefined) === (o.trailPercent === undefined))
    return 'exactly one of trail_price or trail_percent is required for trailing_stop orders'
  if (b['extended_hours'] !== undefined && typeof b['extended_hours'] !== 'boolean')
    return 'invalid extended_hours'
  if (o.extendedHours && (o.type !== 'limit' || o.tif !== 'day'))
    return 'extended hours orders must be limit orders with time_in_force day'
  const cls = b['order_class']
  if (cls !== undefined && cls !== null && cls !== '' && cls !== 'simple')
    return typeof cls === 'string' && ['bracket', 'oco', 'oto'].includes(cls)
      ? `order_class ${cls} is not supported by the sandbox`
      : 'invalid order_class'
  const id = b['client_order_id']
  if (id !== undefined && id !== null && (typeof id !== 'string' || id.length === 0 || id.length > 48))
    return 'client_order_id must be a string of 1 to 48 characters'
  return undefined
}

/** The order a POST body asks for, or the 422 message. Symbol existence and funds are checked later. */
export function parseOrder(body: unknown): OrderSpec | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'request body must be a JSON object'
  const b = body as Json
  if (typeof b['symbol'] !== 'string' || b['symbol'].trim() === '') return 'symbol is required'
  const bad =
    enumError(b['side'], SIDES, 'side') ??
    enumError(b['type'], TYPES, 'type') ??
    enumError(b['time_in_force'], TIFS, 'time_in_force')
  if (bad) return bad
  const nums = amounts(b)
  if (typeof nums === 'string') return nums
  const spec: OrderSpec = {
    symbol: b['symbol'].trim().toUpperCase(),
    side: b['side'] as OrderSpec['side'],
    type: b['type'] as OrderSpec['type'],
    tif: b['time_in_force'] as OrderSpec['tif'],
    ...nums,
    extendedHours: b['extended_hours'] === true,
  }
  if (typeof b['client_order_id'] === 'string') spec.clientOrderId = b['client_order_id']
  return shapeError(spec, b) ?? spec
}

const iso = (ms: number | undefined): string | null => (ms === undefined ? null : new Date(ms).toISOString())
const money = (x: number | undefined, dp = 4): string | null => (x === undefined ? null : dec(x, dp))

export function orderJson(o: Order): Json {
  return {
    id: o.id,
    client_order_id: o.clientOrderId,
    created_at: iso(o.createdAt),
    updated_at: iso(o.updatedAt),
    submitted_at: iso(o.submittedAt),
    filled_at: iso(o.filledAt),
    expired_at: null,
    canceled_at: iso(o.canceledAt),
    failed_at: null,
    replaced_at: null,
    replaced_by: null,
    replaces: null,
    asset_id: assetIdOf(o.symbol),
    symbol: o.symbol,
    asset_class: 'us_equity',
    notional: money(o.notional, 2),
    qty: money(o.qty, 9),
    filled_qty: dec(o.filledQty, 9),
    filled_avg_price: money(o.filledAvg),
    order_class: '',
    order_type: o.type,
    type: o.type,
    side: o.side,
    time_in_force: o.tif,
    limit_price: money(o.limit),
    stop_price: money(o.stop),
    status: o.status,
    extended_hours: o.extendedHours,
    legs: null,
    trail_percent: money(o.trailPercent),
    trail_price: money(o.trailPrice),
    hwm: null,
  }
}
