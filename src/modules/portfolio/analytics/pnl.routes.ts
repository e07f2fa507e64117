/** The realized P&L routes of analytics: by sale date, its range, its drawdown, per period. */
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import { DRAWDOWN_EXAMPLE } from '../portfolio.examples.ts'
import * as S from './analytics.schemas.ts'
import type { AnalyticsService } from './analytics.service.ts'

const tags = ['analytics']
const errors = problems(401, 403, 404, 422)

const DRAWDOWN_DOC =
  'Two drawdowns, under their own names. max_drawdown, max_drawdown_pct, peak_date, trough_date, ' +
  'recovery_date and series: the largest fall of cumulative realized P&L (by sale date, starting at 0, which ' +
  'counts as a peak) from its running peak, as an amount, and that amount as a percent of the peak’s ' +
  'cumulative P&L (null when the peak is not above 0). That peak can be small, so the percent can pass 100 ' +
  'and is not what portfolio tools call maximum drawdown. nav_drawdown: the standard relative maximum ' +
  'drawdown of the nav series of /api/analytics/aum (one point per snapshot date and today, within the ' +
  'window) — min over t of (nav_t − max_{s≤t} nav_s) / max_{s≤t} nav_s, the first point counted as a peak, ' +
  'as empyrical and quantstats compute max_drawdown — a negative fraction, with its peak, trough and ' +
  'recovery (null while nav is below the peak). nav moves with capital flows too: a withdrawal shows as a ' +
  'fall. Filters: year or period_days (the last N days, today included) cut both series; trades whose ' +
  'date_sold is not a YYYY-MM-DD date are left out.' +
  S.ARCHIVED_SALES +
  ' The nav series drops on an archived account’s archive date, as its value leaves the portfolio.' +
  ' ' +
  S.CURRENCY_DOC

export function getCumulativePnlRoute(app: App, { analytics }: { analytics: AnalyticsService }): void {
  app.get(
    '/api/analytics/cumulative-pnl',
    {
      schema: {
        operationId: 'getCumulativePnl',
        summary: 'Cumulative realized P&L by sale date',
        description:
          'Realized P&L per sale date and its running total, oldest first, optionally of one year or of the ' +
          'last period_days days. Trades whose date_sold is not a YYYY-MM-DD date are left out. Scoping as ' +
          'for /api/analytics/aum.' +
          S.ARCHIVED_SALES +
          ' ' +
          S.CURRENCY_DOC,
        examples: {
          query: { year: 2025 },
          200: {
            description: 'The daily P&L and its running total',
            value: {
              currency: 'USD',
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

export function getTradeDateRangeRoute(app: App, { analytics }: { analytics: AnalyticsService }): void {
  app.get(
    '/api/analytics/date-range',
    {
      schema: {
        operationId: 'getTradeDateRange',
        summary: 'First and last valid sale dates of realized trades',
        description:
          'The first and last sale dates of the realized trades (only those whose date_sold is a YYYY-MM-DD ' +
          'date) and how many there are; nulls when there are none. Administrators may pass tenant_id to read ' +
          'another tenant; for anyone else it is a 403.' +
          S.ARCHIVED_SALES,
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

export function getDrawdownRoute(app: App, { analytics }: { analytics: AnalyticsService }): void {
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

export function getPnlRoute(app: App, { analytics }: { analytics: AnalyticsService }): void {
  app.get(
    '/api/analytics/pnl',
    {
      schema: {
        operationId: 'getPnl',
        summary: 'Realized P&L per period (daily by default)',
        description:
          'Realized P&L and trade count per period: daily (the default), weekly (ISO weeks), monthly, quarterly ' +
          'or yearly, oldest first, with the total. Same filters as cumulative-pnl; trades with a non-date ' +
          'date_sold are left out.' +
          S.ARCHIVED_SALES +
          ' ' +
          S.CURRENCY_DOC,
        examples: {
          query: { period: 'monthly', year: 2025 },
          200: {
            description: 'P&L per period',
            value: {
              currency: 'USD',
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
