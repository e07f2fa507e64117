/**
 * empyrical's max_drawdown, transcribed as an independent reference for the relative drawdown:
 * the values become simple returns, the returns a cumulative series starting at 100, and the
 * answer is min((cum − running max) / running max). Floating point like the library, so callers
 * compare within 1e-12.
 */
export function empyricalMaxDrawdown(values: number[]): number {
  const returns = values.slice(1).map((v, i) => v / values[i]! - 1)
  const cumulative = [100]
  for (const r of returns) cumulative.push(cumulative.at(-1)! * (1 + r))
  let runningMax = -Infinity
  let worst = 0
  for (const c of cumulative) {
    runningMax = Math.max(runningMax, c)
    worst = Math.min(worst, (c - runningMax) / runningMax)
  }
  return worst
}
