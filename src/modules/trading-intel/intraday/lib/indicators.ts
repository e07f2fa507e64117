/**
 * The indicator columns of a session's bars (GET /intraday/bars, step 1 of detection): session VWAP
 * on the typical price, RSI(14) Wilder and MACD(12/26/9) with TA-Lib seeding, all from the shared
 * quant kernels.
 *
 * RSI and MACD are seeded from the preceding sessions' bars, as charting platforms do: they are
 * computed over the closes of the warm-up bars (the same session kind on the WARMUP_SESSIONS trading
 * days before, oldest first) followed by the session's, and the session's part is kept. VWAP stays
 * anchored at the session's first bar. Without warm-up bars (the first session of the available
 * history) the series start at the session's first bar: RSI is null for its first 14 bars, the MACD
 * line for the first 25, its signal and histogram for the first 33; with W warm-up bars those counts
 * drop by W (to none from W = 33 on).
 */
import { macd, rsi, sessionVwap } from '../../../../kernel/quant/index.ts'
import type { SessionBars } from './types.ts'

export const RSI_PERIOD = 14
export const MACD_FAST = 12
export const MACD_SLOW = 26
export const MACD_SIGNAL = 9

export interface IndicatorColumns {
  vwap: Float64Array
  rsi: Float64Array
  macd: Float64Array
  macdSignal: Float64Array
  macdHist: Float64Array
}

/** The session's columns; `warmupCloses` (oldest first) seed RSI and MACD, not VWAP. */
export function indicatorColumns(bars: SessionBars, warmupCloses: ArrayLike<number> = []): IndicatorColumns {
  const w = warmupCloses.length
  const closes = new Float64Array(w + bars.close.length)
  closes.set(warmupCloses)
  closes.set(bars.close, w)
  const m = macd(closes, MACD_FAST, MACD_SLOW, MACD_SIGNAL)
  return {
    vwap: sessionVwap(bars.high, bars.low, bars.close, bars.volume),
    rsi: rsi(closes, RSI_PERIOD).subarray(w),
    macd: m.macd.subarray(w),
    macdSignal: m.signal.subarray(w),
    macdHist: m.histogram.subarray(w),
  }
}
