/** The trade cache alone: version keys, range cutting at both ends, and its bounds. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { SourceTrade } from './lib/select.ts'
import { RealizedTradeCache, type RealizedQuery } from './trade-cache.ts'

const trade = (id: number, sold_on: string): SourceTrade => ({
  id,
  symbol: 'X',
  quantity: 1,
  date_acquired: '2025-01-02',
  sold_on,
  proceeds: 1,
  cost_basis: 1,
  fees: 0,
  gain_loss: 0,
})

/** A portfolio of `dates` (one trade each, in order) per tenant, and a version the test moves. */
function fakeHoldings(dates: string[]) {
  const state = { version: 1, reads: 0 }
  const holdings = {
    version: async () => state.version,
    realizedBetween: async (tenantId: number, q: RealizedQuery) => {
      state.reads++
      return dates
        .map((d, i) => trade(tenantId * 1000 + i, d))
        .filter((t) => t.sold_on >= q.from && t.sold_on <= q.to)
    },
  }
  return { state, holdings }
}

const DATES = ['2025-01-02', '2025-01-03', '2025-01-03', '2025-01-06', '2025-01-07']
const ids = (ts: SourceTrade[]) => ts.map((t) => t.id % 1000)

describe('RealizedTradeCache', () => {
  it('answers a covered range from memory, cut by sale date with both ends included', async () => {
    const { state, holdings } = fakeHoldings(DATES)
    const cache = new RealizedTradeCache(holdings)
    assert.deepEqual(ids(await cache.read(1, { from: '2025-01-01', to: '2025-01-31' })), [0, 1, 2, 3, 4])
    assert.deepEqual(ids(await cache.read(1, { from: '2025-01-03', to: '2025-01-06' })), [1, 2, 3])
    assert.deepEqual(ids(await cache.read(1, { from: '2025-01-04', to: '2025-01-05' })), [])
    assert.deepEqual(ids(await cache.read(1, { from: '2025-01-07', to: '2025-01-07' })), [4])
    assert.equal(state.reads, 1)
    assert.deepEqual([cache.hits, cache.misses], [3, 1])
  })

  it('reads again when the version moves, the range is wider, or the tenant or account differs', async () => {
    const { state, holdings } = fakeHoldings(DATES)
    const cache = new RealizedTradeCache(holdings)
    const jan = { from: '2025-01-02', to: '2025-01-07' }
    await cache.read(1, jan)
    state.version++
    await cache.read(1, jan)
    await cache.read(1, { from: '2025-01-01', to: '2025-01-07' })
    const other = await cache.read(2, jan)
    assert.ok(
      other.every((t) => t.id >= 2000),
      "tenant 2's own trades",
    )
    await cache.read(1, { ...jan, accountId: 7 })
    assert.equal(state.reads, 5)
    await cache.read(1, jan)
    assert.equal(state.reads, 5, 'each key kept its own entry')
  })

  it('holds at most maxTrades trades: least recently used first, a read larger than all not at all', async () => {
    const { state, holdings } = fakeHoldings(DATES)
    const cache = new RealizedTradeCache(holdings, { maxTrades: 12 })
    const jan = { from: '2025-01-02', to: '2025-01-07' }
    await cache.read(1, jan)
    await cache.read(2, jan)
    assert.equal(cache.size, 10)
    await cache.read(3, jan) // evicts tenant 1's
    assert.equal(cache.size, 10)
    await cache.read(2, jan)
    assert.equal(state.reads, 3)
    await cache.read(1, jan)
    assert.equal(state.reads, 4)
    const tiny = new RealizedTradeCache(holdings, { maxTrades: 4 })
    await tiny.read(1, jan)
    await tiny.read(1, jan)
    assert.equal(tiny.size, 0)
    assert.equal(tiny.misses, 2)
  })

  it('concurrent reads of one key wait for one read; its failure reaches each of them', async () => {
    const { state, holdings } = fakeHoldings(DATES)
    const cache = new RealizedTradeCache(holdings)
    const jan = { from: '2025-01-02', to: '2025-01-07' }
    const [all, part] = await Promise.all([
      cache.read(1, jan),
      cache.read(1, { from: '2025-01-06', to: '2025-01-07' }),
    ])
    assert.equal(state.reads, 1)
    assert.deepEqual(
      [ids(all), ids(part)],
      [
        [0, 1, 2, 3, 4],
        [3, 4],
      ],
    )
    const failing = new RealizedTradeCache({
      version: async () => 1,
      realizedBetween: () => Promise.reject(new Error('no such account')),
    })
    const results = await Promise.allSettled([failing.read(1, jan), failing.read(1, jan)])
    assert.deepEqual(
      results.map((r) => r.status),
      ['rejected', 'rejected'],
    )
    assert.equal(failing.misses, 1)
  })
})
