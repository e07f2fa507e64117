/** GET /api/holdings: what every portfolio screen shows of each holding, with its weight and totals. */
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { pageArray, resolvePage } from '../../../platform/http/pagination.ts'
import { problems } from '../../../platform/http/problem.ts'
import { HOLDINGS_EXAMPLE } from './holdings.examples.ts'
import * as S from './holdings.schemas.ts'
import { holdingsList, sortHoldings } from './lib/holdings-list.ts'
import type { ValuationService } from './valuation.service.ts'

export const HOLDINGS_DOC =
  'Each current holding, per account and symbol: its latest snapshot (a holding recorded on an earlier day ' +
  "counts until a later row replaces it) priced at today's quote (price_source snapshot when no quote is to " +
  'be had), in the instrument’s quote currency: market_value = quantity × price; day_change = quantity × ' +
  '(latest daily close − the close before) and its percent of that earlier close; unrealized_pl = market_value ' +
  '− cost_basis for a long, market_value + cost_basis for a short (its cost basis is the proceeds), and its ' +
  'percent of the cost basis. market_value_base is the market value in the tenant base currency at today’s ' +
  'rate; weight is its percent of total_value — every holding and every account’s cash (broker-reported ' +
  'balances rolled forward by the cash activities; manual accounts: the sum of their cash activities) in the ' +
  'base currency — apportioned by largest remainder so the weights add to exactly 100. A currency without a ' +
  'rate today is listed in missing_rates (degraded): its amounts have no base value and no weight, never ' +
  'converted at 1. Archived accounts are left out from their archive date on. Scoping as the analytics: ' +
  "account_id or account_ids (404 if one is not the tenant's); administrators may pass tenant_id."

export function holdingsRoutes(app: App, { valuation }: { valuation: ValuationService }): void {
  app.get(
    '/api/holdings',
    {
      schema: {
        operationId: 'listHoldings',
        summary:
          'Current holdings: price, market value, day change, unrealized P&L, weight, currency, account',
        description: `${HOLDINGS_DOC} Sorted by sort (value = market_value_base) and order; nulls last; ties by account then symbol. Paged (page, page_size or cursor); the totals cover every page.`,
        examples: {
          query: { sort: 'value', order: 'desc', page_size: 25 },
          200: {
            description: 'One page of holdings and the totals of all of them',
            value: { ...HOLDINGS_EXAMPLE, next_cursor: null, page: 1, page_size: 25, total: 2 },
          },
        },
        tags: ['holdings'],
        querystring: S.HoldingsQuery,
        response: { 200: S.HoldingsPage, ...problems(401, 403, 404, 422) },
      },
    },
    async (req) => {
      const page = resolvePage(req.query)
      const list = holdingsList(await valuation.current(scopeOf(req), req.query))
      const sorted = sortHoldings(list.items, req.query.sort, req.query.order)
      return { ...list, ...pageArray(sorted, page) }
    },
  )
}
