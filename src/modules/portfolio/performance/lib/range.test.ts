import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { rangeStart, seriesDays } from './range.ts'

describe('named ranges', () => {
  it('starts each range where it is documented', () => {
    // Saturday 2026-03-07: the last session is Friday 03-06; the ISO week began Monday 03-02.
    const today = '2026-03-07'
    assert.equal(rangeStart('1D', today, null), '2026-03-06')
    assert.equal(rangeStart('WTD', today, null), '2026-03-02')
    assert.equal(rangeStart('MTD', today, null), '2026-03-01')
    assert.equal(rangeStart('YTD', today, null), '2026-01-01')
    assert.equal(rangeStart('3Y', today, null), '2023-03-08')
    assert.equal(rangeStart('5Y', today, null), '2021-03-08')
    assert.equal(rangeStart('MAX', today, '2019-05-06'), '2019-05-06')
    assert.equal(rangeStart('MAX', today, null), today)
    // A leap day: a year earlier is 28 February.
    assert.equal(rangeStart('1Y', '2028-02-29', null), '2027-03-01')
    assert.equal(rangeStart('WTD', '2026-03-08', null), '2026-03-02') // a Sunday ends its ISO week
  })

  it('runs on trading days from the last one before the range', () => {
    // Good Friday 2026-04-03 is an NYSE holiday; the weekend is skipped.
    assert.deepEqual(seriesDays('2026-04-03', '2026-04-07'), ['2026-04-02', '2026-04-06', '2026-04-07'])
  })
})
