import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../platform/clock.ts'
import type { Instrument, Quote } from './market-data.port.ts'
import { moversOf } from './movers.ts'
import { SimulatedMarketData } from './simulator/simulated.ts'

const quote = (symbol: string, change_pct: number, volume: number): Quote => ({
  symbol,
  last: 100,
  bid: 99.9,
  ask: 100.1,
  volume,
  previous_close: 100,
  change: change_pct,
  change_pct,
  delayed: false,
  as_of: '2026-03-10T15:00:00.000Z',
})
const inst = (symbol: string, type: Instrument['type'] = 'stock') => ({ symbol, type }) as Instrument

describe('moversOf', () => {
  it('top gainers, losers and most active; flat and index symbols are in none of the price lists', async () => {
    const quotes = [
      quote('A', 3, 10),
      quote('B', -1, 50),
      quote('C', 5, 20),
      quote('D', 0, 90),
      quote('E', -4, 30),
      quote('F', 3, 40),
      quote('^X', 9, 0),
    ]
    const asked: string[][] = []
    const m = await moversOf(
      {
        universe: async () => [...quotes.slice(0, 6).map((q) => inst(q.symbol)), inst('^X', 'index')],
        quotes: async (s) => (asked.push(s), quotes.filter((q) => s.includes(q.symbol))),
      },
      2,
    )
    assert.deepEqual(asked, [['A', 'B', 'C', 'D', 'E', 'F']], 'indices are not asked for')
    assert.deepEqual(
      m.gainers.map((q) => q.symbol),
      ['C', 'A'],
      'A and F tie at +3%: symbol order',
    )
    assert.deepEqual(
      m.losers.map((q) => q.symbol),
      ['E', 'B'],
    )
    assert.deepEqual(
      m.most_active.map((q) => q.symbol),
      ['D', 'B'],
    )
  })

  it('over the simulated universe, in session, and refuses a bad top', async () => {
    const market = new SimulatedMarketData({ clock: fixedClock('2026-03-10T17:00:00Z') })
    const m = await moversOf(market, 5)
    assert.equal(m.gainers.length, 5)
    assert.equal(m.losers.length, 5)
    assert.ok(
      m.gainers.every(
        (q, i) => q.change_pct > 0 && (i === 0 || m.gainers[i - 1]!.change_pct >= q.change_pct),
      ),
    )
    assert.ok(
      m.losers.every((q, i) => q.change_pct < 0 && (i === 0 || m.losers[i - 1]!.change_pct <= q.change_pct)),
    )
    assert.ok(m.most_active.every((q, i) => i === 0 || m.most_active[i - 1]!.volume >= q.volume))
    await assert.rejects(moversOf(market, 0), RangeError)
  })
})
