/**
 * Money-weighted return: the XIRR of the portfolio's own flows over a range, seen from the
 * investor — the starting value put in on the base day, each flow put in (or taken out) on its
 * day, the end value taken out on the last day. The rate is annual (365-day years) for every
 * range, as spreadsheets' XIRR is; `periodOf` turns it back into the return over the range itself.
 */
import { daysBetween } from '../../lib/dates.ts'
import { xirr } from '../../capital/lib/xirr.ts'

export interface Dated {
  date: string
  /** Cents; a contribution is positive. */
  cents: number
}

/** The annual money-weighted rate, or null when there is none (no money both in and out, no root). */
export function mwr(start: Dated, flows: readonly Dated[], end: Dated): number | null {
  const cash = [start, ...flows]
    .filter((f) => f.cents !== 0)
    .map((f) => ({ date: f.date, amount: -f.cents / 100 }))
  if (end.cents !== 0) cash.push({ date: end.date, amount: end.cents / 100 })
  if (!cash.some((c) => c.amount > 0) || !cash.some((c) => c.amount < 0)) return null
  try {
    return xirr(cash).xirr
  } catch {
    return null
  }
}

/** (1 + annual)^(days / 365) − 1: the annual rate as a return over `from` → `to`. */
export function periodOf(annual: number | null, from: string, to: string): number | null {
  return annual === null ? null : Math.pow(1 + annual, daysBetween(from, to) / 365) - 1
}
