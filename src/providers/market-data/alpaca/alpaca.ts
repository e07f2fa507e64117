/**
 * Alpaca Market Data REST adapter (wire-facts §2): quotes from stock snapshots, bars, option chains
 * from options snapshots, and news. Auth is the key pair (APCA-API-KEY-ID / APCA-API-SECRET-KEY);
 * every request goes through the shared HTTP client, so retries and typed errors come from there.
 */
import type { Clock } from '../../../platform/clock.ts'
import { overlapsRegularSession } from '../../../platform/market-calendar.ts'
import type { HttpClient } from '../../shared/http.ts'
import {
  MAX_BARS_PER_PAGE,
  MAX_NEWS_PER_PAGE,
  MAX_OPTIONS_PER_PAGE,
  PROVIDER,
  TIMEFRAME,
  nextPageToken,
  obj,
  parseBar,
  parseNewsItem,
  parseOptionSnapshot,
  parseSnapshotQuote,
  protocolError,
} from './wire.ts'
import type {
  Bar,
  BarsQuery,
  Instrument,
  Interval,
  ManyBarsQuery,
  MarketDataProvider,
  NewsItem,
  NewsProvider,
  NewsQuery,
  OptionChain,
  Quote,
} from '../market-data.port.ts'

export type AlpacaFeed = 'iex' | 'sip'

export interface AlpacaMarketDataOptions {
  http: HttpClient
  /** e.g. https://data.alpaca.markets (sandbox: https://data.sandbox.alpaca.markets). */
  baseUrl: string
  keyId: string
  secretKey: string
  /** Stock feed; default 'iex' (the free plan's feed). */
  feed?: AlpacaFeed
  clock: Clock
}

export type AlpacaMarketData = MarketDataProvider &
  NewsProvider &
  Required<Pick<MarketDataProvider, 'barsMany'>>

type Query = Record<string, string | number | boolean | undefined>

/** A runaway next_page_token loop is a protocol fault, not something to follow forever. */
const MAX_PAGES = 500
/** Symbols per snapshots request: keeps URLs short ([unconfirmed]: Alpaca's own cap is not in the wire facts). */
const SNAPSHOT_BATCH = 100
const DEFAULT_BAR_LIMIT = 1_000
const DEFAULT_NEWS_LIMIT = 50
/** Pages scanned when filtering news by category client-side (Alpaca's archive goes back years). */
const NEWS_FILTER_PAGES = 10

const INTERVAL_MS: Record<Interval, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '1d': 86_400_000,
}

function checkLimit(limit: number | undefined, what: string): void {
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 0)) {
    throw new RangeError(`${what}: limit must be a non-negative integer`)
  }
}

