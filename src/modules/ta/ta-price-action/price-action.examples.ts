/**
 * OpenAPI examples, computed by the analysis itself from the docs/definitions.md vectors (the morning
 * star after a decline, the Wyckoff W1), so they always match the response schemas.
 */
import { analyzePriceAction } from './lib/analysis.ts'
import { barsOf, DECLINE, W1 } from './lib/vectors.fixture.ts'
import { candleOut, reversalOut, schematicOut } from './lib/wire.ts'
import type { CandlesOutT, PortfolioOutT, ReversalsOutT, WyckoffOutT } from './price-action.schemas.ts'

const star = barsOf([
  ...DECLINE,
  [21.0, 21.1, 19.9, 20.0],
  [19.8, 19.95, 19.5, 19.7],
  [19.85, 20.75, 19.8, 20.6],
])
const a = analyzePriceAction(star)
const header = (bars: typeof star) => ({
  symbol: 'AAPL',
  timeframe: '1d' as const,
  bars: bars.length,
  as_of: bars.at(-1)!.time,
})

export const CANDLES_EXAMPLE: CandlesOutT = {
  ...header(star),
  patterns: a.candles
    .slice(-2)
    .reverse()
    .map((h) => candleOut(star, h)),
  total: a.candles.length,
  truncated: false,
  score: a.score,
}

const w = analyzePriceAction(W1)
export const REVERSALS_EXAMPLE: ReversalsOutT = {
  ...header(W1),
  reversals: w.reversals.slice(-1).map((r) => reversalOut(W1, r)),
  total: w.reversals.length,
  truncated: false,
}

const acc = schematicOut(W1, w.wyckoff.accumulation[0]!)
export const WYCKOFF_EXAMPLE: WyckoffOutT = {
  ...header(W1),
  current: acc,
  accumulation: acc,
  distribution: null,
  schematics_found: { accumulation: 1, distribution: 0 },
}

export const PORTFOLIO_EXAMPLE: PortfolioOutT = {
  holdings_cap: 20,
  items: [
    {
      symbol: 'AAPL',
      quantity: 10,
      market_value: 2301.5,
      timeframe: '1d',
      score: 1,
      latest_pattern: {
        pattern: 'morning_star',
        direction: 'bullish',
        strength: 100,
        time: star.at(-1)!.time,
      },
      latest_reversal: null,
      wyckoff: { kind: 'accumulation', phase: 'E', status: 'complete', confidence: 1 },
      error: null,
    },
    {
      symbol: 'ZZZZ',
      quantity: 5,
      market_value: 100,
      timeframe: '1d',
      score: null,
      latest_pattern: null,
      latest_reversal: null,
      wyckoff: null,
      error: 'market.unknown_symbol',
    },
  ],
}
