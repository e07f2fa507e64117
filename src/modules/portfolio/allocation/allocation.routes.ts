/** GET /api/analytics/allocation: holdings plus cash by account, asset class, sector, country or currency. */
import { Type } from 'typebox'
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import { AnalyticsQuery } from '../analytics/analytics.schemas.ts'
import type { ValuationService } from '../valuation/valuation.service.ts'
import { ALLOCATION_BY, allocationOf } from './lib/group.ts'

const Currency = (description: string) => Type.String({ pattern: '^[A-Z]{3}$', description })

export const AllocationQuery = Type.Object({
  ...AnalyticsQuery.properties,
  by: Type.Enum([...ALLOCATION_BY], { default: 'asset_class', description: 'The dimension to group by' }),
})

export const AllocationBreakdown = Type.Object({
  as_of: Type.String({ format: 'date' }),
  by: Type.String(),
  base_currency: Currency('The tenant base currency: every value is in it'),
  total_value: Type.Number({ description: 'Σ value: holdings and cash that have a rate today' }),
  degraded: Type.Boolean({ description: 'A rate or a quote is missing (missing_rates, stale_prices)' }),
  missing_rates: Type.Array(Type.String(), {
    description:
      'Currencies without a rate into the base currency today: their amounts are left out, never converted at 1',
  }),
  stale_prices: Type.Array(Type.String(), { description: 'Symbols valued at their latest snapshot price' }),
  items: Type.Array(
    Type.Object({
      key: Type.String({ description: 'account id, asset class, sector, country code or currency code' }),
      label: Type.String({ description: 'The account name; otherwise the key' }),
      value: Type.Number({ description: 'In the base currency, rounded to cents' }),
      weight: Type.Union([Type.Number(), Type.Null()], {
        description:
          'Percent of total_value, 4 decimals, adding to exactly 100; null when the total is not positive',
      }),
      holdings: Type.Integer({ description: 'Holdings in the group (cash not counted)' }),
    }),
  ),
})

const DOC =
  'The current value of the holdings plus cash, grouped, in the tenant base currency at today’s rate, with ' +
  'each group’s weight of the total (percent, apportioned by largest remainder so the weights add to exactly ' +
  '100). The holdings are those of GET /api/holdings (today’s quote, the snapshot’s price when there is none; ' +
  'archived accounts left out); cash is each account’s balance per currency (broker-reported balances rolled ' +
  'forward by the cash activities; manual accounts: the sum of their cash activities). by=account: each ' +
  'account, holdings and cash; asset_class: the instrument type (stock, etf, inverse_etf, index; unknown for an ' +
  'unlisted symbol) and cash; sector: the instrument sector, Funds for a fund without one, Unknown, Cash; ' +
  'country: the issuer country (ISO 3166 alpha-2), Funds for a fund, Unknown, Cash; currency: the instrument ' +
  'quote currency, cash in its own. A currency without a rate today is listed in missing_rates and left out ' +
  "(degraded), never converted at 1. Scoping as the other analytics (404 for an account not the tenant's)."

export function allocationRoutes(app: App, { valuation }: { valuation: ValuationService }): void {
  app.get(
    '/api/analytics/allocation',
    {
      schema: {
        operationId: 'getAllocation',
        summary: 'Holdings plus cash by account, asset class, sector, country or currency, with weights',
        description: DOC,
        examples: {
          query: { by: 'currency' },
          200: {
            description: 'By currency: a USD tenant holding EUR shares',
            value: {
              as_of: '2026-11-24',
              by: 'currency',
              base_currency: 'USD',
              total_value: 7001,
              degraded: false,
              missing_rates: [],
              stale_prices: [],
              items: [
                { key: 'EUR', label: 'EUR', value: 4544.64, weight: 64.9141, holdings: 1 },
                { key: 'USD', label: 'USD', value: 2456.36, weight: 35.0859, holdings: 1 },
              ],
            },
          },
        },
        tags: ['analytics'],
        querystring: AllocationQuery,
        response: { 200: AllocationBreakdown, ...problems(401, 403, 404, 422) },
      },
    },
    async (req) => allocationOf(await valuation.current(scopeOf(req), req.query), req.query.by),
  )
}
