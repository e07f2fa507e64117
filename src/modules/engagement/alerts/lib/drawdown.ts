/**
 * The portfolio's current fall from its peak: over a value series (oldest first), the highest value
 * so far and the latest one; percent = (peak − latest) / peak × 100, exact on cents, rounded to
 * 4 decimals. Null without a positive peak.
 */
import { decDiv, decMul, toCents } from '../../../../kernel/decimal/index.ts'

export function drawdownFromPeak(
  values: readonly number[],
): { percent: string; peak: number; latest: number } | null {
  let peak: bigint | null = null
  let peakValue = 0
  for (const v of values) {
    const c = toCents(v)
    if (peak === null || c > peak) {
      peak = c
      peakValue = v
    }
  }
  if (peak === null || peak <= 0n) return null
  const latest = values.at(-1)!
  const fall = peak - toCents(latest)
  const percent = decDiv(decMul(fall.toString(), '100'), peak.toString(), 4)!
  return { percent, peak: peakValue, latest }
}
