/**
 * Daily closes for a replay, read from the market-data port outside any transaction: one `bars`
 * call per symbol (interval 1d), a few at a time, each aligned to the range's trading days with the
 * last close carried forward. A symbol whose read fails, or that has no bars, is unpriced (its
 * trades are marked at cost until realized); the replay never fails on prices.
 */
import type { Logger } from 'pino'
import { mapLimit } from '../../../platform/concurrency.ts'
import { DAY_MS } from '../../../kernel/dates.ts'
import type { Bar, MarketDataProvider } from '../../../providers/market-data/market-data.port.ts'
import { dayNumber } from './lib/calendar.ts'

/** Symbols priced at most per run; beyond, the ones with the fewest trades stay unpriced. */
export const MAX_PRICED_SYMBOLS = 500
/** Provider calls in flight at once. */
const CONCURRENCY = 8
/** Days read before `from`, so a close exists to carry into the first days of the range. */
const LEAD_DAYS = 10

/**
 * A daily bar starts at its date's New York midnight (04:00 or 05:00 UTC; some vendors use UTC
 * midnight): either way the UTC date of its time is the bar's date, read without a Date.
 */
const barDay = (bar: Bar) => dayNumber(bar.time.slice(0, 10))

export interface PriceRead {
  closes: (Float64Array | null)[]
  /** Symbols whose read failed (upstream error): unpriced. */
  failed: string[]
  /** Symbols with no daily bars in the range: unpriced. */
  missing: string[]
  /** Symbols left unpriced by MAX_PRICED_SYMBOLS. */
  capped: string[]
}

/** Closes aligned to `days` (day numbers): the last close on or before each day, NaN before any. */
export function alignCloses(days: Int32Array, bars: readonly Bar[]): Float64Array {
  const out = new Float64Array(days.length).fill(Number.NaN)
  let b = 0
  let last = Number.NaN
  for (let i = 0; i < days.length; i++) {
    while (b < bars.length && barDay(bars[b]!) <= days[i]!) last = bars[b++]!.close
    out[i] = last
  }
  return out
}

export async function readCloses(
  market: Pick<MarketDataProvider, 'bars'>,
  log: Logger,
  symbols: readonly string[],
  tradeCounts: readonly number[],
  days: Int32Array,
): Promise<PriceRead> {
  const read: PriceRead = { closes: symbols.map(() => null), failed: [], missing: [], capped: [] }
  if (!days.length) return read
  const order = symbols.map((_, i) => i).sort((a, b) => tradeCounts[b]! - tradeCounts[a]! || a - b)
  const chosen = order.slice(0, MAX_PRICED_SYMBOLS)
  read.capped = order.slice(MAX_PRICED_SYMBOLS).map((i) => symbols[i]!)
  const start = new Date((days[0]! - LEAD_DAYS) * DAY_MS)
  const end = new Date((days[days.length - 1]! + 1) * DAY_MS)
  await mapLimit(chosen, CONCURRENCY, async (i) => {
    const symbol = symbols[i]!
    try {
      const bars = await market.bars(symbol, { interval: '1d', start, end })
      if (bars.length) read.closes[i] = alignCloses(days, bars)
      else read.missing.push(symbol)
    } catch (err) {
      log.warn({ err, symbol }, 'backtest: daily bars unavailable, trades marked at cost')
      read.failed.push(symbol)
    }
  })
  read.failed.sort()
  read.missing.sort()
  read.capped.sort()
  return read
}
