/** Schwab orders (docs/vendor-formats.md#schwab-trader Orders): the POST body's rules, the stored order, its GET shape. */
import { positiveDecimal } from '../decimal.ts'
import { cusipOf, instrumentIdOf } from './ids.ts'
import { wireTime } from './wire.ts'

export const ORDER_TYPES = ['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT'] as const
export const SESSIONS = ['NORMAL', 'AM', 'PM', 'SEAMLESS'] as const
export const DURATIONS = [
  'DAY',
  'GOOD_TILL_CANCEL',
  'FILL_OR_KILL',
  'IMMEDIATE_OR_CANCEL',
  'END_OF_WEEK',
  'END_OF_MONTH',
  'NEXT_END_OF_MONTH',
] as const
export const INSTRUCTIONS = ['BUY', 'SELL', 'BUY_TO_COVER', 'SELL_SHORT'] as const
const STRATEGIES = [
  'SINGLE',
  'CANCEL',
  'RECALL',
  'PAIR',
  'FLATTEN',
  'TWO_DAY_SWAP',
  'BLAST_ALL',
  'OCO',
  'TRIGGER',
]
const ASSET_TYPES = [
  'EQUITY',
  'OPTION',
  'INDEX',
  'MUTUAL_FUND',
  'CASH_EQUIVALENT',
  'FIXED_INCOME',
  'CURRENCY',
]

export const ORDER_STATUSES = new Set(
  (
    'AWAITING_PARENT_ORDER AWAITING_CONDITION AWAITING_STOP_CONDITION AWAITING_MANUAL_REVIEW ACCEPTED ' +
    'AWAITING_UR_OUT PENDING_ACTIVATION QUEUED WORKING REJECTED PENDING_CANCEL CANCELED PENDING_REPLACE ' +
    'REPLACED FILLED EXPIRED NEW AWAITING_RELEASE_TIME PENDING_ACKNOWLEDGEMENT PENDING_RECALL UNKNOWN'
  ).split(' '),
)
/** Statuses an order can still be canceled in. */
export const OPEN_STATUSES = new Set(['PENDING_ACTIVATION', 'QUEUED', 'WORKING', 'ACCEPTED', 'NEW'])

export interface OrderSpec {
  orderType: (typeof ORDER_TYPES)[number]
  session: (typeof SESSIONS)[number]
  duration: (typeof DURATIONS)[number]
  instruction: (typeof INSTRUCTIONS)[number]
  symbol: string
  quantity: number
  price?: number
  stopPrice?: number
}

export interface SchwabOrder extends OrderSpec {
  orderId: number
  accountNumber: string
  status: string
  statusDescription?: string
  enteredTime: number
  closeTime?: number
  filledQuantity: number
  /** The execution, once filled. */
  fill?: { price: number; at: number; activityId: number }
}

type Json = Record<string, unknown>

const isIn = <T extends string>(v: string, all: readonly T[]): v is T =>
  (all as readonly string[]).includes(v)

/** The value when it is one of `allowed`; otherwise the 400 message (prefixed "invalid" or naming it required). */
function oneOf(v: unknown, allowed: readonly string[], name: string): string {
  if (v === undefined || v === null || v === '') return `${name} is required`
  return typeof v === 'string' && allowed.includes(v) ? v : `invalid ${name}: ${JSON.stringify(v)}`
}

/** A price as Schwab takes it (string or number): positive, at most 2 decimals from $1, 4 below. */
function priceOf(v: unknown, name: string): number | undefined | string {
  const n = positiveDecimal(v)
  if (n === undefined) return undefined
  if (Number.isNaN(n)) return `invalid ${name}: must be a positive decimal`
  const decimals = (String(v).split('.')[1] ?? '').length
  if (decimals > (n >= 1 ? 2 : 4)) return `invalid ${name}: too many decimal places`
  return n
}

/** The single leg of a SINGLE equity order, or the 400 message. */
function legOf(b: Json): Pick<OrderSpec, 'instruction' | 'symbol' | 'quantity'> | string {
  const legs = b['orderLegCollection']
  if (!Array.isArray(legs) || legs.length === 0) return 'orderLegCollection is required'
  if (legs.length > 1) return 'a SINGLE order has exactly one leg'
  const leg = legs[0] as unknown
  if (typeof leg !== 'object' || leg === null) return 'invalid orderLegCollection'
  const l = leg as Json
  const instruction = oneOf(l['instruction'], INSTRUCTIONS, 'instruction')
  if (!isIn(instruction, INSTRUCTIONS)) return instruction
  const q = l['quantity']
  if (typeof q !== 'number' || !Number.isInteger(q) || q <= 0)
    return 'quantity must be a positive whole number'
  const instrument = (l['instrument'] ?? {}) as Json
  const symbol = instrument['symbol']
  if (typeof symbol !== 'string' || symbol.trim() === '') return 'instrument.symbol is required'
  const assetType = oneOf(instrument['assetType'], ASSET_TYPES, 'instrument.assetType')
  if (assetType !== 'EQUITY')
    return isIn(assetType, ASSET_TYPES) ? `assetType ${assetType} is not supported by the sandbox` : assetType
  return { instruction, symbol: symbol.trim().toUpperCase(), quantity: q }
}

