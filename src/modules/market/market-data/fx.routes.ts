/** GET /api/market/fx: daily exchange rates with their fixing dates. */
import { Type } from 'typebox'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { MAX_FX_DAYS, DEFAULT_FX_DAYS, type FxRatesService } from './fx-rates.service.ts'

const Code = Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code, upper case' })
const Day = Type.String({ format: 'date' })
const FxQuery = Type.Object({
  from: Code,
  to: Code,
  start: Type.Optional(
    Type.String({ format: 'date', description: `Default: ${DEFAULT_FX_DAYS - 1} days before end` }),
  ),
  end: Type.Optional(Type.String({ format: 'date', description: 'Default: today (New York)' })),
})
const FxRatesSchema = Type.Object({
  from: Code,
  to: Code,
  start: Day,
  end: Day,
  provider: Type.String({ description: 'Where the fixings come from: simulated or ecb' }),
  items: Type.Array(
    Type.Object({
      date: Day,
      rate: Type.Union([Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' }), Type.Null()], {
        description: 'Units of `to` per 1 `from`, a decimal string (10 places for a cross); null: no rate',
      }),
      fixing_date: Type.Union([Day, Type.Null()], {
        description: 'The fixing the rate comes from: the day itself, or the last one at most 7 days before',
      }),
    }),
  ),
})

export function fxRoutes(app: App, { fxRates }: { fxRates: FxRatesService }): void {
  app.get(
    '/api/market/fx',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getFxRates',
        summary: 'Daily exchange rates between two currencies, with their fixing dates',
        description:
          'The rate used to convert `from` into `to` on every calendar day from start to end (at most ' +
          `${MAX_FX_DAYS} days), as the portfolio figures use it: the euro reference fixings (one per TARGET ` +
          'business day, about 16:00 CET), crossed through the euro when neither currency is EUR (per-EUR(to) ÷ ' +
          'per-EUR(from), 10 decimal places), and carried over days without a fixing (weekends, holidays) for ' +
          'at most 7 days; a day beyond that has rate null, and figures needing it are reported degraded ' +
          'rather than converted at 1. The fixings are stored as fetched and kept (docs/currencies.md). 422 ' +
          'for a currency the provider does not quote, start after end or before 1999 (the euro), or a longer range.',
        examples: {
          query: { from: 'USD', to: 'EUR', start: '2025-03-07', end: '2025-03-10' },
          200: {
            description: 'Friday’s fixing carried over the weekend',
            value: {
              from: 'USD',
              to: 'EUR',
              start: '2025-03-07',
              end: '2025-03-10',
              provider: 'ecb',
              items: [
                { date: '2025-03-07', rate: '0.9210647509', fixing_date: '2025-03-07' },
                { date: '2025-03-08', rate: '0.9210647509', fixing_date: '2025-03-07' },
                { date: '2025-03-09', rate: '0.9210647509', fixing_date: '2025-03-07' },
                { date: '2025-03-10', rate: '0.9231053263', fixing_date: '2025-03-10' },
              ],
            },
          },
        },
        tags: ['market-data'],
        querystring: FxQuery,
        response: { 200: FxRatesSchema, ...problems(401, 422) },
      },
    },
    (req) => fxRates.rates(req.query),
  )
}
