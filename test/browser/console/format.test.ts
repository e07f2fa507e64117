/**
 * The console's number formats (no browser), in an en-US locale: `price` keeps every decimal of a
 * per-share price as the API sent it, string or number, and whole cents with two; `money` rounds an
 * amount to the cent.
 */
import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import { money, price } from '../../../console/src/ui/format.ts'

describe('console formats: prices and money', () => {
  before(() => {
    // The formats read the browser's locale; this runtime may have no navigator at all.
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'en-US' }, configurable: true })
  })

  it('keeps every decimal of a price, from a string or a number', () => {
    assert.equal(price('0.0123'), '$0.0123')
    assert.equal(price(187.4567), '$187.4567')
    assert.equal(price('150.123456'), '$150.123456')
    assert.equal(price('1234.5678', 'EUR'), '€1,234.5678')
  })

  it('shows a price in whole cents, or a whole number, with two decimals', () => {
    assert.equal(price('60.5'), '$60.50')
    assert.equal(price(42), '$42.00')
  })

  it('rounds an amount of money to the cent', () => {
    assert.equal(money('187.4567'), '$187.46')
    assert.equal(money('0.0123'), '$0.01')
  })

  it('shows a dash for a missing price', () => {
    assert.equal(price(null), '—')
    assert.equal(price(undefined), '—')
    assert.equal(price(''), '—')
  })
})
