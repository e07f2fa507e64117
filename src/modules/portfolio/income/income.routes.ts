/** GET /api/analytics/income: dividends and interest per period, the trailing year's yields, and what is coming. */
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import * as S from './income.schemas.ts'
import type { IncomeService } from './income.service.ts'

const DOC =
  'Dividends and interest from the activity ledger, per month or year, in the tenant base currency: each ' +
  'DIVIDEND, INTEREST and TAX activity and its fee converted at the rate of its own date (a fixing is carried ' +
  'over weekends and holidays for at most a week), rounded to cents per activity, then summed. gross = ' +
  'dividends + interest (before tax and fees; a negative amount is a reversal), tax = the TAX activities (tax ' +
  'withheld), fees = the fees of those activities, net = gross − tax − fees. With year, every month of that ' +
  'year is listed (zeros included); without, each period that has income. ttm: the trailing twelve months (the ' +
  'day after today’s date a year ago through today), per symbol too; yield_on_cost = ttm gross ÷ the cost basis ' +
  'of the current long holdings × 100 and yield_on_value = ttm gross ÷ their market value × 100 (both in the ' +
  'base currency at today’s rate; holdings as GET /api/holdings). upcoming: the held symbols’ dividends with an ' +
  'ex-date or a pay date in the next 90 days (today included), expected_amount = shares held now × the ' +
  'per-share amount. An activity on a day without a rate is left out and its currency listed in missing_rates ' +
  '(degraded), never converted at 1. Archived accounts count up to their archive date. Scoping as the other ' +
  "analytics (404 for an account not the tenant's; administrators may pass tenant_id)."

const EXAMPLE = {
  as_of: '2026-11-24',
  year: 2026,
  by: 'year',
  base_currency: 'USD',
  degraded: false,
  missing_rates: [],
  items: [
    { period: '2026', dividends: 97, interest: 12.34, gross: 109.34, tax: 14.55, fees: 0.5, net: 94.29 },
  ],
  totals: { dividends: 97, interest: 12.34, gross: 109.34, tax: 14.55, fees: 0.5, net: 94.29 },
  ttm: {
    from: '2025-11-25',
    to: '2026-11-24',
    dividends: 97,
    interest: 12.34,
    gross: 109.34,
    tax: 14.55,
    fees: 0.5,
    net: 94.29,
    cost_basis: 4500,
    market_value: 6000,
    yield_on_cost: 2.43,
    yield_on_value: 1.82,
    by_symbol: [
      { symbol: 'KO', dividends: 97, interest: 0, gross: 97, tax: 14.55, fees: 0.5, net: 81.95 },
      { symbol: null, dividends: 0, interest: 12.34, gross: 12.34, tax: 0, fees: 0, net: 12.34 },
    ],
  },
  upcoming: [
    {
      symbol: 'KO',
      ex_date: '2026-12-01',
      pay_date: '2026-12-15',
      amount_per_share: 0.485,
      currency: 'USD',
      shares: 100,
      expected_amount: 48.5,
      expected_amount_base: 48.5,
    },
  ],
  upcoming_unavailable: false,
}

export function incomeRoutes(app: App, { income }: { income: IncomeService }): void {
  app.get(
    '/api/analytics/income',
    {
      schema: {
        operationId: 'getIncome',
        summary: 'Dividends and interest by month or year, trailing-year yields, coming ex-dividend dates',
        description: DOC,
        examples: {
          query: { year: 2026, by: 'year' },
          200: {
            description: 'One year of income, its trailing-year yields and what is coming',
            value: EXAMPLE,
          },
        },
        tags: ['analytics'],
        querystring: S.IncomeQuery,
        response: { 200: S.IncomeResponse, ...problems(401, 403, 404, 422) },
      },
    },
    (req) => income.income(scopeOf(req), req.query),
  )
}
