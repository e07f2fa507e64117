import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../platform/clock.ts'
import { SimulatedMarketData } from './simulated.ts'

describe('simulated market quotes', () => {
  it('are deterministic: same symbol and New York date → same quote, across instances', async () => {
    const clock = fixedClock('2026-03-10T15:00:00Z')
    const a = await new SimulatedMarketData({ clock }).quotes(['AAPL', 'msft'])
    const b = await new SimulatedMarketData({ clock: fixedClock('2026-03-10T20:59:00Z') }).quotes([
      'MSFT',
      'AAPL',
    ])
    assert.deepEqual(
      a.map((q) => [q.symbol, q.last, q.previous_close]),
      b.map((q) => [q.symbol, q.last, q.previous_close]).reverse(),
    )
  })

  it('move from day to day, with a consistent previous close and change', async () => {
    const day1 = (
      await new SimulatedMarketData({ clock: fixedClock('2026-03-10T15:00:00Z') }).quotes(['SPY'])
    )[0]!
    const day2 = (
      await new SimulatedMarketData({ clock: fixedClock('2026-03-11T15:00:00Z') }).quotes(['SPY'])
    )[0]!
    assert.notEqual(day1.last, day2.last)
    assert.equal(day2.previous_close, day1.last)
    assert.equal(day2.change, Math.round((day2.last - day2.previous_close) * 100) / 100)
    assert.ok(day2.bid < day2.last && day2.last < day2.ask)
    assert.ok(Math.abs(day2.change_pct) < 15, 'a plausible daily move')
  })

  it('drop malformed symbols and duplicates', async () => {
    const q = await new SimulatedMarketData({ clock: fixedClock('2026-03-10T15:00:00Z') }).quotes([
      'AAPL',
      'aapl',
      '$$$',
      '',
    ])
    assert.deepEqual(
      q.map((x) => x.symbol),
      ['AAPL'],
    )
  })
})
