/** Spec §4.14 analytics (xirr lives with capital flows). */
import type { App } from '../../app/types.ts'
import { scopeOf } from '../../platform/auth/authenticate.ts'
import { problems } from '../../platform/http/problem.ts'
import * as S from './analytics.schemas.ts'
import type { AnalyticsService } from './analytics.service.ts'

const tags = ['analytics']
const errors = problems(401, 403, 404, 422)

export function analyticsRoutes(app: App, { analytics }: { analytics: AnalyticsService }): void {
  app.get(
    '/api/analytics/aum',
    {
      schema: {
        operationId: 'getAum',
        summary: 'AUM history and breakdown: total_aum = net_capital + unrealized + realized_ytd',
        tags,
        querystring: S.AnalyticsQuery,
        response: { 200: S.AumResponse, ...errors },
      },
    },
    (req) => analytics.aum(scopeOf(req), req.query),
  )

  app.get(
    '/api/analytics/cumulative-pnl',
    {
      schema: {
        operationId: 'getCumulativePnl',
        summary: 'Cumulative realized P&L by sale date',
        tags,
        querystring: S.WindowQuery,
        response: { 200: S.CumulativeResponse, ...errors },
      },
    },
    (req) => analytics.cumulativePnl(scopeOf(req), req.query),
  )

  app.get(
    '/api/analytics/date-range',
    {
      schema: {
        operationId: 'getTradeDateRange',
        summary: 'First and last valid sale dates of realized trades',
        tags,
        querystring: S.AnalyticsQuery,
        response: { 200: S.DateRangeResponse, ...errors },
      },
    },
    (req) => analytics.dateRange(scopeOf(req), req.query),
  )

  app.get(
    '/api/analytics/drawdown',
    {
      schema: {
        operationId: 'getDrawdown',
        summary: 'Peak-to-trough drawdown of cumulative realized P&L',
        tags,
        querystring: S.WindowQuery,
        response: { 200: S.DrawdownResponse, ...errors },
      },
    },
    (req) => analytics.drawdown(scopeOf(req), req.query),
  )

  app.get(
    '/api/analytics/investor-allocation',
    {
      schema: {
        operationId: 'getInvestorAllocation',
        summary: "Each investor's share by unit accounting",
        tags,
        querystring: S.AnalyticsQuery,
        response: { 200: S.AllocationResponse, ...problems(401, 403, 404, 409, 422) },
      },
    },
    (req) => analytics.investorAllocation(scopeOf(req), req.query),
  )

  app.get(
    '/api/analytics/pnl',
    {
      schema: {
        operationId: 'getPnl',
        summary: 'Realized P&L per period (daily by default)',
        tags,
        querystring: S.PnlQuery,
        response: { 200: S.PnlResponse, ...errors },
      },
    },
    (req) => analytics.pnl(scopeOf(req), req.query),
  )

  app.get(
    '/api/analytics/yoy',
    {
      schema: {
        operationId: 'getYearOverYear',
        summary: 'Per year: realized P&L, year-end AUM and their growth',
        tags,
        querystring: S.AnalyticsQuery,
        response: { 200: S.YoyResponse, ...errors },
      },
    },
    (req) => analytics.yoy(scopeOf(req), req.query),
  )
}
