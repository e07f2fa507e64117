/**
 * Finnhub adapter (https://finnhub.io/api/v1) for news, earnings calendar, insider transactions
 * and earnings-call transcripts. Wire format: /work/shared/reference/wire-facts.md §7.
 */
import { systemClock, type Clock } from '../../../platform/clock.ts'
import { DAY_MS } from '../../../platform/dates.ts'
import { UpstreamProtocolError, type HttpClient } from '../../shared/http.ts'
import type {
  EarningsEvent,
  EarningsProvider,
  InsiderProvider,
  InsiderTransaction,
  NewsItem,
  NewsProvider,
  NewsQuery,
  Transcript,
  TranscriptSection,
  TranscriptsProvider,
} from '../market-data.port.ts'

export interface FinnhubOptions {
  http: HttpClient
  /** https://finnhub.io/api/v1, or a loopback fake in tests. */
  baseUrl: string
  apiKey: string
  /**
   * 'query' sends `?token=` (the spec's only documented scheme); 'header' sends X-Finnhub-Token,
   * which is community-reported only [unconfirmed]. Either way the shared client keeps the query
   * string out of error messages.
   */
  auth?: 'query' | 'header'
  /** Supplies "now" when a news query has no `until`. */
  clock?: Clock
  /** Look-back of company news when `since` is absent (company-news requires from/to). */
  newsLookbackDays?: number
}

export type FinnhubProvider = NewsProvider & EarningsProvider & InsiderProvider & TranscriptsProvider

type Obj = Record<string, unknown>
type Query = Record<string, string | undefined>

const YMD = /^\d{4}-\d{2}-\d{2}$/
const HOURS = new Set(['bmo', 'amc', 'dmh'])

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const ymd = (d: Date): string => d.toISOString().slice(0, 10)
const round2 = (n: number): number => Math.round(n * 100) / 100

function malformed(path: string, detail: string, payload: unknown): UpstreamProtocolError {
  return new UpstreamProtocolError(`finnhub GET ${path} returned a malformed payload: ${detail}`, {
    provider: 'finnhub',
    status: 200,
    body: JSON.stringify(payload) ?? '',
  })
}

const isStr = (v: unknown): v is string => typeof v === 'string'
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
const isInt = (v: unknown): v is number => Number.isInteger(v)
const isDate = (v: unknown): v is string => isStr(v) && YMD.test(v)
const isArr = (v: unknown): v is unknown[] => Array.isArray(v)

/** Field readers that throw a protocol error naming the path and field (never the URL or key). */
function reader(path: string, payload: unknown) {
  const pick =
    <T>(want: string, ok: (v: unknown) => v is T) =>
    (o: unknown, k: string): T => {
      const v = isObj(o) ? o[k] : undefined
      if (!ok(v)) throw malformed(path, `${k} is not ${want}`, payload)
      return v
    }
  const str = pick('a string', isStr)
  const num = pick('a number', isNum)
  return {
    str,
    num,
    int: pick('an integer', isInt),
    date: pick('a YYYY-MM-DD date', isDate),
    array: pick('an array', isArr),
    obj: (v: unknown, what: string): Obj => pick('an object', isObj)({ [what]: v }, what),
    optStr: (o: Obj, k: string): string => (o[k] === undefined || o[k] === null ? '' : str(o, k)),
    optNum: (o: Obj, k: string): number | null => (o[k] === undefined || o[k] === null ? null : num(o, k)),
  }
}

/** Transcript times have no documented zone; a zone-less "YYYY-MM-DD hh:mm:ss" is read as UTC [unconfirmed]. */
function isoTime(s: string): string | null {
  const naive = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(s)
  const d = new Date(naive ? `${s.replace(' ', 'T')}Z` : s)
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}

