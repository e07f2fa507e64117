/**
 * What the tenant holds now, valued: each account's current holdings (the latest snapshot row per
 * account and symbol) priced at today's quote (the snapshot's price when there is none), their day
 * change from the latest two daily closes, and each account's cash per currency; every amount also
 * in the tenant's base currency at today's rate. Archived accounts are left out (they count only on
 * days before their archive date). A currency without a rate is listed in `missing_rates` and its
 * amounts have no base value: never converted at 1. The holdings list, the allocation and the income
 * yields read this.
 */
import { effectiveTenant, type RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import { mapLimit } from '../../../platform/concurrency.ts'
import type { Scopes, TenantScope } from '../../../platform/db/index.ts'
import { NotFoundError } from '../../../platform/http/errors.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import { nyDate } from '../../../kernel/calendar/nyse.ts'
import { centsToString, toCents } from '../../../kernel/decimal/cents.ts'
import { decMul } from '../../../kernel/decimal/decimal-string.ts'
import { addDays } from '../../../kernel/dates.ts'
import {
  barsOfMany,
  type Bar,
  type Instrument,
  type MarketDataProvider,
} from '../../../providers/market-data/index.ts'
import type { FxService } from '../../market/market-data/index.ts'
import { tenantBaseCurrency } from '../../accounts/tenancy/index.ts'
import { ownAccounts } from '../analytics/analytics.repository.ts'
import { countsOn } from '../lib/archive.ts'
import { cashOn } from './lib/cash-now.ts'
import { decimalOf, holdingFigures, type HoldingFigures } from './lib/figures.ts'
import * as repo from './valuation.repository.ts'
import { cashAnchors } from '../activities/ledger.repository.ts'

export interface ScopeQuery {
  tenant_id?: number
  account_id?: number
  account_ids?: string
}

export interface ValuationDeps {
  scopes: Scopes
  clock: Clock
  market: MarketDataProvider
  fx: FxService
}

export interface HoldingValue extends HoldingFigures {
  account_id: number
  account_name: string
  symbol: string
  name: string | null
  quantity: string
  price: string
  price_source: 'quote' | 'snapshot'
  currency: string
  /** Units of the base currency per 1 `currency` today; null when there is none. */
  rate: string | null
  instrument: Instrument | null
  /** The first day of the current run of holding it (its cost's exchange rate is that day's). */
  held_since: string | null
}

export interface CashValue {
  account_id: number
  account_name: string
  currency: string
  cents: bigint
  value_base: bigint | null
}

export interface Valuation {
  as_of: string
  base_currency: string
  holdings: HoldingValue[]
  cash: CashValue[]
  /** Currencies without a rate into the base currency today (their amounts have no base value). */
  missing_rates: string[]
  /** Symbols priced at their snapshot because today's quote was not to be had. */
  stale_prices: string[]
}

const LOOKUPS = 8
/** Calendar days of daily bars read for the latest two closes (covers a holiday run). */
const CLOSES_WINDOW_DAYS = 14

/** The account ids a query names (account_id and account_ids together), sorted, or undefined. */
export function requestedAccounts(q: ScopeQuery): number[] | undefined {
  const ids = [
    ...new Set([...(q.account_id ? [q.account_id] : []), ...(q.account_ids?.split(',').map(Number) ?? [])]),
  ].sort((a, b) => a - b)
  return ids.length ? ids : undefined
}

/**
 * Runs `work` in the effective tenant (administrators may name one) with the requested accounts
 * checked: 404 `accounts.not_found` when one is not the tenant's.
 */
export function withScope<T>(
  scopes: Scopes,
  scope: RequestScope,
  q: ScopeQuery,
  work: (s: TenantScope, accountIds: number[] | undefined) => Promise<T>,
): Promise<T> {
  const tenantId = effectiveTenant(scope, q.tenant_id)
  const ids = requestedAccounts(q)
  return scopes.withTenant(tenantId, async (s) => {
    if (ids && (await ownAccounts(s, ids)).length !== ids.length)
      throw new NotFoundError('accounts.not_found', 'Account not found')
    return work(s, ids)
  })
}

export class ValuationService {
  constructor(private readonly deps: ValuationDeps) {}

  today(): string {
    return nyDate(this.deps.clock.now())
  }

  /** The tenant's current holdings and cash, valued (see the file comment). */
  async current(scope: RequestScope, q: ScopeQuery): Promise<Valuation> {
    const today = this.today()
    const read = await this.read(scope, q, today)
    const names = new Map(read.accounts.map((a) => [a.id, a]))
    const symbols = [...new Set(read.rows.map((r) => r.symbol))].sort()
    const [instruments, quotes, closes] = await Promise.all([
      this.instruments(symbols),
      this.quotes(symbols),
      this.closes(symbols),
    ])
    const cash = cashOn({ anchors: read.anchors, activities: read.activities }, today)
    const currencyOf = (symbol: string, accountId: number) =>
      instruments.get(symbol)?.currency ?? names.get(accountId)?.currency ?? read.base
    const currencies = new Set([
      ...read.rows.map((r) => currencyOf(r.symbol, r.account_id)),
      ...cash.map((c) => c.currency),
    ])
    const rates = await this.rates([...currencies], read.base, today)
    const since = new Map(read.since.map((r) => [`${r.account_id} ${r.symbol}`, r.since]))
    const costRate = await this.costRates(read.rows, since, currencyOf, read.base, today)
    const holdings = read.rows.map((r): HoldingValue => {
      const currency = currencyOf(r.symbol, r.account_id)
      const quoted = quotes?.get(r.symbol)
      const price = quoted ?? r.price
      return {
        account_id: r.account_id,
        account_name: names.get(r.account_id)?.name ?? '',
        symbol: r.symbol,
        name: instruments.get(r.symbol)?.name ?? null,
        quantity: r.quantity,
        price,
        price_source: quoted === undefined ? 'snapshot' : 'quote',
        currency,
        rate: rates.get(currency) ?? null,
        instrument: instruments.get(r.symbol) ?? null,
        ...holdingFigures({
          quantity: r.quantity,
          price,
          cost_basis: r.cost_basis,
          closes: closes.get(r.symbol) ?? null,
          rate: rates.get(currency) ?? null,
          cost_rate: costRate(r.account_id, r.symbol),
        }),
        held_since: since.get(`${r.account_id} ${r.symbol}`) ?? null,
      }
    })
    return {
      as_of: today,
      base_currency: read.base,
      holdings,
      cash: cash.map((c) => {
        const rate = rates.get(c.currency)
        return {
          ...c,
          account_name: names.get(c.account_id)?.name ?? '',
          value_base: rate === undefined ? null : toBase(c.cents, rate),
        }
      }),
      missing_rates: [...currencies].filter((c) => !rates.has(c)).sort(),
      stale_prices: symbols.filter((s) => !quotes?.has(s)),
    }
  }

  /** The stored inputs, in one transaction: the accounts counting today, their holdings and cash. */
  private read(scope: RequestScope, q: ScopeQuery, today: string) {
    return withScope(this.deps.scopes, scope, q, async (s, ids) => {
      const accounts = (await repo.accountsOf(s, ids)).filter((a) =>
        countsOn(a.archived_at ? nyDate(a.archived_at) : null, today),
      )
      const live = accounts.map((a) => a.id)
      const base = await tenantBaseCurrency(s)
      if (!live.length) return { base, accounts, rows: [], anchors: [], activities: [], since: [] }
      const [rows, anchors, activities, since] = [
        await repo.latestHoldingRows(s, live),
        await cashAnchors(s, live),
        await repo.cashActivities(s, live),
        await repo.heldSince(s, live),
      ]
      return { base, accounts, rows, anchors, activities, since }
    })
  }

  private async instruments(symbols: string[]): Promise<Map<string, Instrument>> {
    const found = await mapLimit(symbols, LOOKUPS, (s) => this.deps.market.instrument(s).catch(soft(null)))
    return new Map(symbols.flatMap((s, i) => (found[i] ? [[s, found[i]] as const] : [])))
  }

  /** Today's last price per symbol; undefined when the market data provider is unavailable. */
  private async quotes(symbols: string[]): Promise<Map<string, string> | undefined> {
    if (!symbols.length) return new Map()
    const quotes = await this.deps.market.quotes(symbols).catch(soft(undefined))
    return quotes && new Map(quotes.map((q) => [q.symbol, decimalOf(q.last)]))
  }

  /** The daily closes of the last two weeks per symbol, oldest first (none when unavailable). */
  private async closes(symbols: string[]): Promise<Map<string, string[]>> {
    const end = this.deps.clock.now()
    const start = new Date(`${addDays(nyDate(end), -CLOSES_WINDOW_DAYS)}T00:00:00Z`)
    const bars = await barsOfMany(this.deps.market, symbols, { interval: '1d', start, end }).catch(
      soft(new Map<string, Bar[]>()),
    )
    return new Map([...bars].map(([s, b]) => [s, b.map((x) => decimalOf(x.close))]))
  }

  /**
   * The rate into the base currency of the day each holding was first held (its currency effect
   * is measured from it): one daily series per currency, from the earliest such day to today.
   */
  private async costRates(
    rows: { account_id: number; symbol: string }[],
    since: Map<string, string>,
    currencyOf: (symbol: string, accountId: number) => string,
    base: string,
    today: string,
  ): Promise<(accountId: number, symbol: string) => string | null> {
    const first = new Map<string, string>()
    for (const r of rows) {
      const c = currencyOf(r.symbol, r.account_id)
      const d = since.get(`${r.account_id} ${r.symbol}`)
      if (d && (!first.has(c) || d < first.get(c)!)) first.set(c, d)
    }
    const series = new Map<string, Map<string, string>>()
    for (const [c, start] of first)
      series.set(c, await this.deps.fx.daily(c, base, start, today).catch(soft(new Map<string, string>())))
    return (accountId, symbol) => {
      const d = since.get(`${accountId} ${symbol}`)
      return d ? (series.get(currencyOf(symbol, accountId))?.get(d) ?? null) : null
    }
  }

  /** Today's rate of each currency into the base currency, where there is one. */
  async rates(currencies: string[], base: string, day: string): Promise<Map<string, string>> {
    const out = new Map<string, string>()
    for (const c of currencies) {
      const r = await this.deps.fx.rate(c, base, day).catch(soft(null))
      if (r !== null) out.set(c, r)
    }
    return out
  }
}

/** cents × rate, rounded to cents once. */
export function toBase(cents: bigint, rate: string): bigint {
  return toCents(decMul(centsToString(cents), rate))
}

/** An upstream failure answers `fallback` (the answer then says what is missing); anything else throws. */
function soft<T>(fallback: T): (e: unknown) => T {
  return (e) => {
    if (isUpstreamError(e)) return fallback
    throw e
  }
}
