/** OpenAPI example values of the committee operations (validated against their schemas by the contract test). */
import { DEFAULT_CONFIG } from './lib/config.ts'

export const RUN_ID = '01KAZ4W5Q2M7YB3N8C6D0E1F2G'
const AT = '2026-11-24T15:00:00.000Z'

export const MODEL_STATUS = {
  requested: false,
  provider_configured: false,
  plan_allows: false,
  active: false,
  reason: 'model off: the rules decide',
}

export const CONFIG_VIEW = {
  ...DEFAULT_CONFIG,
  is_default: true,
  updated_at: null,
  model_status: MODEL_STATUS,
}

export const OPINION = {
  analyst: 'technical',
  status: 'ok',
  score: 0.5,
  confidence: 1,
  stance: 'bullish',
  evidence: {
    close: 231.4,
    sma50: 224.1,
    sma200: 212.7,
    rsi14: 58.2,
    macd_histogram: -0.31,
    bars: 260,
    components: { trend_sma50: 0.25, trend_sma200: 0.25, rsi14: 0.1025, macd_histogram: -0.25 },
  },
  summary: 'close 231.4 vs SMA50 224.1 and SMA200 212.7, RSI14 58.2, MACD histogram -0.31',
}

export const UNAVAILABLE = {
  analyst: 'flow',
  status: 'unavailable',
  score: null,
  confidence: null,
  stance: null,
  evidence: {},
  summary: 'flow unavailable: upstream.unavailable: option chain down',
  reason: 'upstream.unavailable: option chain down',
}

export const DECISION = {
  action: 'buy',
  conviction: 0.3214,
  weighted_score: 0.45,
  size: {
    shares: 6,
    percent_of_account: 0.0161,
    price: 231.4,
    account_value: 100000,
    capped_by: 'max_size_per_decision',
  },
  rationale:
    'Weighted score 0.45 from technical +0.5 (w 1, c 1), …; coverage 0.7143, conviction 0.3214 (min 0.2); buy (act at |score| ≥ 0.15).',
  method: 'rules',
  evidence: {
    contributions: [{ analyst: 'technical', weight: 1, score: 0.5, confidence: 1, contribution: 1 }],
    unavailable: ['flow'],
    coverage: 0.7143,
    action_threshold: 0.15,
    limits: DEFAULT_CONFIG.risk,
  },
}

export const RUN_VIEW = {
  run_id: RUN_ID,
  symbol: 'AAPL',
  account_id: null,
  status: 'completed',
  retry_of: null,
  model: { requested: false, active: false, reason: 'model off: the rules decide' },
  opinions: [OPINION, UNAVAILABLE],
  decision: DECISION,
  error: null,
  created_at: AT,
  started_at: AT,
  finished_at: '2026-11-24T15:00:02.000Z',
}

export const ACCEPTED = { run_id: RUN_ID, status: 'queued', retry_of: null }

export const RUN_PAGE = {
  items: [
    {
      run_id: RUN_ID,
      symbol: 'AAPL',
      status: 'completed',
      retry_of: null,
      action: 'buy',
      conviction: 0.3214,
      created_at: AT,
      finished_at: '2026-11-24T15:00:02.000Z',
    },
  ],
  next_cursor: null,
  page: 1,
  page_size: 25,
}

export const EVENTS = {
  run_id: RUN_ID,
  status: 'completed',
  items: [
    { seq: 1, kind: 'started', payload: {}, created_at: AT },
    { seq: 2, kind: 'analyst_opinion', payload: OPINION, created_at: AT },
    { seq: 3, kind: 'decision', payload: { decision: DECISION }, created_at: '2026-11-24T15:00:02.000Z' },
  ],
  next_after: 3,
}

export const PROMOTED = {
  run_id: RUN_ID,
  created: true,
  recommendation: {
    id: 12,
    symbol: 'AAPL',
    action: 'buy',
    confidence: 0.3214,
    origin: 'committee',
    origin_ref: RUN_ID,
  },
}
