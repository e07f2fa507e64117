/** Request and response schemas of GET /api/ta/price-action/*. */
import { Type, type Static } from 'typebox'
import { Id, Nullable } from '../../../platform/http/schemas.ts'
import { HISTORY_DOC, TIMEFRAMES } from '../../market/market-data/index.ts'
import { CANDLES } from './lib/candles.ts'

export const SYMBOL_PATTERN = '^\\^?[A-Za-z0-9]{1,10}([.-][A-Za-z0-9]{1,5})?$'
/** Items per list, latest first (the total is always given). */
export const MAX_ITEMS = 100
/** Holdings analysed by GET /price-action/portfolio, largest |market value| first. */
export const PORTFOLIO_HOLDINGS = 20

export const SymbolParams = Type.Object({
  symbol: Type.String({
    pattern: SYMBOL_PATTERN,
    maxLength: 16,
    description: 'The ticker (case-insensitive)',
  }),
})
export const TimeframeQuery = Type.Object({
  timeframe: Type.Optional(
    Type.Enum([...TIMEFRAMES], {
      default: '1d',
      description: `Bar timeframe; default 1d. History read: ${HISTORY_DOC}`,
    }),
  ),
})
export type TimeframeQueryIn = Static<typeof TimeframeQuery>
export const PortfolioQuery = Type.Object({
  tenant_id: Type.Optional(Id({ description: 'Administrators only: read another tenant' })),
})

const Num = Type.Number()
const Values = Type.Record(Type.String(), Type.Number(), { description: 'The numbers the rule compared' })

export const BarRef = Type.Object({
  index: Type.Integer({ description: 'Bar index in the analysed series (0 = oldest)' }),
  time: Type.String({ format: 'date-time' }),
  open: Num,
  high: Num,
  low: Num,
  close: Num,
  volume: Num,
})

const Candle = Type.Object({
  ...BarRef.properties,
  body: Num,
  range: Num,
  upper_shadow: Num,
  lower_shadow: Num,
})

const Score = Type.Object({
  score: Nullable(Type.Number({ minimum: -1, maximum: 1 })),
  evidence: Type.Record(Type.String(), Type.Unknown()),
})

const Header = {
  symbol: Type.String(),
  timeframe: Type.Enum([...TIMEFRAMES]),
  bars: Type.Integer({ description: 'Bars analysed' }),
  as_of: Nullable(
    Type.String({ format: 'date-time', description: 'The latest bar’s time; null with no bars' }),
  ),
}

export const CandlePattern = Type.Object({
  pattern: Type.Enum(CANDLES.map((c) => c.id)),
  name: Type.String(),
  direction: Type.Enum(['bullish', 'bearish', 'neutral']),
  strength: Type.Integer({ minimum: 0, maximum: 100 }),
  index: Type.Integer({ description: 'The bar completing the pattern' }),
  time: Type.String({ format: 'date-time' }),
  context: Nullable(Type.Enum(['decline', 'advance'], { description: 'Prior move: C[j−1] vs C[j−4]' })),
  candles: Type.Array(Candle, { description: 'The pattern’s bars, oldest first, with their anatomy' }),
  values: Values,
})

export const CandlesOut = Type.Object({
  ...Header,
  patterns: Type.Array(CandlePattern, { description: `Latest first, at most ${MAX_ITEMS}` }),
  total: Type.Integer(),
  truncated: Type.Boolean(),
  score: Score,
})

