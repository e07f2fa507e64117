/** GET /api/trading-intel/intel-feed: merge, tags (ALERT at 0.80), order, filters, degradation, tenants. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import type { NewsItem, NewsProvider } from '../../src/providers/market-data/index.ts'
import { assertFieldError, assertProblem, json, type Body } from '../helpers/assertions.ts'
import { feedModules, testSources } from '../helpers/intel-feed.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'

const T0 = Math.floor(Date.now() / 60_000) * 60_000
const MIN = 60_000
const HOUR = 60 * MIN
const clock = fixedClock(new Date(T0))
const ago = (ms: number) => new Date(T0 - ms)
const URL = '/api/trading-intel/intel-feed'

const news: NewsItem[] = [
  { id: 'g1', symbols: [], headline: 'Fed holds\nrates', category: 'general', minutesAgo: 1 },
  { id: 'a1', symbols: ['AAPL'], headline: 'Apple ships', category: 'company', minutesAgo: 30 },
  { id: 'n1', symbols: ['NVDA'], headline: 'Nvidia beats', category: 'company', minutesAgo: 40 },
].map(({ minutesAgo, ...n }) => ({
  ...n,
  summary: '',
  source: 'Wire',
  url: `https://news.test/${n.id}`,
  published_at: ago(minutesAgo * MIN).toISOString(),
}))
let newsDown = false
const provider: NewsProvider = {
  name: 'test',
  async news(q) {
    if (newsDown) throw new Error('news vendor down')
    return news
      .filter((n) => (q.symbols ? n.symbols.some((s) => q.symbols!.includes(s)) : !n.symbols.length))
      .filter((n) => !q.since || Date.parse(n.published_at) > q.since.getTime())
      .slice(0, q.limit ?? 50)
  },
}

const s = testSources()
let t: TestApp
let a: Client
before(async () => {
  t = await buildTestApp({ clock, modules: feedModules(s), providers: { news: provider } })
  a = await t.newTenant()
})
after(() => t.close())

const ids = (b: Body) => (b.items as { id: string }[]).map((i) => i.id)
async function feed(u: Client, query = ''): Promise<Body> {
  const res = await u.get(`${URL}${query}`)
  assert.equal(res.statusCode, 200, res.body)
  return json(res.body)
}

describe('intel feed', () => {
  let sig: number, flow: number, alert: number, below: number, tieSig: number, tieFlow: number
  before(() => {
    sig = s.intraday.add(a.tenantId, {
      created_at: ago(10 * MIN),
      text: 'ORB long at 51.85',
      confidence: 0.6,
    }).id
    flow = s.flow.add(a.tenantId, { created_at: ago(5 * MIN), symbol: 'MSFT', confidence: 0.7 }).id
    alert = s.recs.add(a.tenantId, { created_at: ago(3 * MIN), confidence: 0.8, source: 'rec' }).id
    below = s.recs.add(a.tenantId, { created_at: ago(2 * MIN), confidence: 0.7999, source: 'rec' }).id
    // Two items at one instant: ties by id descending, 'signal:…' before 'flow:…'.
    tieSig = s.intraday.add(a.tenantId, { created_at: ago(20 * MIN) }).id
    tieFlow = s.flow.add(a.tenantId, { created_at: ago(20 * MIN) }).id
  })

  it('merges every source newest first, tagging recommendations ALERT at 0.80 and SIGNAL at 0.7999', async () => {
    const body = await feed(a)
    assert.deepEqual(body.degraded, [])
    // The default window is the latest session (its exact start: the weekend test below).
    assert.deepEqual([body.window.sessions, body.window.hours], [1, null])
    assert.equal(body.since, body.window.since)
    assert.deepEqual(
      (body.items as Body[]).map((i) => [i.id, i.tag, i.confidence]),
      [
        ['news:g1', 'NEWS', null],
        [`rec:${below}`, 'SIGNAL', 0.7999],
        [`rec:${alert}`, 'ALERT', 0.8],
        [`flow:${flow}`, 'FLOW', 0.7],
        [`signal:${sig}`, 'SIGNAL', 0.6],
        [`signal:${tieSig}`, 'SIGNAL', 0.5],
        [`flow:${tieFlow}`, 'FLOW', 0.5],
      ],
    )
    assert.deepEqual(body.items[0], {
      id: 'news:g1',
      tag: 'NEWS',
      symbol: null,
      text: 'Fed holds rates (Wire)', // one line
      confidence: null,
      source: 'news',
      created_at: ago(MIN).toISOString(),
    })
    assert.deepEqual(body.items[4], {
      id: `signal:${sig}`,
      tag: 'SIGNAL',
      symbol: 'AAPL',
      text: 'ORB long at 51.85',
      confidence: 0.6,
      source: 'test',
      created_at: ago(10 * MIN).toISOString(),
    })
  })

  it('filters by tag', async () => {
    assert.deepEqual(ids(await feed(a, '?tag=ALERT')), [`rec:${alert}`])
    assert.deepEqual(ids(await feed(a, '?tag=SIGNAL')), [`rec:${below}`, `signal:${sig}`, `signal:${tieSig}`])
    assert.deepEqual(ids(await feed(a, '?tag=FLOW')), [`flow:${flow}`, `flow:${tieFlow}`])
    assert.deepEqual(ids(await feed(a, '?tag=NEWS')), ['news:g1'])
  })

  it('filters by symbol, case-insensitively, with that ticker’s news', async () => {
    assert.deepEqual(ids(await feed(a, '?symbol=msft')), [`flow:${flow}`])
    const nvda = await feed(a, '?symbol=NVDA')
    assert.deepEqual(ids(nvda), ['news:n1'])
    assert.equal(nvda.items[0].symbol, 'NVDA')
  })

  it('cuts at `hours` (inclusive at the boundary) and at `limit`', async () => {
    const u = await t.newTenant()
    const edge = s.intraday.add(u.tenantId, { created_at: ago(HOUR) }).id
    const older = s.intraday.add(u.tenantId, { created_at: ago(HOUR + 1) }).id
    const hour = await feed(u, '?hours=1&tag=SIGNAL')
    assert.deepEqual(ids(hour), [`signal:${edge}`])
    assert.equal(hour.since, ago(HOUR).toISOString())
    assert.deepEqual(hour.window, {
      sessions: null,
      from_session_date: null,
      hours: 1,
      since: ago(HOUR).toISOString(),
    })
    assert.deepEqual(ids(await feed(u, '?hours=2&tag=SIGNAL')), [`signal:${edge}`, `signal:${older}`])
    assert.deepEqual(ids(await feed(u, '?hours=2&limit=1&tag=SIGNAL')), [`signal:${edge}`])
    assert.deepEqual(ids(await feed(a, '?limit=2')), ['news:g1', `rec:${below}`])
  })

  it('lists the ticker news of what the tenant holds, with the held symbol', async () => {
    const u = await t.newTenant()
    const acct = json(await u.post('/api/accounts', { name: 'One', broker_type: 'manual' })).id as number
    const pos = { account_id: acct, symbol: 'AAPL', quantity: 1, cost_basis: 100, as_of: '2026-11-02' }
    assert.equal((await u.post('/api/brokers/manual/positions', pos)).statusCode, 201)
    const body = await feed(u, '?tag=NEWS')
    assert.deepEqual(
      (body.items as Body[]).map((i) => [i.id, i.symbol]),
      [
        ['news:g1', null],
        ['news:a1', 'AAPL'],
      ],
    )
  })
})

describe('intel feed: tenants, degradation, input', () => {
  it('asks every source for the caller’s tenant only; another tenant sees none of its rows', async () => {
    const b = await t.newTenant()
    s.intraday.add(a.tenantId, { created_at: ago(MIN) })
    const from = s.intraday.reads.length
    assert.deepEqual(ids(await feed(b)), ['news:g1'])
    assert.deepEqual([...new Set(s.intraday.reads.slice(from))], [b.tenantId])
    assertProblem(await b.get(`${URL}?tenant_id=${a.tenantId}`), 403, 'auth.tenant_forbidden')
    const admin = await t.newTenant({ role: 'admin' })
    assert.ok(ids(await feed(admin, `?tenant_id=${a.tenantId}&tag=SIGNAL`)).length >= 3)
  })

  it('degrades a failing source: the others still answer, and it is named', async () => {
    const u = await t.newTenant()
    const row = s.flow.add(u.tenantId, { created_at: ago(MIN), symbol: 'TSLA' }).id
    newsDown = true
    s.intraday.failing = true
    try {
      const body = await feed(u, '?symbol=TSLA')
      assert.deepEqual(ids(body), [`flow:${row}`])
      assert.deepEqual(body.degraded.sort(), ['intraday', 'news'])
    } finally {
      newsDown = false
      s.intraday.failing = false
    }
  })

  it('refuses bad input with 422 naming the field, and anonymous callers with 401', async () => {
    assertFieldError(await a.get(`${URL}?hours=0`), ['query', 'hours'])
    assertFieldError(await a.get(`${URL}?hours=169`), ['query', 'hours'])
    assertFieldError(await a.get(`${URL}?sessions=0`), ['query', 'sessions'])
    assertFieldError(await a.get(`${URL}?sessions=21`), ['query', 'sessions'])
    assertFieldError(await a.get(`${URL}?sessions=1&hours=24`), ['query', 'hours'])
    assertFieldError(await a.get(`${URL}?limit=101`), ['query', 'limit'])
    assertFieldError(await a.get(`${URL}?tag=URGENT`), ['query', 'tag'])
    assertFieldError(await a.get(`${URL}?symbol=A%00B`), ['query', 'symbol'])
    assert.equal((await t.anon.get(URL)).statusCode, 401)
  })
})

describe('intel feed over a weekend (Thanksgiving week)', () => {
  it('on Saturday the default window is Friday’s session from 04:00 New York; hours stay wall-clock', async () => {
    const at = (iso: string) => new Date(iso)
    // News is dated relative to the real clock: only the stored sources are compared here.
    const stored = (b: Body) => ids(b).filter((id) => !id.startsWith('news:'))
    clock.set('2026-11-28T21:00:00Z') // Saturday 16:00 New York
    try {
      const u = await t.newTenant()
      const wed = s.intraday.add(u.tenantId, { created_at: at('2026-11-25T15:00:00Z') }).id // Wednesday 10:00
      const dawn = s.flow.add(u.tenantId, { created_at: at('2026-11-27T08:59:59.999Z') }).id // Friday 03:59:59.999
      const edge = s.flow.add(u.tenantId, { created_at: at('2026-11-27T09:00:00Z') }).id // Friday 04:00
      const fri = s.recs.add(u.tenantId, { created_at: at('2026-11-27T15:00:00Z'), confidence: 0.9 }).id

      const sat = await feed(u)
      assert.deepEqual(stored(sat), [`rec:${fri}`, `flow:${edge}`])
      assert.deepEqual(sat.window, {
        sessions: 1,
        from_session_date: '2026-11-27', // Friday, a half day (Thursday is Thanksgiving)
        hours: null,
        since: '2026-11-27T09:00:00.000Z', // 04:00 New York (EST) of Friday
      })
      assert.equal(sat.since, '2026-11-27T09:00:00.000Z')

      const two = await feed(u, '?sessions=2')
      assert.deepEqual(stored(two), [`rec:${fri}`, `flow:${edge}`, `flow:${dawn}`, `signal:${wed}`])
      assert.equal(two.window.from_session_date, '2026-11-25')

      // `hours` alone: 24 h before Saturday 21:00Z miss Friday 15:00Z, 30 h reach it (≥).
      const day = await feed(u, '?hours=24')
      assert.deepEqual(stored(day), [])
      assert.deepEqual(day.window, {
        sessions: null,
        from_session_date: null,
        hours: 24,
        since: '2026-11-27T21:00:00.000Z',
      })
      assert.deepEqual(stored(await feed(u, '?hours=30')), [`rec:${fri}`])
      assertFieldError(await u.get(`${URL}?hours=30&sessions=1`), ['query', 'hours'])
    } finally {
      clock.set(new Date(T0))
    }
  })
})
