/** Wire schemas of GET /api/ta/ict/zones/… (docs/definitions.md#ict-concepts). */
import { Type, type Static } from 'typebox'
import { Id, Nullable } from '../../../platform/http/schemas.ts'
import { DEFAULT_TIMEFRAME, TIMEFRAMES } from '../../market/market-data/index.ts'

export const SymbolParams = Type.Object({
  symbol: Type.String({
    pattern: '^\\^?[A-Za-z0-9]{1,10}([.-][A-Za-z0-9]{1,5})?$',
    description: 'Ticker, case-insensitive (AAPL, BRK.B, ^GSPC)',
  }),
})
export type SymbolParamsInput = Static<typeof SymbolParams>

export const TimeframeQuery = Type.Object({
  timeframe: Type.Optional(
    Type.Enum([...TIMEFRAMES], {
      default: DEFAULT_TIMEFRAME,
      description: `One of ${TIMEFRAMES.join(', ')}; default ${DEFAULT_TIMEFRAME}`,
    }),
  ),
})
export type TimeframeQueryInput = Static<typeof TimeframeQuery>

export const PortfolioQuery = Type.Object({
  account_id: Type.Optional(Id({ description: 'One account’s holdings; default all the tenant’s accounts' })),
  tenant_id: Type.Optional(Id({ description: 'Administrators only: read another tenant' })),
})
export type PortfolioQueryInput = Static<typeof PortfolioQuery>

const Dir = Type.Enum(['bullish', 'bearish'])
const BarRef = Type.Object(
  {
    index: Type.Integer(),
    time: Type.String({ format: 'date-time' }),
    open: Type.Number(),
    high: Type.Number(),
    low: Type.Number(),
    close: Type.Number(),
  },
  { description: 'A bar used as evidence: its index in the analysed series, start time and OHLC' },
)
const Point = Type.Object({
  index: Type.Integer(),
  time: Type.String({ format: 'date-time' }),
  price: Type.Number(),
})

const Header = {
  symbol: Type.String(),
  timeframe: Type.Enum([...TIMEFRAMES]),
  swing_lr: Type.Integer({ description: 'Swing pivot L = R used' }),
  bars: Type.Integer({ description: 'Bars analysed (index 0 = the oldest)' }),
  as_of: Nullable(
    Type.String({ format: 'date-time', description: 'Start time of the last bar; null with no bars' }),
  ),
}

export const Fvg = Type.Object({
  direction: Dir,
  index: Type.Integer({ description: 'The middle candle' }),
  time: Type.String({ format: 'date-time' }),
  confirmed: Type.Integer({ description: 'The bar that confirms it (index + 1)' }),
  top: Type.Number(),
  bottom: Type.Number(),
  ce: Type.Number({ description: 'Consequent encroachment: the midpoint' }),
  state: Type.Enum(['unmitigated', 'partially', 'fully']),
  touched: Nullable(BarRef),
  ce_hit: Nullable(BarRef),
  filled: Nullable(BarRef),
  evidence: Type.Object({ candles: Type.Array(BarRef, { description: 'Candles i−1, i, i+1' }) }),
})

export const Breaker = Type.Object({
  direction: Dir,
  top: Type.Number(),
  bottom: Type.Number(),
  formed: BarRef,
  invalidated: Nullable(BarRef),
  order_block_index: Type.Integer(),
})

export const OrderBlock = Type.Object({
  direction: Dir,
  index: Type.Integer({ description: 'The OB candle' }),
  time: Type.String({ format: 'date-time' }),
  top: Type.Number(),
  bottom: Type.Number(),
  confirmed: Type.Integer({ description: 'The breaking bar' }),
  state: Type.Enum(['active', 'tapped', 'failed']),
  tapped: Nullable(BarRef),
  failed: Nullable(BarRef),
  breaker: Nullable(Breaker),
  evidence: Type.Object({ swing: Point, candle: BarRef, break: BarRef }),
})

