/**
 * Shared shapes and argument checks of the quant kernels (docs/definitions.md#vectors:
 * 0-based indexes, each series starting at index 0 with no earlier history).
 *
 * Conventions every kernel follows:
 * - Inputs are numeric arrays (`Float64Array` or any `ArrayLike<number>`) of finite numbers.
 * - A series output is a `Float64Array` as long as the input. Positions that are "not defined yet"
 *   (warm-up) or undefined (a zero denominator) are `NaN`, never 0. The reference writes them as
 *   `null`; callers map `NaN → null` when they serialize (`toNullable`), since JSON has no NaN.
 * - Scalar results follow the same rule: `NaN` where the reference says `null`.
 */

/** A numeric input series: a typed array or any array-like of numbers. */
export type Series = ArrayLike<number>

/** A new series of `length` NaNs (every position warm-up until a kernel writes it). */
export function nanSeries(length: number): Float64Array {
  return new Float64Array(length).fill(Number.NaN)
}

/** Throws unless `n` is an integer ≥ `min` (a period, a lookback, a multiplier count). */
export function requirePeriod(name: string, n: number, min = 1): void {
  if (!Number.isInteger(n) || n < min) throw new RangeError(`${name} must be an integer ≥ ${min}, got ${n}`)
}

/** Throws unless every series has the same length as the first (bars given as parallel arrays). */
export function requireSameLength(...series: Series[]): number {
  const n = series[0]?.length ?? 0
  for (const s of series) {
    if (s.length !== n)
      throw new RangeError(`series lengths differ: ${series.map((x) => x.length).join(', ')}`)
  }
  return n
}

/** A kernel value for the wire: NaN (warm-up, undefined ratio) becomes null, ±∞ too. */
export function toNullable(v: number): number | null {
  return Number.isFinite(v) ? v : null
}

/** A whole series for the wire, `toNullable` on each value. */
export function seriesToNullable(s: Series): (number | null)[] {
  const out = new Array<number | null>(s.length)
  for (let i = 0; i < s.length; i++) out[i] = toNullable(s[i]!)
  return out
}
