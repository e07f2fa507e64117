/**
 * Past sessions' minute volumes, held in process as prefix sums per (date, symbol), so the volume
 * of any window on a past day is one subtraction. Past trading days do not change, and the window
 * moves every minute, so caching per window would recompute five days × the universe each minute;
 * loading each past session once keeps a new minute's computation to today's bars only.
 * Bounded to the most recent `maxDates` dates (about 3 MB per date for 350 symbols).
 */
import { tradingDay } from '../../../kernel/calendar/nyse.ts'
import type { Bar } from '../../../kernel/bars.ts'
import { barsOfMany, type MarketDataProvider } from '../../../providers/market-data/index.ts'

const MINUTE_MS = 60_000

export class VolumeHistory {
  private readonly dates = new Map<string, Map<string, Promise<Float64Array>>>()

  constructor(
    private readonly market: MarketDataProvider,
    private readonly maxDates = 8,
  ) {}

  /** Volume of the regular-session minutes [from, to) of `date`; null when the session is shorter. */
  async windowVolume(symbol: string, date: string, from: number, to: number): Promise<number | null> {
    if (!this.datesMap(date).has(symbol)) await this.prepare([symbol], [date])
    const prefix = await this.datesMap(date).get(symbol)
    // No entry: not a trading day.
    if (!prefix || to >= prefix.length) return null
    return prefix[to]! - prefix[from]!
  }

  /**
   * Loads, for each date, the sessions of the symbols not held yet, all symbols of a date
   * together (`barsOfMany`: one request per batch of symbols on a vendor that takes lists).
   */
  async prepare(symbols: readonly string[], dates: readonly string[]): Promise<void> {
    for (const date of dates) {
      const day = tradingDay(date)
      if (!day) continue
      const bySymbol = this.datesMap(date)
      const missing = symbols.filter((s) => !bySymbol.has(s))
      if (!missing.length) continue
      const loading = barsOfMany(this.market, missing, {
        interval: '1m',
        start: day.open,
        end: new Date(day.close.getTime() - 1),
        session: 'regular',
      })
      for (const symbol of missing) {
        const p = loading.then((all) =>
          prefixOf(day.open.getTime(), day.close.getTime(), all.get(symbol) ?? []),
        )
        bySymbol.set(symbol, p)
        // A failed load is not remembered: the next request tries again.
        p.catch(() => {
          if (bySymbol.get(symbol) === p) bySymbol.delete(symbol)
        })
      }
      await loading
    }
  }

  /** The sessions held for `date`, by symbol (a new date evicts the oldest beyond maxDates). */
  private datesMap(date: string): Map<string, Promise<Float64Array>> {
    let bySymbol = this.dates.get(date)
    if (!bySymbol) {
      bySymbol = new Map()
      this.dates.set(date, bySymbol)
      // Maps iterate in insertion order: the first key is the oldest date loaded.
      if (this.dates.size > this.maxDates) this.dates.delete(this.dates.keys().next().value!)
    }
    return bySymbol
  }
}

/** Prefix sums of a session's minute volumes: p[k] = volume of its first k minutes. */
function prefixOf(open: number, close: number, bars: readonly Bar[]): Float64Array {
  const minutes = (close - open) / MINUTE_MS
  const prefix = new Float64Array(minutes + 1)
  for (const b of bars) {
    const k = (Date.parse(b.time) - open) / MINUTE_MS
    if (Number.isInteger(k) && k >= 0 && k < minutes) prefix[k + 1]! += b.volume
  }
  for (let k = 1; k <= minutes; k++) prefix[k]! += prefix[k - 1]!
  return prefix
}
