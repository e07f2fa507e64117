import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { replayLimits, type ReplayOrder } from './limit-replay.ts'

const at = (iso: string, id: number, notional: string, day = iso.slice(0, 10)): ReplayOrder => ({
  id,
  createdAt: new Date(iso),
  tradingDay: day,
  pricedNotional: notional,
})
const none = {
  maxOrdersPerMinute: null,
  maxOrdersPerDay: null,
  maxOrderNotional: null,
  maxNotionalPerDay: null,
}

describe('limit replay', () => {
  it('the daily notional limit blocks the order that would cross it; a new day starts at zero', () => {
    const orders = [
      at('2026-03-02T15:00:00Z', 1, '600.00'),
      at('2026-03-02T15:10:00Z', 2, '400.01'), // 1000.01 > 1000: blocked
      at('2026-03-02T15:20:00Z', 3, '400.00'), // 1000.00: passes (2 did not count)
      at('2026-03-03T15:00:00Z', 4, '1000.00'), // next day
    ]
    const blocked = replayLimits(orders, { ...none, maxNotionalPerDay: '1000' })
    assert.deepEqual([...blocked], [['limit.max_notional_per_day', [2]]])
  })

  it('per minute: the window is the 60 seconds before each order; per day counts; first failure wins', () => {
    const orders = [
      at('2026-03-02T15:00:00Z', 1, '10'),
      at('2026-03-02T15:00:30Z', 2, '10'),
      at('2026-03-02T15:00:59Z', 3, '10'), // third within a minute: blocked by the per-minute limit
      at('2026-03-02T15:01:01Z', 4, '10'), // 1 is 61 s old: two in the window → passes
      at('2026-03-02T15:05:00Z', 5, '10'), // fourth passed order of the day: blocked per day
      at('2026-03-02T15:06:00Z', 6, '5000'), // per day wins over order notional (checked first)
    ]
    const blocked = replayLimits(orders, {
      ...none,
      maxOrdersPerMinute: 2,
      maxOrdersPerDay: 3,
      maxOrderNotional: '100',
    })
    assert.deepEqual(blocked.get('limit.max_orders_per_minute'), [3])
    assert.deepEqual(blocked.get('limit.max_orders_per_day'), [5, 6])
    assert.equal(blocked.has('limit.max_order_notional'), false)
  })

  it('no limits block nothing', () => {
    assert.equal(replayLimits([at('2026-03-02T15:00:00Z', 1, '1000000')], none).size, 0)
  })
})
