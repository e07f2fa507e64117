/**
 * Volume leaders over a provider that reads many symbols per request (`barsMany`, as Alpaca's
 * symbol lists): the list is the same as one symbol at a time, in a handful of requests instead
 * of one per symbol and day.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createMemoryCache } from '../../../platform/cache/index.ts'
import { fixedClock } from '../../../platform/clock.ts'
import {
  barsOfMany,
  SimulatedMarketData,
  type MarketDataProvider,
} from '../../../providers/market-data/index.ts'
import { VolumeLeadersService } from './volume-leaders.service.ts'

// Wednesday 2026-11-18, 11:00 in New York: a regular session.
const clock = fixedClock('2026-11-18T16:00:00Z')
const sim = new SimulatedMarketData({ clock })

/** The simulated market cut to 40 instruments, with or without a batch call; counts requests. */
function market(batch: boolean) {
  const calls = { bars: 0, barsMany: 0 }
  const m: MarketDataProvider = {
    name: 'test',
    quotes: (s) => sim.quotes(s),
    bars: (s, q) => (calls.bars++, sim.bars(s, q)),
    optionChain: (s, q) => sim.optionChain(s, q),
    instrument: (s) => sim.instrument(s),
    universe: async () => (await sim.universe()).slice(0, 40),
    ...(batch ? { barsMany: (s, q) => (calls.barsMany++, barsOfMany(sim, s, q)) } : {}),
  }
  return { m, calls }
}

const service = (m: MarketDataProvider) =>
  new VolumeLeadersService({ market: m, cache: createMemoryCache(), clock })

describe('volume leaders over a batch provider', () => {
  it('the same list as one symbol at a time, in one request per session read', async () => {
    const one = market(false)
    const many = market(true)
    const a = service(one.m)
    const b = service(many.m)
    const q = { window_minutes: 30, page_size: 100 } as const
    assert.deepEqual(await b.leaders(q), await a.leaders(q))
    assert.ok(one.calls.bars >= 40 * 6, `${one.calls.bars} single-symbol reads`)
    assert.equal(many.calls.bars, 0)
    assert.equal(many.calls.barsMany, 6, "today's window and five past sessions")
    clock.advance(60_000)
    try {
      assert.deepEqual(await b.leaders(q), await a.leaders(q))
      assert.equal(many.calls.barsMany, 7, 'a new minute: one more request')
    } finally {
      clock.set('2026-11-18T16:00:00Z')
    }
  })
})
