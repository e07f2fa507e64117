/**
 * Performance over time: the daily value series of the accounts in scope (shares × close + cash,
 * in the tenant's base currency), its time- and money-weighted returns, volatility, Sharpe and
 * max drawdown, against a benchmark instrument on the same days. The conventions are in
 * docs/performance.md and the route's description; the computation is in lib/.
 */
import { canonicalQuery } from '../lib/answer-key.ts'
import { effectiveTenant, type RequestScope } from '../../../platform/auth/scope.ts'
import type { Cache } from '../../../platform/cache/index.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes, TenantScope } from '../../../platform/db/index.ts'
import { NotFoundError, UnprocessableError } from '../../../platform/http/errors.ts'
import { nyDate } from '../../../kernel/calendar/nyse.ts'
import { tenantBaseCurrency } from '../../accounts/tenancy/index.ts'
import type { FxService } from '../../market/market-data/index.ts'
import { ownAccounts, portfolioVersion } from '../analytics/analytics.repository.ts'
import { priceIndex } from './lib/returns.ts'
import { rangeStart, seriesDays, type RangeName } from './lib/range.ts'
import { valueSeries } from './lib/series.ts'
import { summary } from './lib/summary.ts'
import { closesOn, currencies, ratesInto, type Market } from './market-series.service.ts'
import { loadScope } from './inputs.service.ts'
import type { Gap } from './lib/value.ts'

export interface PerformanceQuery {
  tenant_id?: number
  account_id?: number
  account_ids?: string
  range?: RangeName
  from?: string
  to?: string
  benchmark?: string
  risk_free?: number
  by?: 'total' | 'account'
}

/** Keeps memory bounded; correctness comes from the version in the key, not from expiry. */
const ANSWER_TTL_MS = 15 * 60_000
/** The first day the NYSE calendar knows a session before (its first year is 1990). */
const FIRST_FROM = '1990-01-03'
const DEFAULT_BENCHMARK = 'SPY'

/** Runs a read in a short transaction of the effective tenant. */
type Read = <X>(f: (s: TenantScope) => Promise<X>) => Promise<X>

const bad = (field: string, msg: string) => UnprocessableError.field(['query', field], msg)

/** The parameters' own consistency, before anything is read (422s). */
function checkWindow(q: PerformanceQuery, today: string): void {
  if (q.range !== undefined && (q.from !== undefined || q.to !== undefined))
    throw bad('range', 'give either range or from/to, not both')
  if (q.to !== undefined && q.from === undefined) throw bad('from', 'from is required with to')
  if (q.from !== undefined && q.from < FIRST_FROM) throw bad('from', `must be on or after ${FIRST_FROM}`)
  if (q.from !== undefined && q.from > today) throw bad('from', 'must not be after today')
  if (q.to !== undefined && q.to > today) throw bad('to', 'must not be after today')
  if (q.from !== undefined && q.to !== undefined && q.from > q.to) throw bad('to', 'must not be before from')
}

const span = (g: Gap) => ({ first_date: g.first, last_date: g.last, days: g.days })

export class PerformanceService {
  constructor(
    private readonly deps: {
      scopes: Scopes
      clock: Clock
      cache: Cache
      market: Market
      fx: Pick<FxService, 'daily'>
    },
  ) {}

  private today(): string {
    return nyDate(this.deps.clock.now())
  }

  /**
   * As the analytics answers: in the effective tenant, the requested accounts checked (404 if not
   * theirs), cached under the tenant's portfolio version and today's New York date.
   */
  private async within<T>(
    scope: RequestScope,
    q: PerformanceQuery,
    work: (read: Read, accountIds: number[] | undefined, base: string) => Promise<T>,
  ): Promise<T> {
    const tenantId = effectiveTenant(scope, q.tenant_id)
    const ids = [
      ...new Set([...(q.account_id ? [q.account_id] : []), ...(q.account_ids?.split(',').map(Number) ?? [])]),
    ].sort((a, b) => a - b)
    // Short tenant transactions: prices and rates are fetched between them, never inside one.
    const read: Read = (f) => this.deps.scopes.withTenant(tenantId, f)
    // Read first: an answer computed after it can only be as new or newer than its key says. The base
    // currency is in the key: changing it moves no portfolio version.
    const { version, base } = await read(async (s) => ({
      version: await portfolioVersion(s),
      base: await tenantBaseCurrency(s),
    }))
    const key = `analytics:${tenantId}:${version}:${base}:${this.today()}:performance:${ids.join(',')}:${canonicalQuery(q)}`
    const { value } = await this.deps.cache.wrap(key, ANSWER_TTL_MS, async () => {
      if (ids.length && (await read((s) => ownAccounts(s, ids))).length !== ids.length)
        throw new NotFoundError('accounts.not_found', 'Account not found')
      return work(read, ids.length ? ids : undefined, base)
    })
    return value
  }

