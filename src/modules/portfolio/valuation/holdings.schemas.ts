import { Type } from 'typebox'
import { Page, PageQuery } from '../../../platform/http/pagination.ts'
import { AnalyticsQuery } from '../analytics/analytics.schemas.ts'
import { HOLDING_SORTS } from './lib/holdings-list.ts'

const Money = (description: string) => Type.Number({ description })
const NullableNumber = (description: string) => Type.Union([Type.Number(), Type.Null()], { description })
const Currency = (description: string) => Type.String({ pattern: '^[A-Z]{3}$', description })

export const HoldingRowSchema = Type.Object({
  account_id: Type.Integer(),
  account_name: Type.String(),
  symbol: Type.String(),
  name: Type.Union([Type.String(), Type.Null()], { description: 'The instrument name; null when unlisted' }),
  quantity: Type.Number({ description: 'Shares held; negative for a short' }),
  price: Type.Number({ description: "Today's last price, in `currency` (the snapshot's price when stale)" }),
  price_source: Type.Union([Type.Literal('quote'), Type.Literal('snapshot')]),
  currency: Currency(
    "The instrument's quote currency (ISO 4217): price, market value, cost and P&L are in it",
  ),
  market_value: Money('quantity × price, rounded to cents'),
  day_change: NullableNumber('quantity × (latest daily close − the close before); null without two closes'),
  day_change_pct: NullableNumber('(latest close − the close before) ÷ the close before × 100, 2 decimals'),
  cost_basis: Money('What the holding cost (a short: the proceeds received)'),
  unrealized_pl: Money('market_value − cost_basis (a short: market_value + cost_basis)'),
  unrealized_pl_pct: NullableNumber('unrealized_pl ÷ cost_basis × 100, 2 decimals; null with no cost'),
  weight: NullableNumber(
    'Percent of total_value (holdings and cash in the base currency), 4 decimals, apportioned so that all ' +
      'weights add to exactly 100; null when the currency has no rate today',
  ),
  market_value_base: NullableNumber("market_value in the base currency at today's rate; null without a rate"),
  held_since: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
    description:
      'First day of the current run of holding it (after its latest exit); its cost is converted at that day’s rate',
  }),
  unrealized_pl_base: NullableNumber(
    'Unrealized P&L in the base currency: market_value_base − cost_basis at the rate of held_since; ' +
      'price_effect + currency_effect; null without both rates',
  ),
  price_effect: NullableNumber(
    'The part from the price: unrealized_pl (own currency) at the rate of held_since',
  ),
  currency_effect: NullableNumber(
    'The part from the exchange rate: market value × (today’s rate − the rate of held_since); 0 in the base currency',
  ),
  base_currency: Currency('The tenant base currency'),
})

const Totals = {
  as_of: Type.String({ format: 'date' }),
  base_currency: Currency('The tenant base currency: holdings_value, cash_value and total_value are in it'),
  holdings_value: Money('Σ market_value_base of every holding in scope (all pages)'),
  cash_value: Money("Σ the accounts' cash in the base currency"),
  total_value: Money('holdings_value + cash_value: what the weights divide'),
  degraded: Type.Boolean({ description: 'A rate or a quote is missing (see missing_rates, stale_prices)' }),
  missing_rates: Type.Array(Type.String(), {
    description:
      'Currencies without a rate into the base currency today: their amounts are left out of the totals, never converted at 1',
  }),
  stale_prices: Type.Array(Type.String(), {
    description: 'Symbols priced at their latest snapshot: no quote today',
  }),
}

export const HoldingsQuery = Type.Object({
  ...AnalyticsQuery.properties,
  ...PageQuery.properties,
  sort: Type.Enum([...HOLDING_SORTS], { default: 'value', description: 'value = market_value_base' }),
  order: Type.Enum(['asc', 'desc'], { default: 'desc' }),
})
export const HoldingsExportQuery = AnalyticsQuery

export const HoldingsPage = Type.Object({ ...Page(HoldingRowSchema).properties, ...Totals })
export const HoldingsExport = Type.Object({ ...Totals, items: Type.Array(HoldingRowSchema) })
