/**
 * GET /api/watchlists/analytics against figures computed here from the market's own quotes and
 * daily bars, signals of the last 24 h from the intraday signals and a discovery scan, the degraded
 * answer when the provider fails; and GET /api/watchlists/autocomplete against a brute-force ranking.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertFieldError, json, type Body } from '../helpers/assertions.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { add, clock, reference, SwitchableMarket } from './watchlists-fixtures.ts'

const market = new SwitchableMarket({ clock })
const t = useTestApp({ clock, providers: { market } })
const DAY = 86_400_000
const near = (a: unknown, b: number, what: string) =>
  assert.ok(typeof a === 'number' && Math.abs(a - b) < 1e-4, `${what}: ${String(a)} vs ${b}`)

async function analytics(u: Client): Promise<Body> {
  const res = await u.get('/api/watchlists/analytics')
  assert.equal(res.statusCode, 200, res.body)
  return json(res.body)
}

async function signal(u: Client, symbol: string, hoursAgo: number) {
  const at = new Date(clock.now().getTime() - hoursAgo * 3_600_000)
  await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
    db
      .insertInto('intraday_signal')
      .values({
        tenant_id: u.tenantId,
        symbol,
        setup: 'orb',
        direction: 'long',
        confidence: '0.7',
        price: '100',
        trigger_time: at,
        session_date: '2026-11-24',
        session: 'REGULAR',
        interval: '5m',
        evidence: JSON.stringify({}),
        created_at: at,
        updated_at: at,
      })
      .execute(),
  )
}

describe('watchlists: analytics', () => {
  it('day change (equal-weighted mean), best/worst, sector mix and 52-week distance equal the market’s', async () => {
    const u = await t.newTenant()
    const members = ['AAPL', 'MSFT', 'XOM', 'SPY']
    for (const s of members) await add(u, s)
    await add(u, 'JPM', 'Banks')
    const b = await analytics(u)
    assert.equal(b.quotes, 'ok')
    assert.deepEqual(
      (b.lists as Body[]).map((l) => [l.list_name, l.count]),
      [
        ['Banks', 1],
        ['default', 4],
      ],
    )
    const list = (b.lists as Body[])[1]!
    const quotes = new Map((await reference.quotes(members)).map((q) => [q.symbol, q.change_pct]))
    const changes = members.map((s) => quotes.get(s)!)
    near(list.day_change_pct, changes.reduce((a, c) => a + c, 0) / changes.length, 'day change')
    const sorted = members.map((s) => ({ s, c: quotes.get(s)! })).sort((x, y) => y.c - x.c)
    assert.deepEqual(list.best, { symbol: sorted[0]!.s, change_pct: sorted[0]!.c })
    assert.deepEqual(list.worst, { symbol: sorted.at(-1)!.s, change_pct: sorted.at(-1)!.c })
    const universe = new Map((await reference.universe()).map((i) => [i.symbol, i.sector]))
    const counts = new Map<string | null, number>()
    for (const s of members) counts.set(universe.get(s)!, (counts.get(universe.get(s)!) ?? 0) + 1)
    assert.deepEqual(
      new Map((list.sector_mix as Body[]).map((m) => [m.sector, [m.count, m.percent]])),
      new Map([...counts].map(([k, n]) => [k, [n, (n / 4) * 100]])),
    )
    const end = new Date(Math.floor(clock.now().getTime() / 60_000) * 60_000)
    for (const m of list.members as Body[]) {
      const price = (await reference.quotes([m.symbol as string]))[0]!.last
      const bars = await reference.bars(m.symbol as string, {
        interval: '1d',
        start: new Date(end.getTime() - 365 * DAY),
        end,
      })
      const high = Math.max(price, ...bars.map((x) => x.high))
      assert.equal(m.price, price)
      assert.equal(m.high_52w, high)
      near(m.dist_52w_high_pct, (price / high - 1) * 100, `${String(m.symbol)} distance`)
    }
  })

  it('lists the members’ signals of the last 24 h from intraday signals and discovery scans', async () => {
    const u = await t.newTenant()
    const scan = await u.post('/api/trading-intel/intraday/discovery/scan', {
      universe: 'sp500',
      scan_type: 'volume',
      limit: 3,
    })
    assert.equal(scan.statusCode, 200, scan.body)
    const found = (json(scan.body).results as Body[])[0]
    assert.ok(found, 'the scan found a symbol')
    await add(u, 'AAPL')
    await add(u, 'MSFT')
    await signal(u, 'AAPL', 2)
    await signal(u, 'MSFT', 30) // older than 24 h
    await signal(u, 'TSLA', 1) // not a member
    const list = (await analytics(u)).lists as Body[]
    const own = list.find((l) => l.list_name === 'default')!
    assert.deepEqual(
      (own.signals as Body[])
        .filter((s) => (s.source as string).startsWith('intraday.'))
        .map((s) => [s.symbol, s.source, s.score]),
      [['AAPL', 'intraday.orb', 0.7]],
    )
    await add(u, found.symbol as string, 'Scan')
    const scanList = ((await analytics(u)).lists as Body[]).find((l) => l.list_name === 'Scan')!
    assert.deepEqual(
      (scanList.signals as Body[]).map((s) => [s.symbol, s.source, s.score]),
      [[found.symbol, 'discovery.volume', found.score]],
    )
  })

  it('degrades to null price figures when the provider fails', async () => {
    const u = await t.newTenant()
    await add(u, 'AAPL')
    market.failing = true
    try {
      const b = await analytics(u)
      assert.equal(b.quotes, 'unavailable')
      const [list] = b.lists as Body[]
      assert.deepEqual([list!.day_change_pct, list!.best, list!.members_priced], [null, null, 0])
      const [m] = list!.members as Body[]
      assert.deepEqual([m!.price, m!.high_52w, m!.dist_52w_high_pct], [null, null, null])
    } finally {
      market.failing = false
    }
  })
})

/** The ranking stated by the route, computed by brute force over the universe. */
async function expectedAutocomplete(q: string, limit: number): Promise<string[]> {
  const Q = q.trim().toUpperCase()
  const all = await reference.universe()
  const tickers = all
    .filter((i) => i.symbol.startsWith(Q))
    .sort(
      (a, b) =>
        Number(b.symbol === Q) - Number(a.symbol === Q) ||
        a.symbol.length - b.symbol.length ||
        (a.symbol < b.symbol ? -1 : 1),
    )
  const ws = Q.split(/[^A-Z0-9&]+/).filter(Boolean)
  const names = all
    .filter((i) => !i.symbol.startsWith(Q))
    .filter((i) => {
      const nw = i.name.toUpperCase().split(/[^A-Z0-9&]+/)
      return ws.every((w) => nw.some((n) => n.startsWith(w)))
    })
    .sort((a, b) => (b.market_cap ?? -1) - (a.market_cap ?? -1) || (a.symbol < b.symbol ? -1 : 1))
  return [...tickers, ...names].slice(0, limit).map((i) => i.symbol)
}

