/**
 * GET /feedback: the tenant's recommendations of the look-back window against what happened.
 * A closed call is scored at its close; an open one whose horizon (horizon_days trading days after
 * the New York date it was made) has closed is scored at that day's daily close; the rest are
 * pending (horizon not reached) or unscored (no price_at, or no bar for the horizon day). Bars are
 * read outside any transaction; when they cannot be read the answer is flagged `degraded`.
 */
import { DAY_MS } from '../../../kernel/dates.ts'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import { effectiveTenant } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { lastClose, nyDate } from '../../../kernel/calendar/nyse.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import { barsOfMany } from '../../../providers/market-data/bars-many.ts'
import type { MarketDataProvider } from '../../../providers/market-data/index.ts'
import { buckets, calibration, group, horizonEnd, nyDateFast, type ScoredCall } from './lib/feedback.ts'
import { scoreOutcome } from './lib/outcome.ts'
import { recsForFeedback, type FeedbackRow as RecRow } from './recommendations.repository.ts'
import {
  DEFAULT_FEEDBACK_DAYS,
  FEEDBACK_ITEMS_MAX,
  FEEDBACK_ROWS_MAX,
  type Evaluation,
  type FeedbackOut,
  type FeedbackQueryInput,
} from './feedback.schemas.ts'

export interface FeedbackDeps {
  scopes: Scopes
  clock: Clock
  market: Pick<MarketDataProvider, 'bars' | 'barsMany'>
}

/** An open call whose horizon day has closed, waiting for that day's bar. */
interface Due {
  row: RecRow
  day: string
}

export class FeedbackService {
  constructor(private readonly deps: FeedbackDeps) {}

  async feedback(scope: RequestScope, q: FeedbackQueryInput): Promise<FeedbackOut> {
    const tenantId = effectiveTenant(scope, q.tenant_id)
    const now = this.deps.clock.now()
    const days = q.days ?? DEFAULT_FEEDBACK_DAYS
    const since = new Date(now.getTime() - days * DAY_MS)
    const rows = await this.deps.scopes.withTenant(tenantId, (s) =>
      recsForFeedback(s, since, FEEDBACK_ROWS_MAX + 1),
    )
    const window = rows.slice(0, FEEDBACK_ROWS_MAX)
    const settled = settledDay(now)
    const judged: Judged[] = []
    const due: Due[] = []
    let pending = 0
    for (const row of window) {
      const j = judgeStored(row)
      if (j) judged.push(j)
      else if (row.price_at === null) judged.push(unscored(row, 'no_reference_price'))
      else {
        const day = safeHorizonEnd(row)
        if (day && settled && day <= settled) due.push({ row, day })
        else pending++
      }
    }
    const { closes, degraded } = await this.horizonCloses(due)
    for (const d of due) judged.push(atHorizon(d, closes.get(`${d.row.symbol}|${d.day}`), degraded))
    return summarize({
      since,
      days,
      rows: window,
      judged,
      pending,
      degraded,
      truncated: rows.length > FEEDBACK_ROWS_MAX,
    })
  }

  /** Daily closes keyed `SYMBOL|date`, read in one window spanning every due day. */
  private async horizonCloses(due: Due[]): Promise<{ closes: Map<string, number>; degraded: boolean }> {
    const closes = new Map<string, number>()
    if (!due.length) return { closes, degraded: false }
    const dates = due.map((d) => d.day).sort()
    const symbols = [...new Set(due.map((d) => d.row.symbol))]
    try {
      const bars = await barsOfMany(this.deps.market, symbols, {
        interval: '1d',
        start: new Date(`${dates[0]}T00:00:00Z`),
        end: new Date(Date.parse(`${dates[dates.length - 1]}T00:00:00Z`) + 2 * DAY_MS),
      })
      for (const [symbol, list] of bars)
        for (const b of list) closes.set(`${symbol}|${nyDateFast(new Date(b.time))}`, b.close)
      return { closes, degraded: false }
    } catch (e) {
      if (!isUpstreamError(e)) throw e
      return { closes, degraded: true }
    }
  }
}

