/** GET /api/intel/insider-buying: purchases only, filters, default symbols, the 6-hour cache, degradation. */
import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import type { InsiderProvider, InsiderTransaction } from '../../src/providers/market-data/index.ts'
import { UpstreamServerError } from '../../src/platform/upstream-errors.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { connectedSchwab } from '../helpers/schwab.ts'

// The service's own clock: 2026-11-20 10:00 in New York. The app keeps real time (sessions).
const START = '2026-11-20T15:00:00Z'
const clock = fixedClock(START)

const tx = (
  symbol: string,
  code: string,
  date: string,
  shares: number,
  price: number | null,
  name = 'Jane Doe',
): InsiderTransaction => ({
  symbol,
  insider_name: name,
  insider_title: 'Director',
  transaction_code: code,
  transaction_date: date,
  shares,
  price,
  value: price === null ? null : shares * price,
  shares_owned_after: null,
  filing_url: `https://sec.example/${symbol}/${date}/${code}`,
  filed_at: `${date}T21:00:00Z`,
})

const FILINGS: InsiderTransaction[] = [
  tx('AAA', 'P', '2026-11-18', 10_000, 50, 'Big Buyer'),
  tx('AAA', 'S', '2026-11-17', 5_000, 55),
  tx('AAA', 'A', '2026-11-16', 2_000, 0),
  tx('AAA', 'P', '2026-11-10', 100, 20, 'Small Buyer'),
  tx('AAA', 'P', '2026-09-01', 1_000, 30, 'Early Buyer'),
  tx('BBB', 'P', '2026-11-19', 500, 10),
  tx('BBB', 'P', '2026-11-15', 300, null, 'No Price'),
  tx('CCC', 'P', '2026-11-12', 40, 25),
  tx('OTHER', 'P', '2026-11-12', 40, 25),
  tx('TTL', 'P', '2026-11-19', 1, 100),
  tx('DOWN', 'P', '2026-11-19', 1, 100),
  // 40 purchases of two symbols over 4 days, some filings undated: for the page walk.
  ...Array.from({ length: 40 }, (_, i) => ({
    ...tx(i % 2 ? 'PG1' : 'PG2', 'P', `2026-11-1${i % 4}`, 10 + i, 1, `Buyer ${i}`),
    filed_at: i % 5 === 0 ? null : `2026-11-1${i % 4}T2${i % 3}:00:00Z`,
  })),
]

// The provider, with a call log and failures the test controls.
const calls: { symbols: string[]; from: string; to: string }[] = []
let failure: Error | null = null
let badRows = false
const insider: InsiderProvider = {
  name: 'test',
  async insiderTransactions(symbols, from, to) {
    calls.push({ symbols, from, to })
    if (failure) throw failure
    const rows = FILINGS.filter(
      (t) => symbols.includes(t.symbol) && t.transaction_date >= from && t.transaction_date <= to,
    )
    return badRows ? rows.map((t) => ({ ...t, transaction_date: 'not a date' })) : rows
  },
}

let t: TestApp
before(async () => {
  // The 6-hour cache is walked on the clock; the user's session must outlive it.
  t = await buildTestApp({ clock, env: { ACCESS_TOKEN_TTL_SECONDS: '86400' }, providers: { insider } })
})
after(() => t.close())
beforeEach(() => {
  calls.length = 0
  failure = null
  badRows = false
  clock.set(START)
})

const buying = async (u: Client, query: string) => {
  const res = await u.get(`/api/intel/insider-buying${query}`)
  assert.equal(res.statusCode, 200, res.body)
  return json(res.body)
}
type Item = { symbol: string; transaction_date: string; value: number | null }
const brief = (items: Item[]) => items.map((i) => `${i.symbol} ${i.transaction_date} ${String(i.value)}`)

