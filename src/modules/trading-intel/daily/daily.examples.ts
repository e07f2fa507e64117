/** OpenAPI example values of the daily routes (hand-computed from the test fixtures' numbers). */
import type { RouteExamples } from '../../../platform/http/docs-transform.ts'
import type { CalendarOut } from './calendar.schemas.ts'
import type { History, Review } from './eod.schemas.ts'
import type { Gameplan } from './gameplan.schemas.ts'

const review: Review = {
  review_date: '2026-11-20',
  previous_date: '2026-11-19',
  next_date: '2026-11-23',
  account_id: null,
  computed_at: '2026-11-20T21:30:00.000Z',
  complete: false,
  degraded: false,
  degraded_reasons: [],
  positions: [
    {
      symbol: 'AAPL',
      quantity: 10,
      previous_close: 100,
      close: 103,
      change: 3,
      change_pct: 3,
      pnl: 30,
      market_value: 1030,
    },
  ],
  totals: {
    positions: 1,
    priced: 1,
    unpriced: [],
    pnl: 30,
    market_value: 1030,
    previous_market_value: 1000,
    pnl_pct: 3,
  },
  signals: [
    {
      source: 'intraday',
      id: 41,
      symbol: 'AAPL',
      kind: 'orb',
      direction: 'long',
      confidence: 0.6153,
      price: 101,
      at: '2026-11-20T15:15:00.000Z',
      reference_price: 101,
      close: 103,
      next_close: null,
      return_to_close: 0.0198,
      return_to_next_close: null,
      outcome: 'hit',
      outcome_next: 'pending',
    },
  ],
  signal_stats: {
    count: 1,
    directional: 1,
    hits: 1,
    misses: 0,
    flat: 0,
    hit_rate: 1,
    avg_return_to_close: 0.0198,
    hits_next: 0,
    misses_next: 0,
    pending_next: 1,
  },
  movers: {
    gainers: [{ symbol: 'AAPL', change_pct: 3, pnl: 30 }],
    losers: [],
    market: { gainers: [{ symbol: 'NVDA', last: 151.2, change_pct: 4.1 }], losers: [] },
  },
}

export const REVIEW_EXAMPLES: RouteExamples = {
  query: { review_date: '2026-11-20' },
  200: { description: 'The review of the date (stored, or computed and stored)', value: review },
}

const history: History = {
  from: '2026-10-22',
  to: '2026-11-20',
  account_id: null,
  items: [
    {
      review_date: '2026-11-20',
      total_pnl: 30,
      signals: 1,
      hits: 1,
      misses: 0,
      best: { symbol: 'AAPL', pnl: 30 },
      worst: { symbol: 'AAPL', pnl: 30 },
      complete: false,
    },
  ],
}

export const HISTORY_EXAMPLES: RouteExamples = {
  query: { days: 30 },
  200: { description: 'Summaries of the stored reviews, newest first', value: history },
}

const plan: Gameplan = {
  plan_date: '2026-11-20',
  generated_at: '2026-11-20T12:00:00.000Z',
  account_id: 7,
  window: {
    from: '2026-11-20',
    to: '2026-11-27',
    trading_days: ['2026-11-20', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-27'],
  },
  holdings: { count: 1, symbols: ['AAPL'], sectors: ['Information Technology'] },
  signals: {
    since: '2026-11-19T12:00:00.000Z',
    intraday: [
      {
        id: 41,
        symbol: 'AAPL',
        text: 'ORB long breakout at 52.05, 1.7× range volume',
        confidence: 0.6153,
        source: 'intraday.orb',
        created_at: '2026-11-19T15:21:03.000Z',
      },
    ],
    options_flow: [],
    opportunities: [{ symbol: 'MSFT', score: 62.5, scan_types: ['volume', 'momentum'] }],
  },
  events: [
    {
      date: '2026-11-20',
      time: null,
      type: 'index',
      title: 'Monthly options expiration',
      symbol: null,
      sector: null,
      impact: 'medium',
      relevance: [],
      details: { kind: 'monthly_opex', shifted_from: null },
    },
    {
      date: '2026-11-24',
      time: null,
      type: 'earnings',
      title: 'AAPL Q4 2026 earnings (after the close)',
      symbol: 'AAPL',
      sector: 'Information Technology',
      impact: 'high',
      relevance: ['held'],
      details: { hour: 'amc', eps_estimate: 1.62, revenue_estimate: null },
    },
  ],
  sections: {
    signals: { status: 'ok', reason: null, count: 2 },
    earnings: { status: 'ok', reason: null, count: 1 },
    ex_dividend: { status: 'ok', reason: null, count: 0 },
    index: { status: 'ok', reason: null, count: 1 },
    economic: {
      status: 'degraded',
      reason: 'economic calendar unavailable (upstream rate_limited)',
      count: 0,
    },
  },
  degraded: true,
}

export const GAMEPLAN_EXAMPLES: RouteExamples = {
  query: { account_id: 7 },
  200: { description: 'The plan, with an economic-calendar section degraded by a rate limit', value: plan },
}

const calendar: CalendarOut = {
  from: '2026-12-01',
  to: '2026-12-11',
  provider: 'simulated',
  items: [
    {
      event: 'Nonfarm Payrolls',
      country: 'US',
      time: '2026-12-04T13:30:00.000Z',
      impact: 'high',
      actual: null,
      estimate: 155,
      previous: 143,
      unit: 'K',
    },
  ],
}

export const CALENDAR_EXAMPLES: RouteExamples = {
  query: { from: '2026-12-01', to: '2026-12-11', country: 'US', impact: 'high' },
  200: { description: 'Releases in the window, ascending by time', value: calendar },
}
