/** GET /api/news/feed, /api/news/market, /api/news/ticker/{symbol}: merging, since, stable cursors. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { contentRoutes, createContentModule } from '../../src/modules/content/index.ts'
import { createMemoryCache } from '../../src/platform/cache/index.ts'
import { fixedClock } from '../../src/platform/clock.ts'
import type { NewsItem, NewsProvider, NewsQuery } from '../../src/providers/market-data/index.ts'
import { createHttpClient } from '../../src/providers/shared/http.ts'
import { UpstreamServerError } from '../../src/providers/shared/upstream-errors.ts'
import { createMarketProviders } from '../../src/providers/market-data/index.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { testConfig } from '../../src/platform/config.ts'

const T0 = Date.parse('2026-03-10T15:00:00Z')
const HOUR = 3_600_000
const iso = (ms: number) => new Date(ms).toISOString()

// The content clock (the app keeps real time, so sessions never expire when this one advances).
const clock = fixedClock(iso(T0))

interface Stored {
  item: NewsItem
  /** Also in the general market feed (a vendor listing one story in both). */
  general: boolean
}
const stored: Stored[] = []
const add = (id: string, at: number, symbols: string[], general: boolean, category = 'company') =>
  stored.push({
    item: {
      id,
      symbols,
      headline: `headline ${id}`,
      summary: `summary ${id}`,
      source: 'Test Wire',
      url: `https://news.test/${id}`,
      category,
      published_at: iso(at),
    },
    general,
  })
// From ten days ago to a day ahead (future items appear as the clock advances).
for (let h = -240; h <= 24; h += 3) add(`g${h}`, T0 + h * HOUR, [], true, h % 2 ? 'forex' : 'general')
for (let h = -238; h <= 24; h += 7) add(`a${h}`, T0 + h * HOUR, ['AAPL'], false)
for (let h = -236; h <= 24; h += 11) add(`m${h}`, T0 + h * HOUR, ['MSFT'], false)
for (let h = -239; h <= 24; h += 5) add(`t${h}`, T0 + h * HOUR, ['TSLA'], false)
// A busy ticker: more items in the window than one provider read returns (FETCH_LIMIT).
for (let h = -500; h <= 0; h += 1) add(`b${h}`, T0 + h * HOUR, ['BUSY'], false)
// One story in both feeds (its general copy has no symbols); two at the same instant (ties by id).
add('shared', T0 - 50 * HOUR + 60_000, ['AAPL'], true, 'general')
add('tie-b', T0 - 30 * HOUR + 60_000, ['AAPL'], false)
add('tie-a', T0 - 30 * HOUR + 60_000, ['AAPL'], false)

let failing = false
const calls: NewsQuery[] = []
// A vendor that answers what was published by now, newest first, like the port says.
const provider: NewsProvider = {
  name: 'test',
  async news(q) {
    calls.push(q)
    if (failing) throw new UpstreamServerError('down', { provider: 'test', status: 503 })
    const hi = Math.min(q.until?.getTime() ?? Infinity, clock.now().getTime())
    const lo = q.since?.getTime() ?? -Infinity
    return stored
      .filter(({ item, general }) => {
        const t = Date.parse(item.published_at)
        const about = q.symbols ? item.symbols.some((s) => q.symbols!.includes(s)) : general
        return t > lo && t <= hi && about && (!q.category || item.category === q.category)
      })
      .map(({ item, general }) => (q.symbols || !general ? item : { ...item, symbols: [] }))
      .sort((a, b) => b.published_at.localeCompare(a.published_at) || a.id.localeCompare(b.id))
      .slice(0, q.limit ?? 50)
  },
}

/** The expected list, from the data itself: visible at `now`, about the symbols or general. */
function expected(now: number, symbols: string[] | null, general: boolean): string[] {
  return stored
    .filter(({ item, general: g }) => {
      const t = Date.parse(item.published_at)
      const about = (general && g) || (symbols !== null && item.symbols.some((s) => symbols.includes(s)))
      return t <= now && t > now - 30 * 24 * HOUR && about
    })
    .map((s) => s.item)
    .sort((a, b) =>
      a.published_at === b.published_at ? (a.id < b.id ? -1 : 1) : a.published_at > b.published_at ? -1 : 1,
    )
    .map((n) => n.id)
}

