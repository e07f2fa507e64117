/**
 * The timeframes of technical analysis (1m, 5m, 15m, 1h, 1d, 1w) and the history each one
 * reads: the most recent `bars` bars of the provider's interval, weekly bars built from daily ones
 * (Monday-based New York weeks). One definition for every analysis layer, so that a structure, a
 * zone and a confluence score of the same symbol and timeframe look at the same bars.
 */
import { DateTime } from 'luxon'
import { AppError } from '../../../../platform/http/errors.ts'
import { isUpstreamError } from '../../../../platform/upstream-errors.ts'
import type { Bar, Interval } from '../../../../providers/market-data/index.ts'

export const TIMEFRAMES = ['1m', '5m', '15m', '1h', '1d', '1w'] as const
export type Timeframe = (typeof TIMEFRAMES)[number]
export const DEFAULT_TIMEFRAME: Timeframe = '1d'

/** Bars read per timeframe (documented on every operation that takes a timeframe). */
export const HISTORY: Record<Timeframe, { interval: Interval; bars: number; about: string }> = {
  '1m': { interval: '1m', bars: 390, about: 'one regular session' },
  '5m': { interval: '5m', bars: 390, about: 'five regular sessions' },
  '15m': { interval: '15m', bars: 260, about: 'ten regular sessions' },
  '1h': { interval: '1h', bars: 210, about: 'about 30 sessions' },
  '1d': { interval: '1d', bars: 260, about: 'about one year' },
  '1w': { interval: '1d', bars: 156 * 5, about: 'about three years, as weekly bars' },
}

/** How the history reads, for OpenAPI descriptions. */
export const HISTORY_DOC = TIMEFRAMES.map((tf) => `${tf}: ${HISTORY[tf].about}`).join('; ')

const ZONE = 'America/New_York'

/** Daily bars (oldest first) merged into Monday-based New York weeks, each labelled by its first bar. */
export function weekly(daily: readonly Bar[]): Bar[] {
  const out: Bar[] = []
  let week = ''
  for (const b of daily) {
    const key = DateTime.fromISO(b.time, { zone: ZONE }).startOf('week').toISODate()!
    const last = out.at(-1)
    if (last && key === week) {
      last.high = Math.max(last.high, b.high)
      last.low = Math.min(last.low, b.low)
      last.close = b.close
      last.volume += b.volume
      last.vwap = null
      continue
    }
    week = key
    out.push({ ...b, vwap: null })
  }
  return out
}

/**
 * Why one item of a portfolio-wide analysis has no bars: the unknown symbol's code, or
 * `upstream.unavailable` when the provider failed; anything else is rethrown. (A single-symbol route
 * lets the failure through instead: 404, or the platform's 502 `upstream.<kind>`.)
 */
export function barsFailure(e: unknown): 'market.unknown_symbol' | 'upstream.unavailable' {
  if (e instanceof AppError && e.code === 'market.unknown_symbol') return e.code
  if (isUpstreamError(e)) return 'upstream.unavailable'
  throw e
}
