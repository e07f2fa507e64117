import { Type } from 'typebox'
import { AnalyticsQuery } from '../analytics/analytics.schemas.ts'

const Money = (description: string) => Type.Number({ description })
const Pct = (description: string) => Type.Union([Type.Number(), Type.Null()], { description })
const Day = Type.String({ format: 'date' })

export const IncomeQuery = Type.Object({
  ...AnalyticsQuery.properties,
  year: Type.Optional(
    Type.Integer({
      minimum: 1900,
      maximum: 2200,
      description: 'Only this calendar year (every month listed)',
    }),
  ),
  by: Type.Enum(['month', 'year'], { default: 'month', description: 'Period of the items' }),
})

const Sums = {
  dividends: Money('Σ DIVIDEND amounts (gross; a negative one is a reversal)'),
  interest: Money('Σ INTEREST amounts (gross)'),
  gross: Money('dividends + interest'),
  tax: Money('Σ TAX amounts: tax withheld'),
  fees: Money('Σ the fees of those activities'),
  net: Money('gross − tax − fees'),
}

export const IncomeResponse = Type.Object({
  as_of: Day,
  year: Type.Union([Type.Integer(), Type.Null()]),
  by: Type.String(),
  base_currency: Type.String({
    pattern: '^[A-Z]{3}$',
    description: 'Every amount is in it, unless named otherwise',
  }),
  degraded: Type.Boolean({
    description: 'A rate is missing (missing_rates) or the dividend calendar is unavailable',
  }),
  missing_rates: Type.Array(Type.String(), {
    description:
      'Currencies with an activity on a day without a rate into the base currency: those activities are left out, never converted at 1',
  }),
  items: Type.Array(Type.Object({ period: Type.String({ description: 'YYYY-MM or YYYY' }), ...Sums })),
  totals: Type.Object(Sums, { description: 'Of the items' }),
  ttm: Type.Object(
    {
      from: Day,
      to: Day,
      ...Sums,
      cost_basis: Money('Σ cost basis of the current long holdings, in the base currency at today’s rate'),
      market_value: Money('Σ market value of the current long holdings, in the base currency'),
      yield_on_cost: Pct('gross ÷ cost_basis × 100, 2 decimals; null with no cost'),
      yield_on_value: Pct('gross ÷ market_value × 100, 2 decimals; null with no value'),
      by_symbol: Type.Array(
        Type.Object({
          symbol: Type.Union([Type.String(), Type.Null()], {
            description: 'null: interest and tax of no symbol',
          }),
          ...Sums,
        }),
      ),
    },
    { description: 'The trailing twelve months: from the day after today’s date a year ago, through today' },
  ),
  upcoming: Type.Array(
    Type.Object({
      symbol: Type.String(),
      ex_date: Day,
      pay_date: Type.Union([Day, Type.Null()]),
      amount_per_share: Type.Number({ description: 'In currency' }),
      currency: Type.String(),
      shares: Type.Number({ description: 'Shares held now (long holdings in scope)' }),
      expected_amount: Money('shares × amount_per_share, in currency, rounded to cents'),
      expected_amount_base: Type.Union([Type.Number(), Type.Null()], {
        description: 'In the base currency at today’s rate; null without a rate',
      }),
    }),
    { description: 'Held symbols with an ex-date or a pay date in the next 90 days, by ex-date' },
  ),
  upcoming_unavailable: Type.Boolean({
    description: 'The dividend calendar could not be read: upcoming is empty',
  }),
})
