/** Row → wire shape, and the feed's one-line text. */
import type { FeedRow } from '../../../../platform/feed-row.ts'
import type { RecRow } from '../recommendations.repository.ts'
import type { RecommendationView } from '../recommendations.schemas.ts'

export function viewOf(r: RecRow): RecommendationView {
  return {
    id: r.id,
    symbol: r.symbol,
    action: r.action,
    confidence: r.confidence,
    rationale: r.rationale,
    origin: r.origin,
    origin_ref: r.origin_ref,
    price_at: r.price_at,
    horizon_days: r.horizon_days,
    evidence: r.evidence,
    status: r.status,
    outcome:
      r.status === 'closed' && r.closed_at && r.exit_price !== null
        ? {
            exit_price: r.exit_price,
            return_pct: r.return_pct,
            outcome: r.outcome,
            note: r.note,
            closed_at: r.closed_at.toISOString(),
          }
        : null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }
}

/** e.g. "BUY AAPL at 189.20 (committee, 20-day horizon): momentum and breadth agree". */
export function feedText(
  r: Pick<RecRow, 'action' | 'symbol' | 'price_at' | 'origin' | 'horizon_days' | 'rationale'>,
): string {
  const at = r.price_at === null ? '' : ` at ${r.price_at.toFixed(2)}`
  const head = `${r.action.toUpperCase()} ${r.symbol}${at} (${r.origin}, ${r.horizon_days}-day horizon)`
  const why = r.rationale.split(/\r?\n/)[0]!.slice(0, 200)
  return why ? `${head}: ${why}` : head
}

export function feedRowOf(r: RecRow): FeedRow {
  return {
    id: r.id,
    symbol: r.symbol,
    text: feedText(r),
    confidence: r.confidence,
    source: `recommendations.${r.origin}`,
    created_at: r.created_at,
  }
}
