/** Lot matching against hand-worked examples (every figure below is worked out by hand in the comment). */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { matchLots, type Fill } from './lots.ts'

let seq = 0
const fill = (
  side: 'buy' | 'sell' | 'sell_short',
  qty: string,
  price: string,
  date: string,
  fee = '0',
  symbol = 'AAPL',
): Fill => ({
  id: `f${++seq}`,
  symbol,
  side,
  qty,
  price,
  fee,
  date,
})

describe('lot matching: FIFO', () => {
  it('closes the oldest lot first, splitting a lot and sharing the sale fee by quantity', () => {
    // Buy 10 @ 100 (fee 1 → lot cost 1001), buy 10 @ 120 (cost 1200); sell 15 @ 130, fee 1.5.
    // Lot 1: 10 shares, proceeds 1300, cost 1001, fee 1.5 × 10/15 = 1, gain 298.
    // Lot 2: 5 of 10 shares, proceeds 650, cost 600, fee 0.5, gain 49.5.
    const { closed, open } = matchLots(
      [
        fill('buy', '10', '100', '2024-01-02', '1'),
        fill('buy', '10', '120', '2025-03-03'),
        fill('sell', '15', '130', '2025-06-02', '1.5'),
      ],
      'fifo',
    )
    assert.deepEqual(
      closed.map((c) => [c.quantity, c.date_acquired, c.proceeds, c.cost_basis, c.fees, c.gain_loss, c.term]),
      [
        ['10', '2024-01-02', '1300', '1001', '1', '298', 'long'],
        ['5', '2025-03-03', '650', '600', '0.5', '49.5', 'short'],
      ],
    )
    assert.deepEqual(open, [{ symbol: 'AAPL', quantity: '5', cost: '600', date: '2025-03-03' }])
    assert.match(closed[0]!.id, /^f\d+:1$/)
  })

  it('a short sale opens a short lot that the next buy covers', () => {
    // Sell short 4 @ 50 (proceeds 200); buy 6 @ 45: covers 4 (cost 180, gain 20), opens a long of 2 (cost 90).
    const { closed, open } = matchLots(
      [fill('sell_short', '4', '50', '2025-01-06'), fill('buy', '6', '45', '2025-02-03')],
      'fifo',
    )
    assert.deepEqual(
      closed.map((c) => [c.quantity, c.proceeds, c.cost_basis, c.gain_loss, c.short, c.term]),
      [['4', '200', '180', '20', true, 'short']],
    )
    assert.deepEqual(open, [{ symbol: 'AAPL', quantity: '2', cost: '90', date: '2025-02-03' }])
  })

  it('keeps symbols apart and handles fractional shares exactly', () => {
    // 0.3 @ 333.33 = 99.999; selling 0.1 @ 400: proceeds 40, cost 99.999/3 = 33.333, gain 6.667.
    const { closed } = matchLots(
      [
        fill('buy', '0.3', '333.33', '2025-01-02'),
        fill('buy', '1', '10', '2025-01-02', '0', 'MSFT'),
        fill('sell', '0.1', '400', '2025-01-03'),
      ],
      'fifo',
    )
    assert.deepEqual(
      closed.map((c) => [c.symbol, c.proceeds, c.cost_basis, c.gain_loss]),
      [['AAPL', '40', '33.333', '6.667']],
    )
  })

  it('a sale of shares the history never saw bought is unmatched, not a short', () => {
    // Held before the history began: sell 10 @ 150 with nothing bought; the rebuy opens a plain long.
    const { closed, open, unmatched } = matchLots(
      [fill('sell', '10', '150', '2025-10-01'), fill('buy', '10', '100', '2025-10-20')],
      'fifo',
    )
    assert.deepEqual(closed, [])
    assert.deepEqual(
      unmatched.map((u) => [u.symbol, u.quantity]),
      [['AAPL', '10']],
    )
    assert.deepEqual(
      open.map((o) => [o.quantity, o.cost]),
      [['10', '1000']],
    )
  })

  it('reads fractional shares to 9 places (the trade is stored to 8)', () => {
    // Buy 0.123456789 @ 100 (cost 12.3456789); sell 0.1 @ 110: proceeds 11, cost 10, gain 1.
    const { closed, open } = matchLots(
      [fill('buy', '0.123456789', '100', '2025-01-02'), fill('sell', '0.1', '110', '2025-01-03')],
      'fifo',
    )
    assert.deepEqual(
      closed.map((c) => [c.quantity, c.proceeds, c.cost_basis, c.gain_loss]),
      [['0.1', '11', '10', '1']],
    )
    assert.equal(open[0]!.quantity, '0.023456789')
  })

  it('refuses a malformed quantity rather than guessing', () => {
    assert.throws(() => matchLots([fill('buy', '1e3', '1', '2025-01-02')], 'fifo'), /not a positive decimal/)
  })
})

describe('lot matching: average cost', () => {
  it('prices every share at the pooled average while dates stay first in, first out', () => {
    // Buy 10 @ 100 and 10 @ 120: average 110. Sell 15 @ 130: lot 1 (10 sh) cost 1100, gain 200;
    // lot 2 (5 of 10) cost 550, gain 100. Open: 5 shares at 550.
    const { closed, open } = matchLots(
      [
        fill('buy', '10', '100', '2024-01-02'),
        fill('buy', '10', '120', '2025-03-03'),
        fill('sell', '15', '130', '2025-06-02'),
      ],
      'average',
    )
    assert.deepEqual(
      closed.map((c) => [c.quantity, c.date_acquired, c.cost_basis, c.gain_loss, c.term]),
      [
        ['10', '2024-01-02', '1100', '200', 'long'],
        ['5', '2025-03-03', '550', '100', 'short'],
      ],
    )
    assert.deepEqual(
      open.map((o) => [o.quantity, o.cost]),
      [['5', '550']],
    )
  })

  it('keeps the pooled total exact when the average does not divide evenly', () => {
    // 1 @ 10 and 2 @ 10.01: total 30.02 over 3 shares; selling all 3 @ 11 realizes 33 − 30.02 = 2.98.
    const { closed } = matchLots(
      [
        fill('buy', '1', '10', '2025-01-02'),
        fill('buy', '2', '10.01', '2025-01-03'),
        fill('sell', '3', '11', '2025-01-06'),
      ],
      'average',
    )
    const total = closed.reduce((s, c) => s + Number(c.gain_loss), 0)
    assert.equal(Math.round(total * 1e4) / 1e4, 2.98)
  })
})
