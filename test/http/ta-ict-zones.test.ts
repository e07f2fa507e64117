/** GET /api/ta/ict/zones/{symbol}, …/breakers, …/premium-discount: the ICT vectors through HTTP, 404/422/502. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { F1, liquiditySeries, S2 } from '../../src/modules/ta/ta-ict/lib/vectors.fixture.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { bearer, IctMarket } from './ta-ict-fixtures.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
const market = new IctMarket({ clock })
let t: TestApp
let u: Client
before(async () => {
  t = await buildTestApp({ clock, providers: { market } })
  u = await t.newTenant()
})
after(() => t.close())

Object.assign(market.series, { AAPL: S2, MSFT: F1, NVDA: liquiditySeries(), AMZN: S2.slice(0, 2) })
const get = async (path: string) => u.get(`/api/ta/ict/zones/${path}`, await bearer(t, u))
const ok = async (path: string) => {
  const res = await get(path)
  assert.equal(res.statusCode, 200, res.body)
  return json(res.body)
}
const close = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-6, `${a} ≉ ${b}`)

describe('GET /ict/zones/{symbol}', () => {
  it('F1 on 1h: the bearish FVG at 4 unmitigated, the bullish at 1 touched 4 / CE 5 / not filled (newest first)', async () => {
    const body = await ok('msft?timeframe=1h')
    assert.deepEqual(
      [body.symbol, body.timeframe, body.swing_lr, body.bars, body.fvg_total],
      ['MSFT', '1h', 2, 6, 2],
    )
    const [bear, bull] = body.fvgs
    assert.deepEqual(
      [bear.direction, bear.index, bear.top, bear.bottom, bear.state],
      ['bearish', 4, 103, 102.6, 'unmitigated'],
    )
    assert.deepEqual(
      [
        bull.direction,
        bull.index,
        bull.top,
        bull.bottom,
        bull.ce,
        bull.state,
        bull.touched.index,
        bull.ce_hit.index,
        bull.filled,
      ],
      ['bullish', 1, 102, 101, 101.5, 'partially', 4, 5, null],
    )
    assert.equal(bull.time, F1[1]!.time)
    assert.deepEqual(bull.evidence.candles[2], {
      index: 2,
      time: F1[2]!.time,
      open: 103.8,
      high: 105,
      low: 102,
      close: 104.5,
    })
  })
  it('S2 on 1h: bearish OB bar 9 [10.8, 11.3] from the break at 12; bullish OB bar 5 [9.4, 10.0] tapped 11, failed 12', async () => {
    const body = await ok('AAPL?timeframe=1h')
    assert.equal(body.order_block_total, 2)
    const [bear, bull] = body.order_blocks
    assert.deepEqual(
      [bear.direction, bear.index, bear.bottom, bear.top, bear.confirmed, bear.state],
      ['bearish', 9, 10.8, 11.3, 12, 'active'],
    )
    assert.deepEqual(
      [bull.direction, bull.index, bull.bottom, bull.top, bull.confirmed, bull.state],
      ['bullish', 5, 9.4, 10, 8, 'failed'],
    )
    assert.deepEqual(
      [bull.tapped.index, bull.tapped.low, bull.failed.index, bull.failed.low],
      [11, 9.9, 12, 9.3],
    )
    assert.deepEqual(
      [bull.evidence.swing.index, bull.evidence.swing.price, bull.evidence.break.index],
      [2, 10.8, 8],
    )
  })
  it('S2 on the default 1d (L = R = 3): swing 2 cannot be a pivot, so no bullish OB; the bearish one stays', async () => {
    const body = await ok('AAPL')
    assert.deepEqual([body.timeframe, body.swing_lr], ['1d', 3])
    assert.deepEqual(
      body.order_blocks.map((o: { direction: string; index: number }) => [o.direction, o.index]),
      [['bearish', 9]],
    )
  })
  it('counter-example and warm-up: two bars → no zones, as_of the last bar', async () => {
    const body = await ok('AMZN?timeframe=1h')
    assert.deepEqual([body.bars, body.fvgs, body.order_blocks, body.as_of], [2, [], [], S2[1]!.time])
  })
})

describe('GET /ict/zones/{symbol}/breakers', () => {
  it('S2 on 1h: OB [9.4, 10.0] is a bearish breaker from the close 9.35 at bar 12, valid', async () => {
    const body = await ok('AAPL/breakers?timeframe=1h')
    assert.deepEqual([body.total, body.valid], [1, 1])
    const b = body.breakers[0]
    assert.deepEqual(
      [b.direction, b.bottom, b.top, b.formed.index, b.formed.close, b.invalidated, b.order_block_index],
      ['bearish', 9.4, 10, 12, 9.35, null, 5],
    )
  })
  it('F1 has no order block, so no breaker', async () => {
    assert.deepEqual((await ok('MSFT/breakers?timeframe=1h')).breakers, [])
  })
})

describe('GET /ict/zones/{symbol}/premium-discount', () => {
  it('S2 on 1h: lo 9.4 / hi 11.3, EQ 10.35, OTE [9.799, 10.122], entries 10 and 11, last −0.026316 below', async () => {
    const d = (await ok('AAPL/premium-discount?timeframe=1h')).dealing_range
    assert.deepEqual([d.low.index, d.low.price, d.high.index, d.high.price, d.leg], [5, 9.4, 9, 11.3, 'up'])
    close(d.equilibrium, 10.35)
    close(d.ote.long.bottom, 9.799)
    close(d.ote.long.top, 10.122)
    close(d.ote.long.sweet, 9.9605)
    close(d.ote.long.fib_618, 10.1258)
    close(d.ote.short.bottom, 10.578)
    close(d.ote.short.top, 10.901)
    assert.deepEqual(
      d.ote_entries.map((b: { index: number }) => b.index),
      [10, 11],
    )
    close(d.bars_since_range[0].position, 0.473684)
    close(d.bars_since_range[1].position, 0.315789)
    close(d.last.position, -0.026316)
    assert.deepEqual([d.last.zone, d.last.outside], ['discount', 'below'])
  })
  it('killzones on 1h in New York time (EST in March before the 8th): 15:00Z = 10:00 ET, the last bar 02:00Z = 21:00 ET', async () => {
    const k = (await ok('AAPL/premium-discount?timeframe=1h')).killzones
    assert.equal(k.timezone, 'America/New_York')
    assert.deepEqual(k.current, { index: 12, time: S2[12]!.time, killzones: ['asian'] })
    assert.deepEqual(k.bars[0].killzones, []) // 09:00 ET
    // 10:00 ET: New York AM (09:30–11:00), London close and the AM silver bullet overlap
    assert.deepEqual(k.bars[1].killzones, ['new_york_am', 'london_close', 'silver_bullet_am'])
  })
  it('liquidity on 1h: pip 0.05, one buy-side pool at 50.02 of bars 3, 9, 22, sweep level 50.05, not swept', async () => {
    const body = await ok('NVDA/premium-discount?timeframe=1h')
    close(body.liquidity.pip, 0.05)
    assert.equal(body.liquidity.total, 1)
    const p = body.liquidity.pools[0]
    assert.deepEqual(
      p.members.map((m: { index: number }) => m.index),
      [3, 9, 22],
    )
    close(p.level, 50.02)
    close(p.sweep_level, 50.05)
    assert.deepEqual([p.kind, p.side, p.swept], ['equal_highs', 'buy_side', null])
  })
  it('daily: no killzones; too few bars: no dealing range', async () => {
    assert.equal((await ok('AAPL/premium-discount')).killzones, null)
    assert.equal((await ok('AMZN/premium-discount?timeframe=1h')).dealing_range, null)
  })
})

describe('ICT zones: refusals', () => {
  it('unknown symbol → 404 market.unknown_symbol on every operation', async () => {
    for (const p of ['ZZZZ', 'ZZZZ/breakers', 'ZZZZ/premium-discount']) {
      const res = await get(p)
      assert.equal(res.statusCode, 404, p)
      assert.equal(json(res.body).code, 'market.unknown_symbol')
    }
  })
  it('a bad timeframe → 422 naming it; a bad symbol → 422; no token → 401', async () => {
    const res = await get('AAPL?timeframe=4h')
    assert.equal(res.statusCode, 422)
    assert.match(res.body, /timeframe/)
    assert.equal((await get('AA%0APL/breakers')).statusCode, 422)
    assert.equal((await t.anon.get('/api/ta/ict/zones/AAPL')).statusCode, 401)
  })
  it('market data failing → the platform’s 502 upstream.<kind>, never a 500', async () => {
    market.failing.add('AAPL')
    try {
      const res = await get('AAPL/premium-discount')
      assert.equal(res.statusCode, 502)
      assert.equal(json(res.body).code, 'upstream.server')
    } finally {
      market.failing.delete('AAPL')
    }
  })
})
