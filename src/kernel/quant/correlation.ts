/**
 * Pearson correlation of returns (docs/definitions.md#correlation): the pin is daily *simple* returns
 * (pandas `pct_change().corr()`); log returns are available, and can differ in the third decimal.
 * Rounding is left to callers.
 *
 * The closes are aligned by the caller on common dates (an inner join), one series per symbol, all
 * the same length. A pair of returns where either is not finite (a zero or missing close) is left
 * out of that pair only, as pandas does. An entry is NaN (null) with fewer than `minPairs` pairs or
 * when either series does not vary; the diagonal is 1 wherever the series' own entry is defined.
 */
import { logReturns, simpleReturns } from './returns.ts'
import { requireSameLength, type Series } from './series.ts'

export interface CorrelationOptions {
  /** 'simple' (default, the correlation pin) or 'log'. */
  returns?: 'simple' | 'log'
  /** Fewest return pairs for a defined entry; default 20. */
  minPairs?: number
}

/**
 * Pearson ρ of x and y over the indexes where both are finite; NaN with fewer than `minPairs` such
 * pairs or a zero variance. Two passes (means, then centred sums): no cancellation.
 */
export function pearson(x: Series, y: Series, minPairs = 2): number {
  const len = requireSameLength(x, y)
  let count = 0
  let sx = 0
  let sy = 0
  for (let i = 0; i < len; i++) {
    const a = x[i]!
    const b = y[i]!
    if (Number.isFinite(a) && Number.isFinite(b)) {
      count++
      sx += a
      sy += b
    }
  }
  if (count < Math.max(minPairs, 2)) return Number.NaN
  const mx = sx / count
  const my = sy / count
  let sxx = 0
  let syy = 0
  let sxy = 0
  for (let i = 0; i < len; i++) {
    const a = x[i]! - mx
    const b = y[i]! - my
    if (Number.isFinite(a) && Number.isFinite(b)) {
      sxx += a * a
      syy += b * b
      sxy += a * b
    }
  }
  if (!(sxx > 0 && syy > 0)) return Number.NaN
  const r = sxy / Math.sqrt(sxx * syy)
  return r > 1 ? 1 : r < -1 ? -1 : r
}

/**
 * The k×k correlation matrix of the returns of k aligned close series, row-major: entry (i, j) at
 * index i·k + j, symmetric.
 */
export function correlationMatrix(closes: readonly Series[], options: CorrelationOptions = {}): Float64Array {
  const { returns = 'simple', minPairs = 20 } = options
  requireSameLength(...closes)
  const k = closes.length
  const toReturns = returns === 'log' ? logReturns : simpleReturns
  const r = closes.map((c) => toReturns(c))
  const out = new Float64Array(k * k)
  for (let i = 0; i < k; i++) {
    const self = pearson(r[i]!, r[i]!, minPairs)
    out[i * k + i] = Number.isNaN(self) ? Number.NaN : 1
    for (let j = i + 1; j < k; j++) {
      const rho = pearson(r[i]!, r[j]!, minPairs)
      out[i * k + j] = rho
      out[j * k + i] = rho
    }
  }
  return out
}
