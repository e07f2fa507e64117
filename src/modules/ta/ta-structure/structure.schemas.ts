/** Request and response schemas of the market-structure operations (docs/definitions.md#market-structure). */
import { Type, type Static } from 'typebox'
import { Id, Nullable } from '../../../platform/http/schemas.ts'
import { DEFAULT_TIMEFRAME, HISTORY_DOC, TIMEFRAMES } from '../../market/market-data/index.ts'
import { EVENTS_DEFAULT_LIMIT, EVENTS_MAX_LIMIT } from './structure.service.ts'

const SYMBOL_PATTERN = '^\\^?[A-Za-z0-9]{1,10}([.-][A-Za-z0-9]{1,5})?$'

const Tf = (description: string) =>
  Type.Optional(Type.Enum([...TIMEFRAMES], { default: DEFAULT_TIMEFRAME, description }))

export const SymbolParams = Type.Object({
  symbol: Type.String({ pattern: SYMBOL_PATTERN, description: 'Ticker, case-insensitive (AAPL, BRK.B)' }),
})
export const TimeframeQuery = Type.Object(
  { timeframe: Tf(`Bars analysed (default ${DEFAULT_TIMEFRAME}). History: ${HISTORY_DOC}`) },
  { additionalProperties: false },
)
export const EventsQuery = Type.Object(
  {
    timeframe: Tf(`Bars analysed (default ${DEFAULT_TIMEFRAME}). History: ${HISTORY_DOC}`),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: EVENTS_MAX_LIMIT,
        default: EVENTS_DEFAULT_LIMIT,
        description: `Newest events returned (default ${EVENTS_DEFAULT_LIMIT}, at most ${EVENTS_MAX_LIMIT})`,
      }),
    ),
  },
  { additionalProperties: false },
)
export const MtfQuery = Type.Object(
  { anchor: Tf(`The timeframe judged (default ${DEFAULT_TIMEFRAME}); the window is it and the three below`) },
  { additionalProperties: false },
)
export const PortfolioQuery = Type.Object(
  { tenant_id: Type.Optional(Id({ description: 'Administrators only: read another tenant' })) },
  { additionalProperties: false },
)
export type PortfolioQueryInput = Static<typeof PortfolioQuery>

const TrendEnum = Type.Enum(['bullish', 'bearish', 'ranging'], {
  description: 'Bullish = last high HH and last low HL; bearish = LH and LL; else ranging',
})
const Dir = Type.Enum(['bullish', 'bearish'])
const Sign = Type.Integer({ minimum: -1, maximum: 1, description: '+1 bullish, −1 bearish, 0 ranging' })

const BarRef = Type.Object({
  index: Type.Integer({ description: '0-based index in the bars analysed' }),
  time: Type.String({ format: 'date-time' }),
  open: Type.Number(),
  high: Type.Number(),
  low: Type.Number(),
  close: Type.Number(),
})
const SwingOut = Type.Object({
  kind: Type.Enum(['high', 'low']),
  label: Nullable(
    Type.Enum(['HH', 'LH', 'EQH', 'HL', 'LL', 'EQL'], { description: 'null for the first of its kind' }),
  ),
  price: Type.Number({ description: 'The pivot bar’s high (swing high) or low (swing low)' }),
  bar: BarRef,
  confirmed: Type.Object(BarRef.properties, { description: 'The confirming bar (pivot + R)' }),
})
const BreakOut = Type.Object({
  type: Type.Enum(['bos', 'choch']),
  direction: Dir,
  level: Type.Object(SwingOut.properties, { description: 'The swing whose level the close crossed' }),
  bar: Type.Object(BarRef.properties, { description: 'The breaking bar (its close is beyond the level)' }),
  prior_trend: Nullable(Dir),
})
const Levels = Type.Object({
  resistance: Nullable(SwingOut),
  support: Nullable(SwingOut),
})

const Common = {
  symbol: Type.String(),
  timeframe: Type.Enum([...TIMEFRAMES]),
  bars: Type.Integer({ description: 'Bars analysed' }),
  as_of: Nullable(Type.String({ format: 'date-time', description: 'Start of the last bar' })),
}

export const StructureOut = Type.Object({
  ...Common,
  left: Type.Integer({ description: 'Swing L' }),
  right: Type.Integer({ description: 'Swing R (confirmation delay in bars)' }),
  tolerance: Type.Number({ description: 'EQH/EQL tolerance in price units' }),
  last_close: Nullable(Type.Number()),
  trend: TrendEnum,
  trend_sign: Sign,
  break_trend: Nullable(Dir),
  last_high: Nullable(SwingOut),
  last_low: Nullable(SwingOut),
  swings: Type.Array(SwingOut),
  last_bos: Nullable(BreakOut),
  last_choch: Nullable(BreakOut),
  levels: Levels,
  event_count: Type.Integer({ description: 'BOS and CHoCH events in these bars' }),
})

export const EventsOut = Type.Object({
  ...Common,
  swing_length: Type.Integer(),
  total: Type.Integer({ description: 'Events in these bars' }),
  limit: Type.Integer(),
  items: Type.Array(BreakOut, { description: 'Newest first' }),
})

const Frame = Type.Object({
  timeframe: Type.Enum([...TIMEFRAMES]),
  error: Nullable(Type.String({ description: 'upstream.unavailable when its bars could not be read' })),
  bars: Type.Integer(),
  as_of: Nullable(Type.String({ format: 'date-time' })),
  trend: Nullable(TrendEnum),
  trend_sign: Nullable(Sign),
  last_high: Nullable(SwingOut),
  last_low: Nullable(SwingOut),
})
const Rate = Nullable(Type.Number())
export const MtfOut = Type.Object({
  symbol: Type.String(),
  anchor: Type.Enum([...TIMEFRAMES]),
  alignment: Rate,
  aligned: Type.Boolean(),
  direction: Nullable(Dir),
  agree: Rate,
  weights: Type.Record(Type.String(), Type.Number(), { description: 'Weights used (renormalised)' }),
  degraded: Type.Boolean({ description: 'A non-anchor timeframe could not be read and was dropped' }),
  timeframes: Type.Array(Frame, { description: 'Highest first' }),
})

const Holding = Type.Object({
  symbol: Type.String(),
  error: Nullable(Type.String({ description: 'market.unknown_symbol or upstream.unavailable' })),
  as_of: Nullable(Type.String({ format: 'date-time' })),
  trend: Nullable(TrendEnum),
  break_trend: Nullable(Dir),
  last_bos: Nullable(BreakOut),
  last_choch: Nullable(BreakOut),
  levels: Nullable(Levels),
})
export const PortfolioOut = Type.Object({
  timeframe: Type.Enum([...TIMEFRAMES]),
  cap: Type.Integer({ description: 'Holdings analysed at most' }),
  items: Type.Array(Holding),
})