let t: TestApp
let u: Client
before(async () => {
  const providers = createMarketProviders(testConfig(), { clock, http: createHttpClient() })
  let app: TestApp | undefined
  const contentModule = createContentModule({
    news: provider,
    earnings: providers.earnings,
    cache: createMemoryCache({ now: () => clock.now().getTime() }),
    clock,
    manual: { heldSymbols: (scope) => app!.c.portfolio.manual.heldSymbols(scope) },
  })
  t = app = await buildTestApp({
    skipModules: ['content'],
    routes: (a) => contentRoutes(a, { contentModule }),
  })
  u = await t.newTenant()
})
after(() => t.close())

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = (b: string) => JSON.parse(b) as Record<string, any>
const ids = (body: Record<string, unknown>) => (body.items as NewsItem[]).map((n) => n.id)

async function walk(first: string, between: () => void = () => {}) {
  const seen: NewsItem[] = []
  let res = json((await u.get(first)).body)
  let pages = 1
  seen.push(...(res.items as NewsItem[]))
  while (res.next_cursor) {
    between()
    const sep = first.includes('?') ? '&' : '?'
    const r = await u.get(`${first}${sep}cursor=${encodeURIComponent(res.next_cursor as string)}`)
    assert.equal(r.statusCode, 200, r.body)
    res = json(r.body)
    seen.push(...(res.items as NewsItem[]))
    pages++
  }
  return { seen, pages }
}

