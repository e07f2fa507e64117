/**
 * What every vendor's activity map shares: the ledger row a vendor activity becomes, and the rules
 * of its amounts. A ledger `amount` is the gross money of the event, positive in the usual direction
 * of its type (a buy's cost, a fee paid, a deposit received); the vendors that send a signed net
 * cash amount (Alpaca's `net_amount`, Schwab's `netAmount`) are turned into it so that the ledger's
 * cash effect of the row equals the vendor's net amount exactly.
 */
import { decAbs, decDiv, decMul, decSign, decSub } from '../../../../../kernel/decimal/decimal-string.ts'
import type { BrokerActivity } from '../../../../../providers/brokers/index.ts'
import type { ActivityType } from '../../../../portfolio/index.ts'

export interface LedgerRow {
  type: ActivityType
  activity_date: string
  symbol: string | null
  quantity: string | null
  price: string | null
  amount: string
  fee: string
  currency: string
  source_id: string
  note: string | null
}

/** A mapped activity, or the vendor type it had when it has no meaning in the ledger. */
export type Mapped = { row: LedgerRow } | { unmapped: string }

export interface MapContext {
  /** The New York date of an instant. */
  day: (at: Date) => string
  /** The account's currency: an activity's when the vendor names none. */
  currency: string
}

const SYMBOL = /^[A-Z0-9.\-^]{1,16}$/
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}(T00:00:00(\.0+)?Z)?$/
const DECIMAL = /^-?\d+(\.\d+)?$/

/** Half away from zero to `places` (the ledger keeps amounts to 4 places, prices to 6). */
export const roundTo = (x: string, places: number): string => decDiv(x, '1', places)!
export const neg = (x: string): string => decSub('0', x)
/** quantity × price to the cent: a trade's gross money when the vendor sends no amount. */
export const grossCents = (qty: string, price: string): string => roundTo(decAbs(decMul(qty, price)), 2)

/** The parts every row takes from the vendor's activity; null when its id, time or currency is unusable. */
export function baseOf(a: BrokerActivity, ctx: MapContext) {
  const at = new Date(a.time)
  const currency = (a.currency ?? ctx.currency).toUpperCase()
  if (Number.isNaN(at.getTime()) || !a.id || a.id.length > 200 || !/^[A-Z]{3}$/.test(currency)) return null
  const symbol = a.symbol ? a.symbol.toUpperCase() : null
  return {
    // A date-only activity comes at midnight UTC: its date is that day, not New York's day before.
    activity_date: DATE_ONLY.test(a.time) ? a.time.slice(0, 10) : ctx.day(at),
    symbol: symbol !== null && SYMBOL.test(symbol) ? symbol : null,
    currency,
    source_id: a.id,
    note: a.description ? a.description.slice(0, 500) : null,
  }
}

/** A decimal the vendor sent, or null (missing, malformed). */
export const num = (v: string | null | undefined): string | null =>
  v !== null && v !== undefined && DECIMAL.test(v) ? v : null

/**
 * A cash-only row from the vendor's signed net cash amount: `type`'s amount is the net (types that
 * add cash) or its negation (types that take cash), so the row moves the cash by exactly `net`.
 */
export function cashRow(a: BrokerActivity, ctx: MapContext, type: ActivityType, net: string | null): Mapped {
  const base = baseOf(a, ctx)
  if (!base || net === null) return { unmapped: `${a.type} (incomplete)` }
  const adds = type === 'DIVIDEND' || type === 'INTEREST' || type === 'DEPOSIT' || type === 'TRANSFER_IN'
  const amount = roundTo(adds ? net : neg(net), 4)
  // A cash transfer names no symbol (one naming a symbol moves securities).
  const symbol = type === 'DIVIDEND' || type === 'TAX' || type === 'FEE' ? base.symbol : null
  return { row: { ...base, type, symbol, quantity: null, price: null, amount, fee: '0' } }
}

/** A cash transfer in or out, by the sign of the net amount. */
export const cashTransfer = (a: BrokerActivity, ctx: MapContext, net: string | null): Mapped =>
  cashRow(a, ctx, net !== null && decSign(net) < 0 ? 'TRANSFER_OUT' : 'TRANSFER_IN', net)

/** A deposit or a withdrawal, by the sign of the net amount. */
export const depositOrWithdrawal = (a: BrokerActivity, ctx: MapContext, net: string | null): Mapped =>
  cashRow(a, ctx, net !== null && decSign(net) < 0 ? 'WITHDRAWAL' : 'DEPOSIT', net)

/**
 * Securities moved in (+) or out (−): a transfer naming the symbol, its amount their value (the
 * vendor's amount when it sends one, else quantity × price; zero when neither is known).
 */
export function securitiesTransfer(
  a: BrokerActivity,
  ctx: MapContext,
  signedQty: string | null,
  value: string | null,
): Mapped {
  const base = baseOf(a, ctx)
  const qty = num(signedQty)
  if (!base || base.symbol === null || qty === null || decSign(qty) === 0)
    return { unmapped: `${a.type} (incomplete)` }
  const price = num(a.price)
  const amount =
    value !== null && decSign(value) !== 0 ? roundTo(decAbs(value), 4) : price ? grossCents(qty, price) : '0'
  return {
    row: {
      ...base,
      type: decSign(qty) < 0 ? 'TRANSFER_OUT' : 'TRANSFER_IN',
      quantity: decAbs(qty),
      price: price === null ? null : roundTo(decAbs(price), 6),
      amount,
      fee: '0',
    },
  }
}

/** A buy or a sell of `qty` (unsigned) at `price`, for `amount` (gross, ≥ 0) and `fee`. */
export function tradeRow(
  a: BrokerActivity,
  ctx: MapContext,
  t: { type: 'BUY' | 'SELL'; qty: string | null; price: string | null; amount: string | null; fee: string },
): Mapped {
  const base = baseOf(a, ctx)
  const qty = num(t.qty)
  const price = num(t.price)
  if (!base || base.symbol === null || qty === null || price === null || decSign(qty) === 0)
    return { unmapped: `${a.type} (incomplete)` }
  const amount = t.amount === null ? grossCents(qty, price) : roundTo(decAbs(t.amount), 4)
  return {
    row: {
      ...base,
      type: t.type,
      quantity: decAbs(qty),
      price: roundTo(decAbs(price), 6),
      amount,
      fee: roundTo(decAbs(t.fee), 4),
    },
  }
}
