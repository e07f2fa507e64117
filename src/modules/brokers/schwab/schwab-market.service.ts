/**
 * Schwab's market data: quotes (15-minute delayed data from the market data provider
 * when Schwab cannot answer, flagged `delayed: true`), market hours (stored on request), movers,
 * option chains, price history and instruments (by ticker or CUSIP), Schwab's answers passed on.
 */
import { DAY_MS } from '../../../kernel/dates.ts'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { AppError, UnprocessableError } from '../../../platform/http/errors.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type { SchwabChainQuery, SchwabPriceHistoryQuery } from '../../../providers/brokers/index.ts'
import type { MarketDataProvider } from '../../../providers/market-data/index.ts'
import { mapLimit } from '../../../platform/concurrency.ts'
import { errorText, requestRejected } from '../lib/broker-errors.ts'
import type { SchwabAccessService } from './schwab-access.service.ts'
import * as repo from './schwab.repository.ts'
import type { HistoryQueryInput, ChainQueryInput } from './schwab-market.schemas.ts'
import { objectOf } from './lib/json.ts'

export const DELAY_MINUTES = 15
const DELAYED_BARS_CONCURRENCY = 5
const CUSIP = /^[0-9]{3}[0-9A-Z]{5}[0-9]$/
const TICKER = /^[A-Z0-9.$/^_ -]{1,32}$/
/** Projections whose symbol is a regular expression or a description text, not a ticker. */
const SEARCHES: ReadonlySet<string> = new Set(['symbol-regex', 'desc-search', 'desc-regex'])
/** Our problems that mean "the broker cannot answer for you now": the fallback applies too. */
const UNAVAILABLE = new Set(['broker.not_connected', 'broker.reconnect_required', 'broker.not_configured'])

