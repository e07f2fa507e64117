import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { isTradingDay, tradingDay } from '../../../kernel/calendar/nyse.ts'
import { indexOfDate, sessionOf, simDays } from './calendar.ts'

describe('simulated trading-day table', () => {
  it('matches the platform NYSE calendar day by day over 2015–2030, sessions included', () => {
    const days = new Map(simDays().map((d) => [d.date, d]))
    for (let t = Date.UTC(2015, 0, 2); t <= Date.UTC(2030, 11, 31); t += 86_400_000) {
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

  it('closes on NYSE holidays before 2024 too', () => {
    assert.equal(indexOfDate('2019-07-04'), -1, 'Independence Day 2019')
    assert.equal(indexOfDate('2023-01-02'), -1, "New Year's Day 2023 (observed)")
    assert.ok(indexOfDate('2019-07-05') >= 0)
    assert.equal(indexOfDate('2019-07-06'), -1, 'Saturday')
    assert.equal(indexOfDate('2026-04-03'), -1, 'Good Friday 2026')
  })
})