describe('news', () => {
  it('feed merges ticker and general news newest first, once per id', async () => {
    clock.set(iso(T0))
    const res = await u.get('/api/news/feed?symbols=aapl&page_size=100')
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res.body)
    assert.equal(body.page, 1)
    assert.equal(body.page_size, 100)
    assert.deepEqual(ids(body), expected(T0, ['AAPL'], true).slice(0, 100))
    const shared = (body.items as NewsItem[]).filter((n) => n.id === 'shared')
    assert.equal(shared.length, 1)
    assert.deepEqual(shared[0]!.symbols, ['AAPL'])
    assert.deepEqual(Object.keys(shared[0]!).sort(), [
      'category',
      'headline',
      'id',
      'published_at',
      'source',
      'summary',
      'symbols',
      'url',
    ])
    assert.ok(!(body.items as NewsItem[]).some((n) => n.symbols.includes('TSLA')))
    // Ties at one instant come by id.
    const all = ids(body)
    assert.equal(all.indexOf('tie-b') - all.indexOf('tie-a'), 1)
  })

  it('feed without symbols is general market news; market filters by category', async () => {
    clock.set(iso(T0))
    const feed = json((await u.get('/api/news/feed?limit=100')).body)
    assert.deepEqual(ids(feed), expected(T0, null, true).slice(0, 100))
    const forex = json((await u.get('/api/news/market?category=forex&page_size=100')).body)
    assert.ok(forex.items.length > 0)
    assert.ok((forex.items as NewsItem[]).every((n) => n.category === 'forex' && n.symbols.length === 0))
    const bad = await u.get('/api/news/market?category=sports')
    assert.equal(bad.statusCode, 422)
    assert.deepEqual(json(bad.body).errors[0].loc, ['query', 'category'])
  })

  it('ticker news with since returns only strictly later items', async () => {
    clock.set(iso(T0))
    const since = T0 - 30 * HOUR + 60_000 // the instant of tie-a and tie-b
    const res = await u.get(`/api/news/ticker/AAPL?page_size=100&since=${iso(since)}`)
    assert.equal(res.statusCode, 200, res.body)
    const want = expected(T0, ['AAPL'], false).filter(
      (id) => Date.parse(stored.find((s) => s.item.id === id)!.item.published_at) > since,
    )
    assert.ok(want.length > 0)
    assert.deepEqual(ids(json(res.body)), want)
    assert.ok(!ids(json(res.body)).includes('tie-a'))
  })

  it('a cursor walk returns every item exactly once, in order, while new items arrive', async () => {
    clock.set(iso(T0))
    const want = expected(T0, ['AAPL', 'MSFT'], true)
    // New items are published during the walk: two hours pass between pages.
    const { seen, pages } = await walk('/api/news/feed?symbols=AAPL,MSFT&page_size=25', () =>
      clock.advance(2 * HOUR),
    )
    assert.ok(pages >= 3, `${pages} pages`)
    assert.deepEqual(
      seen.map((n) => n.id),
      want,
    )
    // The new items are really there for a fresh first page.
    const fresh = json((await u.get('/api/news/feed?symbols=AAPL,MSFT&page_size=25')).body)
    assert.ok((fresh.items as NewsItem[]).some((n) => Date.parse(n.published_at) > T0))
  })

  it('a walk with a legacy limit works the same without the clock moving', async () => {
    clock.set(iso(T0 - 48 * HOUR))
    const { seen, pages } = await walk('/api/news/market?limit=30')
    assert.ok(pages >= 3)
    assert.deepEqual(
      seen.map((n) => n.id),
      expected(T0 - 48 * HOUR, null, true),
    )
  })

  it('walks past the provider read limit without losing or repeating items', async () => {
    clock.set(iso(T0))
    const want = expected(T0, ['BUSY'], true)
    assert.ok(want.filter((id) => id.startsWith('b')).length > 300)
    const { seen } = await walk('/api/news/feed?symbols=BUSY&page_size=100', () => clock.advance(HOUR))
    assert.deepEqual(
      seen.map((n) => n.id),
      want,
    )
  })

  it('page=N without a cursor reaches as deep as the sources go, past one provider read', async () => {
    clock.set(iso(T0))
    const want = expected(T0, ['BUSY'], true)
    const seen: string[] = []
    for (let page = 1; page <= 10; page++) {
      const res = await u.get(`/api/news/feed?symbols=BUSY&page_size=100&page=${page}`)
      assert.equal(res.statusCode, 200, res.body)
      const body = json(res.body)
      assert.equal(body.page, page)
      seen.push(...ids(body))
      if (!body.next_cursor) break
    }
    assert.ok(want.length > 400, `${want.length} items`)
    assert.deepEqual(seen, want)
    const beyond = json((await u.get('/api/news/feed?symbols=BUSY&page_size=100&page=9')).body)
    assert.deepEqual(beyond.items, [])
    assert.equal(beyond.next_cursor, null)
  })

  it('rejects page_size outside 25/50/100, a forged cursor and a bad since (422 with loc)', async () => {
    const cases: [string, string[]][] = [
      ['/api/news/feed?page_size=30', ['query', 'page_size']],
      ['/api/news/feed?cursor=bm90LWEtY3Vyc29y', ['query', 'cursor']],
      ['/api/news/ticker/AAPL?since=yesterday', ['query', 'since']],
      ['/api/news/feed?symbols=AAPL,,MSFT', ['query', 'symbols']],
    ]
    for (const [url, loc] of cases) {
      const res = await u.get(url)
      assert.equal(res.statusCode, 422, url)
      assert.deepEqual(json(res.body).errors[0].loc, loc, url)
    }
  })

  it('caches a query for 60 s of the clock', async () => {
    clock.set(iso(T0 + 5 * 24 * HOUR))
    const before = calls.length
    await u.get('/api/news/ticker/MSFT')
    await u.get('/api/news/ticker/MSFT')
    assert.equal(calls.length - before, 1)
    clock.advance(61_000)
    await u.get('/api/news/ticker/MSFT')
    assert.equal(calls.length - before, 2)
  })

  it('answers 502 when the provider fails, and 401 without credentials', async () => {
    clock.set(iso(T0 + 7 * 24 * HOUR))
    failing = true
    try {
      const res = await u.get('/api/news/ticker/NVDA')
      assert.equal(res.statusCode, 502)
      assert.equal(json(res.body).code, 'upstream.server')
    } finally {
      failing = false
    }
    assert.equal((await t.anon.get('/api/news/feed')).statusCode, 401)
  })
})
