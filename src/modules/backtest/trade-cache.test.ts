/**
 * The trade cache alone, over a fake portfolio that keeps the contract of `realizedBetween` and
 * `realizedSince` (every write stamped; a mark sees the stamps up to its own; a hard delete moves
 * `purges`): answers equal a fresh whole read after any write, with one whole read per key.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { RealizedTrade, TradeChange, TradeMark } from '../portfolio/index.ts'
import {
  ALL_DATES,
  applyChanges,
  RealizedTradeCache,
  REPACK_AFTER_CHANGES,
  type RealizedQuery,
} from './trade-cache.ts'
import type { PackedTrades } from './trade-packs.ts'

interface Row {
  tenant: number
  account: number
  trade: RealizedTrade
  live: boolean
  stamp: number
}

const trade = (id: number, sold_on: string, gain_loss = 0, account_id = 1): RealizedTrade => ({
  id,
  account_id,
  symbol: 'X',
  quantity: 1,
  date_acquired: '2025-01-02',
  sold_on,
  proceeds: 1,
  cost_basis: 1,
  fees: 0,
  gain_loss,
})

const bySale = (a: RealizedTrade, b: RealizedTrade) => a.sold_on.localeCompare(b.sold_on) || a.id - b.id

/** A portfolio: `dates` (one trade each, account 1) per tenant; writes stamp rows with a counter. */
function fakePortfolio(dates: string[]) {
  const rows: Row[] = []
  const state = { stamp: 0, purges: 0, whole: 0, since: 0 }
  const mark = (): TradeMark => ({ snapshot: String(state.stamp), purges: state.purges })
  const write = (tenant: number, account: number, t: RealizedTrade, live = true) => {
    const row = rows.find((r) => r.tenant === tenant && r.trade.id === t.id)
    const next = { tenant, account, trade: { ...t, account_id: account }, live, stamp: ++state.stamp }
    if (row) Object.assign(row, next)
    else rows.push(next)
  }
  for (const tenant of [1, 2, 3]) dates.forEach((d, i) => write(tenant, 1, trade(tenant * 1000 + i, d)))
  const wholeRead = (tenantId: number, q: RealizedQuery) =>
    rows
      .filter(
        (r) => r.tenant === tenantId && r.live && (q.accountId === undefined || r.account === q.accountId),
      )
      .map((r) => r.trade)
      .filter((t) => t.sold_on >= q.from && t.sold_on <= q.to)
      .sort(bySale)
  const holdings = {
    realizedBetween: async (tenantId: number, q: RealizedQuery) => {
      state.whole++
      return { trades: wholeRead(tenantId, q), mark: mark() }
    },
    realizedSince: async (tenantId: number, q: { since: TradeMark }) => {
      state.since++
      const changes: TradeChange[] = rows
        .filter((r) => r.tenant === tenantId && r.stamp > Number(q.since.snapshot))
        .map((r) => ({
          id: r.trade.id,
          account_id: r.account,
          live: r.live,
          trade: r.live ? r.trade : undefined,
        }))
      return { changes, mark: mark(), complete: state.purges === q.since.purges }
    },
  }
  const purge = (tenant: number, id: number) => {
    rows.splice(
      rows.findIndex((r) => r.tenant === tenant && r.trade.id === id),
      1,
    )
    state.purges++
  }
  return { state, holdings, write, purge, wholeRead }
}

const DATES = ['2025-01-02', '2025-01-03', '2025-01-03', '2025-01-06', '2025-01-07']
const JAN = { from: '2025-01-02', to: '2025-01-07' }
const ids = (ts: RealizedTrade[]) => ts.map((t) => t.id % 1000)

