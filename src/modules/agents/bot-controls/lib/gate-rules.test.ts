import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  accountAllowed,
  hoursAllowed,
  minuteOfDay,
  notionalPerDay,
  nyTime,
  openPositions,
  openPositionsAfter,
  opensPosition,
  orderNotional,
  ordersPerDay,
  ordersPerMinute,
  orderQty,
  positionWeight,
  pricedNotional,
  reduces,
  symbolAllowed,
} from './gate-rules.ts'

describe('gate rules: limits at their boundaries', () => {
  it('order notional: exactly at the limit passes, one cent over fails', () => {
    assert.equal(orderNotional('1000.00', '1000.00').passed, true)
    assert.equal(orderNotional('1000', '1000.01').passed, false)
    assert.equal(orderNotional('1000.005', '1000.01').passed, true, 'the limit is read in cents')
    assert.equal(orderNotional(null, '99999999.99').passed, true)
    assert.equal(orderNotional('1000', '1000.01').detail, 'order notional 1000.01; the limit is 1000.00')
  })

  it('notional per day: used + this ≤ limit, exact in cents', () => {
    assert.equal(notionalPerDay('500.00', '499.99', '0.01').passed, true)
    assert.equal(notionalPerDay('500.00', '499.99', '0.02').passed, false)
    // 0.1 + 0.2 is exactly 0.30 here (never a float)
    assert.equal(notionalPerDay('0.30', '0.10', '0.20').passed, true)
    assert.equal(notionalPerDay(null, '1e9', '1').passed, true)
  })

  it('orders per day and per minute: count + 1 ≤ limit', () => {
    assert.equal(ordersPerDay(3, 2).passed, true)
    assert.equal(ordersPerDay(3, 3).passed, false)
    assert.equal(ordersPerDay(0, 0).passed, false, 'a zero limit allows nothing')
    assert.equal(ordersPerMinute(2, 1).passed, true)
    assert.equal(ordersPerMinute(2, 2).passed, false)
    assert.equal(ordersPerMinute(null, 10_000).passed, true)
  })

  it('orders per minute, bounded by the orders passed today: passes below the limit, and says it is a bound', () => {
    const below = ordersPerMinute(3, { atMost: 2 })
    assert.equal(below.passed, true)
    assert.equal(
      below.detail,
      'at most 3 orders in the last 60 s with this one (2 passed today); the limit is 3',
    )
    assert.equal(ordersPerMinute(3, { atMost: 3 }).passed, false)
  })

  it('open positions: a buy of a new symbol adds one', () => {
    assert.equal(openPositions(2, 2, false).passed, true)
    assert.equal(openPositions(2, 2, true).passed, false)
    assert.equal(openPositions(2, 1, true).passed, true)
  })

  it('open positions: an order that opens none passes, even over the limit, and says so', () => {
    const over = openPositions(1, 2, false)
    assert.equal(over.passed, true)
    assert.equal(over.detail, 'changes a position the agent holds, opening none (2 open); the limit is 1')
    assert.equal(openPositions(0, 5, false).passed, true)
    assert.equal(openPositions(1, 2, true).detail, '3 open positions after this order; the limit is 1')
  })

  it('open positions: an order opens one where the agent holds none, whichever its side', () => {
    assert.equal(opensPosition('0'), true)
    assert.equal(opensPosition('0.000000000'), true)
    assert.equal(opensPosition('-2'), false)
    assert.equal(opensPosition('0.5'), false)
  })

  it('open positions after an order: one more when it opens, one fewer when it closes exactly', () => {
    assert.equal(openPositionsAfter(2, '0', 'sell', '1'), 3, 'a sell from flat opens a short')
    assert.equal(openPositionsAfter(2, '0', 'buy', null), 3)
    assert.equal(openPositionsAfter(2, '8.165', 'sell', '8.165'), 1)
    assert.equal(openPositionsAfter(2, '-4', 'buy', '4'), 1)
    assert.equal(openPositionsAfter(2, '5', 'sell', '3'), 2, 'shrinks')
    assert.equal(openPositionsAfter(2, '5', 'sell', '6'), 2, 'flips')
    assert.equal(openPositionsAfter(2, '5', 'buy', '1'), 2, 'grows')
    assert.equal(openPositionsAfter(2, '5', 'sell', null), 2, 'not priced')
  })

  it('position weight: (held + this) / account ≤ max exactly; sells pass; an empty account fails', () => {
    const f = (symbolValue: string, priced: string, accountValue: string) => ({
      symbolValue,
      priced,
      accountValue,
    })
    // 2,500 of 10,000 is exactly 0.25
    assert.equal(positionWeight('0.25', 'buy', f('1500.00', '1000.00', '10000.00')).passed, true)
    // one cent more is over
    assert.equal(positionWeight('0.25', 'buy', f('1500.00', '1000.01', '10000.00')).passed, false)
    assert.equal(positionWeight('0.25', 'sell', f('9000', '9000', '10000')).passed, true)
    assert.equal(positionWeight('0.25', 'buy', f('0', '1', '0')).passed, false)
    assert.equal(positionWeight('0.25', 'buy', null).passed, false)
    assert.match(
      positionWeight('0.25', 'buy', f('1500', '1000', '10000')).detail,
      /weight after this order 0\.25 /,
    ) // What the agent has on the way (open, held, paper) counts: 1,000 + 500 committed + 1,000.01 is over.
    const committed = { symbolValue: '1000', committed: '500', priced: '1000.01', accountValue: '10000' }
    assert.equal(positionWeight('0.25', 'buy', committed).passed, false)
    assert.equal(positionWeight('0.25', 'buy', { ...committed, priced: '1000' }).passed, true)
  })
})

