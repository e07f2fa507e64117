/**
 * The trade cache with packed values (trade-packs.ts), over the fakes of trade-cache.fixture.ts: a
 * process's first run starts from a value and the changes since it; `prepare` (the pack job) keeps
 * the tenant's all-accounts value up to date.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  ALL_DATES,
  RealizedTradeCache,
  REPACK_AFTER_CHANGES,
} from '../../../src/modules/trading-intel/backtest/trade-cache.service.ts'
import { DATES, fakePacks, fakePortfolio, ids, JAN, meteredCache, trade } from '../../helpers/trade-cache.ts'

describe('RealizedTradeCache with packed values', () => {
  it("a process's first run reads the packed value and the changes since it, not every trade", async () => {
    const p = fakePortfolio(DATES)
    const { packs, values } = fakePacks()
    await new RealizedTradeCache(p.holdings, packs).read(1, JAN)
    assert.deepEqual([p.state.whole, packs.writes, [...values.keys()]], [1, 1, ['1:*']])
    p.write(1, 1, trade(1007, '2025-01-05', 3)) // after the value was written
    const other = meteredCache(p.holdings, packs) // another process, or a restart
    const got = await other.cache.read(1, { from: '2025-01-03', to: '2025-01-07' })
    assert.deepEqual(got, p.wholeRead(1, { from: '2025-01-03', to: '2025-01-07' }))
    const c = await other.counts()
    assert.deepEqual([p.state.whole, c.whole, c.misses, c.refreshed], [1, 0, 1, 1])
    assert.equal(packs.writes, 1, 'one change: not written again')
    await other.cache.read(1, JAN)
    assert.equal((await other.counts()).hits, 1, 'then held in memory')
  })

  it("reads whole when the value is narrower, after a hard delete, and for another tenant; an account from all accounts' value", async () => {
    const p = fakePortfolio(DATES)
    const { packs } = fakePacks()
    await new RealizedTradeCache(p.holdings, packs).read(1, { from: '2025-01-03', to: '2025-01-07' })
    await new RealizedTradeCache(p.holdings, packs).read(1, JAN)
    assert.equal(p.state.whole, 2, 'wider than the value')
    p.purge(1, 1004)
    const after = await new RealizedTradeCache(p.holdings, packs).read(1, JAN)
    assert.deepEqual(ids(after), [0, 1, 2, 3])
    assert.equal(p.state.whole, 3, 'a hard delete since the value')
    p.write(1, 2, trade(1009, '2025-01-06'))
    const account = new RealizedTradeCache(p.holdings, packs)
    assert.deepEqual(ids(await account.read(1, { ...JAN, accountId: 1 })), [0, 1, 2, 3])
    assert.deepEqual(ids(await account.read(1, { ...JAN, accountId: 2 })), [9])
    assert.equal(p.state.whole, 3, "each account taken from the tenant's all-accounts value")
    await new RealizedTradeCache(p.holdings, packs).read(2, JAN)
    assert.equal(p.state.whole, 4, "another tenant's")
    assert.equal(packs.writes, 4)
  })

  it('prepare packs every sale date of the tenant: read, then refreshed or current, read again after a hard delete', async () => {
    const p = fakePortfolio([...DATES, '2031-05-05'])
    const { packs, values } = fakePacks()
    const job = new RealizedTradeCache(p.holdings, packs)
    assert.equal(await job.prepare(1), 'read')
    assert.deepEqual([values.get('1:*')!.from, values.get('1:*')!.to], [ALL_DATES.from, ALL_DATES.to])
    assert.equal(values.get('1:*')!.trades.length, 6)
    const run = meteredCache(p.holdings, packs)
    assert.deepEqual(
      await run.cache.read(1, { from: '2020-01-01', to: '2040-01-01' }),
      p.wholeRead(1, ALL_DATES),
    )
    assert.deepEqual([p.state.whole, (await run.counts()).whole], [1, 0])
    assert.equal(await job.prepare(1), 'current')
    p.write(1, 1, trade(1010, '2025-01-04'))
    assert.equal(await job.prepare(1), 'refreshed')
    assert.deepEqual(values.get('1:*')!.trades, p.wholeRead(1, ALL_DATES))
    p.purge(1, 1000)
    assert.equal(await job.prepare(1), 'read')
    assert.deepEqual(values.get('1:*')!.trades, p.wholeRead(1, ALL_DATES))
    assert.deepEqual([p.state.whole, packs.writes], [2, 3])
  })

  it(`writes the value again when unpacking applied more than ${REPACK_AFTER_CHANGES} changes`, async () => {
    const p = fakePortfolio(DATES)
    const { packs, values } = fakePacks()
    await new RealizedTradeCache(p.holdings, packs).read(1, JAN)
    for (let i = 0; i <= REPACK_AFTER_CHANGES; i++) p.write(1, 1, trade(1100 + i, '2025-01-06'))
    const got = await new RealizedTradeCache(p.holdings, packs).read(1, JAN)
    assert.equal(got.length, DATES.length + REPACK_AFTER_CHANGES + 1)
    assert.deepEqual([p.state.whole, packs.writes], [1, 2])
    assert.equal(values.get('1:*')!.trades.length, got.length)
  })
})
