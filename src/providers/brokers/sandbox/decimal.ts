/** Money and quantities on Alpaca's wire: decimal strings, parsed from strings or JSON numbers. */

/** `x` rounded half away from zero to `dp` decimals. */
export function round(x: number, dp = 2): number {
  const f = 10 ** dp
  return (Math.sign(x) * Math.round(Math.abs(x) * f + 1e-9)) / f
}

/** A decimal string: fixed-point, trailing zeros dropped ("600", "187.25"), never exponent notation. */
export function dec(x: number, dp = 2): string {
  const fixed = round(x, dp).toFixed(dp)
  const s = fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed
  return s === '-0' ? '0' : s
}

/** Whole cents of a dollar amount. */
export const cents = (x: number): number => Math.round(x * 100 + (x >= 0 ? 1e-9 : -1e-9))

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
