/**
 * An account's value on each day of a series, in the base currency and integer cents:
 * Σ shares × close × rate(instrument currency → base) + Σ cash × rate(cash currency → base),
 * in floating point (the closes are) and rounded half away from zero to the cent once per account
 * and day. An account counts only on the days before its archive date (0 from that day on).
 *
 * A holding without a close on a day (none yet, or no market data) or without a rate, and cash
 * without a rate, are left out of that day's value and reported: no price or rate is assumed.
 */
import { countsOn } from '../../lib/archive.ts'
import { roundHalfAway } from './effects-fast.ts'

export interface MarketSeries {
  /** Closes per symbol on each series day, carried over days without a bar; NaN before the first. */
  closes: ReadonlyMap<string, Float64Array>
  /** Quote currency per symbol (absent: unknown instrument, priced as missing). */
  currencyOf: ReadonlyMap<string, string>
  /** Units of the base currency per unit of a currency, on each series day; NaN where none. */
  rates: ReadonlyMap<string, Float64Array>
}

export interface AccountDays {
  id: number
  archivedOn: string | null
  shares: ReadonlyMap<string, Float64Array>
  /** Cash in integer cents per currency on each series day. */
  cash: ReadonlyMap<string, Float64Array>
}

export interface Gap {
  key: string
  first: string
  last: string
  days: number
}

/** Days something was missing, by key (a symbol, a currency). */
export class Gaps {
  private readonly seen = new Map<string, Set<string>>()
  add(key: string, day: string): void {
    const days = this.seen.get(key)
    if (days) days.add(day)
    else this.seen.set(key, new Set([day]))
  }
  get size(): number {
    return this.seen.size
  }
  list(): Gap[] {
    return [...this.seen]
      .map(([key, set]) => {
        const sorted = [...set].sort()
        return { key, first: sorted[0]!, last: sorted.at(-1)!, days: sorted.length }
      })
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  }
}

export interface AccountValues {
  value: Float64Array
  cash: Float64Array
}

const NO_RATE = new Float64Array(0)

/** The account's value and cash (base currency, cents) on each of `days`. */
export function accountValues(
  days: readonly string[],
  a: AccountDays,
  m: MarketSeries,
  gaps: { prices: Gaps; rates: Gaps },
): AccountValues {
  const n = days.length
  let end = 0 // the account counts on days [0, end): before its archive date
  while (end < n && countsOn(a.archivedOn, days[end]!)) end++
  const raw = new Float64Array(n)
  const cashRaw = new Float64Array(n)
  for (const [currency, cents] of a.cash) {
    const rate = m.rates.get(currency) ?? NO_RATE
    for (let i = 0; i < end; i++) {
      const c = cents[i]!
      if (c === 0) continue
      const r = rate[i]
      if (r === undefined || Number.isNaN(r)) gaps.rates.add(currency, days[i]!)
      else cashRaw[i]! += c * r
    }
  }
  for (const [symbol, q] of a.shares) {
    const close = m.closes.get(symbol)
    const currency = m.currencyOf.get(symbol)
    const rate = currency === undefined ? NO_RATE : (m.rates.get(currency) ?? NO_RATE)
    for (let i = 0; i < end; i++) {
      const held = q[i]!
      if (held === 0) continue
      const px = close?.[i]
      if (px === undefined || Number.isNaN(px) || currency === undefined) {
        gaps.prices.add(symbol, days[i]!)
        continue
      }
      const r = rate[i]
      if (r === undefined || Number.isNaN(r)) gaps.rates.add(currency, days[i]!)
      else raw[i]! += held * px * 100 * r
    }
  }
  const value = new Float64Array(n)
  const cash = new Float64Array(n)
  for (let i = 0; i < end; i++) {
    cash[i] = roundHalfAway(cashRaw[i]!)
    value[i] = roundHalfAway(raw[i]! + cashRaw[i]!)
  }
  return { value, cash }
}
