/**
 * The simulated sessions look like a market's: a half day trades less than a full one (its
 * minutes, at a holiday's pace), and a day's move is spread over the session rather than landed
 * in its last minutes.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../../platform/clock.ts'
import { indexOfDate, simDays } from './calendar.ts'
import { SimulatedMarketData } from './simulated.ts'
import { UNIVERSE } from './universe.ts'

const market = new SimulatedMarketData({ clock: fixedClock('2030-12-31T23:00:00Z') })
const days = simDays()
// Every eighth traded symbol: stocks of each sector, funds and leveraged products.
const traded = UNIVERSE.filter((u) => u.type !== 'index')
  .map((u) => u.symbol)
  .filter((_, k) => k % 8 === 0)
/** Daily volumes of a symbol by table index (index 0 has no bar). */
async function volumes(symbol: string): Promise<number[]> {
  const bars = await market.bars(symbol, {
    interval: '1d',
    start: new Date(`${days[1]!.date}T00:00:00Z`),
    end: new Date(`${days.at(-1)!.date}T23:00:00Z`),
  })
  assert.equal(bars.length, days.length - 1)
  return [0, ...bars.map((b) => b.volume)]
}

describe('simulated session volume', () => {
  it('every early close trades less than the mean of the 20 full sessions before it, about half', async () => {
    const ratios: number[] = []
    const over: string[] = []
    for (const symbol of traded) {
      const v = await volumes(symbol)
      for (let i = 30; i < days.length; i++) {
        if (!days[i]!.earlyClose) continue
        const full: number[] = []
        for (let j = i - 1; full.length < 20; j--) if (!days[j]!.earlyClose) full.push(v[j]!)
        const ratio = v[i]! / (full.reduce((s, x) => s + x, 0) / full.length)
        ratios.push(ratio)
        if (ratio >= 1) over.push(`${symbol} ${days[i]!.date}: ${ratio.toFixed(2)}`)
      }
    }
    assert.ok(ratios.length > 2_000)
    assert.deepEqual(over.slice(0, 5), [])
    const mean = ratios.reduce((s, r) => s + r, 0) / ratios.length
    assert.ok(mean > 0.3 && mean < 0.7, `mean half-day share ${mean}`)
  })

  it("a half day's minutes trade at about a full day's pace for the same time of day", () => {
    // The morning hour of the day after Thanksgiving against the five sessions before it.
    const half = indexOfDate('2026-11-27')
    for (const symbol of ['AAPL', 'KO', 'SPY', 'JPM']) {
      const firstHour = (i: number) => {
        const d = market.day(symbol, i)
        let v = 0
        for (let k = d.nPre; k < d.nPre + 60; k++) v += d.v[k]!
        return v / d.v.reduce((s, x) => s + x, 0)
      }
      const full = [1, 2, 3, 4, 5].map((k) => firstHour(half - k))
      const fullShare = full.reduce((s, x) => s + x, 0) / full.length
      // A shorter day puts a larger share of its volume into the opening hour (~1.6× for 210 of 390 minutes).
      const ratio = firstHour(half) / fullShare
      assert.ok(ratio > 1.3 && ratio < 2, `${symbol}: opening-hour share ratio ${ratio}`)
    }
  })
})

describe('simulated intraday path', () => {
  it("lands a small share of the day's range in its last ten minutes, on average and almost always", () => {
    const first = indexOfDate('2024-01-02')
    const shares: number[] = []
    for (const symbol of ['AAPL', 'NVDA', 'JPM', 'KO', 'XOM', 'TSLA', 'SPY', 'AMD'])
      for (let i = first; i < first + 150; i++) {
        const d = market.day(symbol, i)
        const end = d.nPre + d.nReg
        let high = -Infinity
        let low = Infinity
        for (let k = d.nPre; k < end; k++) {
          high = Math.max(high, d.h[k]!)
          low = Math.min(low, d.l[k]!)
        }
        if (high > low) shares.push(Math.abs(d.c[end - 1]! - d.c[end - 11]!) / (high - low))
      }
    // A random walk moves sqrt(10/390) ≈ 0.16 of a day's typical excursion in ten minutes, and its
    // range is about 1.7 such excursions: about 0.08 of the range on average.
    const mean = shares.reduce((s, x) => s + x, 0) / shares.length
    assert.ok(mean < 0.12, `mean share of the range in the last 10 minutes: ${mean}`)
    const big = shares.filter((x) => x > 0.5).length / shares.length
    assert.ok(big < 0.01, `days moving half their range in the last 10 minutes: ${big}`)
  })
})