/** The New York date of the latest regular-session close at or before `now` (null outside the calendar). */
function settledDay(now: Date): string | null {
  try {
    return nyDate(lastClose(now))
  } catch {
    return null
  }
}

function safeHorizonEnd(r: RecRow): string | null {
  try {
    return horizonEnd(nyDateFast(r.created_at), r.horizon_days)
  } catch {
    return null // beyond the calendar's years: stays pending
  }
}

/**
 * One call judged, before it becomes a wire `Evaluation` (only the listed ones do: building the
 * view of every call of a 5,000-call window was most of the answer's time).
 */
interface Judged {
  row: RecRow
  basis: 'closed' | 'horizon' | null
  exit_price: number | null
  /** The horizon day; for a closed call the New York date of closed_at, computed when listed. */
  exit_date: string | null
  return_pct: number | null
  outcome: ScoredCall['outcome'] | null
  reason: Evaluation['unscored_reason']
}

const unscored = (row: RecRow, reason: Evaluation['unscored_reason']): Judged => ({
  row,
  basis: null,
  exit_price: null,
  exit_date: null,
  return_pct: null,
  outcome: null,
  reason,
})

function judgeStored(r: RecRow): Judged | null {
  if (r.status !== 'closed') return null
  if (r.outcome === null || r.return_pct === null) return unscored(r, 'no_reference_price')
  const { exit_price, return_pct, outcome } = r
  return { row: r, basis: 'closed', exit_price, exit_date: null, return_pct, outcome, reason: null }
}

function atHorizon(d: Due, close: number | undefined, degraded: boolean): Judged {
  if (close === undefined) return unscored(d.row, degraded ? 'bars_unavailable' : 'no_bar')
  const s = scoreOutcome(d.row.action, d.row.price_at!, close)
  return { row: d.row, basis: 'horizon', exit_price: close, exit_date: d.day, ...s, reason: null }
}

function evaluationOf(j: Judged): Evaluation {
  const r = j.row
  const closedOn = j.basis === 'closed' && r.closed_at ? nyDateFast(r.closed_at) : null
  return {
    id: r.id,
    symbol: r.symbol,
    action: r.action,
    confidence: r.confidence,
    price_at: r.price_at,
    created_at: r.created_at.toISOString(),
    basis: j.basis,
    exit_price: j.exit_price,
    exit_date: j.exit_date ?? closedOn,
    return_pct: j.return_pct,
    outcome: j.outcome,
    unscored_reason: j.reason,
  }
}

interface Parts {
  since: Date
  days: number
  rows: RecRow[]
  judged: Judged[]
  pending: number
  degraded: boolean
  truncated: boolean
}

function summarize(p: Parts): FeedbackOut {
  const scored: (ScoredCall & { basis: string })[] = []
  for (const j of p.judged)
    if (j.outcome !== null && j.return_pct !== null)
      scored.push({
        action: j.row.action,
        confidence: j.row.confidence,
        return_pct: j.return_pct,
        outcome: j.outcome,
        basis: j.basis ?? '',
      })
  const byAction = (a: ScoredCall['action']) => group(scored.filter((c) => c.action === a))
  const listed = [...p.judged].sort((a, b) => b.row.id - a.row.id).slice(0, FEEDBACK_ITEMS_MAX)
  return {
    since: p.since.toISOString(),
    days: p.days,
    counts: {
      recommendations: p.rows.length,
      scored: scored.length,
      scored_at_close: scored.filter((c) => c.basis === 'closed').length,
      scored_at_horizon: scored.filter((c) => c.basis === 'horizon').length,
      pending: p.pending,
      unscored: p.judged.length - scored.length,
    },
    overall: group(scored),
    by_action: { buy: byAction('buy'), sell: byAction('sell'), hold: byAction('hold') },
    buckets: buckets(scored),
    calibration: calibration(scored),
    evaluations: listed.map(evaluationOf),
    evaluations_truncated: p.judged.length > FEEDBACK_ITEMS_MAX,
    truncated: p.truncated,
    degraded: p.degraded,
  }
}
