/**
 * Money and quantities in the sandboxes, rounded exactly: a number is taken as the decimal it is
 * written as (its shortest round-trip form, `0.1 + 0.2` as 0.30000000000000004) and rounded half away
 * from zero with the exact decimal-string arithmetic of ../decimal.ts, never through `x * 100` in
 * floating point. Products of a quantity and a price are formed exactly before they are rounded.
 */
import { decimalString } from '../broker.port.ts'
import { decAdd, decDiv, decMul } from '../../../kernel/decimal/decimal-string.ts'

/** `x` as a decimal string, or null when it is not finite (NaN, ±Infinity pass through unchanged). */
const digits = (x: number): string | null => decimalString(x)

/** The decimal string `s` rounded half away from zero to `dp` decimals, trailing zeros dropped. */
const rounded = (s: string, dp: number): string => decDiv(s, '1', dp)!

/** `x` rounded half away from zero to `dp` decimals. */
export function round(x: number, dp = 2): number {
  const s = digits(x)
  return s === null ? x : Number(rounded(s, dp))
}

/** A decimal string: fixed-point, trailing zeros dropped ("600", "187.25"), never exponent notation. */
export function dec(x: number, dp = 2): string {
  const s = digits(x)
  return s === null ? String(x) : rounded(s, dp)
}

/** Whole cents of a dollar amount. */
export function cents(x: number): number {
  const s = digits(x)
  return s === null ? x : Number(rounded(decMul(s, '100'), 0))
}

/** `qty × price` rounded to `dp` decimals, the product formed exactly. */
export function product(qty: number, price: number, dp = 2): number {
  const q = digits(qty)
  const p = digits(price)
  return q === null || p === null ? qty * price : Number(rounded(decMul(q, p), dp))
}

/** Whole cents of `qty × price` (a position's value, a fill's amount), the product formed exactly. */
export function centsOf(qty: number, price: number): number {
  const q = digits(qty)
  const p = digits(price)
  return q === null || p === null ? qty * price * 100 : Number(rounded(decMul(decMul(q, p), '100'), 0))
}

/** `a / b` rounded to `dp` decimals, divided exactly (a float quotient when b is 0 or either is not finite). */
export function quotient(a: number, b: number, dp: number): number {
  const x = digits(a)
  const y = digits(b)
  const q = x === null || y === null ? null : decDiv(x, y, dp)
  return q === null ? a / b : Number(q)
}

/** Σ qty × price / Σ qty (an average cost) rounded to `dp` decimals, formed exactly. */
export function averagePrice(lots: ReadonlyArray<readonly [qty: number, price: number]>, dp = 4): number {
  let cost = '0'
  let qty = '0'
  for (const [q, p] of lots) {
    const dq = digits(q)
    const pd = digits(p)
    if (dq === null || pd === null) return NaN
    cost = decAdd(cost, decMul(dq, pd))
    qty = decAdd(qty, dq)
  }
  const avg = decDiv(cost, qty, dp)
  return avg === null ? NaN : Number(avg)
}

const DECIMAL = /^\d+(\.\d+)?$/

/**
 * A positive decimal given as a string or a JSON number (the real server accepts both): the number,
 * undefined when absent (undefined or null), NaN when present but not a positive decimal.
 */
export function positiveDecimal(v: unknown): number | undefined {
  if (v === undefined || v === null) return undefined
  if (typeof v === 'number') return Number.isFinite(v) && v > 0 ? v : NaN
  if (typeof v === 'string' && DECIMAL.test(v.trim())) {
    const n = Number(v.trim())
    return n > 0 ? n : NaN
  }
  return NaN
}
