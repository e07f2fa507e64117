/**
 * The cumulative realized P&L curve and its worst peak-to-trough fall. The curve starts at 0 before
 * the first trade, and that starting 0 is a peak: losing from the start is a drawdown from 0.
 */
import { parseTradeDate } from '../../lib/dates.ts'
import { centsToNumber, roundDiv, toCents } from '../../../../kernel/decimal/cents.ts'

export interface DatedGain {
  date: string
  gainLossCents: bigint
}

export interface CumulativePoint {
  date: string
  pnl: number
  cumulative: number
}

export interface DrawdownPoint {
  date: string
  cumulative: number
  /** How far below the running peak (a positive amount; 0 at a new high). */
  drawdown: number
}

export interface Drawdown {
  max_drawdown: number
  /** Percent of the peak's cumulative P&L; null when that peak is ≤ 0 (or the series is empty). */
  max_drawdown_pct: number | null
  /** null when the peak is the starting 0 before the first trade, or there is no drawdown. */
  peak_date: string | null
  trough_date: string | null
  recovery_date: string | null
  series: DrawdownPoint[]
}

function requireDate(date: string): void {
  if (parseTradeDate(date) !== date) throw new RangeError(`not a YYYY-MM-DD date: ${JSON.stringify(date)}`)
}

/** One point per date (same-date trades merged), in date order. The caller drops invalid dates. */
export function cumulativeSeries(trades: DatedGain[]): CumulativePoint[] {
  const byDate = new Map<string, bigint>()
  for (const { date, gainLossCents } of trades) {
    requireDate(date)
    byDate.set(date, (byDate.get(date) ?? 0n) + gainLossCents)
  }
  let running = 0n
  return [...byDate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, pnl]) => {
      running += pnl
      return { date, pnl: centsToNumber(pnl), cumulative: centsToNumber(running) }
    })
}

export function drawdown(points: { date: string; cumulative: number }[]): Drawdown {
  // Cents again, so that comparisons and differences are exact.
  const curve = points
    .map((p) => ({ date: p.date, cents: toCents(p.cumulative) }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))

  let peak = 0n
  let peakDate: string | null = null
  let max = 0n
  let maxPeak = 0n
  let maxPeakDate: string | null = null
  let troughIndex = -1
  const series: DrawdownPoint[] = []
  for (const [i, { date, cents }] of curve.entries()) {
    // ≥: after a return to the old high, a new fall is measured from the latest date at that high.
    if (cents >= peak) {
      peak = cents
      peakDate = date
    }
    const dd = peak - cents
    // >: of equal drawdowns the first is reported.
    if (dd > max) {
      max = dd
      maxPeak = peak
      maxPeakDate = peakDate
      troughIndex = i
    }
    series.push({ date, cumulative: centsToNumber(cents), drawdown: centsToNumber(dd) })
  }

  if (troughIndex < 0) {
    return {
      max_drawdown: 0,
      max_drawdown_pct: curve.length === 0 ? null : 0,
      peak_date: null,
      trough_date: null,
      recovery_date: null,
      series,
    }
  }
  const recovery = curve.slice(troughIndex + 1).find((p) => p.cents >= maxPeak)
  return {
    max_drawdown: centsToNumber(max),
    // Percent to 2 decimals, exact: max / peak × 100 = roundDiv(max × 10 000, peak) / 100.
    max_drawdown_pct: maxPeak > 0n ? Number(roundDiv(max * 10_000n, maxPeak)) / 100 : null,
    peak_date: maxPeakDate,
    trough_date: curve[troughIndex]?.date ?? null,
    recovery_date: recovery?.date ?? null,
    series,
  }
}
