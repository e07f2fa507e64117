import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { addDays, dateToMs, DAY_MS, minusDays } from './dates.ts'

describe('addDays', () => {
  it('crosses month, leap-day and year ends', () => {
    assert.equal(addDays('2024-01-31', 1), '2024-02-01')
    assert.equal(addDays('2024-02-28', 1), '2024-02-29') // 2024 is a leap year
    assert.equal(addDays('2024-02-29', 1), '2024-03-01')
    assert.equal(addDays('2023-02-28', 1), '2023-03-01')
    assert.equal(addDays('1900-02-28', 1), '1900-03-01') // divisible by 100: not a leap year
    assert.equal(addDays('2000-02-28', 1), '2000-02-29') // divisible by 400: a leap year
    assert.equal(addDays('2024-12-31', 1), '2025-01-01')
    assert.equal(addDays('2025-01-01', -1), '2024-12-31')
    assert.equal(addDays('2024-03-01', -366), '2023-03-01')
    assert.equal(minusDays('2024-03-01', 1), '2024-02-29')
    assert.equal(minusDays('2025-01-05', 10), '2024-12-26')
    assert.equal(addDays('2023-01-01', 73), '2023-03-15') // 31 (Jan) + 28 (Feb) + 14
  })

  it('keeps years 0–99 (no 19xx mapping) and rejects bad input', () => {
    assert.equal(addDays('0099-12-31', 1), '0100-01-01')
    assert.throws(() => addDays('2024-02-30', 1), RangeError)
    assert.throws(() => addDays('2024-01-01', 0.5), RangeError)
    assert.throws(() => addDays('9999-12-31', 1), RangeError)
  })

  it('works in whole UTC days', () => {
    assert.equal(DAY_MS, 24 * 60 * 60 * 1000)
    assert.equal(dateToMs('1970-01-02'), DAY_MS)
  })
})
