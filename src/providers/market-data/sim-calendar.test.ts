import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { isTradingDay, tradingDay } from '../../platform/market-calendar.ts'
import { indexOfDate, sessionOf, simDays } from './sim-calendar.ts'

describe('simulated trading-day table', () => {
  it('matches the platform NYSE calendar day by day over 2024–2028, sessions included', () => {
    const days = new Map(simDays().map((d) => [d.date, d]))
    for (let t = Date.UTC(2024, 0, 1); t <= Date.UTC(2028, 11, 31); t += 86_400_000) {
      const date = new Date(t).toISOString().slice(0, 10)
      const sim = days.get(date)
      assert.equal(Boolean(sim), isTradingDay(date), date)
      if (!sim) continue
      const ref = tradingDay(date)!
      const s = sessionOf(sim)
      assert.deepEqual(
        [s.preOpen, s.open, s.close, s.postClose],
        [ref.preOpen, ref.open, ref.close, ref.postClose].map((d) => d.getTime()),
        date,
      )
    }
  })

  it('treats weekdays as trading days outside the calendar years', () => {
    assert.ok(indexOfDate('2019-07-04') >= 0, 'no holiday table for 2019: a weekday trades')
    assert.equal(indexOfDate('2019-07-06'), -1, 'Saturday')
    assert.equal(indexOfDate('2026-04-03'), -1, 'Good Friday 2026')
  })
})
