/** OpenAPI examples, computed from bars S2 of docs/definitions.md#market-structure with L = R = 2 (the structure vector). */
import { analyzeStructure } from './lib/analyze.ts'
import { mtfAlignment } from './lib/mtf.ts'
import { S2_BARS } from './lib/s2.fixture.ts'

const a = analyzeStructure(S2_BARS, { left: 2, right: 2, tolerance: 0 })
const { events, ...rest } = a

export const STRUCTURE_EXAMPLE = { symbol: 'AAPL', timeframe: '1d', ...rest, event_count: events.length }

export const EVENTS_EXAMPLE = {
  symbol: 'AAPL',
  timeframe: '1d',
  swing_length: 2,
  bars: a.bars,
  as_of: a.as_of,
  total: events.length,
  limit: 20,
  items: events.slice().reverse(),
}

const frame = (timeframe: string, trend: 'bullish' | 'bearish', sign: 1 | -1) => ({
  timeframe,
  error: null,
  bars: a.bars,
  as_of: a.as_of,
  trend,
  trend_sign: sign,
  last_high: a.last_high,
  last_low: a.last_low,
})

export const MTF_EXAMPLE = {
  symbol: 'AAPL',
  anchor: '1d',
  ...mtfAlignment(
    [
      { timeframe: '1d', trend: 1 },
      { timeframe: '1h', trend: 1 },
      { timeframe: '15m', trend: -1 },
      { timeframe: '5m', trend: 1 },
    ],
    '1d',
  ),
  degraded: false,
  timeframes: [
    frame('1d', 'bullish', 1),
    frame('1h', 'bullish', 1),
    frame('15m', 'bearish', -1),
    frame('5m', 'bullish', 1),
  ],
}

export const PORTFOLIO_EXAMPLE = {
  timeframe: '1d',
  cap: 20,
  items: [
    {
      symbol: 'AAPL',
      error: null,
      as_of: a.as_of,
      trend: a.trend,
      break_trend: a.break_trend,
      last_bos: a.last_bos,
      last_choch: a.last_choch,
      levels: a.levels,
    },
    {
      symbol: 'ZZZZ',
      error: 'market.unknown_symbol',
      as_of: null,
      trend: null,
      break_trend: null,
      last_bos: null,
      last_choch: null,
      levels: null,
    },
  ],
}
