/**
 * Concentration and inverse-fund hedge sizing (docs/definitions.md#hedging): weight = MV / (Σ|MV| + cash),
 * flagged strictly above CONCENTRATION_LIMIT; β = Cov(r_s, r_m)/Var(r_m) on daily simple returns,
 * the index with the highest R² wins; H = (MV − limit·total)·β/|L| (excess) or MV·β/|L| (full),
 * shares = floor(H / fund price).
 */
import { cents } from '../../../../kernel/decimal/cents.ts'
import { pearson, simpleReturns } from '../../../../kernel/quant/index.ts'

/** A position is concentrated when its weight is strictly above this (10 %; exactly 10 % is not). */
export const CONCENTRATION_LIMIT = 0.1
/** Fewest common daily returns for a β (as for a correlation). */
export const MIN_BETA_PAIRS = 20
/** β and R² are rounded to this many decimals before sizing: the numbers shown are the ones used. */
export const BETA_DECIMALS = 6

export interface BetaFit {
  beta: number | null
  r2: number | null
  observations: number
}

const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d

/** β and R² of stock returns on market returns over the pairs where both are finite. */
export function betaOfReturns(
  rs: ArrayLike<number>,
  rm: ArrayLike<number>,
  minPairs = MIN_BETA_PAIRS,
): BetaFit {
  let n = 0
  let ss = 0
  let sm = 0
  let lo = Infinity
  let hi = -Infinity
  for (let i = 0; i < rs.length; i++)
    if (Number.isFinite(rs[i]!) && Number.isFinite(rm[i]!)) {
      n++
      ss += rs[i]!
      sm += rm[i]!
      lo = Math.min(lo, rm[i]!)
      hi = Math.max(hi, rm[i]!)
    }
  // A constant market return has no variance (its float deviations are not exactly 0).
  if (n < Math.max(minPairs, 2) || lo === hi) return { beta: null, r2: null, observations: n }
  let cov = 0
  let varM = 0
  for (let i = 0; i < rs.length; i++)
    if (Number.isFinite(rs[i]!) && Number.isFinite(rm[i]!)) {
      cov += (rs[i]! - ss / n) * (rm[i]! - sm / n)
      varM += (rm[i]! - sm / n) ** 2
    }
  const rho = pearson(rs, rm, minPairs)
  if (!(varM > 0) || Number.isNaN(rho)) return { beta: null, r2: null, observations: n }
  return { beta: round(cov / varM, BETA_DECIMALS), r2: round(rho * rho, BETA_DECIMALS), observations: n }
}

/** β of a stock's closes on an index's closes (aligned on one date axis, NaN where missing). */
export const betaOfCloses = (stock: ArrayLike<number>, index: ArrayLike<number>, minPairs = MIN_BETA_PAIRS) =>
  betaOfReturns(simpleReturns(stock), simpleReturns(index), minPairs)

/** The candidate with the highest R² (ties: the earlier one); null when none has a β. */
export function bestFit<T extends BetaFit>(fits: readonly T[]): T | null {
  let best: T | null = null
  for (const f of fits) if (f.r2 !== null && (best === null || f.r2 > best.r2!)) best = f
  return best
}

export const weightOf = (marketValue: number, total: number) => (total > 0 ? marketValue / total : 0)

export const isConcentrated = (weight: number) => weight > CONCENTRATION_LIMIT

export interface Sizing {
  full_notional: number
  excess_notional: number
  full_shares: number | null
  excess_shares: number | null
}

/** Hedge sizing for one fund; shares null without a price. Notionals rounded to cents. */
export function sizeHedge(
  mv: number,
  total: number,
  beta: number,
  leverage: number,
  price: number | null,
): Sizing {
  const lev = Math.abs(leverage)
  const full = (mv * beta) / lev
  const excess = ((mv - CONCENTRATION_LIMIT * total) * beta) / lev
  const shares = (h: number) => (price !== null && price > 0 ? Math.floor(round(h / price, 9)) : null)
  return {
    full_notional: cents(full),
    excess_notional: cents(excess),
    full_shares: shares(full),
    excess_shares: shares(excess),
  }
}
