/**
 * Every rate at which the XIRR equation Σ a_i / (1 + r)^(t_i) = 0 holds, beside the one Newton's
 * method reaches. With x = 1 / (1 + r) the sum is Σ a_i x^(t_i), a polynomial with real exponents
 * in x > 0, and by Descartes' rule of signs (which holds for real exponents) it has at most as many
 * positive roots as its coefficients, in date order, change sign. One change: exactly one root, the
 * one Newton found, and nothing is scanned. More: the sign of the sum is read on a grid of
 * u = ln(1 + r) and each crossing is narrowed by bisection. Two roots closer than a grid step, or a
 * root where the sum touches zero without crossing it, are not seen.
 */

export const XIRR_SCAN = { minGrowth: 0.0001, maxGrowth: 10_000, step: 0.02 } as const

export interface Term {
  /** Years from the first flow (actual/365). */
  years: number
  amount: number
}

/** Same-date flows merged, zero sums dropped, in date order. */
function merged(terms: Term[]): Term[] {
  const byYears = new Map<number, number>()
  for (const t of terms) byYears.set(t.years, (byYears.get(t.years) ?? 0) + t.amount)
  return [...byYears.entries()]
    .filter(([, a]) => a !== 0)
    .sort(([a], [b]) => a - b)
    .map(([years, amount]) => ({ years, amount }))
}

/** How many times the amounts change sign in date order (the bound on the number of roots). */
export function signChanges(terms: Term[]): number {
  const m = merged(terms)
  let changes = 0
  for (let i = 1; i < m.length; i++) if (Math.sign(m[i]!.amount) !== Math.sign(m[i - 1]!.amount)) changes++
  return changes
}

/** The terms as the scan reads them: log |a_i|, sign a_i and t_i, worked out once. */
interface LogTerm {
  logAbs: number
  sign: number
  years: number
}

/**
 * The sign of Σ a_i e^(−u t_i), computed without overflow: the terms are summed relative to the
 * largest so far (in log space; the sum is rescaled when a larger one comes), which leaves the
 * sign of the sum unchanged. One exp per term.
 */
function signAt(terms: LogTerm[], u: number): number {
  let top = -Infinity
  let sum = 0
  for (const t of terms) {
    const l = t.logAbs - u * t.years
    if (l > top) {
      sum = sum * Math.exp(top - l) + t.sign
      top = l
    } else sum += t.sign * Math.exp(l - top)
  }
  return Math.sign(sum)
}

/** Bisection of a bracket [lo, hi] whose ends have opposite signs, to the precision of a double. */
function bisect(terms: LogTerm[], lo: number, hi: number, loSign: number): number {
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2
    if (mid <= lo || mid >= hi) break
    const s = signAt(terms, mid)
    if (s === 0) return mid
    if (s === loSign) lo = mid
    else hi = mid
  }
  return (lo + hi) / 2
}

/** Rates r (ascending) where the sum crosses zero, with 1 + r within the scanned range. */
export function scanRoots(terms: Term[]): number[] {
  const m = merged(terms).map((t) => ({
    logAbs: Math.log(Math.abs(t.amount)),
    sign: Math.sign(t.amount),
    years: t.years,
  }))
  if (m.length < 2) return []
  const lo = Math.log(XIRR_SCAN.minGrowth)
  const steps = Math.ceil((Math.log(XIRR_SCAN.maxGrowth) - lo) / XIRR_SCAN.step)
  const roots: number[] = []
  let prevU = lo
  let prevSign = signAt(m, lo)
  if (prevSign === 0) roots.push(Math.expm1(lo))
  for (let k = 1; k <= steps; k++) {
    const u = lo + k * XIRR_SCAN.step
    const s = signAt(m, u)
    if (s === 0) roots.push(Math.expm1(u))
    else if (prevSign !== 0 && s !== prevSign) roots.push(Math.expm1(bisect(m, prevU, u, prevSign)))
    prevU = u
    prevSign = s
  }
  return roots
}

/** The roots other than `chosen` (all of them when it is null), when there can be more than one. */
export function otherRoots(terms: Term[], chosen: number | null): number[] {
  if (chosen !== null && signChanges(terms) <= 1) return []
  const same = (r: number) => chosen !== null && Math.abs(r - chosen) <= 1e-6 * Math.max(1, Math.abs(chosen))
  return scanRoots(terms).filter((r) => !same(r))
}
