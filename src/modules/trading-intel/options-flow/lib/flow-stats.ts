/**
 * The summary of GET /intraday/flow over the signals of its window: totals per direction, the mean
 * put/call ratio over finite ratios only (an all-put reading has none), the mean stored confidence.
 */
import { FLOW_DIRECTIONS, type FlowDirection } from './classify.ts'

export interface StatRow {
  symbol: string
  direction: FlowDirection
  put_call_ratio: number | null
  confidence: number
}

export interface DirectionSummary {
  count: number
  avg_put_call_ratio: number | null
  avg_confidence: number | null
  /** Distinct symbols, alphabetical. */
  symbols: string[]
}

export interface FlowStats {
  total: number
  by_direction: Record<FlowDirection, number>
  avg_put_call_ratio: number | null
  avg_confidence: number | null
}

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000

function mean(xs: readonly number[]): number | null {
  if (!xs.length) return null
  return round4(xs.reduce((a, b) => a + b, 0) / xs.length)
}

const finiteRatios = (rows: readonly StatRow[]) =>
  rows.map((r) => r.put_call_ratio).filter((x): x is number => x !== null)

export function flowStats(rows: readonly StatRow[]): FlowStats {
  const by = Object.fromEntries(FLOW_DIRECTIONS.map((d) => [d, 0])) as Record<FlowDirection, number>
  for (const r of rows) by[r.direction]++
  return {
    total: rows.length,
    by_direction: by,
    avg_put_call_ratio: mean(finiteRatios(rows)),
    avg_confidence: mean(rows.map((r) => r.confidence)),
  }
}

export function directionBreakdown(rows: readonly StatRow[]): Record<FlowDirection, DirectionSummary> {
  const out = {} as Record<FlowDirection, DirectionSummary>
  for (const d of FLOW_DIRECTIONS) {
    const of = rows.filter((r) => r.direction === d)
    out[d] = {
      count: of.length,
      avg_put_call_ratio: mean(finiteRatios(of)),
      avg_confidence: mean(of.map((r) => r.confidence)),
      symbols: [...new Set(of.map((r) => r.symbol))].sort(),
    }
  }
  return out
}
