/**
 * The fundamental analyst: instrument data (sector, industry, market cap) and the earnings
 * surprises of the last REPORTED_QUARTERS quarters with both an actual and a non-zero estimated EPS:
 * surprise = (actual − estimate)/|estimate|; score = clamp(mean surprise / SURPRISE_FULL);
 * confidence = quarters used / REPORTED_QUARTERS. No reported quarter → score 0, confidence 0.
 * Not available from the ports, so not used (listed in `evidence.missing`): valuation multiples,
 * balance sheet, revenue growth.
 */
import type { EarningsEvent, Instrument } from '../../../../providers/market-data/index.ts'
import { num, opinion, round4, type Opinion } from './opinion.ts'

export const REPORTED_QUARTERS = 4
/** A 10 % average beat is the strongest reading (+1); a 10 % average miss the weakest (−1). */
export const SURPRISE_FULL = 0.1
export const MISSING = ['valuation multiples (P/E, P/B)', 'balance sheet', 'revenue growth']

export function fundamentalOpinion(instrument: Instrument, events: readonly EarningsEvent[]): Opinion {
  const reported = events
    .filter((e) => e.eps_actual !== null && e.eps_estimate !== null && e.eps_estimate !== 0)
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
    .slice(0, REPORTED_QUARTERS)
  const quarters = reported.map((e) => ({
    date: e.date,
    quarter: `${e.year}Q${e.quarter}`,
    eps_actual: e.eps_actual!,
    eps_estimate: e.eps_estimate!,
    surprise: round4((e.eps_actual! - e.eps_estimate!) / Math.abs(e.eps_estimate!)),
  }))
  const mean = quarters.length ? quarters.reduce((a, q) => a + q.surprise, 0) / quarters.length : null
  const evidence = {
    sector: instrument.sector,
    industry: instrument.industry,
    market_cap: instrument.market_cap,
    quarters,
    mean_surprise: mean === null ? null : num(mean),
    missing: MISSING,
  }
  if (mean === null)
    return opinion('fundamental', 0, 0, evidence, 'no reported earnings with an estimate: no view')
  const summary = `mean EPS surprise ${(mean * 100).toFixed(1)} % over ${quarters.length} quarter(s)`
  return opinion('fundamental', mean / SURPRISE_FULL, quarters.length / REPORTED_QUARTERS, evidence, summary)
}
