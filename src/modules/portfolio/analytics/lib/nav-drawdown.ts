/**
 * The relative maximum drawdown of a value series, as empyrical's and quantstats' `max_drawdown`
 * compute it: min over t of (v_t − max_{s≤t} v_s) / max_{s≤t} v_s, the first value counted as a
 * peak. A negative fraction (−0.25: a quarter below the peak), 0 when the series never falls below
 * a running peak. Values are cents, compared exactly (cross-multiplied, never divided); the one
 * division, for the answer, is of two exact integers.
 *
 * Conventions where the libraries say nothing: a running peak ≤ 0 gives no ratio (those points are
 * skipped; null when no point has a positive peak); of equal drawdowns the first is reported; after
 * a return to the old high the peak is the latest date at that high; recovery is the first later
 * date whose value is back at or above the peak (null when it never is).
 */
import { centsToNumber } from '../../../../kernel/decimal/cents.ts'

export interface ValuePoint {
  date: string
  cents: bigint
}

export interface NavDrawdown {
  /** Negative fraction; null with no positive peak (or no points). */
  max_drawdown: number | null
  /** peak − trough, in currency units (0 with no drawdown). */
  amount: number
  peak_date: string | null
  peak_nav: number | null
  trough_date: string | null
  trough_nav: number | null
  recovery_date: string | null
}

interface Fall {
  peak: ValuePoint
  trough: ValuePoint
  index: number
}

/** a is a deeper relative fall than b: (a.t − a.p)/a.p < (b.t − b.p)/b.p, peaks > 0. */
function deeper(a: Fall, b: Fall): boolean {
  return (a.trough.cents - a.peak.cents) * b.peak.cents < (b.trough.cents - b.peak.cents) * a.peak.cents
}

export function navDrawdown(series: ValuePoint[]): NavDrawdown {
  let peak: ValuePoint | undefined
  let worst: Fall | undefined
  let anyRatio = false
  for (const [index, p] of series.entries()) {
    if (!peak || p.cents >= peak.cents) peak = p
    if (peak.cents <= 0n) continue
    anyRatio = true
    const fall = { peak, trough: p, index }
    if (p.cents < peak.cents && (!worst || deeper(fall, worst))) worst = fall
  }
  const none = { amount: 0, peak_date: null, peak_nav: null, trough_date: null, trough_nav: null }
  if (!worst) return { max_drawdown: anyRatio ? 0 : null, ...none, recovery_date: null }
  const { peak: top, trough, index } = worst
  const recovery = series.slice(index + 1).find((p) => p.cents >= top.cents)
  return {
    max_drawdown: Number(trough.cents - top.cents) / Number(top.cents),
    amount: centsToNumber(top.cents - trough.cents),
    peak_date: top.date,
    peak_nav: centsToNumber(top.cents),
    trough_date: trough.date,
    trough_nav: centsToNumber(trough.cents),
    recovery_date: recovery?.date ?? null,
  }
}
