/** OpenAPI example values shared by the recommendation operations. */
export const EXAMPLE_REC = {
  id: 7,
  symbol: 'AAPL',
  action: 'buy',
  confidence: 0.82,
  rationale: 'Technical and flow analysts agree: breakout above the 50-day high on 1.8× volume',
  origin: 'committee',
  origin_ref: 'run_01JD3Q2W8C6',
  price_at: 189.2,
  horizon_days: 20,
  evidence: { score: 0.64, members: 6 },
  status: 'open',
  outcome: null,
  created_at: '2026-11-24T14:35:00.000Z',
  updated_at: '2026-11-24T14:35:00.000Z',
}

export const EXAMPLE_CLOSED = {
  ...EXAMPLE_REC,
  status: 'closed',
  outcome: {
    exit_price: 196.5,
    return_pct: 3.8584,
    outcome: 'hit',
    note: 'target reached',
    closed_at: '2026-12-08T20:00:00.000Z',
  },
  updated_at: '2026-12-08T20:00:00.000Z',
}
