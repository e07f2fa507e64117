import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { holdingFigures } from './figures.ts'

describe('holding figures', () => {
  it('values a long holding: market value, unrealized, day change, base value', () => {
    // 10 × 190.25 = 1902.50; unrealized 1902.50 − 1500 = 402.50 = 26.83 % of 1500 (26.8333…);
    // day change 10 × (190.25 − 187.5) = 27.50, 2.75 / 187.5 = 1.4666… % → 1.47;
    // in EUR at 0.9234: 1902.5 × 0.9234 = 1756.7685 → 1756.77.
    const f = holdingFigures({
      quantity: '10',
      price: '190.25',
      cost_basis: '1500',
      closes: ['180', '187.5', '190.25'],
      rate: '0.9234',
      cost_rate: '0.95',
    })
    // Cost 1500 at 0.95 = 1425.00 EUR: base P&L 1756.77 − 1425 = 331.77; price effect 402.50 × 0.95
    // = 382.375 → 382.38; currency effect the rest, −50.61 (≈ 1902.50 × (0.9234 − 0.95) = −50.61).
    assert.deepEqual(f, {
      market_value: 190250n,
      cost_basis: 150000n,
      unrealized: 40250n,
      unrealized_pct: 26.83,
      day_change: 2750n,
      day_change_pct: 1.47,
      value_base: 175677n,
      unrealized_base: 33177n,
      price_effect: 38238n,
      currency_effect: -5061n,
    })
  })

  it('values a short: negative market value, gain when the price falls below the proceeds', () => {
    // −5 × 80 = −400; proceeds 500 → unrealized −400 + 500 = 100 (20 %); day change −5 × (80 − 82) = 10.
    const f = holdingFigures({
      quantity: '-5',
      price: '80',
      cost_basis: '500',
      closes: ['82', '80'],
      rate: null,
      cost_rate: null,
    })
    assert.equal(f.market_value, -40000n)
    assert.equal(f.unrealized, 10000n)
    assert.equal(f.unrealized_pct, 20)
    assert.equal(f.day_change, 1000n)
    assert.equal(f.day_change_pct, -2.44) // −2 / 82 = −2.439…
    assert.equal(f.value_base, null)
  })

  it('has no day change with fewer than two closes, and no percent on a zero cost', () => {
    const f = holdingFigures({
      quantity: '1',
      price: '5',
      cost_basis: '0',
      closes: ['5'],
      rate: '1',
      cost_rate: '1',
    })
    assert.equal(f.day_change, null)
    assert.equal(f.day_change_pct, null)
    assert.equal(f.unrealized_pct, null)
  })

  it('splits a short’s base P&L the same way, and has no split without both rates', () => {
    // −5 × 80 = −400 at 1.1 = −440; proceeds 500 at 1.2 = 600 received: base P&L 160; in its own
    // currency +100, at 1.2 = 120 price effect; currency effect 40 (the short owes 400 at 1.1, not 1.2).
    const f = holdingFigures({
      quantity: '-5',
      price: '80',
      cost_basis: '500',
      closes: null,
      rate: '1.1',
      cost_rate: '1.2',
    })
    assert.deepEqual([f.unrealized_base, f.price_effect, f.currency_effect], [16000n, 12000n, 4000n])
    const none = holdingFigures({
      quantity: '1',
      price: '1',
      cost_basis: '1',
      closes: null,
      rate: '1.1',
      cost_rate: null,
    })
    assert.deepEqual([none.unrealized_base, none.price_effect, none.currency_effect], [null, null, null])
  })
})
