/**
 * The activity effects of activities/lib/effects.ts, applied fast to many rows. Both effects are
 * linear: cash = a·amount + f·fee and shares = s·quantity (or × the ratio of a split), with
 * coefficients fixed by the type and whether a transfer names a symbol. The coefficients are read
 * from `cashEffect` and `shareEffect` once per type, so the rule stays in one place; each row then
 * costs integer arithmetic on ten-thousandths instead of decimal strings. A row with more than four
 * decimals (the columns hold four) goes through the decimal functions themselves.
 */
import { toCents } from '../../../../kernel/decimal/cents.ts'
import { ACTIVITY_TYPES, type ActivityType } from '../../portfolio.tables.ts'
import { cashEffect, shareEffect, type ActivityAmounts } from '../../activities/lib/effects.ts'

interface Coefficients {
  amount: number
  fee: number
  /** +1 / −1: adds ± quantity; 0: nothing; NaN: a split by the quantity (the ratio). */
  shares: number
}

function read(type: ActivityType, symbol: string | null): Coefficients {
  const row = (amount: string, fee: string): ActivityAmounts => ({ type, symbol, quantity: '1', amount, fee })
  const share = shareEffect(row('0', '0'))
  return {
    amount: Number(cashEffect(row('1', '0'))),
    fee: Number(cashEffect(row('0', '1'))),
    shares: share === null ? 0 : share.kind === 'split' ? Number.NaN : Number(share.quantity),
  }
}

const WITH_SYMBOL = new Map(ACTIVITY_TYPES.map((t) => [t, read(t, 'X')]))
const WITHOUT_SYMBOL = new Map(ACTIVITY_TYPES.map((t) => [t, read(t, null)]))
const coefficients = (type: ActivityType, symbol: string | null): Coefficients =>
  (symbol === null ? WITHOUT_SYMBOL : WITH_SYMBOL).get(type)!

/** Below this magnitude a four-decimal amount × 10,000 rounds back to its exact integer in a double. */
const EXACT_LIMIT = 1e11

/**
 * A decimal string as an integer number of ten-thousandths, or null past four decimals or 11
 * integer digits (beyond which a double would not hold it exactly). Number(s) is within half an
 * ulp of the decimal, so × 10,000 is within far less than ½ of the exact integer: rounding recovers it.
 */
export function tenThousandths(s: string): number | null {
  const dot = s.indexOf('.')
  if (dot >= 0 && s.length - dot - 1 > 4) return null
  const v = Number(s)
  if (s === '' || !(Math.abs(v) < EXACT_LIMIT)) return null
  return Math.round(v * 10_000) + 0
}

/** x / 100 rounded half away from zero (ten-thousandths → cents; exact for integer x). */
export function halfAway100(x: number): number {
  const q = Math.trunc(x / 100)
  const r = x - q * 100
  return (r >= 50 ? q + 1 : r <= -50 ? q - 1 : q) + 0 // never −0
}

/** A number rounded half away from zero to an integer. */
export const roundHalfAway = (x: number): number => (x < 0 ? -Math.round(-x) : Math.round(x))

/** The activity's signed cash change in integer cents (as `toCents(cashEffect(a))`). */
export function cashCents(a: ActivityAmounts): number {
  const amount = tenThousandths(a.amount)
  const fee = tenThousandths(a.fee)
  if (amount === null || fee === null) return Number(toCents(cashEffect(a)))
  const c = coefficients(a.type, a.symbol)
  return halfAway100(c.amount * amount + c.fee * fee)
}

export interface ShareMove {
  date: string
  symbol: string
  /** 'add': + quantity (negative for a sale); 'split': × ratio. */
  kind: 'add' | 'split'
  value: number
}

/** What the activity does to the shares (as `shareEffect(a)`), with a number, or null. */
export function shareMove(a: ActivityAmounts & { date: string }): ShareMove | null {
  if (a.symbol === null || a.quantity === null) return null
  const s = coefficients(a.type, a.symbol).shares
  if (s === 0) return null
  const q = Number(a.quantity)
  return Number.isNaN(s)
    ? { date: a.date, symbol: a.symbol, kind: 'split', value: q }
    : { date: a.date, symbol: a.symbol, kind: 'add', value: s * q }
}
