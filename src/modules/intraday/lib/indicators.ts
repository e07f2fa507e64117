/**
 * The indicator columns of a session's bars (GET /intraday/bars, step 1 of detection): session VWAP
 * on the typical price, RSI(14) Wilder and MACD(12/26/9) with TA-Lib seeding, all from the shared
 * quant kernels. As docs/definitions.md#warm-up pins it, RSI and MACD start at the session's first
 * bar (no prior-session warm-up), so RSI is null for the first 14 bars, the MACD line for the first
 * 25 and its signal and histogram for the first 33.
 */
import { macd, rsi, sessionVwap } from '../../../platform/quant/index.ts'
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

export function indicatorColumns(bars: SessionBars): IndicatorColumns {
  const m = macd(bars.close, MACD_FAST, MACD_SLOW, MACD_SIGNAL)
  return {
    vwap: sessionVwap(bars.high, bars.low, bars.close, bars.volume),
    rsi: rsi(bars.close, RSI_PERIOD),
    macd: m.macd,
    macdSignal: m.signal,
    macdHist: m.histogram,
  }
}