describe('watchlists: autocomplete', () => {
  it('ranks ticker prefixes (exact first, then shorter) before name-word matches', async () => {
    const u = await t.newTenant()
    for (const [q, limit] of [
      ['a', 25],
      ['AM', 10],
      ['ms', 5],
      ['apple', 10],
      ['bank of', 10],
      ['Energy', 25],
    ] as const) {
      const res = await u.get(`/api/watchlists/autocomplete?q=${encodeURIComponent(q)}&limit=${limit}`)
      assert.equal(res.statusCode, 200, res.body)
      const got = json(res.body).items as Body[]
      assert.deepEqual(
        got.map((i) => i.symbol),
        await expectedAutocomplete(q, limit),
        q,
      )
      assert.ok(got.length > 0, q)
    }
    const exact = json((await u.get('/api/watchlists/autocomplete?q=a')).body).items as Body[]
    assert.deepEqual([exact[0]!.symbol, exact[0]!.match], ['A', 'ticker_exact'])
    assert.equal(exact.length, 10)
    const byName = json((await u.get('/api/watchlists/autocomplete?q=apple')).body).items as Body[]
    assert.deepEqual([byName[0]!.symbol, byName[0]!.match, byName[0]!.name], ['AAPL', 'name', 'Apple Inc.'])
  })

  it('q is required, 1–20 characters; limit 1–25 → else 422', async () => {
    const u = await t.newTenant()
    assertFieldError(await u.get('/api/watchlists/autocomplete'), ['query', 'q'])
    assertFieldError(await u.get('/api/watchlists/autocomplete?q='), ['query', 'q'])
    assertFieldError(await u.get(`/api/watchlists/autocomplete?q=${'a'.repeat(21)}`), ['query', 'q'])
    assertFieldError(await u.get('/api/watchlists/autocomplete?q=a&limit=0'), ['query', 'limit'])
    assertFieldError(await u.get('/api/watchlists/autocomplete?q=a&limit=26'), ['query', 'limit'])
    assert.deepEqual(json((await u.get('/api/watchlists/autocomplete?q=zzzzzz')).body).items, [])
  })
})
