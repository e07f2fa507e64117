/** What the risk services share: the benchmarks, reading daily bars, and degrading upstream failures. */
import { ServiceUnavailableError } from '../../platform/http/errors.ts'
import { isUpstreamError } from '../../platform/upstream-errors.ts'
import { barsOfMany } from '../../providers/market-data/bars-many.ts'
import type { Bar, MarketDataProvider } from '../../providers/market-data/index.ts'

/** The six benchmarks of GET /correlation: US large caps, Nasdaq-100, small caps, the Dow, long Treasuries, gold. */
export const BENCHMARKS = ['SPY', 'QQQ', 'IWM', 'DIA', 'TLT', 'GLD'] as const

export const DAY_MS = 86_400_000

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

/** Daily bars of the symbols over [now − days, now], in one provider batch where it has one. */
export function dailyBars(
  market: Market,
  symbols: readonly string[],
  now: Date,
  days: number,
): Promise<Map<string, Bar[]>> {
  const start = new Date(now.getTime() - days * DAY_MS)
  return upstream('daily bars', () => barsOfMany(market, symbols, { interval: '1d', start, end: now }))
}
