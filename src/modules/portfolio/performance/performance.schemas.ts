import { Type } from 'typebox'
import { AnalyticsQuery } from '../analytics/analytics.schemas.ts'
import { RANGES } from './lib/range.ts'

const Day = Type.String({ format: 'date' })
const NullableDay = Type.Union([Day, Type.Null()])
const Money = Type.Number({ description: 'In the base currency (`currency`), rounded to cents' })
const Ratio = Type.Union([Type.Number(), Type.Null()])

export const PerformanceQuery = Type.Object({
  ...AnalyticsQuery.properties,
  range: Type.Optional(
    Type.Enum([...RANGES], {
      description: 'A named range ending today (YTD when neither range nor from is given)',
    }),
  ),
  from: Type.Optional(
    Type.String({ format: 'date', description: 'First day of a custom range (instead of range)' }),
  ),
  to: Type.Optional(
    Type.String({ format: 'date', description: 'Last day of a custom range (default today)' }),
  ),
  benchmark: Type.Optional(
    Type.String({ pattern: '^[A-Za-z0-9.^-]{1,16}$', description: 'Any instrument symbol (default SPY)' }),
  ),
  risk_free: Type.Optional(
    Type.Number({
      minimum: -0.5,
      maximum: 1,
      description: 'Annual risk-free rate for Sharpe, e.g. 0.04 (default 0)',
    }),
  ),
  by: Type.Optional(
    Type.Enum(['total', 'account'], { description: '`account` adds each account’s figures and series' }),
  ),
})

const Figures = {
  start_value: Type.Number({ description: 'Value at the close of the base day' }),
  end_value: Type.Number({ description: 'Value at the close of the last day' }),
  net_flows: Type.Number({ description: 'Σ capital flows after the base day, in the base currency' }),
  gain: Type.Number({ description: 'end_value − start_value − net_flows' }),
  twr: Type.Number({ description: 'Time-weighted return of the range (0.05 = +5 %), not annualised' }),
  mwr: Type.Union([Type.Number(), Type.Null()], {
    description: 'Money-weighted return: XIRR, an annual rate for every range; null without one',
  }),
  mwr_period: Type.Union([Type.Number(), Type.Null()], {
    description: '(1 + mwr)^(calendar days / 365) − 1: the money-weighted return over the range itself',
  }),
  volatility: Type.Union([Type.Number(), Type.Null()], {
    description: 'Sample standard deviation of the daily returns × √252; null with fewer than two',
  }),
  sharpe: Type.Union([Type.Number(), Type.Null()], {
    description: '(mean daily return − daily risk-free) / sample sd × √252; null when the sd is 0',
  }),
  max_drawdown: Type.Object(
    {
      value: Type.Number({
        description: 'min of index / running peak − 1 (−0.2 = 20 % below the peak); 0 if none',
      }),
      peak_date: NullableDay,
      trough_date: NullableDay,
      recovery_date: Type.Union([Day, Type.Null()], {
        description: 'First later day back at or above the peak; null while not recovered',
      }),
    },
    { description: 'Relative maximum drawdown of the TWR index; the base day counts as a peak' },
  ),
}

const Point = {
  date: Day,
  value: Money,
  cash: Money,
  net_flow: Type.Number({ description: 'Capital flows counted on this day (at its start)' }),
  twr_index: Type.Number({ description: 'Chained TWR index, 1 on the base day' }),
}

export const PerformanceResponse = Type.Object({
  range: Type.Union([Type.Enum([...RANGES]), Type.Null()], { description: 'null for a from/to range' }),
  from: Day,
  to: Day,
  base_date: Type.String({ format: 'date', description: 'Last trading day before from: the starting value' }),
  currency: Type.String({ description: 'The tenant’s base currency (ISO 4217) of every amount' }),
  ...Figures,
  risk_free: Type.Number(),
  benchmark: Type.Object({
    symbol: Type.String(),
    currency: Type.String({
      description: 'The benchmark’s quote currency (its index is a price return in it)',
    }),
    twr: Ratio,
  }),
  degraded: Type.Boolean({ description: 'True when a price or an exchange rate was missing on some day' }),
  missing_prices: Type.Array(
    Type.Object({ symbol: Type.String(), first_date: Day, last_date: Day, days: Type.Integer() }),
  ),
  missing_rates: Type.Array(
    Type.Object({ currency: Type.String(), first_date: Day, last_date: Day, days: Type.Integer() }),
  ),
  series: Type.Array(Type.Object({ ...Point, benchmark_index: Ratio })),
  accounts: Type.Optional(
    Type.Array(
      Type.Object({ account_id: Type.Integer(), ...Figures, series: Type.Array(Type.Object(Point)) }),
      {
        description:
          'With by=account: each account’s own figures and series (flows include its archive outflow)',
      },
    ),
  ),
})