export function createAlpacaMarketData(opts: AlpacaMarketDataOptions): AlpacaMarketData {
  const base = opts.baseUrl.replace(/\/+$/, '')
  const feed: AlpacaFeed = opts.feed ?? 'iex'
  const headers = { 'APCA-API-KEY-ID': opts.keyId, 'APCA-API-SECRET-KEY': opts.secretKey }
  // The wire facts mark neither iex nor sip as delayed; only `delayed_sip` would be, and this
  // adapter does not offer it.
  const delayed = false

  async function get(path: string, query: Query): Promise<Record<string, unknown>> {
    const body = await opts.http.getJson<unknown>({
      url: `${base}${path}`,
      query,
      headers,
      provider: PROVIDER,
    })
    return obj(body, `${path} response`)
  }

  /**
   * Follows next_page_token until `take` items passed `keep` or the pages run out. Each page asks
   * for at most what is still missing, as the vendor SDK does. With `softCap`, stops quietly after
   * that many pages (a client-side filter may never fill `take`); otherwise a token loop is a fault.
   */
  async function paginate<T>(
    path: string,
    query: Query,
    perPage: number,
    take: number | undefined,
    items: (body: Record<string, unknown>) => T[],
    keep: (item: T) => boolean = () => true,
    softCap?: number,
  ): Promise<T[]> {
    const out: T[] = []
    let token: string | undefined
    for (let page = 0; page < (softCap ?? MAX_PAGES); page++) {
      const limit = take === undefined ? perPage : Math.min(perPage, take - out.length)
      const body = await get(path, { ...query, limit, page_token: token })
      for (const item of items(body)) if (keep(item)) out.push(item)
      token = nextPageToken(body)
      if (token === undefined || (take !== undefined && out.length >= take)) {
        return take === undefined ? out : out.slice(0, take)
      }
    }
    if (softCap !== undefined) return out
    throw protocolError(`${path} pagination did not end after ${MAX_PAGES} pages`)
  }

  async function snapshots(symbols: string[]): Promise<Map<string, Quote>> {
    const out = new Map<string, Quote>()
    for (let i = 0; i < symbols.length; i += SNAPSHOT_BATCH) {
      const batch = symbols.slice(i, i + SNAPSHOT_BATCH)
      // No wrapper key: the body is keyed by symbol; unknown symbols are left out (or null).
      const body = await get('/v2/stocks/snapshots', { symbols: batch.join(','), feed })
      for (const symbol of batch) {
        const snap = body[symbol]
        if (snap !== undefined && snap !== null) out.set(symbol, parseSnapshotQuote(symbol, snap, delayed))
      }
    }
    return out
  }

  async function quotes(symbols: string[]): Promise<Quote[]> {
    const wanted = [...new Set(symbols.map((s) => s.trim().toUpperCase()).filter((s) => s !== ''))]
    const found = await snapshots(wanted)
    return wanted.flatMap((s) => found.get(s) ?? [])
  }

  async function bars(symbol: string, query: BarsQuery): Promise<Bar[]> {
    checkLimit(query.limit, 'bars')
    const sym = symbol.trim().toUpperCase()
    const take = query.limit ?? (query.start ? undefined : DEFAULT_BAR_LIMIT)
    if (take === 0) return []
    const length = INTERVAL_MS[query.interval]
    const regularOnly = query.interval !== '1d' && (query.session ?? 'regular') === 'regular'
    // Without `start` Alpaca answers from the start of the current day ([unconfirmed]: Alpaca docs,
    // not the wire facts), so ask for a window wide enough to hold `take` bars across nights,
    // weekends and holidays; sort=desc + limit then returns only the most recent ones.
    const end = query.end ?? opts.clock.now()
    const start =
      query.start ?? new Date(end.getTime() - (take ?? DEFAULT_BAR_LIMIT) * length * 6 - 7 * 86_400_000)
    const q: Query = {
      symbols: sym,
      timeframe: TIMEFRAME[query.interval],
      start: start.toISOString(),
      end: query.end?.toISOString(),
      feed,
      sort: 'desc',
    }
    const newestFirst = await paginate(
      '/v2/stocks/bars',
      q,
      MAX_BARS_PER_PAGE,
      take,
      (body) => {
        const all = obj(body['bars'], 'bars')
        const list = all[sym]
        if (list === undefined || list === null) return []
        if (!Array.isArray(list)) throw protocolError(`bars.${sym} is not a list`)
        return list.map((b, i) => parseBar(b, `bars.${sym}[${i}]`))
      },
      (bar) => !regularOnly || overlapsRegularSession(new Date(bar.time), length),
    )
    return newestFirst.reverse()
  }

  /**
   * The multi-symbol form of /v2/stocks/bars: up to SNAPSHOT_BATCH symbols per request, oldest
   * first, paged by next_page_token (a page's `limit` counts bars across its symbols).
   */
  async function barsMany(symbols: string[], query: ManyBarsQuery): Promise<Map<string, Bar[]>> {
    const wanted = [...new Set(symbols.map((s) => s.trim().toUpperCase()).filter((s) => s !== ''))]
    const length = INTERVAL_MS[query.interval]
    const regularOnly = query.interval !== '1d' && (query.session ?? 'regular') === 'regular'
    const out = new Map<string, Bar[]>()
    for (let i = 0; i < wanted.length; i += SNAPSHOT_BATCH) {
      const batch = wanted.slice(i, i + SNAPSHOT_BATCH)
      const q: Query = {
        symbols: batch.join(','),
        timeframe: TIMEFRAME[query.interval],
        start: query.start.toISOString(),
        end: query.end.toISOString(),
        feed,
        sort: 'asc',
      }
      const rows = await paginate('/v2/stocks/bars', q, MAX_BARS_PER_PAGE, undefined, (body) => {
        const all = obj(body['bars'], 'bars')
        return Object.entries(all).flatMap(([sym, list]) => {
          if (list === null) return []
          if (!Array.isArray(list)) throw protocolError(`bars.${sym} is not a list`)
          return list.map((b, k) => [sym, parseBar(b, `bars.${sym}[${k}]`)] as const)
        })
      })
      for (const [sym, bar] of rows) {
        if (regularOnly && !overlapsRegularSession(new Date(bar.time), length)) continue
        const list = out.get(sym)
        if (list) list.push(bar)
        else out.set(sym, [bar])
      }
    }
    return out
  }

  async function optionChain(symbol: string, query: { expiration?: string } = {}): Promise<OptionChain> {
    const underlying = symbol.trim().toUpperCase()
    // The whole chain (every expiration) is needed to list expirations; feed is left to the
    // account's default (opra or indicative), which the wire facts do not tie to a plan.
    const all = await paginate(
      `/v1beta1/options/snapshots/${encodeURIComponent(underlying)}`,
      {},
      MAX_OPTIONS_PER_PAGE,
      undefined,
      (body) =>
        Object.entries(obj(body['snapshots'], 'snapshots')).map(([occ, snap]) =>
          parseOptionSnapshot(occ, underlying, snap),
        ),
    )
    const expirations = [...new Set(all.map((c) => c.expiration))].sort()
    const expiration = query.expiration ?? expirations[0]
    const contracts = all
      .filter((c) => c.expiration === expiration)
      .sort((a, b) => a.strike - b.strike || a.type.localeCompare(b.type))
    return { underlying, expirations, contracts }
  }

  /**
   * Alpaca's asset list (/v2/assets) is a Trading API resource not covered by the wire facts, and
   * market data carries no name, sector, industry or market cap. So an instrument is only what a
   * snapshot proves: the symbol is quoted. Name is the symbol, exchange unknown (''), type 'stock'.
   */
  async function instrument(symbol: string): Promise<Instrument | null> {
    const sym = symbol.trim().toUpperCase()
    if (sym === '') return null
    const found = await snapshots([sym])
    if (!found.has(sym)) return null
    return {
      symbol: sym,
      name: sym,
      exchange: '',
      type: 'stock',
      sector: null,
      industry: null,
      market_cap: null,
    }
  }

  async function news(query: NewsQuery): Promise<NewsItem[]> {
    checkLimit(query.limit, 'news')
    const take = query.limit ?? DEFAULT_NEWS_LIMIT
    // Alpaca has no categories; ours are derived (company/general), so others can never match.
    const category = query.category
    if (take === 0 || (category !== undefined && category !== 'company' && category !== 'general')) return []
    const symbols = query.symbols?.map((s) => s.trim().toUpperCase()).filter((s) => s !== '')
    const q: Query = {
      symbols: symbols && symbols.length > 0 ? symbols.join(',') : undefined,
      start: query.since?.toISOString(),
      end: query.until?.toISOString(),
      sort: 'desc',
    }
    return paginate(
      '/v1beta1/news',
      q,
      MAX_NEWS_PER_PAGE,
      take,
      (body) => {
        const list = body['news']
        if (!Array.isArray(list)) throw protocolError('news is not a list')
        return list.map(parseNewsItem)
      },
      (item) => category === undefined || item.category === category,
      category === undefined ? undefined : NEWS_FILTER_PAGES,
    )
  }

  return {
    name: PROVIDER,
    quotes,
    bars,
    barsMany,
    optionChain,
    instrument,
    // No asset list in the wire facts (see instrument()); an empty universe is the honest answer.
    universe: async () => [],
    news,
  }
}
