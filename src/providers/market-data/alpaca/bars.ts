/** Alpaca bars: one symbol (newest `limit` bars) and many symbols over a window (/v2/stocks/bars). */
import { overlapsRegularSession } from '../../../kernel/calendar/nyse.ts'
import type { Bar, BarsQuery, Interval, ManyBarsQuery } from '../market-data.port.ts'
import { checkLimit, normalizeSymbols, type AlpacaClient, type Query } from './client.ts'
import { MAX_BARS_PER_PAGE, obj, parseBar, protocolError, TIMEFRAME } from './wire.ts'

/** Symbols per multi-symbol request: keeps URLs short (an assumption: Alpaca documents no cap). */
export const SYMBOL_BATCH = 100
const DEFAULT_BAR_LIMIT = 1_000

const INTERVAL_MS: Record<Interval, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '1d': 86_400_000,
}

/** Intraday bars outside the regular session are dropped unless the query asks for extended hours. */
function sessionFilter(query: { interval: Interval; session?: 'regular' | 'extended' | undefined }) {
  const length = INTERVAL_MS[query.interval]
  const regularOnly = query.interval !== '1d' && (query.session ?? 'regular') === 'regular'
  return (bar: Bar) => !regularOnly || overlapsRegularSession(new Date(bar.time), length)
}

/** `bars.<sym>` of one page: absent or null means no bars. */
function barsOf(body: Record<string, unknown>, sym: string): Bar[] {
  const list = obj(body['bars'], 'bars')[sym]
  if (list === undefined || list === null) return []
  if (!Array.isArray(list)) throw protocolError(`bars.${sym} is not a list`)
  return list.map((b, i) => parseBar(b, `bars.${sym}[${i}]`))
}

/** Every `bars.<sym>` of one page, as [symbol, bar] pairs. */
function allBarsOf(body: Record<string, unknown>): (readonly [string, Bar])[] {
  return Object.entries(obj(body['bars'], 'bars')).flatMap(([sym, list]) => {
    if (list === null) return []
    if (!Array.isArray(list)) throw protocolError(`bars.${sym} is not a list`)
    return list.map((b, k) => [sym, parseBar(b, `bars.${sym}[${k}]`)] as const)
  })
}

export async function bars(client: AlpacaClient, symbol: string, query: BarsQuery): Promise<Bar[]> {
  checkLimit(query.limit, 'bars')
  const sym = symbol.trim().toUpperCase()
  const take = query.limit ?? (query.start ? undefined : DEFAULT_BAR_LIMIT)
  if (take === 0) return []
  // Without `start` Alpaca answers from the start of the current day (Alpaca docs; not
  // confirmed against the API), so ask for a window wide enough to hold `take` bars across nights,
  // weekends and holidays; sort=desc + limit then returns only the most recent ones.
  const end = query.end ?? client.clock.now()
  const length = INTERVAL_MS[query.interval]
  const start =
    query.start ?? new Date(end.getTime() - (take ?? DEFAULT_BAR_LIMIT) * length * 6 - 7 * 86_400_000)
  const q: Query = {
    symbols: sym,
    timeframe: TIMEFRAME[query.interval],
    start: start.toISOString(),
    end: query.end?.toISOString(),
    feed: client.feed,
    sort: 'desc',
  }
  const newestFirst = await client.paginate('/v2/stocks/bars', q, {
    perPage: MAX_BARS_PER_PAGE,
    take,
    items: (body) => barsOf(body, sym),
    keep: sessionFilter(query),
  })
  return newestFirst.reverse()
}

/**
 * The multi-symbol form of /v2/stocks/bars: up to SYMBOL_BATCH symbols per request, oldest
 * first, paged by next_page_token (a page's `limit` counts bars across its symbols).
 */
export async function barsMany(
  client: AlpacaClient,
  symbols: string[],
  query: ManyBarsQuery,
): Promise<Map<string, Bar[]>> {
  const wanted = normalizeSymbols(symbols)
  const keep = sessionFilter(query)
  const out = new Map<string, Bar[]>()
  for (let i = 0; i < wanted.length; i += SYMBOL_BATCH) {
    const q: Query = {
      symbols: wanted.slice(i, i + SYMBOL_BATCH).join(','),
      timeframe: TIMEFRAME[query.interval],
      start: query.start.toISOString(),
      end: query.end.toISOString(),
      feed: client.feed,
      sort: 'asc',
    }
    const rows = await client.paginate('/v2/stocks/bars', q, {
      perPage: MAX_BARS_PER_PAGE,
      take: undefined,
      items: allBarsOf,
    })
    for (const [sym, bar] of rows) {
      if (!keep(bar)) continue
      const list = out.get(sym)
      if (list) list.push(bar)
      else out.set(sym, [bar])
    }
  }
  return out
}
