/** What the risk services share: the benchmarks, reading daily bars, and degrading upstream failures. */
import { dateToMs, minusDays } from '../../../kernel/dates.ts'
import { nyDate } from '../../../kernel/calendar/nyse.ts'
import { ServiceUnavailableError } from '../../../platform/http/errors.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import { barsOfMany } from '../../../providers/market-data/bars-many.ts'
import type { Bar, MarketDataProvider } from '../../../providers/market-data/index.ts'
import { barDate } from './lib/align.ts'

/** The six benchmarks of GET /correlation: US large caps, Nasdaq-100, small caps, the Dow, long Treasuries, gold. */
export const BENCHMARKS = ['SPY', 'QQQ', 'IWM', 'DIA', 'TLT', 'GLD'] as const

export type Market = Pick<MarketDataProvider, 'bars' | 'barsMany' | 'quotes' | 'instrument'>

/** Runs a provider call; an upstream failure becomes 503 `upstream.unavailable` (documented), never a 500. */
export async function upstream<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (e) {
    if (isUpstreamError(e))
      throw new ServiceUnavailableError(
        'upstream.unavailable',
        `Market data (${what}) is unavailable; try again later`,
        {
          headers: { 'retry-after': '30' },
        },
      )
    throw e
  }
}

/**
 * The first day of a window of `days` calendar days that ends today (New York): today − days. The
 * window holds the daily closes from that day to the last one, both inclusive, so the close of
 * `from` itself (when it is a trading day) is the first one used.
 */
export const windowStart = (now: Date, days: number): string => minusDays(nyDate(now), days)

/**
 * Daily bars of the symbols from `from` (windowStart) to now, in one provider batch where it has
 * one; a bar dated before `from` is left out whatever instant the vendor stamps it with.
 */
export async function dailyBars(
  market: Market,
  symbols: readonly string[],
  now: Date,
  days: number,
): Promise<Map<string, Bar[]>> {
  const from = windowStart(now, days)
  const start = new Date(dateToMs(from)) // UTC midnight: before the New York midnight that opens `from`
  const bars = await upstream('daily bars', () =>
    barsOfMany(market, symbols, { interval: '1d', start, end: now }),
  )
  for (const [symbol, list] of bars)
    bars.set(
      symbol,
      list.filter((b) => barDate(b) >= from),
    )
  return bars
}
