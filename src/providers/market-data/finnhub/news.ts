/** Finnhub news: per-symbol company news (/company-news) or the market-news feed (/news). */
import type { Clock } from '../../../platform/clock.ts'
import { DAY_MS } from '../../../kernel/dates.ts'
import type { NewsItem, NewsQuery } from '../market-data.port.ts'
import { malformed, newestFirst, reader, ymd, type FinnhubGet } from './wire.ts'

export interface NewsDeps {
  get: FinnhubGet
  clock: Clock
  /** Look-back of company news when `since` is absent (company-news requires from/to). */
  lookbackDays: number
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

/** Every item the vendor returns for the query, before the exact time window is applied. */
async function fetchNews(get: FinnhubGet, query: NewsQuery, since: Date, until: Date): Promise<NewsItem[]> {
  const items: NewsItem[] = []
  if (query.symbols && query.symbols.length > 0) {
    // The vendor's date zone is undocumented: ask one day wider, then filter on the exact instant.
    const from = ymd(new Date(since.getTime() - DAY_MS))
    const to = ymd(new Date(until.getTime() + DAY_MS))
    for (const symbol of query.symbols) {
      const payload = await get('/company-news', { symbol, from, to })
      if (!Array.isArray(payload)) throw malformed('/company-news', 'body is not an array', payload)
      for (const raw of payload) items.push(toNewsItem('/company-news', payload, raw, symbol, 'company'))
    }
  } else {
    // `category` selects Finnhub's market-news feed; company news has no category parameter.
    const category = query.category ?? 'general'
    const payload = await get('/news', { category })
    if (!Array.isArray(payload)) throw malformed('/news', 'body is not an array', payload)
    for (const raw of payload) items.push(toNewsItem('/news', payload, raw, null, category))
  }
  return items
}

export async function news(deps: NewsDeps, query: NewsQuery): Promise<NewsItem[]> {
  if (query.limit !== undefined && query.limit <= 0) return []
  const until = query.until ?? deps.clock.now()
  const since = query.since ?? new Date(until.getTime() - deps.lookbackDays * DAY_MS)
  // One item per id; an article listed under several symbols keeps them all.
  const byId = new Map<string, NewsItem>()
  for (const item of await fetchNews(deps.get, query, since, until)) {
    const seen = byId.get(item.id)
    if (seen) seen.symbols = [...new Set([...seen.symbols, ...item.symbols])]
    else byId.set(item.id, item)
  }
  const lo = since.toISOString()
  const hi = until.toISOString()
  const items = [...byId.values()]
    .filter((n) => n.published_at >= lo && n.published_at <= hi)
    .sort((a, b) => newestFirst<NewsItem>((n) => n.published_at)(a, b) || Number(b.id) - Number(a.id))
  return query.limit === undefined ? items : items.slice(0, query.limit)
}
