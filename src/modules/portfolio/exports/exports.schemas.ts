import { Type } from 'typebox'
import { AnalyticsQuery } from '../analytics/analytics.schemas.ts'

export const RealizedGainsQuery = Type.Object({
  ...AnalyticsQuery.properties,
  year: Type.Optional(
    Type.Integer({
      minimum: 1900,
      maximum: 2200,
      description: 'Tax year (trades sold in it); default: the current year',
    }),
  ),
})

const Money = (description: string) => Type.Number({ description })
const TermSum = Type.Object({
  trades: Type.Integer(),
  proceeds: Money('Σ proceeds'),
  cost_basis: Money('Σ cost basis'),
  fees: Money('Σ fees'),
  gain: Money('Σ gain (proceeds − cost basis − fees)'),
})

export const RealizedGainRowSchema = Type.Object({
  trade_id: Type.Integer(),
  account_id: Type.Integer(),
  account_name: Type.String(),
  cost_basis_method: Type.Union([Type.Literal('fifo'), Type.Literal('average')], {
    description: "The account's cost basis method (how its sales are matched to lots)",
  }),
  symbol: Type.String(),
  quantity: Type.Number(),
  date_acquired: Type.String({ description: 'YYYY-MM-DD, or VARIOUS for several lots' }),
  date_sold: Type.String({ format: 'date' }),
  proceeds: Money('Rounded to cents'),
  cost_basis: Money('Rounded to cents'),
  fees: Money('Rounded to cents'),
  gain: Money('proceeds − cost_basis − fees, as recorded'),
  term: Type.Union([Type.Literal('short'), Type.Literal('long'), Type.Literal('unknown')], {
    description: 'long when held more than one year, as the trade row says; unknown for VARIOUS',
  }),
  currency: Type.String({ description: "The account's currency (amounts are as recorded, not converted)" }),
})

export const RealizedGainsExport = Type.Object({
  year: Type.Integer(),
  items: Type.Array(RealizedGainRowSchema),
  totals: Type.Array(
    Type.Object({
      currency: Type.String(),
      short_term: TermSum,
      long_term: TermSum,
      unknown_term: TermSum,
      all: TermSum,
    }),
    { description: 'Per currency: the sums of the short-term, long-term and undated trades, and of all' },
  ),
})
