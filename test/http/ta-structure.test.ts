/** GET /api/ta/structure/{symbol} and …/events: the structure vectors over HTTP, validation, 404, 502. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { S2_BARS } from '../../src/modules/ta/ta-structure/lib/s2.fixture.ts'
import { zigzag } from '../../src/modules/ta/ta-structure/lib/zigzag.fixture.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { StructureMarket } from './ta-structure-fixtures.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
const market = new StructureMarket({ clock })
market.set('AAPL', '1h', S2_BARS) // intraday: L = R = 2, the structure vector's setting
market.set('AAPL', '1d', zigzag(60, 0.1))
market.set('MSFT', '1d', zigzag(60, -0.1))
let t: TestApp
let u: Client
before(async () => {
  t = await buildTestApp({ clock, providers: { market } })
  u = await t.newTenant()
})
after(() => t.close())

const get = async (path: string) => {
  const res = await u.get(`/api/ta/structure/${path}`)
  return { status: res.statusCode, body: json(res.body) }
}

describe('GET /api/ta/structure/{symbol}', () => {
  it('S2 on 1h (L = R = 2): swings 2, 5, 9; BOS bullish at 8, CHoCH bearish at 12; the unbroken high at 9', async () => {
    const { status, body } = await get('aapl?timeframe=1h')
    assert.equal(status, 200, JSON.stringify(body))
    assert.deepEqual(
      [body.symbol, body.timeframe, body.bars, body.left, body.right],
      ['AAPL', '1h', 13, 2, 2],
    )
    assert.deepEqual(
      body.swings.map((s: { kind: string; bar: { index: number }; price: number; label: string }) => [
        s.kind,
        s.bar.index,
        s.price,
        s.label,
      ]),
      [
        ['high', 2, 10.8, null],
        ['low', 5, 9.4, null],
        ['high', 9, 11.3, 'HH'],
      ],
    )
    assert.equal(body.trend, 'ranging')
    assert.equal(body.break_trend, 'bearish')
    assert.deepEqual(
      [body.last_bos.type, body.last_bos.direction, body.last_bos.bar.index],
      ['bos', 'bullish', 8],
    )
    assert.deepEqual(body.last_bos.bar, {
      index: 8,
      time: S2_BARS[8]!.time,
      open: 10.6,
      high: 11.1,
      low: 10.5,
      close: 11,
    })
    assert.deepEqual(
      [body.last_bos.level.bar.index, body.last_bos.level.price, body.last_bos.prior_trend],
      [2, 10.8, null],
    )
    assert.deepEqual(
      [
        body.last_choch.direction,
        body.last_choch.bar.index,
        body.last_choch.bar.close,
        body.last_choch.level.price,
      ],
      ['bearish', 12, 9.35, 9.4],
    )
    assert.equal(body.last_choch.prior_trend, 'bullish')
    assert.equal(body.levels.resistance.bar.index, 9)
    assert.equal(body.levels.resistance.confirmed.index, 11)
    assert.equal(body.levels.support, null)
    assert.equal(body.event_count, 2)
  })

  it('the default timeframe is 1d (L = R = 3): a rising zigzag is bullish, a falling one bearish', async () => {
    const up = await get('AAPL')
    assert.equal(up.status, 200)
    assert.deepEqual(
      [up.body.timeframe, up.body.left, up.body.bars, up.body.trend, up.body.trend_sign],
      ['1d', 3, 60, 'bullish', 1],
    )
    assert.deepEqual([up.body.last_high.label, up.body.last_low.label], ['HH', 'HL'])
    assert.equal(up.body.last_bos.bar.index, 53)
    assert.equal(up.body.last_choch, null)
    const down = await get('MSFT?timeframe=1d')
    assert.deepEqual(
      [down.body.trend, down.body.trend_sign, down.body.last_bos.direction],
      ['bearish', -1, 'bearish'],
    )
  })

  it('1w reads the daily bars as Monday-based weeks (L = R = 3)', async () => {
    const { status, body } = await get('AAPL?timeframe=1w')
    assert.equal(status, 200)
    // 60 calendar days from Monday 2026-01-05: 9 weeks (the last one partial).
    assert.deepEqual([body.timeframe, body.left, body.bars], ['1w', 3, 9])
    assert.equal(body.as_of, '2026-03-02T05:00:00.000Z')
  })

  it('a symbol without bars: 200, no swings, ranging, nulls', async () => {
    const { status, body } = await get('NVDA?timeframe=5m')
    assert.equal(status, 200)
    assert.deepEqual(
      [body.bars, body.swings, body.trend, body.as_of, body.last_bos],
      [0, [], 'ranging', null, null],
    )
  })

  it('unknown symbol → 404 market.unknown_symbol; bad symbol, timeframe → 422 naming the field', async () => {
    const unknown = await get('ZZZZQ')
    assert.equal(unknown.status, 404)
    assert.equal(unknown.body.code, 'market.unknown_symbol')
    const tf = await get('AAPL?timeframe=4h')
    assert.equal(tf.status, 422)
    assert.match(JSON.stringify(tf.body), /timeframe/)
    assert.equal((await get('A%24B')).status, 422)
    assert.equal((await t.anon.get('/api/ta/structure/AAPL')).statusCode, 401)
  })

  it('market data failing → the platform’s 502 upstream.<kind>, never a 500', async () => {
    market.failing.add('1d')
    try {
      const { status, body } = await get('AAPL')
      assert.equal(status, 502)
      assert.equal(body.code, 'upstream.server')
    } finally {
      market.failing.delete('1d')
    }
  })
})

describe('GET /api/ta/structure/{symbol}/events', () => {
  it('newest first with level, breaking bar and prior trend; limit bounds them', async () => {
    const { status, body } = await get('AAPL/events?timeframe=1h')
    assert.equal(status, 200)
    assert.deepEqual([body.total, body.limit, body.swing_length], [2, 20, 2])
    assert.deepEqual(
      body.items.map(
        (e: { type: string; direction: string; bar: { index: number }; prior_trend: string }) => [
          e.type,
          e.direction,
          e.bar.index,
          e.prior_trend,
        ],
      ),
      [
        ['choch', 'bearish', 12, 'bullish'],
        ['bos', 'bullish', 8, null],
      ],
    )
    const one = await get('AAPL/events?timeframe=1h&limit=1')
    assert.deepEqual([one.body.total, one.body.items.length, one.body.items[0].type], [2, 1, 'choch'])
    const daily = await get('AAPL/events')
    assert.deepEqual(
      daily.body.items.map((e: { bar: { index: number } }) => e.bar.index),
      [53, 41, 29, 17],
    )
  })

  it('limit outside 1..100 or not an integer → 422; unknown symbol → 404', async () => {
    for (const q of ['limit=0', 'limit=101', 'limit=x', 'timeframe=1M'])
      assert.equal((await get(`AAPL/events?${q}`)).status, 422, q)
    assert.equal((await get('ZZZZQ/events')).status, 404)
  })
})