const Swing = Type.Object({
  index: Type.Integer(),
  time: Type.String(),
  price: Num,
  distance: Num,
  limit: Num,
})
export const ReversalOut = Type.Object({
  direction: Type.Enum(['bullish', 'bearish']),
  patterns: Type.Array(Type.String()),
  index: Type.Integer({ description: 'The bar completing the pattern' }),
  time: Type.String({ format: 'date-time' }),
  status: Type.Enum(['pending', 'confirmed', 'failed']),
  trigger: Type.Number({
    description: 'The pattern high (bullish) or low (bearish) the next close must pass',
  }),
  resolved: Nullable(BarRef),
  score: Type.Number({ minimum: 0, maximum: 1 }),
  terms: Type.Object({ pattern: Type.Integer(), location: Type.Integer(), volume: Type.Integer() }),
  context: Type.Object({ prior_close: Num, close_4_back: Nullable(Num), sma20: Nullable(Num) }),
  location: Type.Object({
    swing: Nullable(Swing),
    range_half: Nullable(Type.Object({ high: Num, low: Num, equilibrium: Num, close: Num })),
    bollinger: Nullable(Type.Object({ band: Num, extreme: Num })),
  }),
  volume: Type.Object({ volume: Num, average: Nullable(Num), ratio: Nullable(Num), spike: Type.Boolean() }),
  atr: Nullable(Num),
  candles: Type.Array(BarRef),
})
export const ReversalsOut = Type.Object({
  ...Header,
  reversals: Type.Array(ReversalOut, { description: `Latest first, at most ${MAX_ITEMS}` }),
  total: Type.Integer(),
  truncated: Type.Boolean(),
})

const EventOut = Type.Object({
  event: Type.Enum(['PS', 'SC', 'AR', 'ST', 'Spring', 'SOS', 'LPS', 'PSY', 'BC', 'UTAD', 'SOW', 'LPSY']),
  index: Type.Integer(),
  time: Type.String({ format: 'date-time' }),
  confirmed_index: Type.Integer({ description: 'The first bar a live reader knows the event' }),
  confirmed_time: Type.String({ format: 'date-time' }),
  bar: BarRef,
  values: Values,
})
const PhaseOut = Type.Object({
  phase: Type.Enum(['A', 'B', 'C', 'D', 'E']),
  from_index: Type.Integer(),
  to_index: Type.Integer(),
  from_time: Type.String(),
  to_time: Type.String(),
})
export const SchematicOut = Type.Object({
  kind: Type.Enum(['accumulation', 'distribution']),
  status: Type.Enum(['in_progress', 'complete', 'failed', 'expired']),
  phase: Type.Enum(['A', 'B', 'C', 'D', 'E']),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  support: Nullable(Num),
  resistance: Nullable(Num),
  climax: Nullable(Type.Object({ avg_range: Num, avg_volume: Num })),
  events: Type.Array(EventOut),
  phases: Type.Array(PhaseOut),
})
export const WyckoffOut = Type.Object({
  ...Header,
  current: Nullable(SchematicOut),
  accumulation: Nullable(SchematicOut),
  distribution: Nullable(SchematicOut),
  schematics_found: Type.Object({ accumulation: Type.Integer(), distribution: Type.Integer() }),
})

const Brief = Type.Object({
  pattern: Type.String(),
  direction: Type.Enum(['bullish', 'bearish', 'neutral']),
  strength: Type.Integer(),
  time: Type.String(),
})
export const PortfolioItem = Type.Object({
  symbol: Type.String(),
  quantity: Num,
  market_value: Num,
  timeframe: Type.Literal('1d'),
  score: Nullable(Num),
  latest_pattern: Nullable(Brief),
  latest_reversal: Nullable(
    Type.Object({ direction: Type.String(), status: Type.String(), time: Type.String(), score: Num }),
  ),
  wyckoff: Nullable(
    Type.Object({ kind: Type.String(), phase: Type.String(), status: Type.String(), confidence: Num }),
  ),
  error: Nullable(Type.Enum(['market.unknown_symbol', 'upstream.unavailable'])),
})
export const PortfolioOut = Type.Object({
  items: Type.Array(PortfolioItem, {
    description: `At most ${PORTFOLIO_HOLDINGS} holdings, largest |MV| first`,
  }),
  holdings_cap: Type.Integer(),
})

export type CandlesOutT = Static<typeof CandlesOut>
export type ReversalsOutT = Static<typeof ReversalsOut>
export type WyckoffOutT = Static<typeof WyckoffOut>
export type PortfolioItemT = Static<typeof PortfolioItem>
export type PortfolioOutT = Static<typeof PortfolioOut>
export type BarRefT = Static<typeof BarRef>
