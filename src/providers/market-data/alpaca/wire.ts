/**
 * Alpaca Market Data wire shapes → domain types (docs/vendor-formats.md#alpaca-market-data). Every field we read is checked;
 * a payload that does not match throws UpstreamProtocolError, so bad data never reaches callers.
 */
import { UpstreamProtocolError } from '../../../platform/upstream-errors.ts'
import type { Bar, Interval, NewsItem, OptionContract, Quote } from '../market-data.port.ts'

export const PROVIDER = 'alpaca'

// Page-size caps of Alpaca's API (docs/vendor-formats.md#alpaca-market-data).
export const MAX_BARS_PER_PAGE = 10_000
export const MAX_NEWS_PER_PAGE = 50
export const MAX_OPTIONS_PER_PAGE = 1_000

/** The `timeframe` parameter of /v2/stocks/bars for each domain interval. */
export const TIMEFRAME: Record<Interval, string> = {
  '1m': '1Min',
  '5m': '5Min',
  '15m': '15Min',
  '1h': '1Hour',
  '1d': '1Day',
}

type Obj = Record<string, unknown>

export function protocolError(what: string): UpstreamProtocolError {
  return new UpstreamProtocolError(`${PROVIDER} returned a malformed payload: ${what}`, {
    provider: PROVIDER,
  })
}

export function obj(v: unknown, what: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw protocolError(`${what} is not an object`)
  return v as Obj
}

export function num(o: Obj, key: string, what: string): number {
  const v = o[key]
  if (typeof v !== 'number' || !Number.isFinite(v)) throw protocolError(`${what}.${key} is not a number`)
  return v
}

export function str(o: Obj, key: string, what: string): string {
  const v = o[key]
  if (typeof v !== 'string') throw protocolError(`${what}.${key} is not a string`)
  return v
}

/** RFC 3339 (possibly with nanoseconds) → ISO 8601 UTC with milliseconds. */
export function time(o: Obj, key: string, what: string): string {
  const ms = Date.parse(str(o, key, what))
  if (Number.isNaN(ms)) throw protocolError(`${what}.${key} is not a timestamp`)
  return new Date(ms).toISOString()
}

/** `next_page_token`: a string, or null/absent on the last page. */
export function nextPageToken(body: Obj): string | undefined {
  const v = body['next_page_token']
  if (v === null || v === undefined || v === '') return undefined
  if (typeof v !== 'string') throw protocolError('next_page_token is not a string')
  return v
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4

export function parseBar(v: unknown, what: string): Bar {
  const b = obj(v, what)
  const vw = b['vw']
  return {
    time: time(b, 't', what),
    open: num(b, 'o', what),
    high: num(b, 'h', what),
    low: num(b, 'l', what),
    close: num(b, 'c', what),
    volume: num(b, 'v', what),
    vwap: vw === undefined || vw === null ? null : num(b, 'vw', what),
  }
}

/** One `/v2/stocks/snapshots` entry → Quote (the whole snapshot is required to price it). */
export function parseSnapshotQuote(symbol: string, v: unknown, delayed: boolean): Quote {
  const what = `snapshot ${symbol}`
  const s = obj(v, what)
  const trade = obj(s['latestTrade'], `${what}.latestTrade`)
  const quote = obj(s['latestQuote'], `${what}.latestQuote`)
  const daily = obj(s['dailyBar'], `${what}.dailyBar`)
  const prev = obj(s['prevDailyBar'], `${what}.prevDailyBar`)
  const last = num(trade, 'p', `${what}.latestTrade`)
  const previous = num(prev, 'c', `${what}.prevDailyBar`)
  const change = round4(last - previous)
  return {
    symbol,
    last,
    bid: num(quote, 'bp', `${what}.latestQuote`),
    ask: num(quote, 'ap', `${what}.latestQuote`),
    volume: num(daily, 'v', `${what}.dailyBar`),
    previous_close: previous,
    change,
    change_pct: previous === 0 ? 0 : round4(((last - previous) / previous) * 100),
    delayed,
    as_of: time(trade, 't', `${what}.latestTrade`),
  }
}

const OCC = /^([A-Z0-9.]{1,6})(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/

/** OCC option symbol ROOT+YYMMDD+C/P+strike×1000 (8 digits). */
export function parseOcc(symbol: string): {
  root: string
  expiration: string
  type: 'call' | 'put'
  strike: number
} {
  const m = OCC.exec(symbol)
  if (!m) throw protocolError(`option symbol ${JSON.stringify(symbol)} is not an OCC symbol`)
  const [, root, yy, mm, dd, cp, strike] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ]
  return {
    root,
    expiration: `20${yy}-${mm}-${dd}`,
    type: cp === 'C' ? 'call' : 'put',
    strike: Number(strike) / 1000,
  }
}

function optionalNum(parent: Obj, key: string, field: string, what: string): number | null {
  const v = parent[key]
  if (v === undefined || v === null) return null
  return num(obj(v, `${what}.${key}`), field, `${what}.${key}`)
}

/**
 * One options snapshot → contract. Volume and open interest: the documented snapshot shape
 * carries neither. A `dailyBar.v` is read when present (an assumption: not documented); open
 * interest never comes from this endpoint: both are null when not reported.
 */
export function parseOptionSnapshot(symbol: string, underlying: string, v: unknown): OptionContract {
  const what = `option snapshot ${symbol}`
  const s = obj(v, what)
  const occ = parseOcc(symbol)
  return {
    symbol,
    underlying,
    expiration: occ.expiration,
    strike: occ.strike,
    type: occ.type,
    volume: optionalNum(s, 'dailyBar', 'v', what),
    open_interest: null,
    bid: optionalNum(s, 'latestQuote', 'bp', what),
    ask: optionalNum(s, 'latestQuote', 'ap', what),
    last: optionalNum(s, 'latestTrade', 'p', what),
  }
}

export function parseNewsItem(v: unknown): NewsItem {
  const n = obj(v, 'news item')
  const id = n['id']
  if (typeof id !== 'number' || !Number.isInteger(id)) throw protocolError('news item.id is not an integer')
  const what = `news item ${id}`
  const raw = n['symbols']
  if (!Array.isArray(raw) || !raw.every((s): s is string => typeof s === 'string')) {
    throw protocolError(`${what}.symbols is not a list of strings`)
  }
  return {
    id: String(id),
    symbols: raw,
    headline: str(n, 'headline', what),
    summary: str(n, 'summary', what),
    source: str(n, 'source', what),
    url: str(n, 'url', what),
    // Alpaca has no category; ticker-tagged items are company news.
    category: raw.length > 0 ? 'company' : 'general',
    published_at: time(n, 'created_at', what),
  }
}
