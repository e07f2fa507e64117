/** GET /api/instruments (symbol search) and GET /api/instruments/{symbol}, on the simulated universe. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { assertFieldError, json } from '../helpers/assertions.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'

let t: TestApp
let u: Client
before(async () => {
  t = await buildTestApp()
  u = await t.newTenant()
})
after(() => t.close())

const symbols = async (query: string) => {
  const res = await u.get(`/api/instruments?${query}`)
  assert.equal(res.statusCode, 200, res.body)
  return (json(res.body).items as { symbol: string }[]).map((i) => i.symbol)
}

describe('instruments', () => {
  it('an exact ticker comes first, then tickers starting with the text, then names', async () => {
    assert.equal((await symbols('q=aapl'))[0], 'AAPL')
    // "apple" is in no ticker: Apple Inc. by its name.
    assert.equal((await symbols('q=apple'))[0], 'AAPL')
    const ms = await symbols('q=MS&page_size=25')
    assert.equal(ms[0], 'MS', 'the exact ticker')
    assert.ok(ms.indexOf('MSFT') < ms.findIndex((s) => !s.startsWith('MS')), 'ticker prefixes before names')
    // A word of the name: "Microsoft Corporation" for "micro".
    assert.ok((await symbols('q=micro')).includes('MSFT'))
  })

  it('filters by type and sector; without q lists everything, larger caps first', async () => {
    const inverse = await symbols('type=inverse_etf&page_size=100')
    assert.ok(inverse.includes('SH') && inverse.includes('SQQQ'))
    const res = json((await u.get('/api/instruments?sector=energy&type=stock&page_size=100')).body)
    assert.ok((res.items as { sector: string }[]).every((i) => i.sector === 'Energy'))
    assert.ok(res.items.some((i: { symbol: string }) => i.symbol === 'XOM'))
    const caps = (res.items as { market_cap: number }[]).map((i) => i.market_cap)
    assert.deepEqual(
      caps,
      [...caps].sort((a, b) => b - a),
    )
  })

  it('a cursor walk lists every instrument exactly once', async () => {
    const seen: string[] = []
    let url = '/api/instruments?page_size=100'
    let total = 0
    for (let pages = 0; pages < 20; pages++) {
      const body = json((await u.get(url)).body)
      total = body.total as number
      seen.push(...(body.items as { symbol: string }[]).map((i) => i.symbol))
      if (!body.next_cursor) break
      url = `/api/instruments?page_size=100&cursor=${encodeURIComponent(body.next_cursor as string)}`
    }
    assert.ok(total >= 570, `${total} instruments`)
    assert.equal(seen.length, total)
    assert.equal(new Set(seen).size, total)
  })

  it('one instrument by symbol, any case; unknown → 404; bad input → 422; no credentials → 401', async () => {
    const res = await u.get('/api/instruments/brk.b')
    assert.equal(res.statusCode, 200, res.body)
    const brk = json(res.body)
    assert.equal(brk.symbol, 'BRK.B')
    assert.equal(brk.sector, 'Financials')
    assert.equal(brk.type, 'stock')
    const missing = await u.get('/api/instruments/ZZZZZ')
    assert.equal(missing.statusCode, 404)
    assert.equal(json(missing.body).code, 'market.unknown_symbol')
    assertFieldError(await u.get('/api/instruments?page_size=30'), ['query', 'page_size'])
    assertFieldError(await u.get('/api/instruments?q=%20%20'), ['query', 'q'])
    assertFieldError(await u.get('/api/instruments?type=bond'), ['query', 'type'])
    assert.equal((await t.anon.get('/api/instruments?q=a')).statusCode, 401)
  })
})
