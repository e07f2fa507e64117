/**
 * GET /api/analytics/performance. The description states the conventions a user compares with
 * other tools (the same text, longer, is docs/performance.md).
 */
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import * as S from './performance.schemas.ts'
import type { PerformanceService } from './performance.service.ts'

const PERFORMANCE_DOC =
  'The daily value of the accounts in scope and its returns, in the tenant’s base currency (`currency`). ' +
  'Range: `range` (1D, WTD, MTD, YTD, 1Y, 3Y, 5Y, MAX; YTD by default) or `from`/`to` (422 with both, ' +
  'with `to` alone, `from` after `to`, or a day after today). Days: NYSE trading days; the series starts on ' +
  '`base_date`, the last trading day before `from`, whose value is the starting value (YTD starts from the ' +
  'last close of the year before). Value on a day: Σ shares × close × rate + cash × rate, each holding at its ' +
  'latest snapshot on or before the day (broker accounts before their first snapshot: read back from their ' +
  'activities), closes carried over days without a bar, rates of the day (a fixing carried at most a week). ' +
  'A price or rate that is missing is never assumed: that part is left out of the day, `degraded` is true ' +
  'and `missing_prices` / `missing_rates` say what and when. Flows: every capital flow of the accounts in ' +
  'scope (without an account filter also those of no account), at the rate of its date, counted at the start ' +
  'of its day (a weekend’s on the next session). An archived account counts on the days before its archive ' +
  'date; its value leaving then is an outflow, not a loss. TWR: r_t = V_t / (V_{t−1} + F_t) − 1 chained over ' +
  'the range (0 on a day with nothing invested), not annualised. MWR: the XIRR of the starting value (in), ' +
  'the flows and the end value (out), an annual rate for every range, also under a year (`mwr_period` is ' +
  'the same return over the range itself). Volatility: sample sd of the daily returns × √252. Sharpe: ' +
  '(mean daily return − (1 + risk_free)^(1/252) + 1) / sd × √252. Max drawdown: relative, of the TWR index, ' +
  'the base day a peak. Benchmark (SPY by default, any instrument; 422 when unknown): its close-to-close ' +
  'price return over the same days, in its own currency. Scope with account_id or account_ids (404 if one ' +
  'is not the tenant’s); administrators may pass tenant_id. `by=account` adds each account’s figures and series.'

const EXAMPLE = {
  range: 'MTD',
  from: '2026-11-01',
  to: '2026-11-04',
  base_date: '2026-10-30',
  currency: 'USD',
  start_value: 100000,
  end_value: 106090,
  net_flows: 5000,
  gain: 1090,
  twr: 0.010483,
  mwr: 1.9562,
  mwr_period: 0.011952,
  volatility: 0.0874,
  sharpe: 11.2,
  max_drawdown: {
    value: -0.002,
    peak_date: '2026-11-02',
    trough_date: '2026-11-03',
    recovery_date: '2026-11-04',
  },
  risk_free: 0,
  benchmark: { symbol: 'SPY', currency: 'USD', twr: 0.0081 },
  degraded: false,
  missing_prices: [],
  missing_rates: [],
  series: [
    { date: '2026-10-30', value: 100000, cash: 2000, net_flow: 0, twr_index: 1, benchmark_index: 1 },
    {
      date: '2026-11-02',
      value: 105525,
      cash: 7000,
      net_flow: 5000,
      twr_index: 1.005,
      benchmark_index: 1.004,
    },
    {
      date: '2026-11-03',
      value: 105314,
      cash: 7000,
      net_flow: 0,
      twr_index: 1.00299,
      benchmark_index: 1.002,
    },
    {
      date: '2026-11-04',
      value: 106090,
      cash: 7000,
      net_flow: 0,
      twr_index: 1.010483,
      benchmark_index: 1.0081,
    },
  ],
}

export function performanceRoutes(app: App, { performance }: { performance: PerformanceService }): void {
  app.get(
    '/api/analytics/performance',
    {
      schema: {
        operationId: 'getPerformance',
        summary: 'Value series, TWR, MWR, volatility, Sharpe and max drawdown against a benchmark',
        description: PERFORMANCE_DOC,
        examples: {
          query: { range: 'MTD', benchmark: 'SPY' },
          200: { description: 'Month to date, four trading days', value: EXAMPLE },
        },
        tags: ['analytics'],
        querystring: S.PerformanceQuery,
        response: { 200: S.PerformanceResponse, ...problems(401, 403, 404, 422) },
      },
    },
    (req) => performance.performance(scopeOf(req), req.query),
  )
}
