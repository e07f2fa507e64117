import { Type, type Static } from 'typebox'
import { Page, PageQuery } from '../../../platform/http/pagination.ts'
import { Id, Name, Nullable } from '../../../platform/http/schemas.ts'

export const MAX_POSITIONS = 50
export const MAX_STRATEGY_SYMBOLS = 50
export const EXIT_METHODS = ['atr', 'chandelier', 'percent'] as const

const SYMBOL_PATTERN = '^\\^?[A-Za-z0-9]{1,10}([.-][A-Za-z0-9]{1,5})?$'
const Symbol = Type.String({ pattern: SYMBOL_PATTERN, description: 'Ticker, case-insensitive (AAPL, BRK.B)' })
const Method = Type.Enum([...EXIT_METHODS], {
  description: 'atr: entry ∓ k·ATR; chandelier: HH/LL − / + k·ATR over the period; percent: entry ∓ p %',
})
const Period = Type.Integer({
  minimum: 2,
  maximum: 100,
  description: 'ATR (and chandelier) period in daily bars',
})
const Multiplier = Type.Number({ exclusiveMinimum: 0, maximum: 10, description: 'k, the ATR multiple' })
const Percent = Type.Number({
  exclusiveMinimum: 0,
  exclusiveMaximum: 100,
  description: 'Stop distance in percent',
})
const Symbols = Type.Array(Symbol, {
  minItems: 1,
  maxItems: MAX_STRATEGY_SYMBOLS,
  uniqueItems: true,
  description: 'Holdings the strategy applies to (instead of an account)',
})

export const StrategyBody = Type.Object(
  {
    name: Name(80),
    method: Method,
    atr_period: Type.Optional(Period),
    multiplier: Type.Optional(Multiplier),
    percent: Type.Optional(Percent),
    trailing: Type.Optional(
      Type.Boolean({ description: 'Ratchet the stop from the entry (never loosened)' }),
    ),
    account_id: Type.Optional(Id({ description: 'The account whose holdings it applies to' })),
    symbols: Type.Optional(Symbols),
  },
  { additionalProperties: false },
)
export type StrategyInput = Static<typeof StrategyBody>

export const StrategyPatch = Type.Object(
  {
    name: Type.Optional(Name(80)),
    method: Type.Optional(Method),
    atr_period: Type.Optional(Period),
    multiplier: Type.Optional(Multiplier),
    percent: Type.Optional(Nullable(Percent)),
    trailing: Type.Optional(Type.Boolean()),
    account_id: Type.Optional(Nullable(Id())),
    symbols: Type.Optional(Nullable(Symbols)),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type StrategyPatchInput = Static<typeof StrategyPatch>

export const Strategy = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  method: Method,
  atr_period: Type.Integer(),
  multiplier: Type.Number(),
  percent: Nullable(Type.Number()),
  trailing: Type.Boolean(),
  account_id: Nullable(Type.Integer()),
  symbols: Nullable(Type.Array(Type.String())),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
})
export type StrategyOut = Static<typeof Strategy>

export const StrategyParams = Type.Object({ id: Id({ description: 'Exit strategy id' }) })
export const StrategyList = Page(Strategy)
export const StrategyListQuery = Type.Object({
  ...PageQuery.properties,
  tenant_id: Type.Optional(Id({ description: 'Administrators only: read another tenant' })),
})
export type StrategyListQueryInput = Static<typeof StrategyListQuery>

const Position = Type.Object(
  {
    symbol: Symbol,
    quantity: Type.Number({ minimum: -1e9, maximum: 1e9, description: 'Shares; negative = short; not 0' }),
    entry_price: Type.Number({ exclusiveMinimum: 0, maximum: 1e7 }),
    entry_date: Type.Optional(
      Type.String({ format: 'date', description: 'Trailing stops ratchet from this date' }),
    ),
  },
  { additionalProperties: false },
)