/** Schwab's valid price-history combinations (docs/vendor-formats.md#schwab-market-data). */
const PERIODS: Record<string, { periods: number[]; frequencies: string[] }> = {
  day: { periods: [1, 2, 3, 4, 5, 10], frequencies: ['minute'] },
  month: { periods: [1, 2, 3, 6], frequencies: ['daily', 'weekly'] },
  year: { periods: [1, 2, 3, 5, 10, 15, 20], frequencies: ['daily', 'weekly', 'monthly'] },
  ytd: { periods: [1], frequencies: ['daily', 'weekly'] },
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

export interface QuoteItem {
  symbol: string
  last: number
  bid: number | null
  ask: number | null
  volume: number
  change: number | null
  change_pct: number | null
  as_of: string
}

export interface MarketDeps {
  scopes: Scopes
  clock: Clock
  access: SchwabAccessService
  market: Pick<MarketDataProvider, 'quotes' | 'bars'>
  today: () => string
}

export class SchwabMarketService {
  constructor(private readonly deps: MarketDeps) {}

  /** Schwab's answer; its refusal (a 400) is a 422 `broker.request_rejected` naming `guess` at worst. */
  private call<T>(scope: RequestScope, f: (token: string) => Promise<T>, guess = 'symbol'): Promise<T> {
    return this.deps.access
      .withToken(scope, (t) => f(t))
      .then((r) => r.value)
      .catch(requestRejected('Schwab', guess))
  }

  /** Schwab's quotes; when Schwab cannot answer for the caller, the market data provider's, 15 minutes old. */
  async quotes(scope: RequestScope, raw: string) {
    const symbols = [
      ...new Set(
        raw
          .split(',')
          .map((s) => s.trim().toUpperCase())
          .filter(Boolean),
      ),
    ]
    try {
      const body = await this.call(scope, (t) => this.deps.access.adapter().quotes(t, symbols), 'symbols')
      const items = symbols.flatMap((s) => {
        const q = objectOf(objectOf(body[s])['quote'])
        const last = num(q['lastPrice']) ?? num(q['mark']) ?? num(q['closePrice'])
        if (body[s] === undefined || last === null) return []
        const at = num(q['quoteTime']) ?? num(q['tradeTime'])
        return [
          {
            symbol: s,
            last,
            bid: num(q['bidPrice']),
            ask: num(q['askPrice']),
            volume: num(q['totalVolume']) ?? 0,
            change: num(q['netChange']),
            change_pct: num(q['netPercentChange']),
            as_of: new Date(at ?? this.deps.clock.now().getTime()).toISOString(),
          },
        ]
      })
      return { delayed: false, source: 'schwab' as const, items, invalid_symbols: missing(symbols, items) }
    } catch (err) {
      const unavailable = isUpstreamError(err) || (err instanceof AppError && UNAVAILABLE.has(err.code))
      if (!unavailable) throw err
      const items = await this.delayedQuotes(symbols)
      return {
        delayed: true,
        source: 'market-data' as const,
        reason: `Schwab unavailable (${err instanceof AppError ? err.code : errorText(err)}): ${DELAY_MINUTES}-minute delayed data`,
        items,
        invalid_symbols: missing(symbols, items),
      }
    }
  }

  /** The provider's quote as it stood 15 minutes ago: the close of the last 1-minute bar by then. */
  private async delayedQuotes(symbols: string[]): Promise<QuoteItem[]> {
    const cutoff = this.deps.clock.now().getTime() - DELAY_MINUTES * 60_000
    const quotes = await this.deps.market.quotes(symbols)
    // One bar read per symbol whose quote is newer than the cutoff, a few at a time.
    return mapLimit(quotes, DELAYED_BARS_CONCURRENCY, async (q): Promise<QuoteItem> => {
      let last = q.last
      let asOf = Math.min(Date.parse(q.as_of), cutoff)
      if (Date.parse(q.as_of) > cutoff) {
        const bars = await this.deps.market.bars(q.symbol, {
          interval: '1m',
          end: new Date(cutoff - 60_000),
          limit: 1,
          session: 'extended',
        })
        const bar = bars.at(-1)
        if (bar) {
          last = bar.close
          asOf = Date.parse(bar.time) + 60_000
        }
      }
      const change = Math.round((last - q.previous_close) * 10_000) / 10_000
      return {
        symbol: q.symbol,
        last,
        bid: null,
        ask: null,
        volume: q.volume,
        change,
        change_pct: q.previous_close ? Math.round((change / q.previous_close) * 1_000_000) / 10_000 : null,
        as_of: new Date(asOf).toISOString(),
      }
    })
  }

  async marketHours(scope: RequestScope, q: { markets?: string; date?: string; persist?: boolean }) {
    const markets = [...new Set((q.markets ?? 'equity,option').split(',').map((m) => m.trim().toLowerCase()))]
    const date = q.date ?? this.deps.today()
    const ahead = (Date.parse(date) - Date.parse(this.deps.today())) / DAY_MS
    if (Number.isNaN(ahead) || ahead > 366)
      throw UnprocessableError.field(['query', 'date'], 'a valid date at most one year ahead')
    const hours = await this.call(
      scope,
      (t) => this.deps.access.adapter().marketHours(t, markets, date),
      'markets',
    )
    const rows: repo.HoursRow[] = Object.entries(hours).flatMap(([market, products]) =>
      Object.entries(products).map(([product, h]) => ({
        market,
        product,
        date: typeof h['date'] === 'string' ? h['date'] : date,
        product_name: typeof h['productName'] === 'string' ? h['productName'] : null,
        is_open: h['isOpen'] === true,
        session_hours: objectOf(h['sessionHours']),
      })),
    )
    const persisted = q.persist
      ? await this.deps.scopes.withTenant(scope.tenantId, (s) => repo.saveHours(s, rows))
      : 0
    return { date, markets: hours, persisted }
  }

  async movers(scope: RequestScope, q: { index?: string; sort?: string; frequency?: number }) {
    const index = q.index ?? '$SPX'
    const frequency = q.frequency ?? 0
    const opts = { frequency, ...(q.sort ? { sort: q.sort as 'VOLUME' } : {}) }
    const items = await this.call(scope, (t) => this.deps.access.adapter().movers(t, index, opts), 'index')
    return { index, sort: q.sort ?? null, frequency, items }
  }

  async optionChain(scope: RequestScope, q: ChainQueryInput) {
    if (q.from_date && q.to_date && q.from_date > q.to_date)
      throw UnprocessableError.field(['query', 'to_date'], 'to_date is before from_date')
    const chain: SchwabChainQuery = {
      symbol: q.symbol.toUpperCase(),
      contractType: q.contract_type ?? 'ALL',
      ...(q.strike_count !== undefined ? { strikeCount: q.strike_count } : {}),
      ...(q.strategy ? { strategy: q.strategy } : {}),
      ...(q.from_date ? { fromDate: q.from_date } : {}),
      ...(q.to_date ? { toDate: q.to_date } : {}),
    }
    return this.call(scope, (t) => this.deps.access.adapter().optionChain(t, chain))
  }

  async priceHistory(scope: RequestScope, q: HistoryQueryInput) {
    const rule = PERIODS[q.period_type ?? 'day']!
    if (q.period !== undefined && !rule.periods.includes(q.period))
      throw UnprocessableError.field(
        ['query', 'period'],
        `with period_type ${q.period_type ?? 'day'}: one of ${rule.periods.join(', ')}`,
      )
    if (q.frequency_type !== undefined && !rule.frequencies.includes(q.frequency_type))
      throw UnprocessableError.field(
        ['query', 'frequency_type'],
        `with period_type ${q.period_type ?? 'day'}: one of ${rule.frequencies.join(', ')}`,
      )
    const minute = (q.frequency_type ?? rule.frequencies[0]) === 'minute'
    if (q.frequency !== undefined && !(minute ? [1, 5, 10, 15, 30] : [1]).includes(q.frequency))
      throw UnprocessableError.field(['query', 'frequency'], minute ? 'one of 1, 5, 10, 15, 30' : 'must be 1')
    const history: SchwabPriceHistoryQuery = {
      symbol: q.symbol.toUpperCase(),
      ...(q.period_type ? { periodType: q.period_type } : {}),
      ...(q.period !== undefined ? { period: q.period } : {}),
      ...(q.frequency_type ? { frequencyType: q.frequency_type } : {}),
      ...(q.frequency !== undefined ? { frequency: q.frequency } : {}),
      ...(q.need_extended_hours !== undefined ? { needExtendedHoursData: q.need_extended_hours } : {}),
    }
    return this.call(scope, (t) => this.deps.access.adapter().priceHistory(t, history))
  }

  /**
   * A 9-character CUSIP (looked up as such: a projection with it is a 422, never silently dropped),
   * or a ticker searched with a projection; the regex and description searches take free text.
   */
  async instrument(scope: RequestScope, q: { symbol: string; projection?: string }) {
    const symbol = q.symbol.trim().toUpperCase()
    if (CUSIP.test(symbol)) {
      if (q.projection !== undefined)
        throw UnprocessableError.field(
          ['query', 'projection'],
          'a CUSIP is looked up as such: projection applies to a ticker or a search text only',
        )
      const found = await this.call(scope, (t) => this.deps.access.adapter().instrumentByCusip(t, symbol))
      return { query: symbol, by: 'cusip' as const, projection: null, instruments: found ? [found] : [] }
    }
    const projection = (q.projection ?? 'symbol-search') as 'symbol-search'
    const search = SEARCHES.has(projection)
    if (!search && !TICKER.test(symbol))
      throw UnprocessableError.field(
        ['query', 'symbol'],
        `a ticker (letters, digits and . $ / ^ _ - or space, at most 32); regex and text need projection ${[...SEARCHES].join(', ')}`,
      )
    const term = search ? q.symbol.trim() : symbol
    const instruments = await this.call(scope, (t) =>
      this.deps.access.adapter().instruments(t, term, projection),
    )
    return { query: term, by: 'symbol' as const, projection, instruments }
  }
}

const missing = (symbols: string[], items: Array<{ symbol: string }>) =>
  symbols.filter((s) => !items.some((i) => i.symbol === s))
