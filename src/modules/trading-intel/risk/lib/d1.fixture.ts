/** D1 (40 daily bars, docs/definitions.md#vectors) as provider bars on consecutive weekdays from `start`. */
import { D1 } from '../../../../kernel/quant/vectors.fixture.ts'
import type { Bar } from '../../../../providers/market-data/index.ts'

/** Weekdays from `start` (YYYY-MM-DD, a weekday); each bar starts at 05:00Z (New York midnight, EST). */
export function weekdays(start: string, n: number): string[] {
  const out: string[] = []
  const d = new Date(`${start}T00:00:00Z`)
  while (out.length < n) {
    const dow = d.getUTCDay()
    if (dow !== 0 && dow !== 6) out.push(d.toISOString().slice(0, 10))
    d.setUTCDate(d.getUTCDate() + 1)
  }
  return out
}

export function d1Bars(start: string): Bar[] {
  return weekdays(start, 40).map((day, i) => ({
    time: `${day}T05:00:00.000Z`,
    open: D1.open[i]!,
    high: D1.high[i]!,
    low: D1.low[i]!,
    close: D1.close[i]!,
    volume: 1_000_000,
    vwap: null,
  }))
}
