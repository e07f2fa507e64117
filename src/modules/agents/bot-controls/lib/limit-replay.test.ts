import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { replayLimits, type ReplayOrder } from './limit-replay.ts'

const at = (iso: string, id: number, notional: string, day = iso.slice(0, 10)): ReplayOrder => ({
  id,
  createdAt: new Date(iso),
  tradingDay: day,
  pricedNotional: notional,
  holdsBudget: true,
  rejectReason: null,
})
/** An order that gave its budget back (or never took any), for `reason`. */
const without = (o: ReplayOrder, reason: string): ReplayOrder => ({
  ...o,
  holdsBudget: false,
  rejectReason: reason,
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

  it('replays only orders that held budget or that a limit rejected; the rest neither count nor are listed', () => {
    const orders = [
      at('2026-03-02T15:00:00Z', 1, '10'),
      without(at('2026-03-02T15:01:00Z', 2, '10'), 'state.halted'),
      without(at('2026-03-02T15:02:00Z', 3, '10'), 'account.not_allowed'),
      without(at('2026-03-02T15:03:00Z', 4, '10'), 'approval.expired'), // gave its budget back
      without(at('2026-03-02T15:04:00Z', 5, '10'), 'limit.max_order_notional'), // passes the limits now
      at('2026-03-02T15:05:00Z', 6, '10'),
      without(at('2026-03-02T15:06:00Z', 7, '10'), 'limit.max_orders_per_day'), // blocked again
    ]
    const blocked = replayLimits(orders, { ...none, maxOrdersPerDay: 3 })
    assert.deepEqual([...blocked], [['limit.max_orders_per_day', [7]]])
    // 1, 5 and 6 are the day's three: a fourth that held budget is blocked, the others never count.
    const more = [...orders, at('2026-03-02T15:07:00Z', 8, '10')]
    assert.deepEqual(
      replayLimits(more, { ...none, maxOrdersPerDay: 3 }).get('limit.max_orders_per_day'),
      [7, 8],
    )
    assert.equal(replayLimits(orders.slice(0, 4), { ...none, maxOrdersPerDay: 1 }).size, 0)
  })

  it('no limits block nothing', () => {
    assert.equal(replayLimits([at('2026-03-02T15:00:00Z', 1, '1000000')], none).size, 0)
  })
})
