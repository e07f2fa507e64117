/**
 * Reference RSI and MACD for the tests, written apart from the quant kernels and checked against the
 * D1 vectors in indicators.test.ts: Wilder's RSI(14) (averages seeded with the means of the first 14
 * gains and losses; a flat series gives 0) and MACD(12/26/9) seeded as TA-Lib does (both EMAs
 * seeded with SMAs ending on bar 25, the signal with the SMA of the first 9 line values).
 * null where a value does not exist yet.
 */
type Out = (number | null)[]

export function referenceRsi(x: readonly number[], n = 14): Out {
  const out: Out = x.map(() => null)
  if (x.length <= n) return out
  let gain = 0
  let loss = 0
  const value = () => (gain + loss === 0 ? 0 : (100 * gain) / (gain + loss))
  x.forEach((v, i) => {
    if (i === 0) return
    const up = Math.max(v - x[i - 1]!, 0)
    const down = Math.max(x[i - 1]! - v, 0)
    if (i <= n) {
      gain += up / n
      loss += down / n
    } else {
      gain = (gain * (n - 1) + up) / n
      loss = (loss * (n - 1) + down) / n
    }
    if (i >= n) out[i] = value()
  })
  return out
}

/** EMA(n) whose first value, at `seedAt`, is the mean of the n values ending there. */
function ema(x: readonly (number | null)[], n: number, seedAt: number): Out {
  const out: Out = x.map(() => null)
  if (x.length <= seedAt) return out
  let e = x.slice(seedAt - n + 1, seedAt + 1).reduce<number>((a, b) => a + b!, 0) / n
  out[seedAt] = e
  for (let i = seedAt + 1; i < x.length; i++) {
    e += (2 / (n + 1)) * (x[i]! - e)
    out[i] = e
  }
  return out
}

export function referenceMacd(x: readonly number[]): { macd: Out; signal: Out; hist: Out } {
  const fast = ema(x, 12, 25)
  const slow = ema(x, 26, 25)
  const line: Out = x.map((_, i) => (i >= 25 ? fast[i]! - slow[i]! : null))
  const signal = ema(line, 9, 33)
  const hist: Out = x.map((_, i) => (i >= 33 ? line[i]! - signal[i]! : null))
  return { macd: line, signal, hist }
}