export const ComputeBody = Type.Object(
  {
    account_id: Type.Optional(Id({ description: 'Stops for this account’s holdings' })),
    positions: Type.Optional(Type.Array(Position, { minItems: 1, maxItems: MAX_POSITIONS })),
    strategy_id: Type.Optional(Id({ description: 'A saved strategy; inline parameters override its own' })),
    method: Type.Optional(Method),
    atr_period: Type.Optional(Period),
    multiplier: Type.Optional(Multiplier),
    chandelier_period: Type.Optional(Period),
    chandelier_multiplier: Type.Optional(Multiplier),
    percent: Type.Optional(Percent),
    trailing: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type ComputeInput = Static<typeof ComputeBody>

const Num = Nullable(Type.Number())
const Triggered = (level: string) =>
  Nullable(
    Type.Boolean({
      description: `\`${level}\` is breached: last close ≤ it (long), ≥ it (short); null without it`,
    }),
  )
const PositionStops = Type.Object({
  symbol: Type.String(),
  quantity: Type.Number(),
  entry_price: Type.Number({ description: 'Given, or cost basis / |quantity| for holdings' }),
  entry_date: Nullable(
    Type.String({ format: 'date', description: 'null for holdings: trailing from the first bar' }),
  ),
  side: Type.Enum(['long', 'short']),
  as_of: Nullable(Type.String({ format: 'date', description: 'Date of the last daily bar' })),
  last_close: Num,
  bars: Type.Integer({ description: 'Daily bars read' }),
  atr: Nullable(Type.Number({ description: 'Wilder ATR(atr_period) at the last bar (TA-Lib seeding)' })),
  atr_stop: Nullable(Type.Number({ description: 'entry − k·ATR (long) / entry + k·ATR (short)' })),
  atr_stop_triggered: Triggered('atr_stop'),
  chandelier: Type.Object({
    atr: Nullable(Type.Number({ description: 'ATR(chandelier_period)' })),
    highest_high: Num,
    lowest_low: Num,
    raw: Nullable(Type.Number({ description: 'HH − c·ATR (long) / LL + c·ATR (short) at the last bar' })),
    raw_triggered: Triggered('raw'),
    trailing: Nullable(
      Type.Number({ description: 'The raw line ratcheted from the entry bar, never loosened' }),
    ),
    trailing_triggered: Triggered('trailing'),
    trailing_from: Nullable(Type.String({ format: 'date' })),
  }),
  percent_stop: Nullable(
    Type.Number({
      description:
        'entry × (1 − p) long, × (1 + p) short. Trailing: ratchets from that entry-based stop — each close ' +
        'since entry moves it to close × (1 ∓ p) when tighter, never looser',
    }),
  ),
  percent_stop_triggered: Triggered('percent_stop'),
  stop: Nullable(
    Type.Number({ description: 'The method’s stop (chandelier: trailing or raw per `trailing`)' }),
  ),
  distance_pct: Nullable(
    Type.Number({
      description:
        'How far the last close is from the stop, % of the close, 4 decimals: positive on the safe side, ' +
        'negative past a breached stop (the distance past it)',
    }),
  ),
  at_risk: Nullable(
    Type.Number({
      description:
        'USD, cents: |quantity| × (last close − stop) for a long, (stop − close) for a short, while the stop ' +
        'holds; 0 once it is breached (never negative)',
    }),
  ),
  past_stop: Nullable(
    Type.Number({
      description: 'USD, cents: |quantity| × how far the close is past a breached stop; null while it holds',
    }),
  ),
  triggered: Nullable(
    Type.Boolean({
      description: 'The method’s stop is breached: last close ≤ stop (long), ≥ stop (short)',
    }),
  ),
  null_reason: Nullable(Type.Enum(['no_prices', 'too_few_bars'])),
})

export const ComputeResult = Type.Object({
  computed_at: Type.String({ format: 'date-time' }),
  strategy_id: Nullable(Type.Integer()),
  params: Type.Object({
    method: Method,
    atr_period: Type.Integer(),
    multiplier: Type.Number(),
    chandelier_period: Type.Integer(),
    chandelier_multiplier: Type.Number(),
    percent: Num,
    trailing: Type.Boolean(),
  }),
  bars_from: Type.String({
    format: 'date',
    description: 'First day of the bar window: today (New York) − 400 days; bars from it to as_of, inclusive',
  }),
  positions: Type.Array(PositionStops),
  total_at_risk: Type.Number({
    description: 'Σ at_risk, USD (cents): breached positions add 0, never a negative amount',
  }),
  breached: Type.Integer({ description: 'Positions whose stop is breached (triggered)' }),
  total_past_stop: Type.Number({ description: 'Σ past_stop of the breached positions, USD (cents)' }),
})
export type ComputeResultOut = Static<typeof ComputeResult>
