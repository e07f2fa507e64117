/**
 * Period returns of a value series: simple `r_t = E_t/E_{t−1} − 1` (docs/definitions.md#performance-metrics, the
 * project's convention for every statistic and the correlation) and log `ln(E_t/E_{t−1})` (docs/definitions.md#correlation,
 * for parity with academic work).
 *
 * Unlike the indicator series, a return belongs to a pair of values, so the output has one value
 * fewer than the input: out[j] is the return from values[j] to values[j+1] (E1's "14 returns" of 15
 * values). A return from a zero value (or, for log returns, to or from a non-positive one) is NaN.
 */
import type { Series } from './series.ts'

/** r[j] = values[j+1]/values[j] − 1, length max(n−1, 0). */
export function simpleReturns(values: Series): Float64Array {
  const out = new Float64Array(Math.max(values.length - 1, 0))
  for (let j = 0; j < out.length; j++) {
    const prev = values[j]!
    out[j] = prev !== 0 ? values[j + 1]! / prev - 1 : Number.NaN
  }
  return out
}

/** r[j] = ln(values[j+1]/values[j]), length max(n−1, 0); NaN unless both values are positive. */
export function logReturns(values: Series): Float64Array {
  const out = new Float64Array(Math.max(values.length - 1, 0))
  for (let j = 0; j < out.length; j++) {
    const prev = values[j]!
    const next = values[j + 1]!
    out[j] = prev > 0 && next > 0 ? Math.log(next / prev) : Number.NaN
  }
  return out
}
