/**
 * Alpaca's account operations over a live sandbox connection: positions synced into the
 * portfolio (and logged), decimal-strict orders, cancel, activities paging, refresh, health, and
 * how vendor failures read (never a 500).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertFieldError, assertProblem, json, type Body } from '../helpers/assertions.ts'
import { connectAlpaca } from '../helpers/brokers.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'

const t = useTestApp()
const chaos = () => t.c.providers.brokers.sandbox!.alpaca!.chaos

async function connected(): Promise<Client> {
  const u = await t.newTenant()
  await connectAlpaca(t, u, 'post') // the first sync, queued by the connect, is done before the chaos begins
  return u
}

const DECIMAL = /^-?\d+(\.\d+)?$/

describe('broker A: positions', () => {
  it('syncs the positions into today’s snapshot and writes a manual sync log row', async () => {
    const u = await connected()
    const res = await u.get('/api/brokera/positions')
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res)
    assert.ok(body.positions.length > 0)
    for (const p of body.positions as Body[]) {
      for (const k of ['quantity', 'avg_entry_price', 'cost_basis', 'current_price', 'market_value'])
        assert.match(p[k], DECIMAL, `${k} is a decimal string`)
    }
    const rows = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .selectFrom('portfolio_snapshot')
        .select(['symbol', 'quantity', 'market_value'])
        .where('account_id', '=', body.account_id)
        .where('snapshot_date', '=', body.snapshot_date)
        .orderBy('symbol')
        .execute(),
    )
    const expected = (body.positions as Body[]).map((p) => p.symbol).sort()
    assert.deepEqual(
      rows.map((r) => r.symbol),
      expected,
    )
    for (const r of rows) {
      const p = (body.positions as Body[]).find((x) => x.symbol === r.symbol)!
      assert.equal(Number(r.quantity), Number(p.quantity))
      assert.ok(Math.abs(Number(r.market_value) - Number(p.market_value)) < 0.01)
    }
    const logs = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .selectFrom('broker_sync_log')
        .selectAll()
        .where('tenant_id', '=', u.tenantId)
        .where('sync_kind', '=', 'manual')
        .execute(),
    )
    assert.equal(logs.length, 1)
    assert.equal(logs[0]!.sync_kind, 'manual')
    assert.equal(logs[0]!.status, 'ok')
    assert.equal(logs[0]!.positions, rows.length)
    assert.equal(logs[0]!.id, body.sync_id)
  })

  it('a vendor failure is a 502 problem and an error row in the sync log, not a 500', async () => {
    const u = await connected()
    chaos().failNext(500)
    chaos().failNext(500)
    chaos().failNext(500)
    const res = await u.get('/api/brokera/positions')
    assertProblem(res, 502, 'upstream.server')
    const logs = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .selectFrom('broker_sync_log')
        .select(['status', 'error'])
        .where('tenant_id', '=', u.tenantId)
        .where('sync_kind', '=', 'manual')
        .execute(),
    )
    assert.deepEqual(
      logs.map((l) => l.status),
      ['error'],
    )
  })

  it('without a connection: 422 broker.not_connected', async () => {
    const u = await t.newTenant()
    assertProblem(await u.get('/api/brokera/positions'), 422, 'broker.not_connected')
    assertProblem(await u.get('/api/brokera/orders'), 422, 'broker.not_connected')
  })
})

describe('broker A: orders', () => {
  it('places a decimal-strict order and answers decimals as strings', async () => {
    const u = await connected()
    const res = await u.post('/api/brokera/orders', {
      symbol: 'aapl',
      side: 'buy',
      type: 'limit',
      time_in_force: 'day',
      qty: '2',
      limit_price: '100.25',
      client_order_id: `t-${u.tenantId}`,
    })
    assert.equal(res.statusCode, 200, res.body)
    const o = json(res)
    assert.equal(o.symbol, 'AAPL')
    assert.equal(o.qty, '2')
    assert.equal(o.limit_price, '100.25')
    assert.equal(o.notional, null)
    assert.equal(o.client_order_id, `t-${u.tenantId}`)
    const open = json(await u.get('/api/brokera/orders?status=open')).items as Body[]
    assert.ok(open.some((x) => x.id === o.id))
    // Fractional shares: market orders for the day only, as Alpaca allows them.
    const frac = await u.post('/api/brokera/orders', {
      symbol: 'AAPL',
      side: 'buy',
      type: 'market',
      time_in_force: 'day',
      qty: '0.125',
    })
    assert.equal(frac.statusCode, 200, frac.body)
    assert.equal(json(frac).qty, '0.125')
  })

  it('refuses JSON numbers and broken combinations with 422 naming the field', async () => {
    const u = await connected()
    const base = { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day' }
    assertFieldError(await u.post('/api/brokera/orders', { ...base, qty: 1 }), ['body', 'qty'])
    assertFieldError(await u.post('/api/brokera/orders', { ...base, qty: '1e3' }), ['body', 'qty'])
    assertFieldError(await u.post('/api/brokera/orders', base), ['body', 'qty'])
    assertFieldError(await u.post('/api/brokera/orders', { ...base, qty: '1', notional: '100' }), [
      'body',
      'qty',
    ])
    assertFieldError(await u.post('/api/brokera/orders', { ...base, type: 'limit', qty: '1' }), [
      'body',
      'limit_price',
    ])
    assertFieldError(
      await u.post('/api/brokera/orders', { ...base, time_in_force: 'gtc', notional: '100' }),
      ['body', 'notional'],
    )
    assertFieldError(await u.post('/api/brokera/orders', { ...base, qty: '1', limit_price: 5 }), [
      'body',
      'limit_price',
    ])
  })

  it('the vendor’s refusal is a 422 broker.order_rejected with its message', async () => {
    const u = await connected()
    const res = await u.post('/api/brokera/orders', {
      symbol: 'AAPL',
      side: 'buy',
      type: 'market',
      time_in_force: 'day',
      qty: '100000000',
    })
    const p = assertProblem(res, 422, 'broker.order_rejected')
    assert.match(p.detail, /Alpaca/)
  })

  it('cancels an open order; an unknown one is 404, a canceled one 422', async () => {
    const u = await connected()
    const o = json(
      await u.post('/api/brokera/orders', {
        symbol: 'MSFT',
        side: 'buy',
        type: 'limit',
        time_in_force: 'gtc',
        qty: '1',
        limit_price: '1.00',
      }),
    )
    const res = await u.delete(`/api/brokera/orders/${o.id}`)
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(json(res), { order_id: o.id, cancel_requested: true })
    assertProblem(await u.delete(`/api/brokera/orders/${o.id}`), 422, 'broker.order_not_cancelable')
    assertProblem(
      await u.delete('/api/brokera/orders/00000000-0000-4000-8000-000000000000'),
      404,
      'broker.order_not_found',
    )
    const all = json(await u.get('/api/brokera/orders?status=all')).items as Body[]
    assert.equal(all.find((x) => x.id === o.id)?.status, 'canceled')
  })
})

describe('broker A: activities, refresh, health', () => {
  it('pages activities through next_cursor without repeats, and filters by type', async () => {
    const u = await connected()
    const seen: string[] = []
    let url = '/api/brokera/activities?page_size=25'
    for (let i = 0; i < 20; i++) {
      const page = json(await u.get(url))
      seen.push(...(page.items as Body[]).map((a) => a.id as string))
      if (page.next_cursor === null) break
      url = `/api/brokera/activities?page_size=25&cursor=${page.next_cursor}`
    }
    assert.ok(seen.length > 25, 'more than one page')
    assert.equal(new Set(seen).size, seen.length)
    const fills = json(await u.get('/api/brokera/activities?activity_type=FILL&page_size=100'))
      .items as Body[]
    assert.ok(fills.length > 0 && fills.every((a) => a.activity_type === 'FILL'))
    const first = json(await u.get('/api/brokera/activities?page_size=25'))
    const replay = await u.get(
      `/api/brokera/activities?page_size=25&activity_type=DIV&cursor=${first.next_cursor}`,
    )
    assertFieldError(replay, ['query', 'cursor'])
  })

  it('refresh verifies the long-lived token; a refused token asks to reconnect', async () => {
    const u = await connected()
    const ok = json(await u.post('/api/brokera/refresh'))
    assert.equal(ok.refreshed, false)
    assert.equal(ok.status.connected, true)
    chaos().expireTokens()
    try {
      assertProblem(await u.post('/api/brokera/refresh'), 422, 'broker.reconnect_required')
      const status = json(await u.get('/api/brokera/status'))
      assert.match(status.extra.last_error, /alpaca auth/)
    } finally {
      t.c.providers.brokers.sandbox!.alpaca!.reset()
    }
  })

  it('health never raises: ok when the vendor answers, ok false with the error when it does not', async () => {
    const u = await connected()
    assert.equal(json(await u.get('/api/brokera/health')).ok, true)
    for (let i = 0; i < 3; i++) chaos().failNext(503)
    const down = await u.get('/api/brokera/health')
    assert.equal(down.statusCode, 200)
    assert.equal(json(down).ok, false)
    assert.match(json(down).error, /alpaca/)
  })
})
