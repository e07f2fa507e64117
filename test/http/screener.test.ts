/**
 * The screener through HTTP (both surfaces): the catalog with sources and freshness, runs and their
 * `why`, 422s naming the field, the CSV export parsed back equal to the JSON run, saved screens (409,
 * 402, another tenant's → 404), `as_of` forward returns against closes read straight from the
 * simulated bars, portfolio filters against the caller's holdings, and a failing optional source.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { parse } from 'csv-parse/sync'
import { fixedClock } from '../../src/platform/clock.ts'
import { UpstreamError } from '../../src/platform/upstream-errors.ts'
import { SimulatedMarketData, type Instrument } from '../../src/providers/market-data/index.ts'
import { assertProblem, json } from '../helpers/assertions.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'

const clock = fixedClock('2026-11-25T22:00:00Z') // Wednesday, after the close
const SYMBOLS = new Set(['AAPL', 'MSFT', 'NVDA', 'JPM', 'JNJ', 'XOM', 'KO', 'PG', 'T', 'SPY'])

/** The simulated market, its universe cut to a few symbols (the snapshot reads the whole universe). */
class SmallMarket extends SimulatedMarketData {
  override async universe(): Promise<Instrument[]> {
    return (await super.universe()).filter((i) => SYMBOLS.has(i.symbol))
  }
}
const market = new SmallMarket({ clock })

let t: TestApp
before(async () => {
  t = await buildTestApp({ clock, providers: { market } })
})
after(() => t.close())

const run = (u: Client, body: unknown, path = '/api/screener') => u.post(path, body)
const closeOn = async (symbol: string, from: string, to: string) =>
  (
    await market.bars(symbol, {
      interval: '1d',
      start: new Date(`${from}T00:00:00Z`),
      end: new Date(`${to}T23:59:59Z`),
    })
  ).map((b) => [b.time.slice(0, 10), b.close] as const)

describe('GET /api/screener/filters and /stock-screener/metrics', () => {
  it('lists every field with its source, that source’s freshness, unit and operators, and the presets', async () => {
    const u = await t.newTenant()
    const res = await u.get('/api/screener/filters')
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res.body)
    assert.equal(body.as_of, '2026-11-25')
    const price = body.fields.find((f: { id: string }) => f.id === 'price')
    assert.equal(price.source, 'daily_bars')
    assert.equal(price.as_of, '2026-11-25')
    assert.equal(price.unit, 'usd')
    assert.ok(price.operators.includes('crosses_above'))
    const sector = body.fields.find((f: { id: string }) => f.id === 'sector')
    assert.ok(!sector.operators.includes('gt'))
    assert.equal(body.fields.find((f: { id: string }) => f.id === 'held').as_of, null)
    assert.ok(body.presets.length >= 4)
    const metrics = json((await u.get('/api/trading-intel/stock-screener/metrics')).body)
    assert.equal(metrics.metrics.length, body.fields.length)
    assert.equal(metrics.metrics.find((m: { key: string }) => m.key === 'pe').source, 'earnings')
  })

  it('needs a session', async () => {
    assert.equal((await t.anon.get('/api/screener/filters')).statusCode, 401)
    assert.equal((await t.anon.post('/api/screener', { filters: { all: [] } })).statusCode, 401)
  })
})