const newestFirst =
  <T>(key: (t: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? 1 : key(a) > key(b) ? -1 : 0

export function createFinnhub(opts: FinnhubOptions): FinnhubProvider {
  const base = opts.baseUrl.replace(/\/+$/, '')
  const auth = opts.auth ?? 'query'
  const clock = opts.clock ?? systemClock
  const lookbackDays = opts.newsLookbackDays ?? 7

  function get(path: string, query: Query): Promise<unknown> {
    const q: Query = { ...query }
    const headers: Record<string, string> = {}
    if (auth === 'header') headers['x-finnhub-token'] = opts.apiKey
    else q.token = opts.apiKey
    return opts.http.getJson<unknown>({ url: `${base}${path}`, query: q, headers, provider: 'finnhub' })
  }

  function toNewsItem(
    path: string,
    payload: unknown,
    raw: unknown,
    symbol: string | null,
    fallbackCategory: string,
  ): NewsItem {
    const r = reader(path, payload)
    const o = r.obj(raw, 'news item')
    const seconds = r.num(o, 'datetime')
    const published = new Date(seconds * 1000)
    if (Number.isNaN(published.getTime())) throw malformed(path, 'datetime is out of range', payload)
    const related = r
      .optStr(o, 'related')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    return {
      id: String(r.int(o, 'id')),
      symbols: [...new Set([...(symbol === null ? [] : [symbol]), ...related])],
      headline: r.str(o, 'headline'),
      summary: r.optStr(o, 'summary'),
      source: r.optStr(o, 'source'),
      url: r.str(o, 'url'),
      category: r.optStr(o, 'category') || fallbackCategory,
      published_at: published.toISOString(),
    }
  }

  async function news(query: NewsQuery): Promise<NewsItem[]> {
    if (query.limit !== undefined && query.limit <= 0) return []
    const until = query.until ?? clock.now()
    const since = query.since ?? new Date(until.getTime() - lookbackDays * DAY_MS)
    const byId = new Map<string, NewsItem>()
    const add = (item: NewsItem) => {
      const seen = byId.get(item.id)
      if (seen) seen.symbols = [...new Set([...seen.symbols, ...item.symbols])]
      else byId.set(item.id, item)
    }
    if (query.symbols && query.symbols.length > 0) {
      // The vendor's date zone is undocumented: ask one day wider, then filter on the exact instant.
      const from = ymd(new Date(since.getTime() - DAY_MS))
      const to = ymd(new Date(until.getTime() + DAY_MS))
      for (const symbol of query.symbols) {
        const payload = await get('/company-news', { symbol, from, to })
        if (!Array.isArray(payload)) throw malformed('/company-news', 'body is not an array', payload)
        for (const raw of payload) add(toNewsItem('/company-news', payload, raw, symbol, 'company'))
      }
    } else {
      // `category` selects Finnhub's market-news feed; company news has no category parameter.
      const category = query.category ?? 'general'
      const payload = await get('/news', { category })
      if (!Array.isArray(payload)) throw malformed('/news', 'body is not an array', payload)
      for (const raw of payload) add(toNewsItem('/news', payload, raw, null, category))
    }
    const lo = since.toISOString()
    const hi = until.toISOString()
    const items = [...byId.values()]
      .filter((n) => n.published_at >= lo && n.published_at <= hi)
      .sort((a, b) => newestFirst<NewsItem>((n) => n.published_at)(a, b) || Number(b.id) - Number(a.id))
    return query.limit === undefined ? items : items.slice(0, query.limit)
  }

  async function calendar(from: string, to: string, symbols?: string[]): Promise<EarningsEvent[]> {
    const path = '/calendar/earnings'
    const targets: (string | undefined)[] = symbols && symbols.length > 0 ? symbols : [undefined]
    const events: EarningsEvent[] = []
    for (const symbol of targets) {
      const payload = await get(path, { from, to, symbol })
      const r = reader(path, payload)
      for (const raw of r.array(payload, 'earningsCalendar')) {
        const o = r.obj(raw, 'earningsCalendar item')
        const hour = r.optStr(o, 'hour')
        events.push({
          symbol: r.str(o, 'symbol'),
          date: r.date(o, 'date'),
          hour: HOURS.has(hour) ? (hour as EarningsEvent['hour']) : null,
          quarter: r.int(o, 'quarter'),
          year: r.int(o, 'year'),
          eps_estimate: r.optNum(o, 'epsEstimate'),
          eps_actual: r.optNum(o, 'epsActual'),
          revenue_estimate: r.optNum(o, 'revenueEstimate'),
          revenue_actual: r.optNum(o, 'revenueActual'),
        })
      }
    }
    return events
      .filter((e) => e.date >= from && e.date <= to)
      .sort((a, b) => a.date.localeCompare(b.date) || a.symbol.localeCompare(b.symbol))
  }

  async function insiderTransactions(
    symbols: string[],
    from: string,
    to: string,
  ): Promise<InsiderTransaction[]> {
    const path = '/stock/insider-transactions'
    const out: InsiderTransaction[] = []
    // At most 100 rows per call and no documented paging: a very busy range may come back truncated.
    for (const symbol of symbols) {
      const payload = await get(path, { symbol, from, to })
      const r = reader(path, payload)
      for (const raw of r.array(payload, 'data')) {
        const o = r.obj(raw, 'data item')
        const shares = Math.abs(r.num(o, 'change'))
        const price = r.optNum(o, 'transactionPrice')
        out.push({
          symbol: o.symbol === undefined ? symbol : r.str(o, 'symbol'),
          insider_name: r.str(o, 'name'),
          insider_title: null,
          transaction_code: r.str(o, 'transactionCode'),
          transaction_date: r.date(o, 'transactionDate'),
          shares,
          price,
          value: price === null ? null : round2(shares * price),
          shares_owned_after: r.optNum(o, 'share'),
          filing_url: null,
          filed_at: o.filingDate === undefined || o.filingDate === null ? null : r.date(o, 'filingDate'),
        })
      }
    }
    return out
      .filter((t) => t.transaction_date >= from && t.transaction_date <= to)
      .sort(
        (a, b) =>
          newestFirst<InsiderTransaction>((t) => t.transaction_date)(a, b) ||
          newestFirst<InsiderTransaction>((t) => t.filed_at ?? '')(a, b),
      )
  }

  async function transcript(symbol: string, listed: Obj, listPayload: unknown): Promise<Transcript> {
    const path = '/stock/transcripts'
    const id = reader('/stock/transcripts/list', listPayload).str(listed, 'id')
    const payload = await get(path, { id })
    const r = reader(path, payload)
    const o = r.obj(payload, 'body')
    const roles = new Map<string, string>()
    if (o.participant !== undefined && o.participant !== null) {
      for (const raw of r.array(o, 'participant')) {
        const p = r.obj(raw, 'participant item')
        const role = r.optStr(p, 'role')
        if (role) roles.set(r.str(p, 'name'), role)
      }
    }
    const sections: TranscriptSection[] = r.array(o, 'transcript').map((raw) => {
      const s = r.obj(raw, 'transcript item')
      const speech = r.array(s, 'speech')
      if (!speech.every((x) => typeof x === 'string'))
        throw malformed(path, 'speech is not a string array', payload)
      const speaker = r.str(s, 'name')
      return { speaker, role: roles.get(speaker) ?? null, text: speech.join('\n') }
    })
    const rawTime = o.time === undefined ? r.str(listed, 'time') : r.str(o, 'time')
    const time = isoTime(rawTime)
    if (time === null) throw malformed(path, 'time is not a date-time', payload)
    return {
      id,
      symbol: o.symbol === undefined ? symbol : r.str(o, 'symbol'),
      title: o.title === undefined ? r.str(listed, 'title') : r.str(o, 'title'),
      year: o.year === undefined ? r.int(listed, 'year') : r.int(o, 'year'),
      quarter: o.quarter === undefined ? r.int(listed, 'quarter') : r.int(o, 'quarter'),
      time,
      sections,
    }
  }

  async function transcripts(symbol: string, limit: number): Promise<Transcript[]> {
    if (limit <= 0) return []
    const path = '/stock/transcripts/list'
    const payload = await get(path, { symbol })
    const r = reader(path, payload)
    const listed = r.array(payload, 'transcripts').map((raw) => {
      const o = r.obj(raw, 'transcripts item')
      const time = isoTime(r.str(o, 'time'))
      if (time === null) throw malformed(path, 'time is not a date-time', payload)
      return { o, time }
    })
    listed.sort(newestFirst((t) => t.time))
    const out: Transcript[] = []
    // One at a time: transcripts are large and the plan's per-second ceiling is shared.
    for (const { o } of listed.slice(0, limit)) out.push(await transcript(symbol, o, payload))
    return out.sort(newestFirst((t) => t.time))
  }

  return { name: 'finnhub', news, calendar, insiderTransactions, transcripts }
}
