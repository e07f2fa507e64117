/**
 * The analytics routes: the table of all of them (in their OpenAPI order), and those of the NAV side
 * (AUM, investor allocation, year over year); the realized P&L ones are pnl.routes.ts, xirr lives
 * with capital flows. The descriptions state each figure's conventions (the same text, longer, is
 * docs/portfolio-figures.md): what each figure is, and where it differs from what other tools show.
 */
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import { AUM_EXAMPLE } from '../portfolio.examples.ts'
import * as S from './analytics.schemas.ts'
import type { AnalyticsService } from './analytics.service.ts'
import { getCumulativePnlRoute, getDrawdownRoute, getPnlRoute, getTradeDateRangeRoute } from './pnl.routes.ts'

const tags = ['analytics']
const errors = problems(401, 403, 404, 422)

const AUM_DOC =
  'Assets under management today and at each snapshot date. net_capital: capital flows to date; ' +
  'unrealized: gain of the holdings, each at its latest snapshot; realized_ytd: gain_loss of trades sold ' +
  'this calendar year. total_aum = net_capital + unrealized + realized_ytd, to the cent — a year-to-date ' +
  'figure: on the first point of a new year realized_ytd restarts at 0, so total_aum steps down by the ' +
  "previous year's realized P&L although no money moved. The figures that reconcile: nav = net_capital + " +
  'unrealized + all realized P&L to date (the NAV of /api/analytics/investor-allocation; from one point to ' +
  'the next it moves by exactly the flows, realized P&L and change of unrealized P&L in between, with no ' +
  'step at a year boundary); market_value = Σ quantity × price of the holdings, each carried forward at its ' +
  'latest snapshot; implied_cash = nav − market_value, the cash the books imply (negative when the holdings ' +
  'are worth more than the capital and gains behind them, e.g. bought on margin or recorded without their ' +
  'capital flow). Scope with account_id or account_ids (404 if one is not the tenant’s); administrators ' +
  'may pass tenant_id.' +
  S.ARCHIVED_POINTS +
  ' ' +
  S.CURRENCY_DOC

const ALLOCATION_DOC =
  "Each investor's share by unit accounting, as a fund or club keeps it: a contribution buys units at the " +
  'NAV per unit of its date and a withdrawal redeems them, so a share reflects when the money came in. ' +
  'NAV = capital + unrealized + all realized P&L (the nav of /api/analytics/aum). A flow is priced at the ' +
  'NAV just before its date: capital and realized P&L dated strictly earlier, and the unrealized P&L of the ' +
  'last snapshot before the flow’s date (not one of the same day, not interpolated); flows of one date all ' +
  'use that price. The values are the current nav split by units, apportioned so that they add up to nav ' +
  'to the cent. 409 `analytics.inconsistent_capital_flows` when the flows cannot be allocated (e.g. a ' +
  'withdrawal larger than the holding). A current figure: archived accounts (closed, or their broker ' +
  'disconnected) are left out as if they had never been in the portfolio — their flows buy no units.' +
  ' ' +
  S.CURRENCY_DOC

export function analyticsRoutes(app: App, deps: { analytics: AnalyticsService }): void {
  getAumRoute(app, deps)
  getCumulativePnlRoute(app, deps)
  getTradeDateRangeRoute(app, deps)
  getDrawdownRoute(app, deps)
  getInvestorAllocationRoute(app, deps)
  getPnlRoute(app, deps)
  getYearOverYearRoute(app, deps)
}

function getAumRoute(app: App, { analytics }: { analytics: AnalyticsService }): void {
  app.get(
    '/api/analytics/aum',
    {
      schema: {
        operationId: 'getAum',
        summary: 'AUM history and breakdown; nav, market_value and implied_cash reconcile across year ends',
        description: AUM_DOC,
        examples: {
          query: { account_ids: '1,2' },
          200: { description: 'Today’s breakdown and its history', value: AUM_EXAMPLE },
        },
        tags,
        querystring: S.AnalyticsQuery,
        response: { 200: S.AumResponse, ...errors },
      },
    },
    (req) => analytics.aum(scopeOf(req), req.query),
  )
}

function getInvestorAllocationRoute(app: App, { analytics }: { analytics: AnalyticsService }): void {
  app.get(
    '/api/analytics/investor-allocation',
    {
      schema: {
        operationId: 'getInvestorAllocation',
        summary: "Each investor's share by unit accounting",
        description: ALLOCATION_DOC,
        examples: {
          query: { account_id: 1 },
          200: {
            description: 'NAV, units and each investor’s share',
            value: {
              currency: 'USD',
              as_of: '2026-11-24',
              nav: 149036.5,
              nav_per_unit: 1.17825,
              total_units: 126489.682805,
              items: [
                {
                  investor_id: 1,
                  name: 'Ada Lovelace',
                  units: 76424.015103,
                  share_pct: 60.4192,
                  value: 90046.61,
                  net_contributed: 70000,
                  gain: 20046.61,
                },
                {
                  investor_id: 2,
                  name: 'Charles Babbage',
                  units: 23671.990022,
                  share_pct: 18.7146,
                  value: 27891.53,
                  net_contributed: 25000,
                  gain: 2891.53,
                },
              ],
            },
          },
        },
        tags,
        querystring: S.AnalyticsQuery,
        response: { 200: S.AllocationResponse, ...problems(401, 403, 404, 409, 422) },
      },
    },
    (req) => analytics.investorAllocation(scopeOf(req), req.query),
  )
}

function getYearOverYearRoute(app: App, { analytics }: { analytics: AnalyticsService }): void {
  app.get(
    '/api/analytics/yoy',
    {
      schema: {
        operationId: 'getYearOverYear',
        summary: 'Per year: realized P&L, year-end AUM and their growth',
        description:
          'For each year with realized trades: realized P&L, AUM at year end, and the growth of each against ' +
          'the calendar year before (null for the first year or after a gap). Scoping as for /api/analytics/aum.' +
          S.ARCHIVED_SALES +
          ' Year-end AUM is the last AUM point of the year.' +
          ' ' +
          S.CURRENCY_DOC,
        examples: {
          query: { account_ids: '1,2' },
          200: {
            description: 'One row per year, oldest first',
            value: {
              currency: 'USD',
              items: [
                {
                  year: 2023,
                  realized_pnl: 17054.2,
                  year_end_aum: 56884.42,
                  pnl_growth_pct: null,
                  aum_growth_pct: null,
                },
                {
                  year: 2024,
                  realized_pnl: 1976.75,
                  year_end_aum: 82233.92,
                  pnl_growth_pct: -88.41,
                  aum_growth_pct: 44.56,
                },
              ],
            },
          },
        },
        tags,
        querystring: S.AnalyticsQuery,
        response: { 200: S.YoyResponse, ...errors },
      },
    },
    (req) => analytics.yoy(scopeOf(req), req.query),
  )
}
