/**
 * XIRR as spreadsheets define it: the rate r with Σ amount_i / (1 + r)^((d_i − d_0) / 365) = 0,
 * d_0 the earliest date, solved by Newton–Raphson with the analytic derivative. The answer is the
 * first root reached from the caller's guess, then from each fallback guess in order; flows whose
 * signs change more than once may have others, which `otherRoots` finds (xirr-roots.ts).
 */
import { daysBetween } from '../../lib/dates.ts'
import { otherRoots } from './xirr-roots.ts'

export interface CashFlow {
  date: string
  amount: number
}

export interface XirrResult {
  xirr: number | null
  converged: boolean
  /** Other rates that solve the equation, ascending (empty when the root is unique). */
  other_roots: number[]
}

const TOLERANCE = 1e-10
const MAX_ITERATIONS = 100
// Where Newton goes next when the caller's guess fails; -0.9 reaches deep losses.
const FALLBACK_GUESSES = [-0.5, 0, 0.5, 1, 5, -0.9]
// A step that would cross r = −1 is halved toward −1 this many times before giving up.
const MAX_BACKTRACKS = 60

interface Term {
  years: number
  amount: number
}

/** NPV and its derivative at r (r > −1). */
function npv(terms: Term[], r: number): { f: number; df: number; scale: number } {
  let f = 0
  let df = 0
  let scale = 0
  for (const { years, amount } of terms) {
    const v = amount * Math.pow(1 + r, -years)
    f += v
    df -= (years * v) / (1 + r)
    scale += Math.abs(v)
  }
  return { f, df, scale }
}

function newton(terms: Term[], guess: number): number | null {
  let r = guess
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    const { f, df } = npv(terms, r)
    if (!Number.isFinite(f) || !Number.isFinite(df) || df === 0) return null
    let step = f / df
    let next = r - step
    // Never evaluate at or below r = −1, where (1 + r)^t is undefined: shorten the step instead.
    for (let k = 0; next <= -1 && k < MAX_BACKTRACKS; k++) {
      step /= 2
      next = r - step
    }
    if (next <= -1 || !Number.isFinite(next)) return null
    if (Math.abs(next - r) < TOLERANCE) return accept(terms, next) ? next : null
    r = next
  }
  return null
}

// A tiny step is not proof of a root (the derivative may just be huge): the NPV must vanish
// relative to the size of the discounted flows.
function accept(terms: Term[], r: number): boolean {
  const { f, scale } = npv(terms, r)
  return Number.isFinite(f) && Math.abs(f) <= 1e-7 * scale
}

export function xirr(flows: CashFlow[], guess = 0.1): XirrResult {
  if (flows.length < 2) throw new RangeError('XIRR needs at least two cash flows')
  if (!Number.isFinite(guess) || guess <= -1) throw new RangeError('the guess must be a number above −1')
  for (const { amount } of flows) {
    if (!Number.isFinite(amount)) throw new RangeError(`not a finite amount: ${amount}`)
  }
  if (!flows.some((c) => c.amount > 0) || !flows.some((c) => c.amount < 0)) {
    throw new RangeError('XIRR needs at least one positive and one negative cash flow')
  }
  // daysBetween throws RangeError on an invalid date.
  const first = flows.map((c) => c.date).reduce((a, b) => (b < a ? b : a))
  const terms = flows.map((c) => ({ years: daysBetween(first, c.date) / 365, amount: c.amount }))

  const guesses = [guess, ...FALLBACK_GUESSES.filter((g) => g !== guess)]
  for (const g of guesses) {
    const r = newton(terms, g)
    if (r !== null) return { xirr: r, converged: true, other_roots: otherRoots(terms, r) }
  }
  return { xirr: null, converged: false, other_roots: otherRoots(terms, null) }
}
