/** latestSessionDate: the date of the latest regular session that has opened at an instant. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { latestSessionDate } from './nyse.ts'

const at = (iso: string) => latestSessionDate(new Date(iso))

describe('latestSessionDate', () => {
  it('a weekend answers the Friday before', () => {
    assert.equal(at('2026-11-28T15:00:00Z'), '2026-11-27') // Saturday 10:00 New York
    assert.equal(at('2026-11-30T04:59:00Z'), '2026-11-27') // Sunday 23:59 New York
  })
  it('a trading day answers itself from its 09:30 open on, the day before until then', () => {
    assert.equal(at('2026-11-30T14:29:59Z'), '2026-11-27')
    assert.equal(at('2026-11-30T14:30:00Z'), '2026-11-30')
    assert.equal(at('2026-12-01T04:30:00Z'), '2026-11-30') // 23:30 New York, after the close
  })
  it('a holiday answers the trading day before (Thanksgiving → Wednesday), in summer time too', () => {
    assert.equal(at('2026-11-26T18:00:00Z'), '2026-11-25')
    assert.equal(at('2026-07-03T15:00:00Z'), '2026-07-02') // Independence Day observed
    assert.equal(at('2026-07-06T13:30:00Z'), '2026-07-06') // 09:30 EDT
  })
})
