/**
 * The trade cache alone, over a fake portfolio (trade-cache.fixture.ts): answers equal a fresh whole
 * read after any write, with one whole read per key; the merge of changes against a from-scratch read.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { RealizedTrade, TradeChange } from '../../../src/modules/portfolio/index.ts'
import {
  applyChanges,
  RealizedTradeCache,
} from '../../../src/modules/trading-intel/backtest/trade-cache.service.ts'
import { bySale, DATES, fakePortfolio, ids, JAN, meteredCache, trade } from '../../helpers/trade-cache.ts'

describe('RealizedTradeCache', () => {
  it('answers a covered range from memory, cut by sale date with both ends included', async () => {
    const { state, holdings } = fakePortfolio(DATES)
    const { cache, counts } = meteredCache(holdings, undefined)
    assert.deepEqual(ids(await cache.read(1, { from: '2025-01-01', to: '2025-01-31' })), [0, 1, 2, 3, 4])
    assert.deepEqual(ids(await cache.read(1, { from: '2025-01-03', to: '2025-01-06' })), [1, 2, 3])
    assert.deepEqual(ids(await cache.read(1, { from: '2025-01-04', to: '2025-01-05' })), [])
    assert.deepEqual(ids(await cache.read(1, { from: '2025-01-07', to: '2025-01-07' })), [4])
    assert.deepEqual([state.whole, state.since], [1, 3])
    const c = await counts()
    assert.deepEqual([c.hits, c.refreshed, c.misses], [3, 0, 1])
  })

  it('after writes (add, edit moving the sale date, soft delete, undelete) answers as a whole read, reading only the changes', async () => {
    const p = fakePortfolio(DATES)
    const { cache, counts } = meteredCache(p.holdings, undefined)
    await cache.read(1, JAN)
    p.write(1, 1, trade(1005, '2025-01-04', 9)) // added between two others
    p.write(1, 1, trade(1000, '2025-01-07', 5)) // edited: now the last sale
    p.write(1, 1, trade(1003, '2025-01-06'), false) // soft-deleted
    p.write(1, 1, trade(1006, '2025-02-01')) // outside the entry's range
    p.write(2, 1, trade(2007, '2025-01-05')) // another tenant's
    const after = await cache.read(1, JAN)
    assert.deepEqual(ids(after), [1, 2, 5, 0, 4]) // 0 before 4: same day, lower id
    assert.deepEqual(after, p.wholeRead(1, JAN))
    assert.equal(after.find((t) => t.id === 1000)!.gain_loss, 5, 'the edited row, not the one held')
    p.write(1, 1, trade(1003, '2025-01-06')) // undeleted
    assert.deepEqual(await cache.read(1, JAN), p.wholeRead(1, JAN))
    assert.deepEqual(await cache.read(1, JAN), p.wholeRead(1, JAN), 'nothing since: the same')
    const c = await counts()
    assert.deepEqual([p.state.whole, c.hits, c.refreshed, c.misses], [1, 3, 2, 1])
  })

  it('reads whole after a hard delete, for a wider range, and per tenant; an account from the held all-accounts entry', async () => {
    const p = fakePortfolio(DATES)
    const cache = new RealizedTradeCache(p.holdings, undefined)
    await cache.read(1, JAN)
    p.purge(1, 1002)
    assert.deepEqual(ids(await cache.read(1, JAN)), [0, 1, 3, 4])
    assert.equal(p.state.whole, 2)
    await cache.read(1, { from: '2025-01-01', to: '2025-01-07' })
    assert.equal(p.state.whole, 3)
    const other = await cache.read(2, JAN)
    assert.ok(
      other.every((t) => t.id >= 2000 && t.id < 3000),
      "tenant 2's own trades",
    )
    assert.equal(p.state.whole, 4)
    assert.deepEqual(ids(await cache.read(1, { ...JAN, accountId: 1 })), [0, 1, 3, 4])
    assert.equal(p.state.whole, 4, "account 1's trades taken from tenant 1's all-accounts entry")
    // A trade moved to account 7, and one added there: account 1's entry loses the first only.
    p.write(1, 7, trade(1001, '2025-01-03'))
    p.write(1, 7, trade(1008, '2025-01-05'))
    assert.deepEqual(ids(await cache.read(1, { ...JAN, accountId: 1 })), [0, 3, 4])
    assert.deepEqual(
      ids(await cache.read(1, { ...JAN, accountId: 7 })),
      [1, 8],
      'account 7 from all, as it is now',
    )
    assert.deepEqual(ids(await cache.read(1, { from: '2025-01-01', to: '2025-01-07' })), [0, 1, 8, 3, 4])
    assert.equal(p.state.whole, 4, 'each key kept its own entry')
  })

  it('holds at most maxTrades trades: least recently used first, a read larger than all not at all', async () => {
    const { state, holdings } = fakePortfolio(DATES)
    const { cache, counts } = meteredCache(holdings, undefined, { maxTrades: 12 })
    await cache.read(1, JAN)
    await cache.read(2, JAN)
    assert.equal((await counts()).held, 10)
    await cache.read(3, JAN) // evicts tenant 1's
    assert.equal((await counts()).held, 10)
    await cache.read(2, JAN)
    assert.equal(state.whole, 3)
    await cache.read(1, JAN)
    assert.equal(state.whole, 4)
    const tiny = meteredCache(holdings, undefined, { maxTrades: 4 })
    await tiny.cache.read(1, JAN)
    await tiny.cache.read(1, JAN)
    assert.equal((await tiny.counts()).held, 0)
    assert.equal((await tiny.counts()).misses, 2)
  })

  it('concurrent reads of one key wait for one whole read, then see a write made during it; its failure reaches each', async () => {
    const p = fakePortfolio(DATES)
    let release = () => {}
    const gate = new Promise<void>((r) => (release = r))
    const cache = new RealizedTradeCache(
      {
        ...p.holdings,
        realizedBetween: async (tenantId, q) => {
          const read = await p.holdings.realizedBetween(tenantId, q)
          await gate // the read's snapshot is taken; a write commits before it answers
          return read
        },
      },
      undefined,
    )
    const first = cache.read(1, JAN)
    const second = cache.read(1, { from: '2025-01-06', to: '2025-01-07' })
    await new Promise((r) => setImmediate(r)) // the whole read has its snapshot
    p.write(1, 1, trade(1009, '2025-01-07'))
    release()
    const [all, part] = await Promise.all([first, second])
    assert.equal(p.state.whole, 1)
    assert.deepEqual(
      [ids(all), ids(part)],
      [
        [0, 1, 2, 3, 4],
        [3, 4, 9],
      ],
    )
    assert.deepEqual(ids(await cache.read(1, JAN)), [0, 1, 2, 3, 4, 9])
    const failing = meteredCache(
      { ...p.holdings, realizedBetween: () => Promise.reject(new Error('no such account')) },
      undefined,
    )
    const results = await Promise.allSettled([failing.cache.read(1, JAN), failing.cache.read(1, JAN)])
    assert.deepEqual(
      results.map((r) => r.status),
      ['rejected', 'rejected'],
    )
    assert.equal((await failing.counts()).misses, 1)
  })
})

describe('applyChanges', () => {
  it('equals filtering and sorting from scratch, over 300 random entries and change sets', () => {
    let seed = 7
    const random = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % n
    const day = () => `2025-01-${String(1 + random(9)).padStart(2, '0')}`
    for (let round = 0; round < 300; round++) {
      const rows = new Map<number, { account: number; t: RealizedTrade }>()
      for (let i = 0; i < random(30); i++) {
        const account = 1 + random(2)
        rows.set(i, { account, t: trade(i, day(), 0, account) })
      }
      const entry = {
        from: '2025-01-03',
        to: '2025-01-07',
        mark: { snapshot: '0', purges: 0 },
        trades: [...rows.values()]
          .filter((r) => r.account === 1)
          .map((r) => r.t)
          .filter((t) => t.sold_on >= '2025-01-03' && t.sold_on <= '2025-01-07')
          .sort(bySale),
      }
      const changes: TradeChange[] = []
      for (let i = 0; i < random(12); i++) {
        const id = random(40)
        const live = random(4) > 0
        const account_id = 1 + random(2)
        const c = { id, account_id, live, trade: live ? trade(id, day(), 0, account_id) : undefined }
        changes.push(c)
        if (live) rows.set(id, { account: c.account_id, t: c.trade! })
        else rows.delete(id)
      }
      // One change per id, as realizedSince answers (a row as it is now).
      const last = [...new Map(changes.map((c) => [c.id, c])).values()]
      const expected = [...rows.values()]
        .filter((r) => r.account === 1 && r.t.sold_on >= entry.from && r.t.sold_on <= entry.to)
        .map((r) => r.t)
        .sort(bySale)
      assert.deepEqual(applyChanges(entry, last, 1), expected, `round ${round}`)
    }
  })
})
