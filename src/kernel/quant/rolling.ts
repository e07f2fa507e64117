/**
 * Rolling-window helpers: mean, standard deviation, z-score, highest and lowest value over the last
 * `n` values. SMA is the rolling mean (docs/definitions.md#sma); Bollinger Bands use the population
 * σ; relative-volume z-scores use the sample σ of the *prior* values; the chandelier
 * stop uses the rolling extremes.
 *
 * Each output is a Float64Array as long as the input, NaN until a full window exists (see series.ts).
 * Window sums are updated in O(1) per bar and recomputed exactly once every `n` bars, so rounding
 * drift cannot build up over long series; σ is taken from sums of deviations from a recent window
 * mean (no cancellation when prices are large against their spread), and a window of equal values
 * has σ exactly 0.
 */
import { nanSeries, requirePeriod, type Series } from './series.ts'

/** Σ x[from..to) — the exact recomputation the running sums are reset to. */
function windowSum(x: Series, from: number, to: number): number {
  let s = 0
  for (let j = from; j < to; j++) s += x[j]!
  return s
}

/** Mean of the `n` values ending at each index (the SMA): first value at index n−1. */
export function rollingMean(x: Series, n: number): Float64Array {
  requirePeriod('period', n)
  const len = x.length
  const out = nanSeries(len)
  if (len < n) return out
  let sum = windowSum(x, 0, n)
  out[n - 1] = sum / n
  for (let i = n, resync = n; i < len; i++) {
    if (--resync === 0) {
      sum = windowSum(x, i - n + 1, i + 1)
      resync = n
    } else sum += x[i]! - x[i - n]!
    out[i] = sum / n
  }
  return out
}

/** Σ (x − shift) over x[from..to). */
function sumDev(x: Series, from: number, to: number, shift: number): number {
  let s = 0
  for (let j = from; j < to; j++) s += x[j]! - shift
  return s
}

/** Σ (x − shift)² over x[from..to). */
function sumSqDev(x: Series, from: number, to: number, shift: number): number {
  let s = 0
  for (let j = from; j < to; j++) s += (x[j]! - shift) ** 2
  return s
}

/**
 * Fills `mean` and `sd` with the mean and σ of the `n` values ending at each index (NaN before n−1).
 * `ddof` 0 is the population σ (divide by n, TA-Lib's and the Bollinger Bands'), 1 the sample σ (n−1, the relative volume's); σ
 * is NaN when n − ddof ≤ 0.
 *
 * The sums are of deviations from a shift (the mean of the window at the last exact recomputation).
 * They are recomputed every n bars, and sooner if the squares added and removed since (`mass`) are
 * so large against the window's own sum of squares that their rounding could show in σ (a price
 * that fell 1000-fold inside the window); a run of n equal values has σ exactly 0.
 */
export function rollingMeanSdInto(x: Series, n: number, ddof: number, mean: Float64Array, sd: Float64Array) {
  const len = x.length
  if (len < n) return
  const div = n - ddof
  let shift = x[0]!
  let s1 = 0 // Σ (x − shift) over the window
  let s2 = 0 // Σ (x − shift)²
  let mass = 0 // Σ of every square added or removed since the last recomputation
  let run = 1 // how many equal values end at i
  for (let i = 0, due = 2 * n - 1; i < len; i++) {
    const v = x[i]!
    if (i > 0) run = v === x[i - 1] ? run + 1 : 1
    const d = v - shift
    s1 += d
    s2 += d * d
    mass += d * d
    if (i >= n) {
      const o = x[i - n]! - shift
      s1 -= o
      s2 -= o * o
      mass += o * o
    }
    if (i < n - 1) continue
    if (run >= n) {
      mean[i] = v
      sd[i] = div > 0 ? 0 : Number.NaN
      continue
    }
    let ss = s2 - (s1 * s1) / n
    if (i >= due || ss < mass * 1e-7) {
      const from = i - n + 1
      shift += sumDev(x, from, i + 1, shift) / n
      s1 = sumDev(x, from, i + 1, shift)
      s2 = mass = sumSqDev(x, from, i + 1, shift)
      ss = s2 - (s1 * s1) / n
      due = i + n
    }
    mean[i] = shift + s1 / n
    sd[i] = div > 0 ? Math.sqrt(ss > 0 ? ss / div : 0) : Number.NaN
  }
}

/** σ of the `n` values ending at each index; `ddof` 0 (population, default) or 1 (sample). */
export function rollingStd(x: Series, n: number, ddof = 0): Float64Array {
  requirePeriod('period', n)
  const sd = nanSeries(x.length)
  rollingMeanSdInto(x, n, ddof, nanSeries(x.length), sd)
  return sd
}

export interface ZScoreOptions {
  /** 0 population, 1 sample (default: 1, the relative-volume pin). */
  ddof?: number
  /**
   * false (default): compare x[i] with the n values *before* it (today against the previous
   * n sessions), first value at index n. true: the window ends at x[i], first value at n−1.
   */
  includeCurrent?: boolean
}

/** z[i] = (x[i] − mean) / σ over the window; NaN in warm-up and where σ = 0 (never ±∞). */
export function rollingZScore(x: Series, n: number, options: ZScoreOptions = {}): Float64Array {
  requirePeriod('period', n)
  const { ddof = 1, includeCurrent = false } = options
  const len = x.length
  const mean = nanSeries(len)
  const sd = nanSeries(len)
  rollingMeanSdInto(x, n, ddof, mean, sd)
  const out = nanSeries(len)
  const lag = includeCurrent ? 0 : 1
  for (let i = n - 1 + lag; i < len; i++) {
    const s = sd[i - lag]!
    if (s > 0) out[i] = (x[i]! - mean[i - lag]!) / s
  }
  return out
}

/**
 * Highest (`sign` 1) or lowest (`sign` −1) of the `n` values ending at each index, with a monotonic
 * queue of indexes: O(1) amortized per bar, one ring buffer per call (a power of two ≥ n slots, so
 * wrapping is a mask, not a division).
 */
function rollingExtreme(x: Series, n: number, sign: 1 | -1): Float64Array {
  requirePeriod('period', n)
  const len = x.length
  const out = nanSeries(len)
  const mask = 2 ** Math.ceil(Math.log2(n)) - 1
  const queue = new Int32Array(mask + 1) // candidate indexes from head to tail, values decreasing (sign 1)
  let head = 0 // first slot (ever-increasing; the slot is head & mask)
  let tail = 0 // one past the last slot
  for (let i = 0; i < len; i++) {
    // The oldest candidate left the window (at most one leaves per bar).
    if (tail > head && queue[head & mask]! <= i - n) head++
    const v = sign * x[i]!
    while (tail > head && sign * x[queue[(tail - 1) & mask]!]! <= v) tail--
    queue[tail & mask] = i
    tail++
    if (i >= n - 1) out[i] = x[queue[head & mask]!]!
  }
  return out
}

/** Highest of the `n` values ending at each index (first at n−1). */
export function rollingMax(x: Series, n: number): Float64Array {
  return rollingExtreme(x, n, 1)
}

/** Lowest of the `n` values ending at each index (first at n−1). */
export function rollingMin(x: Series, n: number): Float64Array {
  return rollingExtreme(x, n, -1)
}