describe('POST /api/screener (and /run, /stock-screener/run)', () => {
  it('answers the matching rows with their columns and why values, equal to the bars', async () => {
    const u = await t.newTenant()
    const spec = {
      filters: {
        all: [
          { field: 'price', op: 'gt', value: 0 },
          { field: 'type', op: 'eq', value: 'stock' },
        ],
      },
      sort: [{ field: 'symbol', dir: 'asc' }],
      columns: ['symbol', 'price', 'change_pct'],
    }
    const res = await run(u, spec)
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res.body)
    assert.equal(body.total, 9)
    assert.deepEqual(body.columns, ['symbol', 'price', 'change_pct'])
    const aapl = body.rows.find((r: { symbol: string }) => r.symbol === 'AAPL')
    const closes = await closeOn('AAPL', '2026-11-20', '2026-11-25')
    const [last, prev] = [closes.at(-1)![1], closes.at(-2)![1]]
    assert.equal(aapl.values.price, last)
    assert.ok(Math.abs(aapl.values.change_pct - (last / prev - 1) * 100) < 1e-9)
    assert.deepEqual(Object.keys(aapl.why).sort(), ['price', 'type'])
    assert.equal(aapl.why.type, 'stock')
    for (const path of ['/api/screener/run', '/api/trading-intel/stock-screener/run'])
      assert.deepEqual(json((await run(u, spec, path)).body).rows, body.rows)
  })

  it('an unknown field → 422 naming it with the closest field as a hint', async () => {
    const u = await t.newTenant()
    const res = await run(u, { filters: { all: [{ field: 'markt_cap', op: 'gt', value: 1 }] } })
    const body = assertProblem(res, 422, 'validation.failed')
    const err = body.errors[0]
    assert.deepEqual(err.loc, ['body', 'filters', 'all', 0, 'field'])
    assert.match(JSON.stringify(err), /market_cap/)
  })

  it('a past as_of → forward returns at 1, 5 and 20 sessions from that close, null past the last session', async () => {
    const u = await t.newTenant()
    const spec = {
      filters: { all: [{ field: 'symbol', op: 'in', value: ['MSFT'] }] },
      columns: ['symbol', 'price'],
    }
    const res = await run(u, { ...spec, as_of: '2026-10-01' })
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res.body)
    assert.equal(body.as_of, '2026-10-01')
    const closes = new Map(await closeOn('MSFT', '2026-10-01', '2026-11-25'))
    const c0 = closes.get('2026-10-01')!
    const pct = (d: string) => (closes.get(d)! / c0 - 1) * 100
    const row = body.rows[0]
    assert.equal(row.values.price, c0)
    // 1, 5 and 20 sessions after Thursday 2026-10-01 (no holidays in between).
    assert.ok(Math.abs(row.forward_returns.d1 - pct('2026-10-02')) < 1e-9)
    assert.ok(Math.abs(row.forward_returns.d5 - pct('2026-10-08')) < 1e-9)
    assert.ok(Math.abs(row.forward_returns.d20 - pct('2026-10-29')) < 1e-9)
    const late = json((await run(u, { ...spec, as_of: '2026-11-20' })).body).rows[0].forward_returns
    assert.ok(typeof late.d1 === 'number')
    assert.equal(late.d5, null)
    assert.equal(late.d20, null)
    assertProblem(await run(u, { ...spec, as_of: '2026-11-25' }), 422, 'validation.failed')
    assertProblem(await run(u, { ...spec, as_of: '2026-11-22' }), 422, 'validation.failed') // a Sunday
  })
})

describe('portfolio filters', () => {
  it('held / not held, sector weight and correlation follow the caller’s own holdings', async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    const acct = await createManualAccount(u)
    for (const [symbol, quantity] of [
      ['AAPL', 10],
      ['JPM', 20],
    ] as const)
      assert.equal(
        (
          await u.post('/api/brokers/manual/positions', {
            account_id: acct,
            symbol,
            quantity,
            cost_basis: 1000,
          })
        ).statusCode,
        201,
      )
    const spec = {
      filters: { all: [{ field: 'held', op: 'eq', value: true }] },
      columns: ['symbol', 'sector', 'sector_weight_in_portfolio', 'correlation_to_portfolio'],
    }
    const mine = json((await run(u, spec)).body)
    assert.deepEqual(mine.rows.map((r: { symbol: string }) => r.symbol).sort(), ['AAPL', 'JPM'])
    assert.equal(json((await run(other, spec)).body).total, 0)
    const held = await t.c.portfolio.holdings.latest(u.tenantId)
    const mv = new Map(held.map((h) => [h.symbol, Math.abs(h.market_value)]))
    const total = mv.get('AAPL')! + mv.get('JPM')!
    const aapl = mine.rows.find((r: { symbol: string }) => r.symbol === 'AAPL')
    assert.ok(Math.abs(aapl.values.sector_weight_in_portfolio - (mv.get('AAPL')! / total) * 100) < 1e-9)
    assert.ok(aapl.values.correlation_to_portfolio > 0 && aapl.values.correlation_to_portfolio <= 1)
    const notHeld = json(
      (await run(u, { filters: { all: [{ field: 'held', op: 'eq', value: false }] } })).body,
    )
    assert.equal(notHeld.total, SYMBOLS.size - 2)
  })
})

describe('POST /api/screener/export.csv', () => {
  it('is the JSON run as RFC 4180 CSV, with a header row and an attachment name', async () => {
    const u = await t.newTenant()
    const spec = {
      filters: {
        all: [
          { field: 'market_cap', op: 'gt', value: '1B' },
          { field: 'rsi_14', op: 'not_null' },
        ],
      },
      sort: [{ field: 'market_cap', dir: 'desc' }],
      columns: ['symbol', 'name', 'price', 'sector'],
    }
    const res = await u.post('/api/screener/export.csv', spec)
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8')
    assert.equal(res.headers['content-disposition'], 'attachment; filename="screen-2026-11-25.csv"')
    assert.ok(res.body.endsWith('\r\n'))
    const records = parse<Record<string, string>>(res.body, { columns: true, record_delimiter: '\r\n' })
    const runBody = json((await run(u, spec)).body)
    assert.equal(records.length, runBody.rows.length)
    runBody.rows.forEach(
      (r: { symbol: string; values: Record<string, unknown>; why: Record<string, unknown> }, i: number) => {
        const rec = records[i]!
        assert.equal(rec.symbol, r.symbol)
        assert.equal(rec.name, r.values.name)
        assert.equal(Number(rec.price), r.values.price)
        assert.equal(Number(rec.why_rsi_14), r.why.rsi_14)
        assert.equal(Number(rec.why_market_cap), r.why.market_cap)
      },
    )
  })
})

