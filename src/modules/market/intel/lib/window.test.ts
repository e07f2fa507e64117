import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { previousTradingDays, sessionMinutes, windowAt, windowEndingAt } from './window.ts'

const iso = (d: Date) => d.toISOString()

describe('volume window', () => {
  it('ends at now, floored to the minute, during the regular session', () => {
    // 2026-03-10 is EDT (UTC−4): 15:00:42Z = 11:00:42 ET; open 09:30 ET = 13:30Z.
    const w = windowAt(new Date('2026-03-10T15:00:42Z'), 30)
    assert.equal(w.date, '2026-03-10')
    assert.equal(iso(w.start), '2026-03-10T14:30:00.000Z')
    assert.equal(iso(w.end), '2026-03-10T15:00:00.000Z')
    assert.deepEqual([w.fromMinute, w.toMinute, w.live], [60, 90, true])
  })

  it('is clipped at the open', () => {
    const w = windowAt(new Date('2026-03-10T13:40:00Z'), 30) // 09:40 ET
    assert.equal(iso(w.start), '2026-03-10T13:30:00.000Z')
    assert.deepEqual([w.fromMinute, w.toMinute], [0, 10])
  })

  it('ends at the last regular close before the open, after the close and on weekends', () => {
    // Pre-market 08:00 ET Tuesday → Monday's 16:00 ET close (20:00Z, EDT).
    const pre = windowAt(new Date('2026-03-10T12:00:00Z'), 30)
    assert.equal(pre.date, '2026-03-09')
    assert.equal(iso(pre.end), '2026-03-09T20:00:00.000Z')
    assert.equal(iso(pre.start), '2026-03-09T19:30:00.000Z')
    assert.deepEqual([pre.fromMinute, pre.toMinute, pre.live], [360, 390, false])
    // Saturday 2026-03-14 → Friday's close.
    assert.equal(iso(windowAt(new Date('2026-03-14T15:00:00Z'), 390).start), '2026-03-13T13:30:00.000Z')
    // The first minute of a session has no finished bar yet → the previous close.
    assert.equal(iso(windowAt(new Date('2026-03-10T13:30:30Z'), 5).end), '2026-03-09T20:00:00.000Z')
  })

  it('rejects ends that are not regular-session minute edges', () => {
    assert.equal(windowEndingAt(new Date('2026-03-10T15:00:30Z'), 30), null)
    assert.equal(windowEndingAt(new Date('2026-03-10T13:30:00Z'), 30), null) // the open itself
    assert.equal(windowEndingAt(new Date('2026-03-10T20:01:00Z'), 30), null) // after the close
    assert.equal(windowEndingAt(new Date('2026-03-14T15:00:00Z'), 30), null) // Saturday
  })

  it('lists previous trading days, skipping weekends and holidays', () => {
    assert.deepEqual(previousTradingDays('2026-03-10', 5), [
      '2026-03-09',
      '2026-03-06',
      '2026-03-05',
      '2026-03-04',
      '2026-03-03',
    ])
    // Good Friday 2026-04-03 is an NYSE holiday.
    assert.deepEqual(previousTradingDays('2026-04-06', 2), ['2026-04-02', '2026-04-01'])
  })

  it('knows early closes', () => {
    assert.equal(sessionMinutes('2026-03-10'), 390)
    assert.equal(sessionMinutes('2026-11-27'), 210) // day after Thanksgiving
    assert.equal(sessionMinutes('2026-03-14'), 0)
  })
})
