/**
 * News: ticker and general market news from the news provider, newest first (ties by id),
 * de-duplicated by id, paged by keyset on (published_at, id).
 *
 * Each read covers a bounded window (the last 30 days, at most FETCH_LIMIT items per source) and
 * is cached for 60 s. A cursor pins the walk: it carries the window's lower bound, and each later
 * page re-reads the sources only up to the last item served. So new items neither shift nor
 * repeat the walk, and old ones do not age out of it halfway. A page never reaches past what a
 * source left out: a read that filled FETCH_LIMIT is used only down to that source's oldest item,
 * and the walk chains another read from there (that is also how `page=N` gets deep).
 */
import type { Cache } from '../../../platform/cache/index.ts'
import type { Clock } from '../../../platform/clock.ts'
import { DAY_MS } from '../../../kernel/dates.ts'
import type { NewsItem, NewsProvider, NewsQuery } from '../../../providers/market-data/index.ts'
import { keysetPage } from './lib/keyset.ts'
import {
  badCursor,
  resolvePage,
  type PageQueryInput,
  type PageResult,
} from '../../../platform/http/pagination.ts'

export const NEWS_WINDOW_DAYS = 30
export const FETCH_LIMIT = 300
const TTL_MS = 60_000
/** Reads one request may chain for a deep `page=N` (30 × FETCH_LIMIT items per source). */
const MAX_READS = 30

/**
 * What one query read: its window's lower bound, the merged items, and — when a source filled
 * FETCH_LIMIT and may have left older items out — the time down to which the list is complete
 * (exclusive), else null.
 */
interface Snapshot {
  floor: string
  items: NewsItem[]
  completeAfter: string | null
}

interface Position {
  publishedAt: string
  id: string
  floor: string
}

const newestFirst = (a: NewsItem, b: NewsItem) =>
  a.published_at < b.published_at
    ? 1
    : a.published_at > b.published_at
      ? -1
      : a.id < b.id
        ? -1
        : a.id > b.id
          ? 1
          : 0

function isoOrNull(s: string): string | null {
  const t = Date.parse(s)
  return Number.isNaN(t) ? null : new Date(t).toISOString()
}

function position(key: (string | number | null)[] | null): Position | null {
  if (!key) return null
  const [publishedAt, id, floor] = key
  if (
    key.length !== 3 ||
    typeof publishedAt !== 'string' ||
    typeof id !== 'string' ||
    typeof floor !== 'string'
  ) {
    throw badCursor()
  }
  if (isoOrNull(publishedAt) !== publishedAt || isoOrNull(floor) !== floor) throw badCursor()
  return { publishedAt, id, floor }
}

/** The earliest valid publication time in a source's list ('' when none parses). */
function oldest(list: NewsItem[]): string {
  return list.map((n) => isoOrNull(n.published_at) ?? '').reduce((a, b) => (a && a < b ? a : b), '')
}

/** Merges sources by id (a shared item keeps every symbol), normalising times for string order. */
function merge(lists: NewsItem[][]): NewsItem[] {
  const byId = new Map<string, NewsItem>()
  for (const item of lists.flat()) {
    const published_at = isoOrNull(item.published_at)
    if (!published_at) continue
    const seen = byId.get(item.id)
    if (seen) seen.symbols = [...new Set([...seen.symbols, ...item.symbols])]
    else byId.set(item.id, { ...item, symbols: [...item.symbols], published_at })
  }
  return [...byId.values()].sort(newestFirst)
}

export class NewsService {
  constructor(private readonly deps: { news: NewsProvider; cache: Cache; clock: Clock }) {}

  /** Ticker news of `symbols` merged with general market news; general news only without symbols. */
  feed(symbols: string[] | undefined, page: PageQueryInput): Promise<PageResult<NewsItem>> {
    const wanted = symbols?.length ? [...new Set(symbols.map((s) => s.toUpperCase()))].sort() : []
    const sources: NewsQuery[] = wanted.length ? [{ symbols: wanted }, {}] : [{}]
    return this.#list('feed', sources, page)
  }

  market(category: string | undefined, page: PageQueryInput): Promise<PageResult<NewsItem>> {
    return this.#list('market', [category ? { category } : {}], page)
  }

  /** `since`: only items published strictly later. */
  ticker(symbol: string, since: string | undefined, page: PageQueryInput): Promise<PageResult<NewsItem>> {
    return this.#list('ticker', [{ symbols: [symbol.toUpperCase()] }], page, since)
  }

  async #list(
    kind: string,
    sources: NewsQuery[],
    page: PageQueryInput,
    since?: string,
  ): Promise<PageResult<NewsItem>> {
    const req = resolvePage(page)
    const at = position(req.after)
    const sinceIso = since === undefined ? undefined : (isoOrNull(since) ?? undefined)
    const need = req.offset + req.pageSize + 1
    const { floor, items } = await this.#collect(kind, sources, at, sinceIso, need)
    // `items` already starts after the cursor, so the page starts at its first item (or at the offset).
    return keysetPage(
      items,
      { ...req, after: null },
      (n) => [n.published_at, n.id, floor],
      () => false,
    )
  }

  /**
   * At least `need` items after `at` (or all there are), newest first. A read is complete only
   * down to the oldest item of any source that filled FETCH_LIMIT; past that, the next read
   * starts from the last complete item, as a cursor would. So `page=N` reaches as deep as the
   * sources go, not just one read.
   */
  async #collect(
    kind: string,
    sources: NewsQuery[],
    at: Position | null,
    since: string | undefined,
    need: number,
  ): Promise<Snapshot> {
    const items: NewsItem[] = []
    let pos = at
    for (let reads = 0; ; reads++) {
      const snap = await this.#read(kind, sources, pos, since)
      const lower = since && since > snap.floor ? since : snap.floor
      const fresh = snap.items.filter(
        (n) =>
          n.published_at > lower &&
          (!pos ||
            n.published_at < pos.publishedAt ||
            (n.published_at === pos.publishedAt && n.id > pos.id)) &&
          (!snap.completeAfter || n.published_at > snap.completeAfter),
      )
      items.push(...fresh)
      const last = items.at(-1)
      if (!snap.completeAfter || items.length >= need || !fresh.length || !last || reads >= MAX_READS)
        return { floor: snap.floor, items, completeAfter: null }
      pos = { publishedAt: last.published_at, id: last.id, floor: snap.floor }
    }
  }

  /** One cached read of the sources: up to the cursor's item when paging on, else up to now. */
  #read(
    kind: string,
    sources: NewsQuery[],
    at: Position | null,
    since: string | undefined,
  ): Promise<Snapshot> {
    const key = `content:news:${kind}:${JSON.stringify({ sources, since, until: at?.publishedAt, floor: at?.floor })}`
    return this.deps.cache
      .wrap(key, TTL_MS, async (): Promise<Snapshot> => {
        const floor =
          at?.floor ?? new Date(this.deps.clock.now().getTime() - NEWS_WINDOW_DAYS * DAY_MS).toISOString()
        const lower = since && since > floor ? since : floor
        const lists = await Promise.all(
          sources.map((q) =>
            this.deps.news.news({
              ...q,
              since: new Date(lower),
              ...(at ? { until: new Date(at.publishedAt) } : {}),
              limit: FETCH_LIMIT,
            }),
          ),
        )
        const truncated = lists.filter((l) => l.length >= FETCH_LIMIT).map((l) => oldest(l))
        const completeAfter = truncated.length ? truncated.sort().at(-1)! : null
        return { floor, items: merge(lists), completeAfter }
      })
      .then((r) => r.value)
  }
}