describe('saved screens', () => {
  const spec = { filters: { all: [{ field: 'price', op: 'gt', value: 10 }] } }

  it('create, list, a duplicate name → 409, another tenant’s → 404, delete', async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    const res = await u.post('/api/screener/saved', { name: 'Above ten', spec })
    assert.equal(res.statusCode, 200, res.body)
    const saved = json(res.body)
    assert.equal(saved.surface, 'classic')
    assertProblem(
      await u.post('/api/screener/saved', { name: ' Above ten ', spec }),
      409,
      'screener.name_taken',
    )
    // The stock screener keeps its own set: the same name is free there.
    assert.equal(
      (await u.post('/api/trading-intel/stock-screener/saved', { name: 'Above ten', spec })).statusCode,
      200,
    )
    assert.deepEqual(
      json((await u.get('/api/screener/saved')).body).items.map((s: { id: number }) => s.id),
      [saved.id],
    )
    assert.equal(json((await u.get('/api/trading-intel/stock-screener/saved')).body).items.length, 1)
    assert.deepEqual(json((await other.get('/api/screener/saved')).body).items, [])
    assertProblem(await other.delete(`/api/screener/saved/${saved.id}`), 404, 'screener.screen_not_found')
    const del = await u.delete(`/api/screener/saved/${saved.id}`)
    assert.equal(del.statusCode, 200, del.body)
    assert.deepEqual(json((await u.get('/api/screener/saved')).body).items, [])
    assert.equal((await u.delete('/api/screener/saved/abc')).statusCode, 422)
  })

  it('an invalid spec → 422 pointing into body.spec', async () => {
    const u = await t.newTenant()
    const res = await u.post('/api/screener/saved', {
      name: 'Bad',
      spec: { filters: { all: [{ field: 'price', op: 'crosses_upward', value: 1 }] } },
    })
    const body = assertProblem(res, 422, 'validation.failed')
    assert.deepEqual(body.errors[0].loc.slice(0, 2), ['body', 'spec'])
  })

  it('the free plan’s 5 saved screens, counted over both surfaces → 402 plan.limit_reached', async () => {
    const u = await t.newTenant()
    for (let i = 0; i < 3; i++)
      assert.equal((await u.post('/api/screener/saved', { name: `C${i}`, spec })).statusCode, 200)
    for (let i = 0; i < 2; i++)
      assert.equal(
        (await u.post('/api/trading-intel/stock-screener/saved', { name: `S${i}`, spec })).statusCode,
        200,
      )
    const body = assertProblem(
      await u.post('/api/screener/saved', { name: 'C9', spec }),
      402,
      'plan.limit_reached',
    )
    assert.equal(body.limit, 'saved_screens')
    assert.equal(body.allowed, 5)
  })
})

describe('a failing optional source', () => {
  it('earnings down → P/E null and earnings listed in degraded_sources, never a 500', async () => {
    const down = await buildTestApp({
      clock,
      providers: {
        market,
        earnings: {
          name: 'down',
          calendar: () => Promise.reject(new UpstreamError('server', 'earnings down', { provider: 'down' })),
        },
      },
    })
    try {
      const u = await down.newTenant()
      const res = await u.post('/api/screener', {
        filters: { all: [{ field: 'price', op: 'gt', value: 0 }] },
        columns: ['symbol', 'pe', 'dividend_yield'],
      })
      assert.equal(res.statusCode, 200, res.body)
      const body = json(res.body)
      assert.deepEqual(body.degraded_sources, ['earnings'])
      assert.ok(body.rows.every((r: { values: { pe: unknown } }) => r.values.pe === null))
      assert.ok(
        body.rows.some(
          (r: { values: { dividend_yield: unknown } }) => typeof r.values.dividend_yield === 'number',
        ),
      )
      const filters = json((await u.get('/api/screener/filters')).body)
      assert.equal(filters.sources.earnings.as_of, null)
    } finally {
      await down.close()
    }
  })
})

describe('POST /api/market/refresh and the screener', () => {
  it('a refresh that prices holdings rebuilds the snapshot behind its answer', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    const position = { account_id: acct, symbol: 'AAPL', quantity: 1, cost_basis: 100 }
    assert.equal((await u.post('/api/brokers/manual/positions', position)).statusCode, 201)
    const before = json((await u.get('/api/screener/filters')).body).built_at
    clock.advance(120_000) // still the post-market of the 25th: its bars may move
    const refreshed = await u.post('/api/market/refresh')
    assert.equal(refreshed.statusCode, 200, refreshed.body)
    assert.equal(json(refreshed.body).updated, 1)
    await t.c.screener.snapshots.settled()
    const after = json((await u.get('/api/screener/filters')).body).built_at
    assert.notEqual(after, before)
    assert.equal(after, clock.now().toISOString())
  })
})
