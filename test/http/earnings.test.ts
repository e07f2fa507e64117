/** GET /api/earnings/calendar and /api/earnings/upcoming: ranges, filters, order, open positions. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createMemoryCache } from '../../src/platform/cache/index.ts'
import { fixedClock } from '../../src/platform/clock.ts'
import type { EarningsEvent, EarningsProvider } from '../../src/providers/market-data/index.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { connectedSchwab } from '../helpers/schwab.ts'

// 15:00Z is 10:00 or 11:00 in New York: "today" is 2026-03-10.
const clock = fixedClock('2026-03-10T15:00:00Z')
const day = (n: number) =>
  new Date(Date.parse('2026-03-10T00:00:00Z') + n * 86_400_000).toISOString().slice(0, 10)

const event = (symbol: string, date: string, hour: EarningsEvent['hour'] = 'amc'): EarningsEvent => ({
  symbol,
  date,
  hour,
  quarter: 1,
  year: 2026,
  eps_estimate: 1.5,
  eps_actual: null,
  revenue_estimate: 1e9,
  revenue_actual: null,
})
const events: EarningsEvent[] = [
  event('AAPL', day(3)),
  event('AAPL', day(20)),
  event('MSFT', day(2), 'bmo'),
  event('NVDA', day(10)),
  event('TSLA', day(1)),
  event('AMZN', day(3), 'bmo'), // same day as AAPL, before the open: comes first
  event('OLD', day(-5)),
]
// Filler: 3 reports a day for 40 days, to page through.
for (let d = 0; d < 40; d++) for (const s of ['F1', 'F2', 'F3']) events.push(event(`${s}X`, day(d), 'dmh'))

// The vendor answers in its own order (the service sorts), filtered like the port says.
const provider: EarningsProvider = {
  name: 'test',
  async calendar(from, to, symbols) {
    return events.filter((e) => e.date >= from && e.date <= to && (!symbols || symbols.includes(e.symbol)))
  },
}

let t: TestApp
let u: Client
before(async () => {
  t = await buildTestApp({ clock, cache: createMemoryCache(), providers: { earnings: provider } })
  u = await t.newTenant()
})
after(() => t.close())

const items = (body: Record<string, unknown>) => body.items as EarningsEvent[]
const pairs = (body: Record<string, unknown>) => items(body).map((e) => `${e.symbol}@${e.date}`)

async function expect422(url: string, loc: string[]) {
  const res = await u.get(url)
  assert.equal(res.statusCode, 422, `${url}: ${res.body}`)
  const body = json(res.body)
  assert.deepEqual(body.errors[0].loc, loc, url)
  return body
}

describe('earnings calendar', () => {
  it('limits the range to 60 days and from ≤ to (422 naming the parameter)', async () => {
    // 2026-03-01 → 2026-04-30 is exactly 60 days; one more is too many.
    const ok = await u.get('/api/earnings/calendar?from=2026-03-01&to=2026-04-30')
    assert.equal(ok.statusCode, 200, ok.body)
    const tooLong = await expect422('/api/earnings/calendar?from=2026-03-01&to=2026-05-01', ['query', 'to'])
    assert.match(tooLong.detail as string, /61 days.*at most 60/)
    const reversed = await expect422('/api/earnings/calendar?from=2026-03-10&to=2026-03-09', [
      'query',
      'from',
    ])
    assert.match(reversed.detail as string, /must not be after/)
    await expect422('/api/earnings/calendar?from=2026-02-30', ['query', 'from'])
    // The default to (from + 14 days) would fall past the year 9999.
    const edge = await expect422('/api/earnings/calendar?from=9999-12-20', ['query', 'from'])
    assert.match(edge.detail as string, /past 9999-12-31; give to/)
    await expect422('/api/earnings/calendar?page_size=30', ['query', 'page_size'])
  })

  it('filters by symbols and sorts ascending by date, before-open reports first', async () => {
    const res = await u.get(
      `/api/earnings/calendar?from=${day(-10)}&to=${day(30)}&symbols=aapl,AMZN,msft,OLD`,
    )
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res.body)
    assert.deepEqual(pairs(body), [
      `OLD@${day(-5)}`,
      `MSFT@${day(2)}`,
      `AMZN@${day(3)}`,
      `AAPL@${day(3)}`,
      `AAPL@${day(20)}`,
    ])
    assert.equal(body.next_cursor, null)
    assert.deepEqual(items(body)[0], event('OLD', day(-5)))
  })

  it('defaults to today through today + 14 days', async () => {
    const body = json((await u.get('/api/earnings/calendar?symbols=AAPL,OLD,NVDA,TSLA')).body)
    assert.deepEqual(pairs(body), [`TSLA@${day(1)}`, `AAPL@${day(3)}`, `NVDA@${day(10)}`])
  })

  it('pages by cursor, every event once and in order', async () => {
    const from = day(0)
    const to = day(39)
    const want = events
      .filter((e) => e.date >= from && e.date <= to)
      .sort((a, b) => a.date.localeCompare(b.date) || rank(a) - rank(b) || a.symbol.localeCompare(b.symbol))
      .map((e) => `${e.symbol}@${e.date}`)
    const seen: string[] = []
    let url = `/api/earnings/calendar?from=${from}&to=${to}&page_size=25`
    let pages = 0
    for (;;) {
      const body = json((await u.get(url)).body)
      seen.push(...pairs(body))
      pages++
      if (!body.next_cursor) break
      url = `/api/earnings/calendar?from=${from}&to=${to}&cursor=${encodeURIComponent(body.next_cursor as string)}`
    }
    assert.ok(pages >= 3)
    assert.deepEqual(seen, want)
  })
})

const rank = (e: EarningsEvent) => ({ bmo: 0, dmh: 1, amc: 2 })[e.hour ?? 'amc'] ?? 3

describe('upcoming earnings', () => {
  async function hold(c: Client, account: number, symbol: string, quantity: number, as_of: string) {
    const res = await c.post('/api/brokers/manual/positions', {
      account_id: account,
      symbol,
      quantity,
      cost_basis: 100,
      as_of,
    })
    assert.equal(res.statusCode, 201, res.body)
    return json(res.body).position_id as number
  }

  it("answers the reports of the caller's open positions within `days`", async () => {
    const c = await t.newTenant()
    const a1 = json((await c.post('/api/accounts', { name: 'One', broker_type: 'manual' })).body).id as number
    const a2 = json((await c.post('/api/accounts', { name: 'Two', broker_type: 'manual' })).body).id as number
    await hold(c, a1, 'AAPL', 10, '2026-03-01')
    await hold(c, a1, 'MSFT', 5, '2026-03-01')
    await hold(c, a1, 'MSFT', 0, '2026-03-05') // closed since
    await hold(c, a2, 'NVDA', -3, '2026-03-02') // short: still open
    const tsla = await hold(c, a2, 'TSLA', 2, '2026-03-02')
    assert.equal((await c.delete(`/api/brokers/manual/positions/${tsla}`)).statusCode, 204)

    const res = await c.get('/api/earnings/upcoming')
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(pairs(json(res.body)), [`AAPL@${day(3)}`, `NVDA@${day(10)}`])
    assert.deepEqual(pairs(json((await c.get('/api/earnings/upcoming?days=30')).body)), [
      `AAPL@${day(3)}`,
      `NVDA@${day(10)}`,
      `AAPL@${day(20)}`,
    ])
    assert.deepEqual(pairs(json((await c.get('/api/earnings/upcoming?days=5')).body)), [`AAPL@${day(3)}`])
  })

  it('counts a broker-synced account as held, like a manual one', async () => {
    const c = await connectedSchwab(t) // broker B's sandbox: its positions synced into today's snapshot
    const synced = await t.c.scopes.withTenant(c.tenantId, ({ db }) =>
      db
        .selectFrom('portfolio_snapshot as s')
        .innerJoin('broker_account as a', (j) => j.onRef('a.id', '=', 's.account_id'))
        .select(['s.symbol', 's.quantity'])
        .where('a.broker_type', '=', 'brokerb')
        .execute(),
    )
    const held = [...new Set(synced.filter((r) => Number(r.quantity) !== 0).map((r) => r.symbol))].sort()
    assert.ok(held.length > 0, 'the sandbox account holds something')
    const symbol = held[0]!
    events.push(event(symbol, day(4)))
    const res = await c.get('/api/earnings/upcoming?page_size=100')
    assert.equal(res.statusCode, 200, res.body)
    assert.ok(pairs(json(res.body)).includes(`${symbol}@${day(4)}`), res.body)
  })

  it('answers an empty page without positions, and 422 for days outside 1..90', async () => {
    const res = await u.get('/api/earnings/upcoming')
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(json(res.body), { items: [], next_cursor: null, page: 1, page_size: 25 })
    await expect422('/api/earnings/upcoming?days=0', ['query', 'days'])
    await expect422('/api/earnings/upcoming?days=91', ['query', 'days'])
    assert.equal((await t.anon.get('/api/earnings/upcoming')).statusCode, 401)
  })
})
