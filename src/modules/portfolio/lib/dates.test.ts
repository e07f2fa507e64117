import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { addDays } from '../../../kernel/dates.ts'
import { daysBetween, holdingTerm, parseTradeDate, periodKey } from './dates.ts'

describe('parseTradeDate', () => {
  it('keeps real calendar dates', () => {
    assert.equal(parseTradeDate('2024-02-29'), '2024-02-29') // 2024 is a leap year
    assert.equal(parseTradeDate('2000-02-29'), '2000-02-29') // divisible by 400: leap
    assert.equal(parseTradeDate('2023-12-31'), '2023-12-31')
    assert.equal(parseTradeDate(' 2023-01-05 '), '2023-01-05')
  })

  it('rejects impossible dates and other formats', () => {
    for (const s of [
      '2024-02-30',
      '2023-02-29', // 2023 is not a leap year
      '1900-02-29', // divisible by 100 but not 400: not leap
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '2024-01-00',
      '02/01/2024',
      '2024-1-5',
      '2024-01-05T00:00:00Z',
      'VARIOUS',
      '',
    ]) {
      assert.equal(parseTradeDate(s), null, s)
    }
  })
})

describe('holdingTerm', () => {
  it('is long only after the one-year anniversary', () => {
    assert.equal(holdingTerm('2023-01-15', '2024-01-15'), 'short') // exactly one year: not "more than"
    assert.equal(holdingTerm('2023-01-15', '2024-01-16'), 'long')
    assert.equal(holdingTerm('2023-01-15', '2023-01-15'), 'short')
    // 2023-03-01 → 2024-03-01 spans Feb 29 (366 days) but is still exactly one calendar year.
    assert.equal(holdingTerm('2023-03-01', '2024-03-01'), 'short')
    assert.equal(holdingTerm('2023-03-01', '2024-03-02'), 'long')
  })

  it('puts the anniversary of Feb 29 on Feb 28', () => {
    assert.equal(holdingTerm('2024-02-29', '2025-02-28'), 'short')
    assert.equal(holdingTerm('2024-02-29', '2025-03-01'), 'long')
    assert.equal(holdingTerm('2023-02-28', '2024-02-28'), 'short')
    assert.equal(holdingTerm('2023-02-28', '2024-02-29'), 'long')
  })

  it('is unknown for VARIOUS, bad dates or a sale before the purchase', () => {
    assert.equal(holdingTerm('VARIOUS', '2024-01-01'), 'unknown')
    assert.equal(holdingTerm('2023-01-01', '2024-02-30'), 'unknown')
    assert.equal(holdingTerm('2024-01-02', '2024-01-01'), 'unknown')
  })
})

describe('periodKey', () => {
  it('formats daily, monthly, quarterly and yearly keys', () => {
    assert.equal(periodKey('2024-05-07', 'daily'), '2024-05-07')
    assert.equal(periodKey('2024-05-07', 'monthly'), '2024-05')
    assert.equal(periodKey('2024-03-31', 'quarterly'), '2024-Q1')
    assert.equal(periodKey('2024-04-01', 'quarterly'), '2024-Q2')
    assert.equal(periodKey('2024-12-31', 'quarterly'), '2024-Q4')
    assert.equal(periodKey('2024-05-07', 'yearly'), '2024')
  })

  it('uses ISO weeks (examples from Wikipedia, "ISO week date")', () => {
    const examples: [string, string][] = [
      ['2005-01-01', '2004-W53'],
      ['2005-01-02', '2004-W53'],
      ['2005-12-31', '2005-W52'],
      ['2007-01-01', '2007-W01'],
      ['2007-12-30', '2007-W52'],
      ['2007-12-31', '2008-W01'],
      ['2008-01-01', '2008-W01'],
      ['2008-12-28', '2008-W52'],
      ['2008-12-29', '2009-W01'],
      ['2009-12-31', '2009-W53'],
      ['2010-01-01', '2009-W53'],
      ['2010-01-03', '2009-W53'],
      ['2010-01-04', '2010-W01'],
    ]
    for (const [date, week] of examples) assert.equal(periodKey(date, 'weekly'), week, date)
  })

  it('throws on an invalid date', () => {
    assert.throws(() => periodKey('2024-02-30', 'monthly'), RangeError)
  })
})

describe('addDays / daysBetween', () => {
  it('crosses month, leap-day and year boundaries', () => {
    assert.equal(addDays('2024-02-28', 1), '2024-02-29')
    assert.equal(addDays('2023-02-28', 1), '2023-03-01')
    assert.equal(addDays('2023-12-31', 1), '2024-01-01')
    assert.equal(addDays('2024-03-01', -1), '2024-02-29')
    assert.equal(addDays('2023-01-01', 73), '2023-03-15') // 31 (Jan) + 28 (Feb) + 14
  })

  it('counts days, signed', () => {
    assert.equal(daysBetween('2023-01-01', '2024-01-01'), 365)
    assert.equal(daysBetween('2024-01-01', '2025-01-01'), 366)
    assert.equal(daysBetween('2024-01-01', '2023-01-01'), -365)
    assert.equal(daysBetween('2008-01-01', '2009-04-01'), 456) // 366 (2008) + 31 + 28 + 31
  })

  it('rejects invalid input', () => {
    assert.throws(() => addDays('VARIOUS', 1), RangeError)
    assert.throws(() => addDays('2024-01-01', 1.5), RangeError)
    assert.throws(() => daysBetween('2024-01-01', '02/01/2024'), RangeError)
  })
})
