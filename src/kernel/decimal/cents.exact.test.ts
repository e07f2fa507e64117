import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { centsToNumber, centsToString, gainLoss, roundDiv, sumCents, toCents } from './cents.ts'

describe('toCents', () => {
  it('reads decimal strings exactly', () => {
    assert.equal(toCents('0.1') + toCents('0.2'), 30n) // in doubles 0.1 + 0.2 = 0.30000000000000004
    assert.equal(toCents('1234.56'), 123456n)
    assert.equal(toCents('-7'), -700n)
    assert.equal(toCents(' +.5 '), 50n)
    assert.equal(toCents('1.'), 100n)
    assert.equal(toCents('1.5e3'), 150000n)
    assert.equal(toCents('12345678901234567.89'), 1234567890123456789n) // beyond 2^53 cents
  })

  it('reads numbers through their shortest decimal form', () => {
    assert.equal(toCents(0.1), 10n)
    assert.equal(toCents(0.1 + 0.2), 30n) // 0.30000000000000004 → 30 cents
    assert.equal(toCents(1.005), 101n) // shortest form '1.005' (the double is 1.00499999999999989…)
    assert.equal(toCents(-0), 0n)
    assert.equal(toCents(1e21), 100000000000000000000000n)
    assert.equal(toCents(1e-7), 0n)
  })

  it('rounds half away from zero at the cent', () => {
    assert.equal(toCents('0.005'), 1n)
    assert.equal(toCents('-0.005'), -1n)
    assert.equal(toCents('0.0049999'), 0n)
    assert.equal(toCents('2.345'), 235n)
    assert.equal(toCents('-2.345'), -235n)
    assert.equal(toCents('2.3449'), 234n)
  })

  it('rejects what is not a decimal', () => {
    for (const x of ['', '.', '-', 'abc', '1,234.56', '$5', '1e', '1.2.3', 'NaN']) {
      assert.throws(() => toCents(x), RangeError, JSON.stringify(x))
    }
    assert.throws(() => toCents(Number.NaN), RangeError)
    assert.throws(() => toCents(Number.POSITIVE_INFINITY), RangeError)
  })
})

describe('centsToNumber / centsToString', () => {
  it('converts exactly', () => {
    assert.equal(centsToString(-1205n), '-12.05')
    assert.equal(centsToString(5n), '0.05')
    assert.equal(centsToString(-5n), '-0.05')
    assert.equal(centsToNumber(30n), 0.3)
    assert.equal(centsToNumber(-1205n), -12.05)
    assert.equal(centsToNumber(0n), 0)
  })
})

describe('roundDiv', () => {
  it('rounds half away from zero', () => {
    assert.equal(roundDiv(5n, 2n), 3n) // 2.5
    assert.equal(roundDiv(-5n, 2n), -3n)
    assert.equal(roundDiv(5n, -2n), -3n)
    assert.equal(roundDiv(7n, 3n), 2n) // 2.33
    assert.equal(roundDiv(-8n, 3n), -3n) // -2.67
    assert.throws(() => roundDiv(1n, 0n), RangeError)
  })
})

describe('sumCents', () => {
  it('sums exactly and rounds once', () => {
    assert.equal(sumCents(['0.1', '0.2', 0.3]), 60n)
    assert.equal(sumCents(['0.005', '0.005']), 1n) // 0.01 exactly; rounding each first would give 2
    assert.equal(sumCents([150n, '1.25']), 275n) // bigint items are cents
    assert.equal(sumCents([]), 0n)
  })
})

describe('gainLoss', () => {
  it('is proceeds − cost basis − fees', () => {
    // 1500.10 − 1200.05 − 4.95 = 295.10
    assert.equal(gainLoss('1500.10', '1200.05', '4.95'), 29510n)
    // 100 − 120.5 = −20.50
    assert.equal(gainLoss(100, 120.5), -2050n)
    assert.equal(gainLoss(100, 120.5, null), -2050n)
    // 10.004 − 5.001 − 0.0005 = 5.0025 → 5.00 (rounded once at the end: half away from zero
    // applies to the third decimal, 2, so it rounds down)
    assert.equal(gainLoss('10.004', '5.001', '0.0005'), 500n)
    // 0.1 + 0.2 problem in the other direction: 0.3 − 0.1 − 0.2 = 0 exactly
    assert.equal(gainLoss(0.3, 0.1, 0.2), 0n)
  })
})
