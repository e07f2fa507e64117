/** Inputs and answers of /api/ta confluence, patterns, backtest and dashboard. */
import { Type } from 'typebox'
import { Id, Nullable, Text } from '../../../platform/http/schemas.ts'
import { DEFAULT_TIMEFRAME, TIMEFRAMES } from '../../market/market-data/index.ts'

const SYMBOL_PATTERN = '^\\^?[A-Za-z0-9]{1,10}([.-][A-Za-z0-9]{1,5})?$'
const Symbol = Type.String({ pattern: SYMBOL_PATTERN, description: 'Ticker, case-insensitive (AAPL, BRK.B)' })
const Evidence = Type.Record(Type.String(), Type.Unknown(), { description: 'The numbers behind the score' })
const Directions = Type.Enum(['bullish', 'bearish'])
const LayerName = Type.Enum(['structure', 'price_action', 'ict'])
const Component = Type.Enum(['structure', 'ict', 'price_action', 'momentum', 'volume'])

export const SymbolParams = Type.Object({ symbol: Symbol })

export const TimeframeQuery = (def: string) =>
  Type.Object({
    timeframe: Type.Optional(
      Type.Enum([...TIMEFRAMES], {
        default: DEFAULT_TIMEFRAME,
        description: `Bar timeframe; default ${def}`,
      }),
    ),
  })

export const PatternsQuery = Type.Object({
  layer: Type.Optional(LayerName),
})

export const BacktestParams = Type.Object({
  symbol: Symbol,
  layer: Text({ minLength: 1, maxLength: 40, description: 'structure, price_action or ict; another → 404' }),
  pattern: Text({
    minLength: 1,
    maxLength: 80,
    description: 'A pattern id of the layer’s catalog; another → 404',
  }),
})

export const DashboardQuery = Type.Object({
  tenant_id: Type.Optional(Id({ description: 'Administrators only: read another tenant' })),
})

const Weights = Type.Object({
  structure: Type.Number(),
  ict: Type.Number(),
  price_action: Type.Number(),
  momentum: Type.Number(),
  volume: Type.Number(),
})
const Bias = Nullable(Type.Enum(['bullish', 'bearish', 'neutral']))

export const Confluence = Type.Object({
  symbol: Type.String(),
  timeframe: Type.Enum([...TIMEFRAMES]),
  bars: Type.Integer({ description: 'Bars analysed' }),
  as_of: Nullable(Type.String({ description: 'Time of the last bar' })),
  last_close: Nullable(Type.Number()),
  score: Nullable(Type.Number({ description: 'Σ w·s / Σ w over the used components, in [−1, 1]' })),
  display: Nullable(Type.Number({ description: '50·(1 + score), 0–100' })),
  bias: Bias,
  agreement: Nullable(
    Type.Number({ description: 'Weight share of the used components whose sign is the score’s' }),
  ),
  components: Type.Array(
    Type.Object({
      layer: Component,
      weight: Type.Number({ description: 'Default confluence weight' }),
      effective_weight: Type.Number({ description: 'Renormalised over the used components; 0 when dropped' }),
      used: Type.Boolean(),
      score: Nullable(Type.Number()),
      evidence: Evidence,
    }),
  ),
  dropped: Type.Array(Component, { description: 'Components without a score (not counted, not 0)' }),
  weights: Weights,
  bias_threshold: Type.Number(),
})

const Pattern = Type.Object({
  id: Type.String(),
  layer: LayerName,
  name: Type.String(),
  description: Type.String(),
  directions: Type.Array(Directions),
})
export const Catalog = Type.Object({
  structure: Type.Array(Pattern),
  price_action: Type.Array(Pattern),
  ict: Type.Array(Pattern),
})

export const Backtest = Type.Object({
  symbol: Type.String(),
  layer: LayerName,
  pattern: Type.String(),
  timeframe: Type.Enum([...TIMEFRAMES]),
  bars: Type.Integer(),
  from: Nullable(Type.String()),
  to: Nullable(Type.String()),
  sample_size: Type.Integer({ description: 'Occurrences found' }),
  horizons: Type.Array(
    Type.Object({
      horizon: Type.Integer({ description: 'Bars after the confirming bar' }),
      sample_size: Type.Integer({ description: 'Occurrences with that many bars after them' }),
      hit_rate: Nullable(Type.Number()),
      avg_return: Nullable(Type.Number({ description: 'Mean direction-adjusted forward return' })),
    }),
  ),
  occurrences: Type.Array(
    Type.Object({
      index: Type.Integer(),
      time: Type.String(),
      direction: Directions,
      price: Type.Number({ description: 'Close of the confirming bar' }),
      forward: Type.Record(Type.String(), Nullable(Type.Number()), {
        description: 'Direction-adjusted return per horizon; null past the last bar',
      }),
    }),
  ),
})

const Zone = Type.Object({
  kind: Type.String(),
  direction: Directions,
  top: Type.Number(),
  bottom: Type.Number(),
  index: Type.Integer(),
  mitigated: Type.Boolean(),
})
export const Dashboard = Type.Object({
  holdings: Type.Array(
    Type.Object({
      symbol: Type.String(),
      quantity: Type.Number(),
      market_value: Type.Number(),
      as_of: Nullable(Type.String()),
      last_close: Nullable(Type.Number()),
      trend: Nullable(Type.Enum(['bullish', 'bearish', 'ranging'])),
      zones: Nullable(Type.Object({ above: Nullable(Zone), below: Nullable(Zone) })),
      confluence: Type.Object({
        score: Nullable(Type.Number()),
        display: Nullable(Type.Number()),
        bias: Bias,
        agreement: Nullable(Type.Number()),
      }),
      error: Nullable(Type.Object({ status: Type.Integer(), code: Type.String(), detail: Type.String() })),
    }),
    { maxItems: 20 },
  ),
})
