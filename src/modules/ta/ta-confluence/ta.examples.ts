/** Example answers for the OpenAPI document (the confluence vector and a small backtest). */
import { WEIGHTS } from './lib/confluence.ts'

export const CONFLUENCE_EXAMPLE = {
  symbol: 'AAPL',
  timeframe: '1d',
  bars: 260,
  as_of: '2026-11-25T05:00:00.000Z',
  last_close: 231.4,
  score: 0.684,
  display: 84.2,
  bias: 'bullish',
  agreement: 0.9,
  components: [
    {
      layer: 'structure',
      weight: 0.3,
      effective_weight: 0.3,
      used: true,
      score: 1,
      evidence: { trend: 'bullish' },
    },
    {
      layer: 'ict',
      weight: 0.25,
      effective_weight: 0.25,
      used: true,
      score: 1,
      evidence: { zone: 'discount' },
    },
    {
      layer: 'price_action',
      weight: 0.2,
      effective_weight: 0.2,
      used: true,
      score: 0.8,
      evidence: { pattern: 'hammer' },
    },
    {
      layer: 'momentum',
      weight: 0.15,
      effective_weight: 0.15,
      used: true,
      score: 0.16,
      evidence: { rsi: 58, period: 14 },
    },
    {
      layer: 'volume',
      weight: 0.1,
      effective_weight: 0.1,
      used: true,
      score: -0.5,
      evidence: { rvol: 1.5, last_volume: 1.5e7, mean_volume: 1e7, bar_direction: -1, lookback: 20 },
    },
  ],
  dropped: [],
  weights: WEIGHTS,
  bias_threshold: 0.2,
}

export const CATALOG_EXAMPLE = {
  structure: [
    {
      id: 'bos',
      layer: 'structure',
      name: 'Break of structure',
      description: 'A close beyond the latest swing in the direction of the trend.',
      directions: ['bullish', 'bearish'],
    },
  ],
  price_action: [],
  ict: [],
}

export const BACKTEST_EXAMPLE = {
  symbol: 'AAPL',
  layer: 'structure',
  pattern: 'bos',
  timeframe: '1d',
  bars: 2520,
  from: '2016-11-28T05:00:00.000Z',
  to: '2026-11-25T05:00:00.000Z',
  sample_size: 1,
  horizons: [
    { horizon: 1, sample_size: 1, hit_rate: 1, avg_return: 0.004 },
    { horizon: 5, sample_size: 1, hit_rate: 1, avg_return: 0.012 },
    { horizon: 10, sample_size: 1, hit_rate: 0, avg_return: -0.003 },
    { horizon: 20, sample_size: 0, hit_rate: null, avg_return: null },
  ],
  occurrences: [
    {
      index: 2505,
      time: '2026-11-03T05:00:00.000Z',
      direction: 'bullish',
      price: 225.1,
      forward: { '1': 0.004, '5': 0.012, '10': -0.003, '20': null },
    },
  ],
}

export const DASHBOARD_EXAMPLE = {
  holdings: [
    {
      symbol: 'AAPL',
      quantity: 10,
      market_value: 2314,
      as_of: '2026-11-25T05:00:00.000Z',
      last_close: 231.4,
      trend: 'bullish',
      zones: {
        above: { kind: 'fvg', direction: 'bearish', top: 240.2, bottom: 238.5, index: 250, mitigated: false },
        below: {
          kind: 'order_block',
          direction: 'bullish',
          top: 226,
          bottom: 223.4,
          index: 244,
          mitigated: false,
        },
      },
      confluence: { score: 0.684, display: 84.2, bias: 'bullish', agreement: 0.9 },
      error: null,
    },
    {
      symbol: 'ZZZZ',
      quantity: 5,
      market_value: 50,
      as_of: null,
      last_close: null,
      trend: null,
      zones: null,
      confluence: { score: null, display: null, bias: null, agreement: null },
      error: { status: 404, code: 'market.unknown_symbol', detail: 'Unknown symbol ZZZZ' },
    },
  ],
}
