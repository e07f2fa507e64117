import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { indexEvents, monthIndexEvents, nthFriday } from './index-events.ts'

describe('index events', () => {
  it('third Fridays: 2026-11-20 monthly opex, 2026-12-18 quad witching', () => {
    assert.equal(nthFriday(2026, 11, 3), '2026-11-20')
    assert.deepEqual(monthIndexEvents(2026, 11), [
      { date: '2026-11-20', kind: 'monthly_opex', title: 'Monthly options expiration', shifted_from: null },
    ])
    assert.deepEqual(
      monthIndexEvents(2026, 12).map((e) => [e.date, e.kind]),
      [['2026-12-18', 'quad_witching']],
    )
  })

  it('a holiday moves the event to the trading day before: Good Friday 2025-04-18 → 2025-04-17', () => {
    assert.deepEqual(monthIndexEvents(2025, 4), [
      {
        date: '2025-04-17',
        kind: 'monthly_opex',
        title: 'Monthly options expiration',
        shifted_from: '2025-04-18',
      },
    ])
  })

  it('June: quad witching on the third Friday, Russell reconstitution on the fourth', () => {
    assert.deepEqual(
      indexEvents('2025-06-01', '2025-06-30').map((e) => [e.date, e.kind]),
      [
        ['2025-06-20', 'quad_witching'],
        ['2025-06-27', 'russell_reconstitution'],
      ],
    )
    // 2026-06-19 is Juneteenth (a Friday): quad witching moves to Thursday the 18th.
    assert.deepEqual(
      indexEvents('2026-06-01', '2026-06-30').map((e) => [e.date, e.kind, e.shifted_from]),
      [
        ['2026-06-18', 'quad_witching', '2026-06-19'],
        ['2026-06-26', 'russell_reconstitution', null],
      ],
    )
  })

  it('a window keeps only the events inside it, across a year end', () => {
    assert.deepEqual(
      indexEvents('2026-12-19', '2027-01-31').map((e) => e.date),
      ['2027-01-15'],
    )
    assert.deepEqual(indexEvents('2026-11-21', '2026-12-17'), [])
  })
})
