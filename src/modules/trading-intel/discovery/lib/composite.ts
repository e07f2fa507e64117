/**
 * Opportunity score (this project's own heuristic): a composite 0–100 per symbol from its recent scanner results.
 *
 *   normalized(type) = min(best score of that scan type / SCORE_FULL[type], 1)
 *   points(type)     = WEIGHTS[type] × normalized(type)
 *   composite        = min(100, Σ points + CONFLUENCE_BONUS × (distinct scan types − 1))
 *
 * A symbol's best result per scan type counts once, whatever the universe or day it came from;
 * hitting several different scans is the confluence the bonus rewards. Rounded to 2 decimals.
 */
import { round4 } from './scans.ts'
import { SCAN_TYPES, type ScanType } from './scans.ts'

/** Points a full-strength hit of each scan type adds (volume, momentum and breakouts weigh most). */
export const WEIGHTS: Readonly<Record<ScanType, number>> = {
  gappers: 20,
  volume: 25,
  momentum: 25,
  reversal: 15,
  breakout: 25,
}

/**
 * The raw score at which a scan type counts fully: a 10 % gap, 5× relative volume, a 10 % day,
 * an RSI 50 points from the middle (0 or 100) and a close 5 % above the 20-day high.
 */
export const SCORE_FULL: Readonly<Record<ScanType, number>> = {
  gappers: 10,
  volume: 5,
  momentum: 10,
  reversal: 50,
  breakout: 5,
}

/** Added per distinct scan type beyond the first. */
export const CONFLUENCE_BONUS = 10
export const MAX_SCORE = 100

export interface ScanRow {
  symbol: string
  scan_type: ScanType
  universe: string
  score: number
  trading_date: string
}

export interface Component {
  scan_type: ScanType
  /** The best raw score of this scan type for the symbol. */
  score: number
  normalized: number
  weight: number
  points: number
  universe: string
  trading_date: string
}

export interface Opportunity {
  symbol: string
  score: number
  /** Distinct scan types that found the symbol. */
  signals: number
  confluence_bonus: number
  components: Component[]
  scan_types: ScanType[]
  universes: string[]
}

const round2 = (x: number) => Math.round(x * 100) / 100

function component(best: ScanRow): Component {
  // Rounded first, so the answer's numbers add up to its score exactly as shown.
  const normalized = round4(Math.min(Math.max(best.score, 0) / SCORE_FULL[best.scan_type], 1))
  const weight = WEIGHTS[best.scan_type]
  return {
    scan_type: best.scan_type,
    score: best.score,
    normalized,
    weight,
    points: round4(weight * normalized),
    universe: best.universe,
    trading_date: best.trading_date,
  }
}

/** One opportunity per symbol with at least `minSignals` distinct scan types, best first. */
export function compositeScores(rows: readonly ScanRow[], minSignals = 1): Opportunity[] {
  const best = new Map<string, Map<ScanType, ScanRow>>()
  const universes = new Map<string, Set<string>>()
  for (const r of rows) {
    const types = best.get(r.symbol) ?? new Map<ScanType, ScanRow>()
    best.set(r.symbol, types)
    const held = types.get(r.scan_type)
    if (!held || r.score > held.score) types.set(r.scan_type, r)
    universes.set(r.symbol, (universes.get(r.symbol) ?? new Set()).add(r.universe))
  }
  const out: Opportunity[] = []
  for (const [symbol, types] of best) {
    if (types.size < minSignals) continue
    const components = SCAN_TYPES.filter((t) => types.has(t)).map((t) => component(types.get(t)!))
    const bonus = CONFLUENCE_BONUS * (components.length - 1)
    const sum = components.reduce((s, c) => s + c.points, 0) + bonus
    out.push({
      symbol,
      score: round2(Math.min(MAX_SCORE, sum)),
      signals: components.length,
      confluence_bonus: bonus,
      components,
      scan_types: components.map((c) => c.scan_type),
      universes: [...universes.get(symbol)!].sort(),
    })
  }
  return out.sort((a, b) => b.score - a.score || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0))
}
