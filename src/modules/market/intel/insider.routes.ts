/** GET /api/intel/insider-buying. */
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import { InsiderBuying, InsiderBuyingQuery } from './insider.schemas.ts'
import type { InsiderService } from './insider.service.ts'

export function insiderRoutes(app: App, { insider }: { insider: InsiderService }): void {
  app.get(
    '/api/intel/insider-buying',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getInsiderBuying',
        summary: "Recent insider purchases (Form 4 code P) of some symbols or of the caller's holdings",
        description:
          'Filings are cached per symbol for 6 hours and fetched live on a miss. Any failure answers ' +
          '200 with empty items and degraded=true.',
        examples: {
          query: { symbols: 'AAPL,JPM', days: 30, min_value_usd: 100000 },
          200: {
            description:
              'Insider purchases, newest first (empty with degraded=true when the data could not be read)',
            value: {
              items: [
                {
                  symbol: 'JPM',
                  insider_name: 'Dimon James',
                  insider_title: 'Chairman and CEO',
                  transaction_date: '2026-11-18',
                  shares: 5000,
                  price: 241.35,
                  value: 1206750,
                  filing_url:
                    'https://www.sec.gov/Archives/edgar/data/19617/000001961726000123/0000019617-26-000123-index.htm',
                },
              ],
              next_cursor: null,
              page: 1,
              page_size: 25,
              degraded: false,
            },
          },
        },
        tags: ['intel'],
        querystring: InsiderBuyingQuery,
        response: { 200: InsiderBuying, ...problems(401, 422) },
      },
    },
    (req) =>
      insider.insiderBuying(scopeOf(req), {
        ...req.query,
        min_value_usd: req.query.min_value_usd,
        days: req.query.days,
        symbols: req.query.symbols?.toUpperCase().split(','),
      }),
  )
}
