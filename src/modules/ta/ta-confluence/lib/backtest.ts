/**
 * Pattern backtest: each occurrence's forward return over several horizons, measured from the close
 * of the confirming bar (what a live detector could act on) to the close `h` bars later, signed by
 * the pattern's direction (a bearish occurrence gains when the price falls).
 */
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import type { Direction, PatternOccurrence } from '../../../../platform/ta-layer.ts'

/** Forward horizons in bars. */
export const HORIZONS = [1, 5, 10, 20] as const

export interface OccurrenceOut {
  index: number
  time: string
  direction: Direction
  /** The close of the confirming bar (the entry of the forward returns). */
  price: number
  /** Direction-adjusted forward return per horizon; null when the horizon runs past the last bar. */
  forward: Record<string, number | null>
}

export interface HorizonStats {
  horizon: number
  /** Occurrences with at least `horizon` bars after them. */
  sample_size: number
  /** Share of those whose direction-adjusted return is > 0 (0 is not a hit); null without a sample. */
  hit_rate: number | null
  avg_return: number | null
}

export interface PatternBacktest {
  sample_size: number
  occurrences: OccurrenceOut[]
  horizons: HorizonStats[]
}

export function backtest(
  bars: readonly Bar[],
  occurrences: readonly PatternOccurrence[],
  horizons: readonly number[] = HORIZONS,
): PatternBacktest {
  const out = occurrences.map((o) => {
    const entry = bars[o.index]!.close
    const sign = o.direction === 'bullish' ? 1 : -1
    const forward: Record<string, number | null> = {}
    for (const h of horizons) {
      const exit = bars[o.index + h]
      forward[String(h)] = exit && entry > 0 ? sign * (exit.close / entry - 1) : null
    }
    return { index: o.index, time: bars[o.index]!.time, direction: o.direction, price: entry, forward }
  })
  const stats = horizons.map((h) => {
    const rets = out.map((o) => o.forward[String(h)]).filter((r): r is number => r !== null)
    const n = rets.length
    return {
      horizon: h,
      sample_size: n,
      hit_rate: n ? rets.filter((r) => r > 0).length / n : null,
      avg_return: n ? rets.reduce((a, r) => a + r, 0) / n : null,
    }
  })
  return { sample_size: out.length, occurrences: out, horizons: stats }
}
