/**
 * Relative volume as a z-score: how unusual the window's volume is against the same wall-clock
 * window on previous trading days. Sample statistics (n − 1), because five days are a sample of
 * the symbol's typical volume, not the whole population.
 */

export function mean(xs: readonly number[]): number {
  let sum = 0
  for (const x of xs) sum += x
  return sum / xs.length
}

/** Sample standard deviation (n − 1); NaN for fewer than 2 values. */
export function sampleStdev(xs: readonly number[]): number {
  if (xs.length < 2) return Number.NaN
  const m = mean(xs)
  let ss = 0
  for (const x of xs) ss += (x - m) ** 2
  return Math.sqrt(ss / (xs.length - 1))
}

/**
 * (current − mean) / stdev over `history`; null when there are fewer than 2 days or the days
 * all had the same volume (a z-score would be infinite or undefined).
 */
export function relVolumeZ(current: number, history: readonly number[]): number | null {
  if (history.length < 2) return null
  const sd = sampleStdev(history)
  if (!(sd > 0)) return null
  return (current - mean(history)) / sd
}
