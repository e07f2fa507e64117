/**
 * The tenant's base currency: the one every portfolio total across accounts is converted into.
 * Any currency the FX provider quotes (EUR included) may be chosen; the tenant's own only.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { NotFoundError, UnprocessableError } from '../../../platform/http/errors.ts'
import * as repo from './tenancy.repository.ts'

export interface QuotedCurrencies {
  /** The currencies the FX provider quotes, EUR included. */
  currencies(): Promise<string[]>
}

export interface BaseCurrency {
  base_currency: string
  supported: string[]
}

export class BaseCurrencyService {
  constructor(private readonly deps: { scopes: Scopes; fx: QuotedCurrencies }) {}

  async get(scope: RequestScope): Promise<BaseCurrency> {
    const supported = await this.deps.fx.currencies()
    const row = await this.deps.scopes.withTenant(scope.tenantId, (s) => repo.findOwnTenant(s))
    if (!row) throw new NotFoundError('tenancy.not_found', 'Tenant not found')
    return { base_currency: row.base_currency, supported }
  }

  /** 422 `tenancy.unsupported_currency` for a currency the FX provider has no rates for. */
  async set(scope: RequestScope, code: string): Promise<BaseCurrency> {
    const supported = await this.deps.fx.currencies()
    if (!supported.includes(code))
      throw new UnprocessableError(
        'tenancy.unsupported_currency',
        `base_currency: ${code} has no exchange rates; choose one of ${supported.join(', ')}`,
        [{ loc: ['body', 'base_currency'], msg: `no exchange rates for ${code}`, type: 'value_error' }],
      )
    await this.deps.scopes.withTenant(scope.tenantId, (s) => repo.setBaseCurrency(s, code))
    return { base_currency: code, supported }
  }
}
