/**
 * Daily closes of several symbols on one date axis: the union of their bar dates, NaN where a symbol
 * has no close that day. Returns of a NaN are NaN, so the correlation kernel drops those pairs: each
 * pair of symbols is joined on the dates both have (pandas `pct_change(fill_method=None).corr()`).
 */
import type { Bar } from '../../../../providers/market-data/index.ts'

export interface AlignedCloses {
  /** Ascending 'YYYY-MM-DD'. */
  dates: string[]
  /** One series per symbol, in the order asked, as long as `dates`. */
  closes: Float64Array[]
}

const HALF_DAY_MS = 43_200_000

/**
 * The date of a daily bar. Its start is the New York midnight of that date (04:00 or 05:00 UTC);
 * noon of the bar's UTC day names the same date for that and for a vendor stamping 00:00 UTC, and
 * costs no time-zone lookup (Intl took ~7 ms per symbol-quarter of bars).
 */
export const barDate = (b: Bar): string =>
  new Date(Date.parse(b.time) + HALF_DAY_MS).toISOString().slice(0, 10)

export function alignCloses(
  symbols: readonly string[],
  bars: ReadonlyMap<string, readonly Bar[]>,
): AlignedCloses {
  const byDate = symbols.map((s) => {
    const m = new Map<string, number>()
    for (const b of bars.get(s) ?? []) if (b.close > 0 && Number.isFinite(b.close)) m.set(barDate(b), b.close)
    return m
  })
  const dates = [...new Set(byDate.flatMap((m) => [...m.keys()]))].sort()
  const closes = byDate.map((m) => Float64Array.from(dates, (d) => m.get(d) ?? Number.NaN))
  return { dates, closes }
}

/** How many returns x and y both have (finite on both days of each pair). */
export function commonReturns(x: ArrayLike<number>, y: ArrayLike<number>): number {
  let n = 0
  for (let i = 1; i < x.length; i++)
    if (Number.isFinite(x[i]! / x[i - 1]!) && Number.isFinite(y[i]! / y[i - 1]!)) n++
  return n
}
