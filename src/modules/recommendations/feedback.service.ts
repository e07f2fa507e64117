/**
 * GET /feedback: the tenant's recommendations of the look-back window against what happened.
 * A closed call is scored at its close; an open one whose horizon (horizon_days trading days after
 * the New York date it was made) has closed is scored at that day's daily close; the rest are
 * pending (horizon not reached) or unscored (no price_at, or no bar for the horizon day). Bars are
 * read outside any transaction; when they cannot be read the answer is flagged `degraded`.
 */
import type { RequestScope } from '../../platform/auth/scope.ts'
import { effectiveTenant } from '../../platform/auth/scope.ts'
import type { Clock } from '../../platform/clock.ts'
import type { Scopes } from '../../platform/db/tenant-scope.ts'
import { lastClose, nyDate } from '../../platform/market-calendar.ts'
import { isUpstreamError } from '../../platform/upstream-errors.ts'
import { barsOfMany } from '../../providers/market-data/bars-many.ts'
import type { MarketDataProvider } from '../../providers/market-data/index.ts'
import { buckets, calibration, group, horizonEnd, type ScoredCall } from './lib/feedback.ts'
import { scoreOutcome } from './lib/outcome.ts'
import { recsSince, type RecRow } from './recommendations.repository.ts'
import {
  DEFAULT_FEEDBACK_DAYS,
  FEEDBACK_ITEMS_MAX,
  FEEDBACK_ROWS_MAX,
  type Evaluation,
  type FeedbackOut,
  type FeedbackQueryInput,
} from './feedback.schemas.ts'

const DAY_MS = 86_400_000

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
      recsSince(s, { since, limit: FEEDBACK_ROWS_MAX + 1 }),
    )
    const window = rows.slice(0, FEEDBACK_ROWS_MAX)
    const settled = settledDay(now)
    const evaluations: Evaluation[] = []
    const due: Due[] = []
    let pending = 0
    for (const row of window) {
      const e = evaluateStored(row)
      if (e) evaluations.push(e)
      else if (row.price_at === null) evaluations.push(unscored(row, 'no_reference_price'))
      else {
        const day = safeHorizonEnd(row)
        if (day && settled && day <= settled) due.push({ row, day })
        else pending++
      }
    }
    const { closes, degraded } = await this.horizonCloses(due)
    for (const d of due) evaluations.push(atHorizon(d, closes.get(`${d.row.symbol}|${d.day}`), degraded))
    return summarize({
      since,
      days,
      rows: window,
      evaluations,
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
        for (const b of list) closes.set(`${symbol}|${nyDate(new Date(b.time))}`, b.close)
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
    return horizonEnd(nyDate(r.created_at), r.horizon_days)
  } catch {
    return null // beyond the calendar's years: stays pending
  }
}

const base = (r: RecRow) => ({
  id: r.id,
  symbol: r.symbol,
  action: r.action,
  confidence: r.confidence,
  price_at: r.price_at,
  created_at: r.created_at.toISOString(),
})

function evaluateStored(r: RecRow): Evaluation | null {
  if (r.status !== 'closed') return null
  if (r.outcome === null || r.return_pct === null) return unscored(r, 'no_reference_price')
  return {
    ...base(r),
    basis: 'closed',
    exit_price: r.exit_price,
    exit_date: r.closed_at ? nyDate(r.closed_at) : null,
    return_pct: r.return_pct,
    outcome: r.outcome,
    unscored_reason: null,
  }
}

function unscored(r: RecRow, reason: Evaluation['unscored_reason']): Evaluation {
  return {
    ...base(r),
    basis: null,
    exit_price: null,
    exit_date: null,
    return_pct: null,
    outcome: null,
    unscored_reason: reason,
  }
}

function atHorizon(d: Due, close: number | undefined, degraded: boolean): Evaluation {
  if (close === undefined) return unscored(d.row, degraded ? 'bars_unavailable' : 'no_bar')
  const s = scoreOutcome(d.row.action, d.row.price_at!, close)
  return {
    ...base(d.row),
    basis: 'horizon',
    exit_price: close,
    exit_date: d.day,
    ...s,
    unscored_reason: null,
  }
}

interface Parts {
  since: Date
  days: number
  rows: RecRow[]
  evaluations: Evaluation[]
  pending: number
  degraded: boolean
  truncated: boolean
}

function summarize(p: Parts): FeedbackOut {
  const scored: (ScoredCall & { basis: string })[] = p.evaluations.flatMap((e) =>
    e.outcome === null || e.return_pct === null
      ? []
      : [
          {
            action: e.action,
            confidence: e.confidence,
            return_pct: e.return_pct,
            outcome: e.outcome,
            basis: e.basis ?? '',
          },
        ],
  )
  const byAction = (a: ScoredCall['action']) => group(scored.filter((c) => c.action === a))
  const items = [...p.evaluations].sort((a, b) => b.id - a.id)
  return {
    since: p.since.toISOString(),
    days: p.days,
    counts: {
      recommendations: p.rows.length,
      scored: scored.length,
      scored_at_close: scored.filter((c) => c.basis === 'closed').length,
      scored_at_horizon: scored.filter((c) => c.basis === 'horizon').length,
      pending: p.pending,
      unscored: p.evaluations.length - scored.length,
    },
    overall: group(scored),
    by_action: { buy: byAction('buy'), sell: byAction('sell'), hold: byAction('hold') },
    buckets: buckets(scored),
    calibration: calibration(scored),
    evaluations: items.slice(0, FEEDBACK_ITEMS_MAX),
    evaluations_truncated: items.length > FEEDBACK_ITEMS_MAX,
    truncated: p.truncated,
    degraded: p.degraded,
  }
}