describe('RealizedTradeCache', () => {
  it('answers a covered range from memory, cut by sale date with both ends included', async () => {
    const { state, holdings } = fakePortfolio(DATES)
    const cache = new RealizedTradeCache(holdings, undefined)
    assert.deepEqual(ids(await cache.read(1, { from: '2025-01-01', to: '2025-01-31' })), [0, 1, 2, 3, 4])
    assert.deepEqual(ids(await cache.read(1, { from: '2025-01-03', to: '2025-01-06' })), [1, 2, 3])
    assert.deepEqual(ids(await cache.read(1, { from: '2025-01-04', to: '2025-01-05' })), [])
    assert.deepEqual(ids(await cache.read(1, { from: '2025-01-07', to: '2025-01-07' })), [4])
    assert.deepEqual([state.whole, state.since], [1, 3])
    assert.deepEqual([cache.hits, cache.refreshed, cache.misses], [3, 0, 1])
  })

  it('after writes (add, edit moving the sale date, soft delete, undelete) answers as a whole read, reading only the changes', async () => {
    const p = fakePortfolio(DATES)
    const cache = new RealizedTradeCache(p.holdings, undefined)
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
    assert.deepEqual([p.state.whole, cache.hits, cache.refreshed, cache.misses], [1, 3, 2, 1])
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
    const cache = new RealizedTradeCache(holdings, undefined, { maxTrades: 12 })
    await cache.read(1, JAN)
    await cache.read(2, JAN)
    assert.equal(cache.size, 10)
    await cache.read(3, JAN) // evicts tenant 1's
    assert.equal(cache.size, 10)
    await cache.read(2, JAN)
    assert.equal(state.whole, 3)
    await cache.read(1, JAN)
    assert.equal(state.whole, 4)
    const tiny = new RealizedTradeCache(holdings, undefined, { maxTrades: 4 })
    await tiny.read(1, JAN)
    await tiny.read(1, JAN)
    assert.equal(tiny.size, 0)
    assert.equal(tiny.misses, 2)
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
    const failing = new RealizedTradeCache(
      { ...p.holdings, realizedBetween: () => Promise.reject(new Error('no such account')) },
      undefined,
    )
    const results = await Promise.allSettled([failing.read(1, JAN), failing.read(1, JAN)])
    assert.deepEqual(
      results.map((r) => r.status),
      ['rejected', 'rejected'],
    )
    assert.equal(failing.misses, 1)
  })
})

/** A packed-value store shared by "processes" (caches), as the table is; writes happen at once. */
function fakePacks() {
  const values = new Map<string, PackedTrades>()
  const packs = {
    writes: 0,
    read: async (tenantId: number, scope: string) => values.get(`${tenantId}:${scope}`),
    schedule: (tenantId: number, scope: string, v: PackedTrades) => {
      packs.writes++
      values.set(`${tenantId}:${scope}`, v)
    },
    write: async (tenantId: number, scope: string, v: PackedTrades) => packs.schedule(tenantId, scope, v),
  }
  return { packs, values }
}

describe('RealizedTradeCache with packed values', () => {
  it("a process's first run reads the packed value and the changes since it, not every trade", async () => {
    const p = fakePortfolio(DATES)
    const { packs, values } = fakePacks()
    await new RealizedTradeCache(p.holdings, packs).read(1, JAN)
    assert.deepEqual([p.state.whole, packs.writes, [...values.keys()]], [1, 1, ['1:*']])
    p.write(1, 1, trade(1007, '2025-01-05', 3)) // after the value was written
    const other = new RealizedTradeCache(p.holdings, packs) // another process, or a restart
    const got = await other.read(1, { from: '2025-01-03', to: '2025-01-07' })
    assert.deepEqual(got, p.wholeRead(1, { from: '2025-01-03', to: '2025-01-07' }))
    assert.deepEqual([p.state.whole, other.whole, other.misses, other.refreshed], [1, 0, 1, 1])
    assert.equal(packs.writes, 1, 'one change: not written again')
    await other.read(1, JAN)
    assert.equal(other.hits, 1, 'then held in memory')
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
    const run = new RealizedTradeCache(p.holdings, packs)
    assert.deepEqual(await run.read(1, { from: '2020-01-01', to: '2040-01-01' }), p.wholeRead(1, ALL_DATES))
    assert.deepEqual([p.state.whole, run.whole], [1, 0])
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
