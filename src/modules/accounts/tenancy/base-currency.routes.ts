/** GET and PUT /api/tenant/base-currency: the currency the tenant's portfolio totals are in. */
import { Type } from 'typebox'
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import type { BaseCurrencyService } from './base-currency.service.ts'

const Code = Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code, upper case' })
const BaseCurrencySchema = Type.Object({
  base_currency: Code,
  supported: Type.Array(Code, { description: 'The currencies the FX provider quotes (EUR included)' }),
})
const Body = Type.Object({ base_currency: Code }, { additionalProperties: false })

const DOC =
  'The base currency of the caller’s tenant: every portfolio figure that adds up several accounts ' +
  '(analytics: aum, nav, market value, capital, realized and unrealized P&L, drawdown, year over year, ' +
  'investor allocation) is converted into it with the daily euro reference rates (docs/currencies.md), and ' +
  'those answers carry it as `currency`. USD unless set. `supported` lists the currencies the FX provider ' +
  'quotes; only those may be chosen.'
const EXAMPLE = { base_currency: 'EUR', supported: ['CHF', 'EUR', 'GBP', 'JPY', 'USD'] }

export function baseCurrencyRoutes(app: App, { baseCurrency }: { baseCurrency: BaseCurrencyService }): void {
  app.get(
    '/api/tenant/base-currency',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getBaseCurrency',
        summary: 'The tenant’s base currency and the currencies it may be',
        description: DOC,
        examples: { 200: { description: 'The base currency', value: EXAMPLE } },
        tags: ['tenancy'],
        response: { 200: BaseCurrencySchema, ...problems(401, 404, 502) },
      },
    },
    (req) => baseCurrency.get(scopeOf(req)),
  )
  app.put(
    '/api/tenant/base-currency',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'setBaseCurrency',
        summary: 'Set the tenant’s base currency',
        description:
          `${DOC} Changing it changes the currency of every converted answer from then on (stored figures ` +
          'are not rewritten: they are converted when read). 422 `tenancy.unsupported_currency` for a ' +
          'currency the FX provider does not quote.',
        examples: {
          body: { base_currency: 'EUR' },
          200: { description: 'The new base currency', value: EXAMPLE },
        },
        tags: ['tenancy'],
        body: Body,
        response: { 200: BaseCurrencySchema, ...problems(401, 422, 502) },
      },
    },
    (req) => baseCurrency.set(scopeOf(req), req.body.base_currency),
  )
}
