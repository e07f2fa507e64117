/**
 * /api/watchlists through HTTP: lists and items (quotes equal to the market's), adding (unknown
 * symbol with hints, duplicate, plan limit over all lists), reordering (a permutation, else 422
 * naming missing / extra / duplicates), removing (emptied list disappears), autocomplete ranking
 * against a brute-force ranking, and isolation between tenants and between colleagues.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  assertAllNeedCredentials,
  assertFieldError,
  assertProblem,
  json,
  type Body,
} from '../helpers/assertions.ts'
import { useTestApp } from '../helpers/test-app.ts'
import { add, clock, items, reference, SwitchableMarket, symbolsOf } from './watchlists-fixtures.ts'

const market = new SwitchableMarket({ clock })
const t = useTestApp({ clock, providers: { market } })

describe('watchlists: lists and items', () => {
  it('needs a session everywhere', async () => {
    await assertAllNeedCredentials(t.anon, [
      ['GET', '/api/watchlists'],
      ['GET', '/api/watchlists/items'],
      ['POST', '/api/watchlists/items'],
      ['PATCH', '/api/watchlists/items/reorder'],
      ['DELETE', '/api/watchlists/items/AAPL'],
      ['GET', '/api/watchlists/autocomplete?q=a'],
      ['GET', '/api/watchlists/analytics'],
    ])
  })

  it('adds upper-cased symbols at the end (201), lists them in order with the market’s quotes', async () => {
    const u = await t.newTenant()
    const first = await add(u, 'aapl')
    assert.deepEqual([first.list_name, first.symbol, first.position], ['default', 'AAPL', 0])
    await add(u, 'MSFT')
    const third = await add(u, 'nvda', 'default')
    assert.equal(third.position, 2)
    const body = await items(u)
    assert.equal(body.quotes, 'ok')
    assert.deepEqual(symbolsOf(body), ['AAPL', 'MSFT', 'NVDA'])
    const quotes = new Map((await reference.quotes(['AAPL', 'MSFT', 'NVDA'])).map((q) => [q.symbol, q]))
    for (const [k, it] of (body.items as Body[]).entries()) {
      const q = quotes.get(it.symbol as string)!
      assert.equal(it.position, k)
      assert.equal(it.price, q.last)
      assert.equal(it.change_pct, q.change_pct)
      assert.equal(it.change, q.change)
    }
    assert.equal((body.items as Body[])[0]!.name, 'Apple Inc.')
  })

  it('creates a list by adding its first symbol; GET /api/watchlists counts each list', async () => {
    const u = await t.newTenant()
    await add(u, 'AAPL')
    await add(u, 'XOM', '  Energy  ')
    await add(u, 'CVX', 'Energy')
    const res = await u.get('/api/watchlists')
    assert.equal(res.statusCode, 200)
    const b = json(res.body)
    assert.deepEqual(
      (b.lists as Body[]).map((l) => [l.list_name, l.count]),
      [
        ['Energy', 2],
        ['default', 1],
      ],
    )
    assert.equal(b.total_symbols, 3)
    assert.equal(b.limit, 50)
    for (const l of b.lists as Body[])
      assert.ok(Date.parse(l.updated_at as string) >= Date.parse(l.created_at as string))
    assert.deepEqual(symbolsOf(await items(u, 'Energy')), ['XOM', 'CVX'])
    assert.deepEqual(symbolsOf(await items(u, 'nothing here')), [])
  })

  it('a duplicate → 409; an unknown symbol → 422 with the closest tickers; bad input → 422', async () => {
    const u = await t.newTenant()
    await add(u, 'AAPL')
    assertProblem(await u.post('/api/watchlists/items', { symbol: 'aapl' }), 409, 'watchlists.duplicate')
    const unknown = assertProblem(
      await u.post('/api/watchlists/items', { symbol: 'APPL' }),
      422,
      'watchlists.unknown_symbol',
    )
    assert.ok((unknown.suggestions as string[]).includes('AAPL'), JSON.stringify(unknown))
    assert.deepEqual((unknown.errors as Body[])[0]!.loc, ['body', 'symbol'])
    assertFieldError(await u.post('/api/watchlists/items', {}), ['body', 'symbol'])
    assertFieldError(await u.post('/api/watchlists/items', { symbol: 'A B' }), ['body', 'symbol'])
    for (const list_name of ['', '   ', 'x'.repeat(41), 'tab\there'])
      assertFieldError(await u.post('/api/watchlists/items', { symbol: 'MSFT', list_name }), [
        'body',
        'list_name',
      ])
    assertFieldError(await u.get(`/api/watchlists/items?list_name=${'y'.repeat(41)}`), ['query', 'list_name'])
    assert.deepEqual(symbolsOf(await items(u)), ['AAPL'])
  })

  it('the plan limit counts every list: the free plan’s 51st symbol → 402 plan.limit_reached', async () => {
    const u = await t.newTenant()
    const universe = (await reference.universe()).map((i) => i.symbol).slice(0, 51)
    for (const s of universe.slice(0, 30)) await add(u, s, 'one')
    for (const s of universe.slice(30, 50)) await add(u, s, 'two')
    const res = await u.post('/api/watchlists/items', { symbol: universe[50], list_name: 'three' })
    const body = assertProblem(res, 402, 'plan.limit_reached')
    assert.equal(body.limit, 'watchlist_symbols')
    assert.equal(body.allowed, 50)
    // A duplicate at the limit is still a duplicate.
    assertProblem(
      await u.post('/api/watchlists/items', { symbol: universe[0], list_name: 'one' }),
      409,
      'watchlists.duplicate',
    )
    // Removing one frees a slot.
    assert.equal((await u.delete(`/api/watchlists/items/${universe[0]}?list_name=one`)).statusCode, 200)
    await add(u, universe[50]!, 'three')
    assert.equal(json((await u.get('/api/watchlists')).body).total_symbols, 50)
  })
})

describe('watchlists: reorder and remove', () => {
  it('reorders to an exact permutation (any case) and answers the new positions', async () => {
    const u = await t.newTenant()
    for (const s of ['AAPL', 'MSFT', 'NVDA', 'AMZN']) await add(u, s)
    const res = await u.patch('/api/watchlists/items/reorder', {
      list_name: 'default',
      symbols: ['nvda', 'AAPL', 'AMZN', 'MSFT'],
    })
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(
      (json(res.body).items as Body[]).map((i) => [i.symbol, i.position]),
      [
        ['NVDA', 0],
        ['AAPL', 1],
        ['AMZN', 2],
        ['MSFT', 3],
      ],
    )
    assert.deepEqual(symbolsOf(await items(u)), ['NVDA', 'AAPL', 'AMZN', 'MSFT'])
  })

  it('a non-permutation → 422 naming the missing, extra and repeated symbols; nothing changes', async () => {
    const u = await t.newTenant()
    for (const s of ['AAPL', 'MSFT', 'NVDA']) await add(u, s)
    const res = await u.patch('/api/watchlists/items/reorder', { symbols: ['AAPL', 'TSLA', 'AAPL'] })
    const body = assertProblem(res, 422, 'watchlists.not_a_permutation')
    assert.deepEqual(body.missing, ['MSFT', 'NVDA'])
    assert.deepEqual(body.extra, ['TSLA'])
    assert.deepEqual(body.duplicates, ['AAPL'])
    assert.deepEqual(
      (body.errors as Body[]).map((e) => [e.loc, e.type]),
      [
        [['body', 'symbols'], 'missing'],
        [['body', 'symbols'], 'extra'],
        [['body', 'symbols'], 'duplicate'],
      ],
    )
    assert.match(body.detail as string, /missing: MSFT, NVDA/)
    const onlyMissing = assertProblem(
      await u.patch('/api/watchlists/items/reorder', { symbols: ['MSFT', 'AAPL'] }),
      422,
      'watchlists.not_a_permutation',
    )
    assert.deepEqual([onlyMissing.missing, onlyMissing.extra], [['NVDA'], []])
    const noList = assertProblem(
      await u.patch('/api/watchlists/items/reorder', { list_name: 'none', symbols: ['AAPL'] }),
      422,
      'watchlists.not_a_permutation',
    )
    assert.deepEqual(noList.extra, ['AAPL'])
    assertFieldError(await u.patch('/api/watchlists/items/reorder', { symbols: [] }), ['body', 'symbols'])
    assert.deepEqual(symbolsOf(await items(u)), ['AAPL', 'MSFT', 'NVDA'])
  })

  it('removes a symbol (200 with the item; later ones move up); not on the list → 404; an emptied list disappears', async () => {
    const u = await t.newTenant()
    for (const s of ['AAPL', 'MSFT', 'NVDA']) await add(u, s)
    await add(u, 'XOM', 'Energy')
    const res = await u.delete('/api/watchlists/items/msft')
    assert.equal(res.statusCode, 200, res.body)
    const removed = json(res.body)
    assert.deepEqual(
      [removed.list_name, removed.symbol, removed.position, removed.list_deleted],
      ['default', 'MSFT', 1, false],
    )
    assert.deepEqual(
      ((await items(u)).items as Body[]).map((i) => [i.symbol, i.position]),
      [
        ['AAPL', 0],
        ['NVDA', 1],
      ],
    )
    assertProblem(await u.delete('/api/watchlists/items/MSFT'), 404, 'watchlists.not_on_list')
    assertProblem(
      await u.delete('/api/watchlists/items/AAPL?list_name=Energy'),
      404,
      'watchlists.not_on_list',
    )
    assertProblem(await u.delete('/api/watchlists/items/AAPL?list_name=nope'), 404, 'watchlists.not_on_list')
    assertFieldError(await u.delete('/api/watchlists/items/A%20B'), ['path', 'symbol'])
    const last = json((await u.delete('/api/watchlists/items/XOM?list_name=Energy')).body)
    assert.equal(last.list_deleted, true)
    const lists = json((await u.get('/api/watchlists')).body).lists as Body[]
    assert.deepEqual(
      lists.map((l) => l.list_name),
      ['default'],
    )
  })

  it('another tenant’s lists are invisible, and so are a colleague’s', async () => {
    const owner = await t.newTenant()
    await add(owner, 'AAPL')
    await add(owner, 'MSFT', 'Private')
    const other = await t.newTenant()
    const colleague = await t.newUser(owner.tenantId)
    for (const u of [other, colleague]) {
      assert.deepEqual(json((await u.get('/api/watchlists')).body).lists, [])
      assert.deepEqual(symbolsOf(await items(u)), [])
      assert.deepEqual(symbolsOf(await items(u, 'Private')), [])
      assertProblem(await u.delete('/api/watchlists/items/AAPL'), 404, 'watchlists.not_on_list')
      assertProblem(
        await u.patch('/api/watchlists/items/reorder', { symbols: ['AAPL'] }),
        422,
        'watchlists.not_a_permutation',
      )
      assert.deepEqual(json((await u.get('/api/watchlists/analytics')).body).lists, [])
    }
    // Their own list of the same name is separate from the owner's.
    await add(other, 'AAPL')
    assert.deepEqual(symbolsOf(await items(owner)), ['AAPL'])
    assert.equal((await owner.delete('/api/watchlists/items/AAPL')).statusCode, 200)
    assert.deepEqual(symbolsOf(await items(other)), ['AAPL'])
  })

  it('quotes unavailable: the items are still listed, with null prices', async () => {
    const u = await t.newTenant()
    await add(u, 'AAPL')
    market.failing = true
    try {
      const body = await items(u)
      assert.equal(body.quotes, 'unavailable')
      const [only] = body.items as Body[]
      assert.deepEqual(
        [only!.symbol, only!.price, only!.change_pct, only!.quote_as_of],
        ['AAPL', null, null, null],
      )
    } finally {
      market.failing = false
    }
  })
})