  performance(scope: RequestScope, q: PerformanceQuery) {
    const today = this.today()
    checkWindow(q, today)
    return this.within(scope, q, (read, accountIds, base) => this.compute(read, accountIds, base, q, today))
  }

  private async compute(
    read: Read,
    accountIds: number[] | undefined,
    base: string,
    q: PerformanceQuery,
    today: string,
  ) {
    const symbol = (q.benchmark ?? DEFAULT_BENCHMARK).toUpperCase()
    const benchmark = await this.deps.market.instrument(symbol)
    if (!benchmark) throw bad('benchmark', `unknown symbol ${symbol}`)
    const data = await read((s) => loadScope(s, accountIds))
    const range = q.from === undefined ? (q.range ?? 'YTD') : null
    const named = range === null ? q.from! : rangeStart(range, today, data.earliest)
    const from = named < FIRST_FROM ? FIRST_FROM : named // MAX of a history older than the calendar
    const to = q.to ?? today
    const days = seriesDays(from, to)
    const now = this.deps.clock.now()
    const currencyOf = await currencies(this.deps.market, data.symbols)
    const closes = await closesOn(this.deps.market, [...new Set([...data.symbols, symbol])], days, now)
    const rates = await ratesInto(this.deps.fx, base, [...data.currencies, ...currencyOf.values()], days)
    const out = valueSeries({
      days,
      accounts: data.accounts,
      flows: data.flows,
      market: { closes, currencyOf, rates: rates.series },
      rateOn: rates.on,
    })
    const riskFree = q.risk_free ?? 0
    const total = summary(days, out.total, riskFree, out.total)
    const bench = priceIndex(closes.get(symbol)!)
    const benchFirst = bench.findIndex((x) => x !== null)
    const missingPrices = out.missingPrices.list().map((g) => ({ symbol: g.key, ...span(g) }))
    const missingRates = out.missingRates.list().map((g) => ({ currency: g.key, ...span(g) }))
    const { index, ...figures } = total
    return {
      range,
      from,
      to,
      base_date: days[0]!,
      currency: base,
      ...figures,
      risk_free: riskFree,
      benchmark: {
        symbol,
        currency: benchmark.currency,
        twr: benchFirst === 0 && bench.at(-1) !== null ? bench.at(-1)! - 1 : null,
      },
      degraded: missingPrices.length + missingRates.length > 0,
      missing_prices: missingPrices,
      missing_rates: missingRates,
      series: days.map((date, i) => ({
        date,
        value: out.total.value[i]! / 100,
        cash: out.total.cash[i]! / 100,
        net_flow: out.total.flows[i]! / 100,
        twr_index: index[i]!,
        benchmark_index: bench[i]!,
      })),
      ...(q.by === 'account' ? { accounts: out.accounts.map((a) => perAccount(days, a, riskFree)) } : {}),
    }
  }
}

function perAccount(
  days: readonly string[],
  a: { id: number; value: Float64Array; cash: Float64Array; flows: Float64Array },
  riskFree: number,
) {
  const { index, ...figures } = summary(days, a, riskFree)
  return {
    account_id: a.id,
    ...figures,
    series: days.map((date, i) => ({
      date,
      value: a.value[i]! / 100,
      cash: a.cash[i]! / 100,
      net_flow: a.flows[i]! / 100,
      twr_index: index[i]!,
    })),
  }
}
