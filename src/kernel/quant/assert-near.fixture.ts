/** Assertions the quant tests share: a value within the reference's tolerance, a warm-up NaN. */
import assert from 'node:assert/strict'

/** |actual − expected| ≤ tol (the reference prints 6 decimals: tolerance 1e-6 unless it says otherwise). */
export function near(actual: number | undefined, expected: number, what: string, tol = 1e-6): void {
  assert.ok(
    actual !== undefined && Math.abs(actual - expected) <= tol,
    `${what}: expected ${expected} ± ${tol}, got ${actual}`,
  )
}

/** A warm-up or undefined position: NaN (the reference's null), never 0. */
export function isNull(actual: number | undefined, what: string): void {
  assert.ok(actual !== undefined && Number.isNaN(actual), `${what}: expected NaN (null), got ${actual}`)
}

/** Every index below `first` is NaN and `first` itself is a number. */
export function warmUp(series: Float64Array, first: number, what: string): void {
  for (let i = 0; i < Math.min(first, series.length); i++) isNull(series[i], `${what}[${i}]`)
  if (first < series.length) assert.ok(Number.isFinite(series[first]), `${what}[${first}] is the first value`)
}
