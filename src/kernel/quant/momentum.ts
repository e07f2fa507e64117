/**
 * Momentum oscillators: Wilder's RSI (docs/definitions.md#rsi) and MACD with TA-Lib's seeding
 * (docs/definitions.md#macd). Warm-up positions are NaN (the series start at the first bar given).
 */
import { meanOf } from './moving-averages.ts'
import { nanSeries, requirePeriod, type Series } from './series.ts'

/**
 * RSI_n (Wilder): avgGain/avgLoss seeded with the means of the gains and losses of d[1..n], then
 * avg = (avg·(n−1) + current)/n; RSI = 100·avgGain/(avgGain + avgLoss). First value at index n (it
 * needs n+1 prices). TA-Lib's edge case: when avgGain + avgLoss is 0 (a flat series) RSI is 0,
 * not 50 or NaN; only gains give 100, only losses 0.
 */
export function rsi(x: Series, n = 14): Float64Array {
  requirePeriod('period', n)
  const len = x.length
  const out = nanSeries(len)
  if (len < n + 1) return out
  let gain = 0
  let loss = 0
  for (let i = 1; i <= n; i++) {
    const d = x[i]! - x[i - 1]!
    if (d > 0) gain += d
    else loss -= d
  }
  gain /= n
  loss /= n
  out[n] = gain + loss === 0 ? 0 : 100 * (gain / (gain + loss))
  for (let i = n + 1; i < len; i++) {
    const d = x[i]! - x[i - 1]!
    gain = (gain * (n - 1) + (d > 0 ? d : 0)) / n
    loss = (loss * (n - 1) + (d < 0 ? -d : 0)) / n
    out[i] = gain + loss === 0 ? 0 : 100 * (gain / (gain + loss))
  }
  return out
}

export interface Macd {
  /** EMA_fast − EMA_slow, from index slow−1 (TA-Lib outputs it from signalStart only). */
  macd: Float64Array
  /** EMA_signal of the MACD line, from index (slow−1)+(signal−1). */
  signal: Float64Array
  /** macd − signal, from the same index as the signal. */
  histogram: Float64Array
}

/**
 * MACD(fast, slow, signal) with TA-Lib's seeding: both EMA seeds are SMAs whose windows end
 * on bar slow−1 (the fast one is SMA(x[slow−fast..slow−1]), not x[0..fast−1]), so the line starts at
 * slow−1; the signal is seeded with the SMA of the first `signal` line values and starts, with the
 * histogram, at (slow−1)+(signal−1): index 33 for 12/26/9. Not two standalone EMAs. If
 * fast > slow they are swapped, as TA-Lib does.
 */
export function macd(x: Series, fast = 12, slow = 26, signal = 9): Macd {
  requirePeriod('fast period', fast)
  requirePeriod('slow period', slow)
  requirePeriod('signal period', signal)
  if (fast > slow) [fast, slow] = [slow, fast]
  const len = x.length
  const out: Macd = { macd: nanSeries(len), signal: nanSeries(len), histogram: nanSeries(len) }
  const start = slow - 1
  if (len < slow) return out
  const kf = 2 / (fast + 1)
  const ks = 2 / (slow + 1)
  const kg = 2 / (signal + 1)
  const signalStart = start + signal - 1
  let ef = meanOf(x, slow - fast, start)
  let es = meanOf(x, 0, start)
  let sig = 0 // Σ of the first `signal` line values, then the signal EMA
  for (let i = start; i < len; i++) {
    if (i > start) {
      const v = x[i]!
      ef += kf * (v - ef)
      es += ks * (v - es)
    }
    const line = ef - es
    out.macd[i] = line
    if (i < signalStart) sig += line
    else {
      sig = i === signalStart ? (sig + line) / signal : sig + kg * (line - sig)
      out.signal[i] = sig
      out.histogram[i] = line - sig
    }
  }
  return out
}
