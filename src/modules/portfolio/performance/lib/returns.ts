/**
 * Time-weighted return and the statistics of its daily returns.
 *
 * Flows sit at the start of their day: the day's return is r_t = V_t / (V_{t−1} + F_t) − 1, the
 * money that came in on day t working through that day (a withdrawal leaving before it). A day
 * whose V_{t−1} + F_t is not positive has no capital at work and its return is 0. The index
 * chains them: I_0 = 1, I_t = I_{t−1} × (1 + r_t); the TWR of the range is I_last − 1.
 */

export const TRADING_DAYS_PER_YEAR = 252

export interface Chain {
  /** I_0 … I_n−1 (I_0 = 1 on the base day). */
  index: Float64Array
  /** r_1 … r_n−1: one per day after the base day. */
  returns: Float64Array
}

/** Values and flows per day, same length; flows[0] (the base day's) is not used. */
export function twrChain(values: ArrayLike<number>, flows: ArrayLike<number>): Chain {
  const n = values.length
  const index = new Float64Array(n)
  const returns = new Float64Array(Math.max(0, n - 1))
  if (n === 0) return { index, returns }
  index[0] = 1
  for (let t = 1; t < n; t++) {
    const invested = values[t - 1]! + flows[t]!
    const r = invested > 0 ? values[t]! / invested - 1 : 0
    returns[t - 1] = r
    index[t] = index[t - 1]! * (1 + r)
  }
  return { index, returns }
}

/** Close-to-close index of an instrument: close_t / close_0, null until it has a close on the base day. */
export function priceIndex(closes: ArrayLike<number>): (number | null)[] {
  const base = closes[0]
  const out: (number | null)[] = []
  for (let t = 0; t < closes.length; t++) {
    const c = closes[t]!
    out.push(base === undefined || Number.isNaN(base) || base === 0 || Number.isNaN(c) ? null : c / base)
  }
  return out
}

export interface Stats {
  /** Sample standard deviation of the daily returns × √252; null with fewer than two returns. */
  volatility: number | null
  /** (mean daily return − daily risk-free) / sample sd × √252; null when the sd is 0 or undefined. */
  sharpe: number | null
}

/** Daily risk-free of an annual rate: (1 + rf)^(1/252) − 1. */
export const dailyRiskFree = (annual: number): number => Math.pow(1 + annual, 1 / TRADING_DAYS_PER_YEAR) - 1

export function stats(returns: ArrayLike<number>, riskFreeAnnual: number): Stats {
  const n = returns.length
  if (n < 2) return { volatility: null, sharpe: null }
  let sum = 0
  for (let i = 0; i < n; i++) sum += returns[i]!
  const mean = sum / n
  let ss = 0
  for (let i = 0; i < n; i++) ss += (returns[i]! - mean) ** 2
  const sd = Math.sqrt(ss / (n - 1))
  const root = Math.sqrt(TRADING_DAYS_PER_YEAR)
  return {
    volatility: sd * root,
    sharpe: sd > 0 ? ((mean - dailyRiskFree(riskFreeAnnual)) / sd) * root : null,
  }
}

export interface MaxDrawdown {
  /** min over t of I_t / max_{s≤t} I_s − 1, a negative fraction; 0 when the index never fell. */
  value: number
  /** Indexes of the peak and trough of the largest fall, and the first later point back at the peak. */
  peak: number | null
  trough: number | null
  recovery: number | null
}

/** The standard relative maximum drawdown; the first point is a peak. */
export function maxDrawdown(index: ArrayLike<number>): MaxDrawdown {
  let peak = 0
  let worst: MaxDrawdown = { value: 0, peak: null, trough: null, recovery: null }
  for (let t = 0; t < index.length; t++) {
    if (index[t]! > index[peak]!) peak = t
    const dd = index[t]! / index[peak]! - 1
    if (dd < worst.value) worst = { value: dd, peak, trough: t, recovery: null }
  }
  if (worst.peak !== null) {
    const level = index[worst.peak]!
    for (let t = worst.trough! + 1; t < index.length; t++)
      if (index[t]! >= level) {
        worst.recovery = t
        break
      }
  }
  return worst
}
