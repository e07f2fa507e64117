/** Each section source's answer as the briefing's lines (short, with the numbers that matter). Pure. */
import type { Gameplan, Review } from '../../daily/index.ts'
import type { RecommendationView } from '../../recommendations/index.ts'

/** Most lines a list section shows. */
export const MAX_LINES = 8

const pct = (x: number | null) => (x === null ? 'n/a' : `${x >= 0 ? '+' : ''}${x.toFixed(2)} %`)
const usd = (x: number | null) =>
  x === null
    ? 'n/a'
    : `${x < 0 ? '−' : '+'}$${Math.abs(x).toLocaleString('en-US', { maximumFractionDigits: 2 })}`

export function gameplanLines(p: Gameplan): string[] {
  const signals = p.signals.intraday.length + p.signals.options_flow.length
  const lines = [
    `Plan for ${p.plan_date}: ${p.events.length} market events, ${signals} recent signals, ` +
      `${p.signals.opportunities.length} watchlist opportunities.`,
  ]
  for (const e of p.events.slice(0, MAX_LINES)) {
    const rel = e.relevance.length ? ` [${e.relevance.join(', ')}]` : ''
    lines.push(`${e.date} ${e.type}: ${e.title}${e.symbol ? ` (${e.symbol})` : ''}${rel}`)
  }
  return lines
}

export function reviewLines(r: Review): string[] {
  const t = r.totals
  const lines = [
    `Review of ${r.review_date}: P&L ${usd(t.pnl)} (${pct(t.pnl_pct)}) on ${t.priced} of ${t.positions} positions.`,
  ]
  if (r.signal_stats.count)
    lines.push(
      `Signals: ${r.signal_stats.count}, hit rate ${r.signal_stats.hit_rate === null ? 'n/a' : pct(r.signal_stats.hit_rate * 100)}.`,
    )
  for (const m of [...r.movers.gainers, ...r.movers.losers].slice(0, MAX_LINES))
    lines.push(`${m.symbol} ${pct(m.change_pct)} (${usd(m.pnl)})`)
  return lines
}

export function recommendationLines(recs: RecommendationView[]): string[] {
  if (!recs.length) return ['No open recommendations.']
  return recs.slice(0, MAX_LINES).map((r) => {
    const at = r.price_at === null ? '' : ` at ${r.price_at.toFixed(2)}`
    return `${r.action.toUpperCase()} ${r.symbol}${at}, confidence ${r.confidence.toFixed(2)} (${r.origin}, ${r.created_at.slice(0, 10)})`
  })
}

export interface HoldingMove {
  symbol: string
  quantity: number
  last: number
  change_pct: number
  /** quantity × the quote's change since the previous close. */
  move_value: number
}

export function holdingsLines(moves: HoldingMove[]): string[] {
  if (!moves.length) return ['No priced holdings.']
  return moves
    .slice(0, MAX_LINES)
    .map(
      (m) =>
        `${m.symbol} ${pct(m.change_pct)} at ${m.last.toFixed(2)} (${usd(m.move_value)} on ${m.quantity})`,
    )
}
