import { Type, type Static } from 'typebox'
import { Id, Nullable } from '../../../platform/http/schemas.ts'

export const DEFAULT_LOOKBACK_DAYS = 90
export const MIN_LOOKBACK_DAYS = 20
export const MAX_LOOKBACK_DAYS = 730
/** Holdings in the matrix, largest |market value| first. */
export const MAX_HOLDINGS = 20

export const CorrelationQuery = Type.Object({
  account_id: Type.Optional(Id({ description: 'One account’s holdings; default all the tenant’s accounts' })),
  lookback_days: Type.Optional(
    Type.Integer({
      minimum: MIN_LOOKBACK_DAYS,
      maximum: MAX_LOOKBACK_DAYS,
      default: DEFAULT_LOOKBACK_DAYS,
      description: `Calendar days of daily closes, ${MIN_LOOKBACK_DAYS}–${MAX_LOOKBACK_DAYS}; default ${DEFAULT_LOOKBACK_DAYS} (≈ 62 trading days)`,
    }),
  ),
  tenant_id: Type.Optional(Id({ description: 'Administrators only: read another tenant' })),
})
export type CorrelationQueryInput = Static<typeof CorrelationQuery>

const Series = Type.Object({
  symbol: Type.String(),
  held: Type.Boolean({ description: 'One of the holdings' }),
  benchmark: Type.Boolean({ description: 'One of the six benchmarks (a held benchmark is both)' }),
  closes: Type.Integer({ description: 'Daily closes in the window' }),
  returns: Type.Integer({ description: 'Daily simple returns (consecutive closes on the date axis)' }),
  null_reason: Nullable(
    Type.Enum(['no_prices', 'too_few_returns', 'flat'], {
      description: 'Why the row and column are null: no bars, fewer than 20 returns, or constant closes',
    }),
  ),
})

export const Correlation = Type.Object({
  symbols: Type.Array(Type.String(), {
    description: 'Row and column order: holdings, then benchmarks not held',
  }),
  benchmarks: Type.Array(Type.String()),
  matrix: Type.Array(Type.Array(Nullable(Type.Number())), {
    description: 'ρ of daily simple returns, 3 decimals; null below 20 common returns or with a flat series',
  }),
  observations: Type.Array(Type.Array(Type.Integer()), {
    description: 'Common daily returns behind each entry (the diagonal: the symbol’s own count)',
  }),
  series: Type.Array(Series),
  lookback_days: Type.Integer(),
  from: Type.String({
    format: 'date',
    description:
      'First day of the window: today (New York) − lookback_days. The closes used are those from `from` to ' +
      '`as_of`, both inclusive, so the close of `from` (when it is a trading day) is the first one used',
  }),
  as_of: Nullable(
    Type.String({ format: 'date', description: 'Latest date with a close; null with no prices' }),
  ),
  method: Type.Literal('pearson_simple_returns'),
  min_pairs: Type.Integer(),
})
export type CorrelationOut = Static<typeof Correlation>
