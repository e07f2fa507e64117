import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../../platform/clock.ts'
import type { Bar } from '../market-data.port.ts'
import { SimulatedMarketData } from './simulated.ts'

const market = () => new SimulatedMarketData({ clock: fixedClock('2026-12-31T23:00:00Z') })
const dayOf = async (
  m: SimulatedMarketData,
  symbol: string,
  date: string,
  interval: '1m' | '5m' | '15m' | '1h',
  session: 'regular' | 'extended' = 'regular',
) =>
  // One New York day: pre-market opens ≥ 08:00Z, post-market closes ≤ 01:00Z the next day.
  m.bars(symbol, {
    interval,
    start: new Date(`${date}T05:00:00Z`),
    end: new Date(Date.parse(`${date}T04:00:00Z`) + 86_400_000),
    session,
  })
const minutes = (b: Bar) => (Date.parse(b.time) / 60_000) % 1440 // UTC minute of day (summer dates only)

describe('simulated intraday bars', () => {
  it('start at 09:30 ET (14:30Z in winter, 13:30Z in summer) and end at 16:00 ET', async () => {
    const m = market()
    const winter = await dayOf(m, 'AAPL', '2026-01-15', '1m')
    const summer = await dayOf(m, 'AAPL', '2026-06-15', '1m')
    assert.equal(winter[0]!.time, '2026-01-15T14:30:00.000Z')
    assert.equal(winter.at(-1)!.time, '2026-01-15T20:59:00.000Z')
    assert.equal(winter.length, 390)
    assert.equal(summer[0]!.time, '2026-06-15T13:30:00.000Z')
    assert.equal(summer.length, 390)
  })

  it('end at 13:00 ET on an early close, and do not exist on holidays or weekends', async () => {
    const m = market()
    const early = await dayOf(m, 'SPY', '2026-11-27', '1m')
    assert.equal(early.length, 210)
    assert.equal(early.at(-1)!.time, '2026-11-27T17:59:00.000Z') // 12:59 EST
    const ext = await dayOf(m, 'SPY', '2026-11-27', '1m', 'extended')
    assert.equal(ext.at(-1)!.time, '2026-11-27T21:59:00.000Z', 'post-market ends 17:00 ET')
    assert.deepEqual(await dayOf(m, 'SPY', '2026-04-03', '1m'), [])
    assert.deepEqual(await dayOf(m, 'SPY', '2026-11-26', '5m', 'extended'), [])
    assert.deepEqual(await dayOf(m, 'SPY', '2026-03-07', '1h'), [])
  })

  it('extended hours add 04:00–09:30 and 16:00–20:00 ET with much lower volume', async () => {
    const m = market()
    const ext = await dayOf(m, 'MSFT', '2026-06-15', '1m', 'extended')
    assert.equal(ext.length, 960)
    assert.equal(ext[0]!.time, '2026-06-15T08:00:00.000Z')
    assert.equal(ext.at(-1)!.time, '2026-06-15T23:59:00.000Z')
    const regular = ext.filter((b) => minutes(b) >= 13 * 60 + 30 && minutes(b) < 20 * 60)
    const outside = ext.filter((b) => !regular.includes(b))
    const avg = (xs: Bar[]) => xs.reduce((s, b) => s + b.volume, 0) / xs.length
    assert.ok(avg(outside) < avg(regular) / 5)
    assert.deepEqual(regular, await dayOf(m, 'MSFT', '2026-06-15', '1m'))
    assert.deepEqual(
      await dayOf(m, '^VIX', '2026-06-15', '1m', 'extended'),
      await dayOf(m, '^VIX', '2026-06-15', '1m'),
      'no extended hours for an index',
    )
  })

  it('aggregate exactly: 5m, 15m and 1h bars are the 1m bars combined', async () => {
    const m = market()
    const one = await dayOf(m, 'TSLA', '2026-05-12', '1m', 'extended')
    for (const [interval, size] of [
      ['5m', 5],
      ['15m', 15],
      ['1h', 60],
    ] as const) {
      const agg = await dayOf(m, 'TSLA', '2026-05-12', interval, 'extended')
      // Buckets restart at each session edge (04:00, 09:30, 16:00 ET).
      const edges = [8 * 60, 13 * 60 + 30, 20 * 60]
      const bucketOf = (b: Bar) => {
        const t = minutes(b)
        const edge = Math.max(...edges.filter((e) => e <= t))
        return `${edge}:${Math.floor((t - edge) / size)}`
      }
      const groups = new Map<string, Bar[]>()
      for (const b of one) groups.set(bucketOf(b), [...(groups.get(bucketOf(b)) ?? []), b])
      assert.equal(agg.length, groups.size, interval)
      for (const [i, g] of [...groups.values()].entries()) {
        const a = agg[i]!
        const volume = g.reduce((s, b) => s + b.volume, 0)
        assert.equal(a.time, g[0]!.time)
        assert.equal(a.open, g[0]!.open)
        assert.equal(a.close, g.at(-1)!.close)
        assert.equal(a.high, Math.max(...g.map((b) => b.high)))
        assert.equal(a.low, Math.min(...g.map((b) => b.low)))
        assert.equal(a.volume, volume)
        const vwap = g.reduce((s, b) => s + b.vwap! * b.volume, 0) / volume
        assert.ok(Math.abs(a.vwap! - vwap) < 1e-4, `${interval} vwap`)
      }
    }
  })

  it('agree with the daily bar: open, close, range and volume', async () => {
    const m = market()
    for (const [symbol, date] of [
      ['AAPL', '2026-02-03'],
      ['SQQQ', '2026-08-20'],
      ['XOM', '2026-11-27'],
      ['^VIX', '2026-10-05'],
    ] as const) {
      const [daily] = await m.bars(symbol, {
        interval: '1d',
        start: new Date(`${date}T00:00:00Z`),
        end: new Date(`${date}T12:00:00Z`),
      })
      const regular = await dayOf(m, symbol, date, '1m')
      const ext = await dayOf(m, symbol, date, '1m', 'extended')
      assert.equal(regular[0]!.open, daily!.open, symbol)
      assert.equal(regular.at(-1)!.close, daily!.close, symbol)
      assert.equal(Math.max(...ext.map((b) => b.high)), daily!.high, symbol)
      assert.equal(Math.min(...ext.map((b) => b.low)), daily!.low, symbol)
      assert.equal(
        ext.reduce((s, b) => s + b.volume, 0),
        daily!.volume,
        symbol,
      )
      for (const b of ext) {
        assert.ok(
          b.high >= Math.max(b.open, b.close) && b.low <= Math.min(b.open, b.close),
          `${symbol} ${b.time}`,
        )
        assert.ok(b.vwap === null || (b.vwap >= b.low - 1e-9 && b.vwap <= b.high + 1e-9))
      }
    }
  })

  it('carry a U-shaped volume profile: first and last 30 minutes beat the middle', async () => {
    const m = market()
    for (const date of ['2026-02-10', '2026-02-11', '2026-09-15']) {
      for (const symbol of ['AAPL', 'KO', 'SPY']) {
        const bars = await dayOf(m, symbol, date, '1m')
        const vol = (from: number, to: number) => bars.slice(from, to).reduce((s, b) => s + b.volume, 0)
        const middle = vol(180, 210)
        assert.ok(vol(0, 30) > middle && vol(360, 390) > middle, `${symbol} ${date}`)
      }
    }
  })

  it('exist today only up to the clock, finished bars only', async () => {
    const m = new SimulatedMarketData({ clock: fixedClock('2026-03-10T14:47:30Z') }) // 10:47:30 EDT
    const five = await m.bars('AMZN', { interval: '5m', limit: 1000 })
    assert.equal(five.at(-1)!.time, '2026-03-10T14:40:00.000Z')
    const hour = await m.bars('AMZN', { interval: '1h', limit: 1 })
    assert.equal(hour[0]!.time, '2026-03-10T13:30:00.000Z')
    const one = await m.bars('AMZN', { interval: '1m', limit: 3 })
    assert.deepEqual(
      one.map((b) => b.time),
      ['2026-03-10T14:44:00.000Z', '2026-03-10T14:45:00.000Z', '2026-03-10T14:46:00.000Z'],
    )
    const later = await market().bars('AMZN', {
      interval: '1m',
      start: new Date('2026-03-10T14:44:00Z'),
      end: new Date('2026-03-10T14:46:00Z'),
    })
    assert.deepEqual(one, later, 'the past does not change as the clock moves')
  })
})
