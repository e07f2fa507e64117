import { Type, type Static } from 'typebox'
import { Id, Nullable } from '../../../platform/http/schemas.ts'

export const DEFAULT_BETA_LOOKBACK_DAYS = 365
export const MIN_BETA_LOOKBACK_DAYS = 60
export const MAX_BETA_LOOKBACK_DAYS = 730
export const MAX_CASH = 1e12

export const HedgingQuery = Type.Object({
  account_id: Type.Optional(Id({ description: 'One account’s holdings; default all the tenant’s accounts' })),
  cash: Type.Optional(
    Type.Number({
      minimum: 0,
      maximum: MAX_CASH,
      default: 0,
      description: 'Cash in the total (USD; the portfolio keeps no cash balance); default 0',
    }),
  ),
  mode: Type.Optional(
    Type.Enum(['excess', 'full'], {
      default: 'excess',
      description:
        'Which notional `notional`/`shares` and the cost use: the excess over 10 % (default) or the full position',
    }),
  ),
  max_leverage: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 3,
      default: 3,
      description: 'Largest |daily leverage| listed (1–3); default 3',
    }),
  ),
  beta_lookback_days: Type.Optional(
    Type.Integer({
      minimum: MIN_BETA_LOOKBACK_DAYS,
      maximum: MAX_BETA_LOOKBACK_DAYS,
      default: DEFAULT_BETA_LOOKBACK_DAYS,
      description: `Calendar days of daily closes for β and R²; default ${DEFAULT_BETA_LOOKBACK_DAYS}`,
    }),
  ),
  tenant_id: Type.Optional(Id({ description: 'Administrators only: read another tenant' })),
})
export type HedgingQueryInput = Static<typeof HedgingQuery>

const Fit = Type.Object({
  key: Type.String({ description: 'SPX, NDX, DJIA, RUT, or the sector/industry key' }),
  benchmark: Type.String({
    description: 'The fund whose closes stand for the index (SPY, QQQ, DIA, IWM, XLF, …)',
  }),
  beta: Nullable(Type.Number({ description: 'Cov/Var of daily simple returns, 6 decimals' })),
  r2: Nullable(Type.Number({ description: 'ρ², 6 decimals' })),
  observations: Type.Integer({ description: 'Common daily returns' }),
})

const Fund = Type.Object({
  ticker: Type.String(),
  issuer: Type.String(),
  underlying: Type.String(),
  daily_leverage: Type.Integer({ description: '−1, −2 or −3' }),
  price: Nullable(Type.Number({ description: 'Last price; null when the provider has none (no shares)' })),
  beta: Type.Number({ description: 'The β the notionals use' }),
  full_notional: Type.Number({ description: 'MV·β/|L|, USD' }),
  excess_notional: Type.Number({ description: '(MV − 0.10·total)·β/|L|, USD' }),
  full_shares: Nullable(Type.Integer({ description: 'floor(full_notional / price)' })),
  excess_shares: Nullable(Type.Integer({ description: 'floor(excess_notional / price)' })),
  notional: Type.Number({ description: 'The notional of the requested mode' }),
  shares: Nullable(Type.Integer()),
  expense_ratio: Nullable(Type.Number({ description: 'Annual fraction; null when not verified' })),
  annual_cost: Nullable(Type.Number({ description: 'notional × expense_ratio, USD per year held' })),
  daily_cost: Nullable(Type.Number({ description: 'annual_cost / 365, USD per calendar day held' })),
  verified_at: Type.String({ format: 'date', description: 'When the fund row was last checked' }),
  note: Nullable(Type.String()),
  warning: Type.String({ description: 'The daily-reset drift warning for this leverage' }),
})
export type FundOut = Static<typeof Fund>

const Suggestion = Type.Object({
  symbol: Type.String(),
  market_value: Type.Number(),
  weight: Type.Number({ description: 'MV / total, 6 decimals' }),
  excess_value: Type.Number({ description: 'MV − 0.10·total, USD (cents)' }),
  sector: Nullable(Type.String()),
  industry: Nullable(Type.String()),
  fits: Type.Array(Fit, { description: 'β and R² against SPY, QQQ, DIA and IWM' }),
  index: Nullable(Fit),
  beta_assumed: Type.Boolean({ description: 'No index had 20 common returns: SPX with β 1 assumed' }),
  hedge: Nullable(Fund),
  alternatives: Type.Array(Fund, {
    description: 'The index’s other funds, |L| ≤ max_leverage, −2× before −3×',
  }),
  sector_funds: Type.Array(Fund, {
    description: 'Funds of the instrument’s industry, then of its sector (−1× first), β vs their benchmark',
  }),
  skipped_reason: Nullable(Type.Enum(['negative_beta'], { description: 'Why no fund is suggested' })),
})
export type SuggestionOut = Static<typeof Suggestion>

export const Hedging = Type.Object({
  total: Type.Number({ description: 'Σ|MV| of the holdings + cash, USD (exact, cents)' }),
  gross_exposure: Type.Number({ description: 'Σ|MV|, USD (exact, cents)' }),
  cash: Type.Number({ description: 'The cash given, rounded to cents' }),
  limit: Type.Number({ description: 'The concentration limit, 0.10 (strictly above is flagged)' }),
  mode: Type.Enum(['excess', 'full']),
  positions: Type.Integer({ description: 'Holdings considered' }),
  suggestions: Type.Array(Suggestion, {
    description: 'One per position above the limit, largest weight first',
  }),
  warnings: Type.Array(Type.String()),
})
export type HedgingOut = Static<typeof Hedging>
