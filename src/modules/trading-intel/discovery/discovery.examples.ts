/** OpenAPI example values of the discovery operations (validated against their schemas by the contract test). */
import type { RouteExamples } from '../../../platform/http/docs-transform.ts'

const result = {
  id: 41,
  symbol: 'AAPL',
  universe: 'sp500',
  scan_type: 'gappers',
  trading_date: '2026-11-20',
  score: 5,
  direction: 'up',
  price: 241.6,
  change_pct: 5.4,
  evidence: {
    gap_pct: 5,
    open: 240.45,
    prev_close: 229,
    prev_high: 231.2,
    prev_low: 227.9,
    gap_type: 'full',
  },
  created_at: '2026-11-20T14:45:00.000Z',
  updated_at: '2026-11-20T15:00:00.000Z',
}

const opportunity = {
  symbol: 'AAPL',
  score: 62.5,
  signals: 2,
  confluence_bonus: 10,
  scan_types: ['gappers', 'volume'],
  universes: ['sp500'],
  components: [
    {
      scan_type: 'gappers',
      score: 5,
      normalized: 0.5,
      weight: 20,
      points: 10,
      universe: 'sp500',
      trading_date: '2026-11-20',
    },
    {
      scan_type: 'volume',
      score: 8.4,
      normalized: 1,
      weight: 25,
      points: 25,
      universe: 'sp500',
      trading_date: '2026-11-20',
    },
  ],
  computed_at: '2026-11-20T15:05:00.000Z',
}

/** The latest session on Friday 2026-11-20 (or that weekend): from 04:00 New York (EST, UTC−5). */
const latestSession = {
  sessions: 1,
  from_session_date: '2026-11-20',
  hours: null,
  since: '2026-11-20T09:00:00.000Z',
}

export const SCAN_EXAMPLES: RouteExamples = {
  body: { universe: 'sp500', scan_type: 'gappers', limit: 10 },
  200: {
    description: 'The top results, ranked, as stored',
    value: { universe: 'sp500', scan_type: 'gappers', scanned: 503, matched: 7, results: [result] },
  },
}

export const FEED_EXAMPLES: RouteExamples = {
  query: { scan_type: 'gappers', sessions: 1, symbol: 'aa', limit: 20, sort_by: 'score', sort_dir: 'desc' },
  200: {
    description:
      'Stats and breakdown of every matching result of the latest session, and the first `limit` of them',
    value: {
      window: latestSession,
      stats: { total: 1, symbols: 1, by_scan_type: { gappers: 1 }, last_scan_at: '2026-11-20T15:00:00.000Z' },
      scan_breakdown: [{ scan_type: 'gappers', count: 1, avg_score: 5, top_symbol: 'AAPL', top_score: 5 }],
      results: [result],
    },
  },
}

export const COMPUTE_EXAMPLES: RouteExamples = {
  body: { sessions: 1, universe: 'sp500', min_signals: 2, limit: 20 },
  200: {
    description: 'The opportunities written from the latest session’s results, best first',
    value: { window: latestSession, computed: 1, results_read: 9, items: [opportunity] },
  },
}

export const OPPORTUNITIES_EXAMPLES: RouteExamples = {
  query: { min_score: 50, limit: 20, sessions: 1, scan_type: 'volume', sort_by: 'score', sort_dir: 'desc' },
  200: {
    description: 'Ranked opportunities of the latest session with their components',
    value: { window: latestSession, total: 1, items: [opportunity] },
  },
}

export const WATCHLIST_EXAMPLES: RouteExamples = {
  query: { limit: 10 },
  200: {
    description: 'Scored symbols not held, best first',
    value: { window: latestSession, held_excluded: 2, items: [{ ...opportunity, symbol: 'AVGO' }] },
  },
}