/** The prices an order type needs, and only those. */
function pricesOf(
  b: Json,
  orderType: OrderSpec['orderType'],
): Pick<OrderSpec, 'price' | 'stopPrice'> | string {
  const price = priceOf(b['price'], 'price')
  const stopPrice = priceOf(b['stopPrice'], 'stopPrice')
  if (typeof price === 'string') return price
  if (typeof stopPrice === 'string') return stopPrice
  const limitType = orderType === 'LIMIT' || orderType === 'STOP_LIMIT'
  const stopType = orderType === 'STOP' || orderType === 'STOP_LIMIT'
  if (limitType && price === undefined) return `price is required for ${orderType} orders`
  if (!limitType && price !== undefined) return `price is not allowed for ${orderType} orders`
  if (stopType && stopPrice === undefined) return `stopPrice is required for ${orderType} orders`
  if (!stopType && stopPrice !== undefined) return `stopPrice is not allowed for ${orderType} orders`
  return { ...(price !== undefined ? { price } : {}), ...(stopPrice !== undefined ? { stopPrice } : {}) }
}

/** The order a POST body asks for, or the 400 message. Symbol existence and funds are checked later. */
export function parseOrder(body: unknown): OrderSpec | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'request body must be a JSON object'
  const b = body as Json
  const orderType = oneOf(b['orderType'], ORDER_TYPES, 'orderType')
  if (!isIn(orderType, ORDER_TYPES)) return orderType
  const session = oneOf(b['session'], SESSIONS, 'session')
  if (!isIn(session, SESSIONS)) return session
  const duration = oneOf(b['duration'], DURATIONS, 'duration')
  if (!isIn(duration, DURATIONS)) return duration
  const strategy = oneOf(b['orderStrategyType'], STRATEGIES, 'orderStrategyType')
  if (strategy !== 'SINGLE')
    return isIn(strategy, STRATEGIES)
      ? `orderStrategyType ${strategy} is not supported by the sandbox`
      : strategy
  const complex = b['complexOrderStrategyType']
  if (complex !== undefined && complex !== 'NONE')
    return 'complexOrderStrategyType must be NONE for equity orders'
  const leg = legOf(b)
  if (typeof leg === 'string') return leg
  const prices = pricesOf(b, orderType)
  if (typeof prices === 'string') return prices
  return { orderType, session, duration, ...leg, ...prices }
}

const opening = (instruction: string) => instruction === 'BUY' || instruction === 'SELL_SHORT'

export function orderJson(o: SchwabOrder): Json {
  const open = OPEN_STATUSES.has(o.status)
  const instrument = {
    assetType: 'EQUITY',
    cusip: cusipOf(o.symbol),
    symbol: o.symbol,
    instrumentId: instrumentIdOf(o.symbol),
  }
  const json: Json = {
    session: o.session,
    duration: o.duration,
    orderType: o.orderType,
    complexOrderStrategyType: 'NONE',
    quantity: o.quantity,
    filledQuantity: o.filledQuantity,
    remainingQuantity: open ? o.quantity - o.filledQuantity : 0,
    requestedDestination: 'AUTO',
    destinationLinkName: 'AutoRoute',
    ...(o.price !== undefined ? { price: o.price } : {}),
    ...(o.stopPrice !== undefined ? { stopPrice: o.stopPrice, stopType: 'STANDARD' } : {}),
    orderLegCollection: [
      {
        orderLegType: 'EQUITY',
        legId: 1,
        instrument,
        instruction: o.instruction,
        positionEffect: opening(o.instruction) ? 'OPENING' : 'CLOSING',
        quantity: o.quantity,
      },
    ],
    orderStrategyType: 'SINGLE',
    orderId: o.orderId,
    cancelable: open,
    editable: open,
    status: o.status,
    enteredTime: wireTime(o.enteredTime),
    ...(o.closeTime !== undefined ? { closeTime: wireTime(o.closeTime) } : {}),
    accountNumber: Number(o.accountNumber),
  }
  if (o.fill) json['orderActivityCollection'] = [activityOf(o, o.fill, instrument.instrumentId)]
  if (o.statusDescription) json['statusDescription'] = o.statusDescription
  return json
}

function activityOf(o: SchwabOrder, fill: NonNullable<SchwabOrder['fill']>, instrumentId: number): Json {
  return {
    activityType: 'EXECUTION',
    activityId: fill.activityId,
    executionType: 'FILL',
    quantity: o.filledQuantity,
    orderRemainingQuantity: 0,
    executionLegs: [
      {
        legId: 1,
        price: fill.price,
        quantity: o.filledQuantity,
        mismarkedQuantity: 0,
        instrumentId,
        time: wireTime(fill.at),
      },
    ],
  }
}