export const Zones = Type.Object({
  ...Header,
  fvgs: Type.Array(Fvg, { description: 'Newest first, at most 50' }),
  fvg_total: Type.Integer(),
  order_blocks: Type.Array(OrderBlock, { description: 'Newest first, at most 50' }),
  order_block_total: Type.Integer(),
})
export type ZonesOut = Static<typeof Zones>

export const Breakers = Type.Object({
  ...Header,
  breakers: Type.Array(Breaker, { description: 'Newest first, at most 50' }),
  total: Type.Integer(),
  valid: Type.Integer({ description: 'Breakers not invalidated' }),
})
export type BreakersOut = Static<typeof Breakers>

const Ote = Type.Object({
  bottom: Type.Number(),
  top: Type.Number(),
  sweet: Type.Number(),
  fib_618: Type.Number(),
})
const Position = Type.Object({
  index: Type.Integer(),
  time: Type.String({ format: 'date-time' }),
  close: Type.Number(),
  position: Type.Number({ description: '(C − lo)/(hi − lo); outside [0, 1] beyond the range' }),
  zone: Type.Enum(['premium', 'discount', 'equilibrium']),
  outside: Nullable(Type.Enum(['below', 'above'])),
  in_ote: Type.Boolean(),
})
const DealingRange = Type.Object({
  low: Point,
  high: Point,
  leg: Type.Enum(['up', 'down']),
  range: Type.Number(),
  equilibrium: Type.Number(),
  last: Position,
  ote: Type.Object({ long: Ote, short: Ote }),
  ote_entries: Type.Array(BarRef),
  bars_since_range: Type.Array(Position),
})
const Pool = Type.Object({
  side: Type.Enum(['buy_side', 'sell_side']),
  kind: Type.Enum(['equal_highs', 'equal_lows']),
  level: Type.Number(),
  sweep_level: Type.Number(),
  members: Type.Array(Point),
  confirmed: Type.Integer(),
  swept: Nullable(BarRef),
  sweep_direction: Dir,
})
const KillzoneBar = Type.Object({
  index: Type.Integer(),
  time: Type.String({ format: 'date-time' }),
  killzones: Type.Array(Type.String()),
})
const Killzones = Type.Object({
  timezone: Type.Literal('America/New_York'),
  windows: Type.Array(Type.Object({ id: Type.String(), start: Type.String(), end: Type.String() })),
  current: KillzoneBar,
  bars: Type.Array(KillzoneBar, { description: 'The latest 100 bars' }),
})

export const PremiumDiscountOut = Type.Object({
  ...Header,
  dealing_range: Nullable(DealingRange),
  liquidity: Type.Object({
    pip: Type.Number(),
    pools: Type.Array(Pool, { description: 'Newest first, at most 50' }),
    total: Type.Integer(),
  }),
  killzones: Nullable(Killzones),
})
export type PremiumDiscountWire = Static<typeof PremiumDiscountOut>

const PortfolioItem = Type.Object({
  symbol: Type.String(),
  error: Nullable(
    Type.String({ description: 'Why this holding has no analysis (a problem code); null when it has one' }),
  ),
  as_of: Nullable(Type.String({ format: 'date-time' })),
  score: Nullable(Type.Number({ minimum: -1, maximum: 1 })),
  score_evidence: Nullable(Type.Record(Type.String(), Type.Unknown())),
  zone: Nullable(Type.Enum(['premium', 'discount', 'equilibrium'])),
  position: Nullable(Type.Number()),
  equilibrium: Nullable(Type.Number()),
  live_fvgs: Type.Integer({ description: 'FVGs not filled' }),
  live_order_blocks: Type.Integer({ description: 'Order blocks not failed' }),
  valid_breakers: Type.Integer(),
})
export const PortfolioOut = Type.Object({
  timeframe: Type.Literal('1d'),
  items: Type.Array(PortfolioItem, { description: 'The largest 20 holdings by |market value|' }),
})
export type PortfolioWire = Static<typeof PortfolioOut>
