/**
 * The packed trades store (trade-packs.service.ts) on the real engine: what it writes reads back whole and
 * per key; a value that does not decode reads as absent (so the run reads whole and answers
 * correctly); at most MAX_PENDING writes wait, a later write of a waiting key replaces it.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import {
  MAX_PACKED_TRADES,
  MAX_PENDING,
  type PackedTrades,
} from '../../src/modules/trading-intel/backtest/trade-packs.service.ts'
import { tradeCacheCounts } from '../helpers/metrics.ts'
import { serviceKeys, useTestApp } from '../helpers/test-app.ts'
import { backtest, manyTrades } from '../http/backtest-fixtures.ts'

// Configured keys: a restarted process accepts the sessions of the first.
const t = useTestApp({ clock: fixedClock('2026-11-24T15:00:00Z'), env: serviceKeys() })
const JUNE = { from: '2025-06-01', to: '2025-06-30' }

const value = (n: number, snapshot = '1:1:'): PackedTrades => ({
  ...JUNE,
  mark: { snapshot, purges: 0 },
  trades: Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    symbol: 'ZZLG',
    quantity: 1,
    date_acquired: '2025-06-01',
    sold_on: '2025-06-02',
    proceeds: 1.5,
    cost_basis: 1,
    fees: 0,
    gain_loss: 0.5,
    account_id: 3,
  })),
})

describe('packed trades', () => {
  it('reads back what it wrote, per tenant and key; a waiting write of a key is replaced by a later one', async () => {
    const packs = t.c.backtest.packs
    const a = await t.newTenant()
    const b = await t.newTenant()
    packs.schedule(a.tenantId, '*', value(3))
    packs.schedule(a.tenantId, '*', value(2, '5:5:')) // replaces the waiting one
    packs.schedule(a.tenantId, '7', value(1))
    await packs.idle()
    assert.deepEqual(await packs.read(a.tenantId, '*'), value(2, '5:5:'))
    assert.deepEqual(await packs.read(a.tenantId, '7'), value(1))
    assert.equal(await packs.read(b.tenantId, '*'), undefined)
  })

  it(`packs at most ${MAX_PACKED_TRADES} trades in one value`, async () => {
    const packs = t.c.backtest.packs
    const u = await t.newTenant()
    const big = value(1)
    big.trades = Array.from({ length: MAX_PACKED_TRADES + 1 }, () => big.trades[0]!)
    packs.schedule(u.tenantId, '*', big)
    await packs.write(u.tenantId, '7', big)
    await packs.idle()
    assert.deepEqual(
      [await packs.read(u.tenantId, '*'), await packs.read(u.tenantId, '7')],
      [undefined, undefined],
    )
  })

  it(`keeps at most ${MAX_PENDING} writes waiting and drops the rest`, async () => {
    const packs = t.c.backtest.packs
    const u = await t.newTenant()
    for (let k = 0; k < MAX_PENDING + 2; k++) packs.schedule(u.tenantId, String(k), value(1))
    await packs.idle()
    const stored = await Promise.all(
      Array.from({ length: MAX_PENDING + 2 }, (_, k) => packs.read(u.tenantId, String(k))),
    )
    assert.deepEqual(
      stored.map((v) => v !== undefined),
      [...Array(MAX_PENDING).fill(true), false, false],
    )
  })

  it('a value that does not decode reads as absent, and the run reads the trades whole', async () => {
    const u = await t.newTenant()
    await manyTrades(u, 3)
    const body = { strategy: 'replay', ...JUNE, from: '2025-06-02' }
    const first = await backtest(u, body)
    assert.equal(first.statusCode, 200, first.body)
    await t.c.backtest.packs.idle()
    await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db.updateTable('backtest_trade_pack').set({ packed: 'AAAA' }).execute(),
    )
    assert.equal(await t.c.backtest.packs.read(u.tenantId, '*'), undefined)
    const restarted = await t.restart() // nothing in memory: the run starts from the packed value
    const again = await backtest(restarted.as(u), body)
    assert.equal(again.statusCode, 200, again.body)
    assert.equal((await tradeCacheCounts(restarted.app)).whole, 1)
    assert.equal(JSON.parse(again.body).trades_total, JSON.parse(first.body).trades_total)
  })
})
