import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../../../platform/clock.ts'
import { createSimulatedEconomicCalendar } from './economic.ts'

const at = (iso: string) => createSimulatedEconomicCalendar({ clock: fixedClock(iso) })
const brief = (xs: { event: string; time: string }[]) => xs.map((e) => [e.time, e.event])

describe('simulated economic calendar', () => {
  it('December 2026: payrolls on the first Friday, CPI on the 14th, FOMC on the 9th, claims on Thursdays', async () => {
    const events = await at('2026-11-25T00:00:00Z').economicCalendar('2026-12-01', '2026-12-18')
    assert.deepEqual(brief(events), [
      ['2026-12-03T13:30:00.000Z', 'Initial Jobless Claims'],
      ['2026-12-04T13:30:00.000Z', 'Nonfarm Payrolls'],
      ['2026-12-04T13:30:00.000Z', 'Unemployment Rate'],
      ['2026-12-09T19:00:00.000Z', 'Fed Interest Rate Decision'], // 14:00 New York
      ['2026-12-10T13:30:00.000Z', 'Initial Jobless Claims'],
      // The 12th is a Saturday: CPI on the first business day after, Monday the 14th.
      ['2026-12-14T13:30:00.000Z', 'CPI m/m'],
      ['2026-12-14T13:30:00.000Z', 'CPI y/y'],
      ['2026-12-17T13:30:00.000Z', 'Initial Jobless Claims'],
    ])
    assert.ok(events.every((e) => e.country === 'US' && e.actual === null)) // none released yet
    assert.equal(events[1]!.impact, 'high')
    assert.equal(events[0]!.impact, 'medium')
  })

  it('GDP advance on the last Thursday of January; claims of a Thursday holiday move to Wednesday', async () => {
    const jan = await at('2027-03-01T00:00:00Z').economicCalendar('2027-01-25', '2027-01-29')
    assert.deepEqual(
      brief(jan).map(([, e]) => e),
      ['GDP Growth Rate QoQ Adv', 'Initial Jobless Claims'], // same instant: by name
    )
    assert.equal(jan[0]!.time, '2027-01-28T13:30:00.000Z')
    const thanksgiving = await at('2026-11-01T00:00:00Z').economicCalendar('2026-11-23', '2026-11-27')
    assert.deepEqual(brief(thanksgiving), [['2026-11-25T13:30:00.000Z', 'Initial Jobless Claims']])
  })

  it('actual only once the release time has passed; values are a pure function of release and date', async () => {
    const before = await at('2026-12-04T13:29:00Z').economicCalendar('2026-12-04', '2026-12-04')
    const afterward = await at('2026-12-04T13:30:00Z').economicCalendar('2026-12-04', '2026-12-04')
    assert.ok(before.every((e) => e.actual === null))
    assert.ok(afterward.every((e) => typeof e.actual === 'number'))
    assert.deepEqual(
      afterward.map((e) => ({ ...e, actual: null })),
      before,
    )
    assert.deepEqual(await at('2026-12-04T13:30:00Z').economicCalendar('2026-12-04', '2026-12-04'), afterward)
  })
})
