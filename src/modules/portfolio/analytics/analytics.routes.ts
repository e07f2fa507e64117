/** The analytics routes (xirr lives with capital flows); their conventions are in analytics.docs.ts. */
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import { ALLOCATION_DOC, AUM_DOC, DRAWDOWN_DOC } from './analytics.docs.ts'
import { AUM_EXAMPLE, DRAWDOWN_EXAMPLE } from '../portfolio.examples.ts'
import * as S from './analytics.schemas.ts'
import type { AnalyticsService } from './analytics.service.ts'

const tags = ['analytics']
const errors = problems(401, 403, 404, 422)

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

function getCumulativePnlRoute(app: App, { analytics }: { analytics: AnalyticsService }): void {
  app.get(
    '/api/analytics/cumulative-pnl',
    {
      schema: {
        operationId: 'getCumulativePnl',
        summary: 'Cumulative realized P&L by sale date',
        description:
          'Realized P&L per sale date and its running total, oldest first, optionally of one year or of the ' +
          'last period_days days. Trades whose date_sold is not a YYYY-MM-DD date are left out. Scoping as ' +
          'for /api/analytics/aum.',
        examples: {
          query: { year: 2025 },
          200: {
            description: 'The daily P&L and its running total',
            value: {
              items: [
                { date: '2025-01-02', pnl: 188.6, cumulative: 188.6 },
                { date: '2025-01-06', pnl: -1577.98, cumulative: -1389.38 },
              ],
              total: -1389.38,
            },
          },
        },
        tags,
        querystring: S.WindowQuery,
        response: { 200: S.CumulativeResponse, ...errors },
      },
    },
    (req) => analytics.cumulativePnl(scopeOf(req), req.query),
  )
}

function getTradeDateRangeRoute(app: App, { analytics }: { analytics: AnalyticsService }): void {
  app.get(
    '/api/analytics/date-range',
    {
      schema: {
        operationId: 'getTradeDateRange',
        summary: 'First and last valid sale dates of realized trades',
        description:
          'The first and last sale dates of the realized trades (only those whose date_sold is a YYYY-MM-DD ' +
          'date) and how many there are; nulls when there are none. Administrators may pass tenant_id to read ' +
          'another tenant; for anyone else it is a 403.',
        examples: {
          query: { account_id: 1 },
          200: {
            description: 'The date range',
            value: { min_date: '2023-01-03', max_date: '2026-11-20', trade_count: 585 },
          },
        },
        tags,
        querystring: S.AnalyticsQuery,
        response: { 200: S.DateRangeResponse, ...errors },
      },
    },
    (req) => analytics.dateRange(scopeOf(req), req.query),
  )
}

function getDrawdownRoute(app: App, { analytics }: { analytics: AnalyticsService }): void {
  app.get(
    '/api/analytics/drawdown',
    {
      schema: {
        operationId: 'getDrawdown',
        summary: 'Drawdown of cumulative realized P&L, and the relative maximum drawdown of nav',
        description: DRAWDOWN_DOC,
        examples: {
          query: { year: 2025 },
          200: { description: 'Both drawdowns and the P&L series', value: DRAWDOWN_EXAMPLE },
        },
        tags,
        querystring: S.WindowQuery,
        response: { 200: S.DrawdownResponse, ...errors },
      },
    },
    (req) => analytics.drawdown(scopeOf(req), req.query),
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

function getPnlRoute(app: App, { analytics }: { analytics: AnalyticsService }): void {
  app.get(
    '/api/analytics/pnl',
    {
      schema: {
        operationId: 'getPnl',
        summary: 'Realized P&L per period (daily by default)',
        description:
          'Realized P&L and trade count per period: daily (the default), weekly (ISO weeks), monthly, quarterly ' +
          'or yearly, oldest first, with the total. Same filters as cumulative-pnl; trades with a non-date ' +
          'date_sold are left out.',
        examples: {
          query: { period: 'monthly', year: 2025 },
          200: {
            description: 'P&L per period',
            value: {
              period: 'monthly',
              items: [
                { period: '2025-01', pnl: 1756.88, trades: 14 },
                { period: '2025-02', pnl: -1729.13, trades: 14 },
              ],
              total: 27.75,
            },
          },
        },
        tags,
        querystring: S.PnlQuery,
        response: { 200: S.PnlResponse, ...errors },
      },
    },
    (req) => analytics.pnl(scopeOf(req), req.query),
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
          'the calendar year before (null for the first year or after a gap). Scoping as for /api/analytics/aum.',
        examples: {
          query: { account_ids: '1,2' },
          200: {
            description: 'One row per year, oldest first',
            value: {
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
