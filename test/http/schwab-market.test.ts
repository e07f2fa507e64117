/**
 * Schwab's market data through HTTP, through the real Schwab adapter and the in-process sandbox:
 * quotes and their 15-minute delayed fallback, market hours (stored with persist=true), movers,
 * option chains, price history, instruments by ticker and CUSIP, and the unified routes for brokerb.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertProblem, json, type Body } from '../helpers/assertions.ts'
import { schwabAccounts, connectedSchwab, plainNumber } from '../helpers/schwab.ts'
import { useTestApp } from '../helpers/test-app.ts'

const t = useTestApp()
const sandbox = () => t.c.providers.brokers.sandbox!.schwab!

const connected = () => connectedSchwab(t)

describe('broker B: quotes', () => {
  it('answers Schwab’s quotes, not delayed; unknown symbols listed', async () => {
    const u = await connected()
    const body = json(await u.get('/api/brokerb/quotes?symbols=AAPL,msft,ZZZZQ'))
    assert.equal(body.delayed, false)
    assert.equal(body.source, 'schwab')
    assert.deepEqual(
      body.items.map((q: Body) => q.symbol),
      ['AAPL', 'MSFT'],
    )
    assert.deepEqual(body.invalid_symbols, ['ZZZZQ'])
    const [aapl] = body.items
    assert.ok(aapl.bid < aapl.ask)
    assert.ok(sandbox().requests.some((r) => r.path === '/marketdata/v1/quotes'))
  })

  it('falls back to 15-minute delayed market data when Schwab fails, flagged delayed', async () => {
    const u = await connected()
    for (let i = 0; i < 3; i++) sandbox().chaos.failNext(503)
    const res = await u.get('/api/brokerb/quotes?symbols=AAPL,MSFT')
    sandbox().reset()
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res)
    assert.equal(body.delayed, true)
    assert.equal(body.source, 'market-data')
    assert.match(body.reason, /15-minute delayed/)
    assert.deepEqual(
      body.items.map((q: Body) => q.symbol),
      ['AAPL', 'MSFT'],
    )
    for (const q of body.items) {
      assert.equal(q.bid, null)
      assert.ok(Date.parse(q.as_of) <= Date.now() - 15 * 60_000 + 1000, `${q.as_of} is 15 minutes old`)
    }
    const unified = json(await u.get('/api/brokers/brokerb/quotes?symbols=AAPL'))
    assert.equal(unified.broker_type, 'brokerb')
    assert.equal(unified.delayed, false)
  })

  it('falls back too when not connected; validation is still a 422', async () => {
    const u = await t.newTenant()
    const body = json(await u.get('/api/brokerb/quotes?symbols=AAPL'))
    assert.equal(body.delayed, true)
    assert.match(body.reason, /broker.not_connected/)
    assert.equal(json(await u.get('/api/brokers/brokerb/quotes?symbols=AAPL')).delayed, true)
    assertProblem(await u.get('/api/brokerb/quotes'), 422, 'validation.failed')
    assertProblem(await u.get('/api/brokerb/quotes?symbols=AAPL,,MSFT'), 422, 'validation.failed')
    assertProblem(await u.get('/api/brokers/brokera/quotes?symbols=AAPL'), 422, 'broker.not_supported')
  })
})

describe('broker B: market hours, movers, chains, history, instruments', () => {
  it('market hours of a date; persist=true stores them (a repeat replaces)', async () => {
    const u = await connected()
    const plain = json(await u.get('/api/brokerb/market-hours?markets=equity&date=2026-12-01'))
    assert.equal(plain.persisted, 0)
    assert.equal(plain.markets.equity.EQ.isOpen, true)
    assert.ok(plain.markets.equity.EQ.sessionHours.regularMarket.length > 0)
    const stored = json(
      await u.get('/api/brokerb/market-hours?markets=equity,option&date=2026-12-01&persist=true'),
    )
    assert.ok(stored.persisted >= 2)
    await u.get('/api/brokerb/market-hours?markets=equity,option&date=2026-12-01&persist=true')
    const rows = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db.selectFrom('broker_market_hours').select(['market', 'product', 'is_open']).execute(),
    )
    assert.equal(rows.length, stored.persisted)
    assert.ok(rows.some((r) => r.market === 'equity' && r.product === 'EQ' && r.is_open))
    const weekend = json(await u.get('/api/brokerb/market-hours?markets=equity&date=2026-12-05'))
    assert.equal(weekend.markets.equity.EQ.isOpen, false)
    const christmas = json(await u.get('/api/brokerb/market-hours?markets=equity&date=2026-12-25'))
    assert.equal(christmas.markets.equity.EQ.isOpen, false, 'the sandbox follows the NYSE calendar')
    assertProblem(await u.get('/api/brokerb/market-hours?markets=crypto'), 422, 'validation.failed')
    assertProblem(await u.get('/api/brokerb/market-hours?date=2026-13-01'), 422, 'validation.failed')
    assertProblem(await u.get('/api/brokerb/market-hours?date=2031-01-01'), 422, 'validation.failed')
    assertProblem(await u.get('/api/brokerb/market-hours?persist=maybe'), 422, 'validation.failed')
  })

  it('movers of an index with sort and frequency', async () => {
    const u = await connected()
    const body = json(await u.get('/api/brokerb/movers?index=%24SPX&sort=VOLUME&frequency=0'))
    assert.equal(body.index, '$SPX')
    assert.ok(body.items.length > 0 && body.items.length <= 10)
    assert.ok(
      sandbox().requests.some(
        (r) => r.path === '/marketdata/v1/movers/%24SPX' || r.path === '/marketdata/v1/movers/$SPX',
      ),
    )
    assertProblem(await u.get('/api/brokerb/movers?index=FTSE'), 422, 'validation.failed')
    assertProblem(await u.get('/api/brokerb/movers?sort=RANDOM'), 422, 'validation.failed')
    assertProblem(await u.get('/api/brokerb/movers?frequency=7'), 422, 'validation.failed')
  })

  it('option chain by contract type and strike count; dates checked', async () => {
    const u = await connected()
    const body = json(await u.get('/api/brokerb/option-chain?symbol=AAPL&contract_type=CALL&strike_count=2'))
    assert.ok(Object.keys(body.callExpDateMap).length > 0)
    assert.deepEqual(body.putExpDateMap, {})
    const all = json(await u.get('/api/brokerb/option-chain?symbol=AAPL'))
    assert.ok(Object.keys(all.putExpDateMap).length > 0, 'contract_type defaults to ALL')
    assertProblem(await u.get('/api/brokerb/option-chain'), 422, 'validation.failed')
    assertProblem(
      await u.get('/api/brokerb/option-chain?symbol=AAPL&contract_type=BOTH'),
      422,
      'validation.failed',
    )
    assertProblem(
      await u.get('/api/brokerb/option-chain?symbol=AAPL&from_date=2026-12-31&to_date=2026-12-01'),
      422,
      'validation.failed',
    )
  })

  it('price history with Schwab’s period and frequency rules', async () => {
    const u = await connected()
    const body = json(
      await u.get(
        '/api/brokerb/price-history?symbol=AAPL&period_type=month&period=1&frequency_type=daily&frequency=1',
      ),
    )
    assert.ok(body.candles.length >= 15)
    assert.equal(typeof body.candles[0].datetime, 'number')
    const minute = json(
      await u.get(
        '/api/brokerb/price-history?symbol=AAPL&period_type=day&period=1&frequency=5&need_extended_hours=false',
      ),
    )
    assert.ok(minute.candles.length > 0)
    for (const bad of [
      'period_type=day&period=7',
      'period_type=month&frequency_type=minute',
      'period_type=year&frequency_type=monthly&frequency=5',
      'period_type=week',
      'period=abc',
    ])
      assertProblem(await u.get(`/api/brokerb/price-history?symbol=AAPL&${bad}`), 422, 'validation.failed')
    assertProblem(await u.get('/api/brokerb/price-history'), 422, 'validation.failed')
  })

  it('instrument by ticker, by fundamental projection and by CUSIP', async () => {
    const u = await connected()
    const byTicker = json(await u.get('/api/brokerb/instrument?symbol=AAPL'))
    assert.equal(byTicker.by, 'symbol')
    assert.equal(byTicker.instruments[0].cusip, '037833100')
    const byCusip = json(await u.get('/api/brokerb/instrument?symbol=037833100'))
    assert.equal(byCusip.by, 'cusip')
    assert.equal(byCusip.instruments[0].symbol, 'AAPL')
    const fundamental = json(await u.get('/api/brokerb/instrument?symbol=AAPL&projection=fundamental'))
    assert.ok(fundamental.instruments[0].fundamental)
    assert.deepEqual(json(await u.get('/api/brokerb/instrument?symbol=999999999')).instruments, [])
    assertProblem(await u.get('/api/brokerb/instrument'), 422, 'validation.failed')
    assertProblem(
      await u.get('/api/brokerb/instrument?symbol=AAPL&projection=guess'),
      422,
      'validation.failed',
    )
  })

  it('a market-data operation without a connection is 422 broker.not_connected', async () => {
    const u = await t.newTenant()
    for (const p of [
      'movers',
      'market-hours',
      'option-chain?symbol=AAPL',
      'price-history?symbol=AAPL',
      'instrument?symbol=AAPL',
    ])
      assertProblem(await u.get(`/api/brokerb/${p}`), 422, 'broker.not_connected')
  })
})

describe('broker B through the unified routes', () => {
  it('accounts, positions by hashValue, transactions of a year, sync, status', async () => {
    const u = await connected()
    const hashes = (await schwabAccounts(u)).map((a) => a.hashValue)
    const accounts = json(await u.get('/api/brokers/brokerb/accounts'))
    assert.deepEqual(
      accounts.items.map((a: Body) => a.id),
      hashes,
    )
    const positions = json(await u.get(`/api/brokers/brokerb/positions?account_id=${hashes[1]}`))
    assert.equal(positions.account_id, hashes[1])
    assert.ok(positions.items.length > 0)
    const year = String(new Date().getUTCFullYear() - 1)
    const tx = json(await u.get(`/api/brokers/brokerb/transactions?account_hash=${hashes[0]}&year=${year}`))
    assert.ok(tx.items.length > 0)
    assert.ok(tx.items.every((i: Body) => i.type === 'FILL'))
    const plain = await plainNumber(t, u, hashes[0]!)
    assertProblem(
      await u.get(`/api/brokers/brokerb/transactions?account_hash=${plain}&year=${year}`),
      422,
      'broker.account_hash_required',
    )
    assertProblem(
      await u.get(`/api/brokers/brokerb/positions?account_id=${plain}`),
      422,
      'broker.account_hash_required',
    )
    const sync = json(await u.post('/api/brokers/brokerb/sync'))
    assert.equal(sync.accounts, 2)
    assert.equal(json(await u.get('/api/brokers/brokerb/status')).connected, true)
    const other = await t.newTenant()
    assertProblem(
      await other.get(`/api/brokers/brokerb/positions?account_id=${hashes[0]}`),
      422,
      'broker.not_connected',
    )
    const otherConnected = await connected()
    assertProblem(
      await otherConnected.get(`/api/brokers/brokerb/positions?account_id=${hashes[0]}`),
      404,
      'broker.account_not_found',
    )
  })

  it('the connect sync turned Schwab’s trades into realized trades', async () => {
    const u = await connected()
    const trades = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .selectFrom('broker_fill')
        .select(({ fn }) => fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    )
    assert.ok(Number(trades.n) > 0)
    const log = json(await u.get('/api/brokers/sync-log?broker_type=brokerb')).items
    assert.equal(log[0].sync_kind, 'connect')
    assert.equal(log[0].status, 'ok')
  })
})
