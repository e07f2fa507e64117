/**
 * Ranking a universe by one scan: each symbol's daily bars into parallel arrays, the scan's rule,
 * and the hits best first (score descending, then symbol, so equal scores rank the same every time).
 */
import { nyDate } from '../../../../kernel/calendar/nyse.ts'
import type { Bar } from '../../../../providers/market-data/index.ts'
import { SCANS, type DailySeries, type ScanHit, type ScanType } from './scans.ts'

export interface RankedHit extends ScanHit {
  symbol: string
  /** New York date of the session the hit was read on (its last daily bar). */
  trading_date: string
}

export function toSeries(bars: readonly Bar[]): DailySeries {
  const n = bars.length
  const s: DailySeries = {
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
  }
  for (let i = 0; i < n; i++) {
    const b = bars[i]!
    s.open[i] = b.open
    s.high[i] = b.high
    s.low[i] = b.low
    s.close[i] = b.close
    s.volume[i] = b.volume
  }
  return s
}

const bySymbol = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

export function rankScan(bars: ReadonlyMap<string, readonly Bar[]>, scanType: ScanType): RankedHit[] {
  const rule = SCANS[scanType]
  const hits: RankedHit[] = []
  for (const [symbol, list] of bars) {
    if (!list.length) continue
    const h = rule(toSeries(list))
    if (h) hits.push({ symbol, trading_date: nyDate(new Date(list[list.length - 1]!.time)), ...h })
  }
  return hits.sort((a, b) => b.score - a.score || bySymbol(a.symbol, b.symbol))
}