describe('insider buying', () => {
  it('answers purchases (code P) only, newest first, in the documented shape', async () => {
    const u = await t.newTenant()
    const body = await buying(u, '?symbols=aaa')
    assert.equal(body.degraded, false)
    assert.deepEqual(body.items[0], {
      symbol: 'AAA',
      insider_name: 'Big Buyer',
      insider_title: 'Director',
      transaction_date: '2026-11-18',
      shares: 10000,
      price: 50,
      value: 500000,
      filing_url: 'https://sec.example/AAA/2026-11-18/P',
    })
    // The sale (11-17) and the grant (11-16) are not purchases; 09-01 is older than 30 days.
    assert.deepEqual(brief(body.items), ['AAA 2026-11-18 500000', 'AAA 2026-11-10 2000'])
  })

  it('min_value_usd keeps purchases worth at least that much (unpriced ones only without a threshold)', async () => {
    const u = await t.newTenant()
    assert.deepEqual(brief((await buying(u, '?symbols=AAA,BBB&min_value_usd=5000')).items), [
      'BBB 2026-11-19 5000',
      'AAA 2026-11-18 500000',
    ])
    assert.deepEqual(brief((await buying(u, '?symbols=AAA,BBB')).items), [
      'BBB 2026-11-19 5000',
      'AAA 2026-11-18 500000',
      'BBB 2026-11-15 null',
      'AAA 2026-11-10 2000',
    ])
  })

  it('days bounds the look-back (New York date minus days, inclusive)', async () => {
    const u = await t.newTenant()
    // 2026-11-20 − 2 = 11-18: included; 11-10 is not.
    assert.deepEqual(brief((await buying(u, '?symbols=AAA&days=2')).items), ['AAA 2026-11-18 500000'])
    // 2026-11-20 − 80 = 09-01.
    assert.deepEqual(brief((await buying(u, '?symbols=AAA&days=80')).items), [
      'AAA 2026-11-18 500000',
      'AAA 2026-11-10 2000',
      'AAA 2026-09-01 30000',
    ])
  })

  it("defaults to the caller's held symbols; an empty portfolio answers nothing, not degraded", async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    const account = json((await u.post('/api/accounts', { name: 'Main', broker_type: 'manual' })).body)
      .id as number
    for (const symbol of ['CCC', 'ZZZ']) {
      const res = await u.post('/api/brokers/manual/positions', {
        account_id: account,
        symbol,
        quantity: 5,
        cost_basis: 100,
        as_of: '2026-11-02',
        allow_unlisted: true, // test tickers, not in the simulated universe
      })
      assert.equal(res.statusCode, 201, res.body)
    }
    assert.deepEqual(brief((await buying(u, '')).items), ['CCC 2026-11-12 1000'])
    assert.deepEqual(
      calls.map((c) => c.symbols),
      [['CCC', 'ZZZ']],
    )
    calls.length = 0
    const empty = { items: [], next_cursor: null, page: 1, page_size: 25, degraded: false }
    assert.deepEqual(await buying(other, ''), empty)
    assert.equal(calls.length, 0)
  })

  it('defaults to broker-synced holdings too (every account, not only manual ones)', async () => {
    const u = await connectedSchwab(t) // broker B's sandbox: its positions synced into today's snapshot
    const synced = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db.selectFrom('portfolio_snapshot').select(['symbol', 'quantity']).execute(),
    )
    const held = [...new Set(synced.filter((r) => Number(r.quantity) !== 0).map((r) => r.symbol))].sort()
    assert.ok(held.length > 0, 'the sandbox account holds something')
    calls.length = 0
    await buying(u, '')
    assert.deepEqual(
      calls.map((c) => c.symbols),
      [held],
    )
  })

  it('stores filings for 6 hours: a second call within them does not reach the provider', async () => {
    const u = await t.newTenant()
    const first = await buying(u, '?symbols=TTL')
    assert.equal(calls.length, 1)
    // A fetch covers at least 90 days, so shorter look-backs are served from it.
    assert.deepEqual(calls[0], { symbols: ['TTL'], from: '2026-08-22', to: '2026-11-20' })
    clock.advance(6 * 3_600_000 - 60_000)
    assert.deepEqual(await buying(u, '?symbols=TTL&days=7'), first)
    assert.equal(calls.length, 1)
    clock.set(START)
    clock.advance(6 * 3_600_000 + 60_000)
    assert.deepEqual((await buying(u, '?symbols=TTL')).items, first.items)
    assert.equal(calls.length, 2)
    // A look-back longer than what is stored is fetched too.
    await buying(u, '?symbols=TTL&days=200')
    assert.equal(calls.length, 3)
    assert.equal(calls[2]?.from, '2026-05-04')
  })

  it('a failing provider or cache step answers 200 with empty items and degraded=true, and stores nothing', async () => {
    const u = await t.newTenant()
    failure = new UpstreamServerError('down', { provider: 'test', status: 503 })
    const down = await buying(u, '?symbols=DOWN')
    const page = { next_cursor: null, page: 1, page_size: 25 }
    assert.deepEqual(down, {
      items: [],
      ...page,
      degraded: true,
      reason: 'insider data unavailable (server)',
    })
    failure = new TypeError('boom')
    assert.deepEqual((await buying(u, '?symbols=DOWN')).items, [])
    failure = null
    badRows = true // the provider's rows break the insert: a database error inside the cache step
    const broken = await buying(u, '?symbols=DOWN')
    assert.deepEqual(broken, {
      items: [],
      ...page,
      degraded: true,
      reason: 'insider data unavailable (internal)',
    })
    badRows = false
    assert.deepEqual(brief((await buying(u, '?symbols=DOWN')).items), ['DOWN 2026-11-19 100'])
    assert.equal(calls.length, 4, 'nothing was cached by the failed attempts')
  })

  it('validates its input (422 with loc) and needs a caller', async () => {
    const u = await t.newTenant()
    for (const [query, field] of [
      ['?days=0', 'days'],
      ['?days=366', 'days'],
      ['?days=1.5', 'days'],
      ['?min_value_usd=-1', 'min_value_usd'],
      ['?symbols=AAA,,B', 'symbols'],
    ] as const) {
      const res = await u.get(`/api/intel/insider-buying${query}`)
      assert.equal(res.statusCode, 422, query)
      assert.deepEqual(json(res.body).errors[0].loc, ['query', field], query)
    }
    assert.equal((await t.anon.get('/api/intel/insider-buying')).statusCode, 401)
  })

  it('pages with a cursor: every purchase once, in order, page_size validated', async () => {
    const u = await t.newTenant()
    const all = (await buying(u, '?symbols=PG1,PG2&page_size=100')).items as Item[]
    assert.equal(all.length, 40)
    const seen: Item[] = []
    let body = await buying(u, '?symbols=PG1,PG2&page_size=25')
    assert.deepEqual([body.page, body.page_size, body.items.length], [1, 25, 25])
    seen.push(...body.items)
    body = await buying(u, `?symbols=PG1,PG2&page_size=25&cursor=${body.next_cursor}`)
    assert.deepEqual([body.page, body.items.length, body.next_cursor], [2, 15, null])
    seen.push(...body.items)
    assert.deepEqual(seen, all)
    const bad = await u.get('/api/intel/insider-buying?symbols=PG1&page_size=7')
    assert.equal(bad.statusCode, 422)
    const tampered = await u.get('/api/intel/insider-buying?symbols=PG1&cursor=eyJ2IjoxfQ')
    assert.deepEqual(json(tampered.body).errors[0].loc, ['query', 'cursor'])
  })
})
