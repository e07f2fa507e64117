/**
 * The correlation answer of GET /correlation from aligned closes: the kernel's matrix (simple
 * returns, ≥ MIN_PAIRS common returns, zero variance → null, diagonal 1) rounded to 3 decimals, with
 * the count of common returns behind each entry and the reason a symbol's row is null.
 */
import { correlationMatrix } from '../../../../kernel/quant/index.ts'
import { commonReturns, type AlignedCloses } from './align.ts'

/** Fewest common daily returns for a defined entry. */
export const MIN_PAIRS = 20
export const DECIMALS = 3

export type NullReason = 'no_prices' | 'too_few_returns' | 'flat'

export interface CorrelationCore {
  matrix: (number | null)[][]
  observations: number[][]
  /** Per symbol: how many daily returns it has, and why its row is all null (or null). */
  returns: number[]
  reasons: (NullReason | null)[]
}

const round = (v: number) => (Number.isFinite(v) ? Math.round(v * 10 ** DECIMALS) / 10 ** DECIMALS : null)

export function correlationCore(a: AlignedCloses): CorrelationCore {
  const k = a.closes.length
  const flat = correlationMatrix(a.closes, { minPairs: MIN_PAIRS })
  const matrix: (number | null)[][] = []
  const observations: number[][] = []
  for (let i = 0; i < k; i++) {
    matrix.push(Array.from({ length: k }, (_, j) => round(flat[i * k + j]!)))
    observations.push(Array.from({ length: k }, (_, j) => commonReturns(a.closes[i]!, a.closes[j]!)))
  }
  const returns = observations.map((row, i) => row[i]!)
  const reasons = a.closes.map((c, i): NullReason | null => {
    if (!c.some((v) => Number.isFinite(v))) return 'no_prices'
    if (returns[i]! < MIN_PAIRS) return 'too_few_returns'
    return matrix[i]![i] === null ? 'flat' : null
  })
  return { matrix, observations, returns, reasons }
}