describe('gate rules: pricing, state and allow-lists', () => {
  it('an order’s quantity: as given, or its notional at the price to 9 places; null unpriced', () => {
    assert.equal(orderQty('3', null, '10'), '3')
    assert.equal(orderQty(null, '1100', '100.005'), '10.999450027')
    assert.equal(orderQty(null, '100', null), null)
  })

  it('prices qty × price rounded half up to the cent', () => {
    assert.equal(pricedNotional('3', '10.005'), '30.02') // 30.015 → 30.02
    assert.equal(pricedNotional('0.125', '100.04'), '12.51') // 12.505 → 12.51
    assert.equal(pricedNotional('7', '1.1'), '7.70')
  })

  it('reducing: a sell up to the long, a buy up to the short; nothing from flat', () => {
    assert.equal(reduces('sell', '10', '10').passed, true)
    assert.equal(reduces('sell', '10.000000001', '10').passed, false)
    assert.equal(reduces('buy', '1', '10').passed, false)
    assert.equal(reduces('buy', '4', '-4').passed, true)
    assert.equal(reduces('buy', '5', '-4').passed, false)
    assert.equal(reduces('sell', '1', '0').passed, false)
  })

  it('reducing: net of what the agent’s open orders on the same side already close, which it says', () => {
    const twice = reduces('sell', '8', '8.165', '8.000000000')
    assert.equal(twice.passed, false)
    assert.equal(
      twice.detail,
      'the agent is reducing: a sell of 8 does not reduce its position (8.165): ' +
        '8 already being closed by open orders, 0.165 left to close',
    )
    const rest = reduces('sell', '0.165', '8.165', '8')
    assert.equal(rest.passed, true)
    assert.equal(rest.detail, 'reduces the long position of 8.165 (8 already being closed by open orders)')
    assert.equal(reduces('buy', '1', '-4', '3').passed, true)
    assert.equal(reduces('buy', '1.000000001', '-4', '3').passed, false)
    // Open orders already past the position (it shrank since): nothing is left to close.
    assert.match(
      reduces('sell', '1', '2', '3').detail,
      /3 already being closed by open orders, 0 left to close$/,
    )
    assert.equal(reduces('sell', '10', '10', '0').detail, 'reduces the long position of 10')
  })

  it('allow-lists: null allows any; an account not the tenant’s is never allowed', () => {
    assert.equal(symbolAllowed(null, 'AAPL').passed, true)
    assert.equal(symbolAllowed(['MSFT'], 'AAPL').passed, false)
    assert.equal(accountAllowed(null, 5, true).passed, true)
    assert.equal(accountAllowed([4], 5, true).passed, false)
    assert.equal(accountAllowed(null, 5, false).passed, false)
  })

  it('hours: New York time, start inclusive, end exclusive (across daylight saving)', () => {
    const w = { start: '09:30', end: '16:00' }
    // 2026-07-01 13:30 UTC is 09:30 in New York (EDT, UTC−4)
    assert.equal(nyTime(new Date('2026-07-01T13:30:00Z')), '09:30')
    assert.equal(hoursAllowed(w, new Date('2026-07-01T13:30:00Z')).passed, true)
    assert.equal(hoursAllowed(w, new Date('2026-07-01T13:29:59Z')).passed, false)
    assert.equal(hoursAllowed(w, new Date('2026-07-01T19:59:59Z')).passed, true)
    assert.equal(hoursAllowed(w, new Date('2026-07-01T20:00:00Z')).passed, false)
    // in January New York is UTC−5: 14:30 UTC is 09:30
    assert.equal(hoursAllowed(w, new Date('2026-01-15T14:30:00Z')).passed, true)
    assert.equal(hoursAllowed(w, new Date('2026-01-15T13:30:00Z')).passed, false)
    assert.equal(hoursAllowed(null, new Date()).passed, true)
  })

  it('hours: 24:00 ends the window at midnight (1440 minutes); 23:59 is its last minute', () => {
    assert.deepEqual(['00:00', '09:30', '23:59', '24:00'].map(minuteOfDay), [0, 570, 1439, 1440])
    const w = { start: '09:30', end: '24:00' }
    // 2026-07-02 03:59 UTC is 23:59 on 1 July in New York (EDT); 04:00 UTC is midnight
    assert.equal(hoursAllowed(w, new Date('2026-07-02T03:59:59Z')).passed, true)
    assert.equal(hoursAllowed(w, new Date('2026-07-02T04:00:00Z')).passed, false)
    assert.equal(hoursAllowed(w, new Date('2026-07-01T13:29:00Z')).passed, false)
    assert.equal(hoursAllowed(w, new Date('2026-07-01T13:30:00Z')).passed, true)
    assert.match(
      hoursAllowed(w, new Date('2026-07-02T04:00:00Z')).detail,
      /00:00 New York time; .* 09:30 to midnight/,
    )
  })
})
