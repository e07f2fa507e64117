import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { deriveSymbol, type LedgerEvent } from './derive.ts'

let next = 1
const ev = (
  type: LedgerEvent['type'],
  date: string,
  quantity: string,
  amount: string,
  more: Partial<LedgerEvent> = {},
) => ({ id: next++, type, date, symbol: 'AAPL', quantity, price: null, amount, fee: '0', ...more })
const noClose = () => null
const pick = (t: {
  quantity: string
  cost_basis: string
  proceeds: string
  fees: string
  gain_loss: string
  date_acquired: string
}) => [t.quantity, t.date_acquired, t.proceeds, t.cost_basis, t.fees, t.gain_loss]

describe('holdings and trades derived from a ledger', () => {
  const twoBuysOneSale = () => [
    ev('BUY', '2025-01-02', '10', '1000', { price: '100', fee: '1' }),
    ev('BUY', '2025-01-03', '10', '1200', { price: '120' }),
    ev('SELL', '2025-01-10', '15', '1950', { price: '130', fee: '2' }),
  ]

  it('FIFO: the oldest lot closes first at its own cost (buy fee in the cost, sale fee shared)', () => {
    const d = deriveSymbol(twoBuysOneSale(), 'fifo', noClose)
    // Lot 1: 10 shares cost 1,001; sale 1,950 for 15 → 1,300 for 10 and 650 for 5; fee 2 → 1.3333 and 0.6667.
    assert.deepEqual(d.closed.map(pick), [
      ['10', '2025-01-02', '1300', '1001', '1.3333', '297.6667'],
      ['5', '2025-01-03', '650', '600', '0.6667', '49.3333'],
    ])
    assert.deepEqual(d.rows, [
      { date: '2025-01-02', quantity: '10', cost_basis: '1001', price: '100' },
      { date: '2025-01-03', quantity: '20', cost_basis: '2201', price: '120' },
      { date: '2025-01-10', quantity: '5', cost_basis: '600', price: '130' },
    ])
    assert.deepEqual(d.oversold, [])
  })

  it('average cost: the pooled cost per share (2,201 / 20 = 110.05) closes the shares', () => {
    const d = deriveSymbol(twoBuysOneSale(), 'average', noClose)
    assert.deepEqual(d.closed.map(pick), [
      ['10', '2025-01-02', '1300', '1100.5', '1.3333', '198.1667'],
      ['5', '2025-01-03', '650', '550.25', '0.6667', '99.0833'],
    ])
    assert.equal(d.rows.at(-1)!.cost_basis, '550.25')
  })

  it('a split multiplies the shares and keeps cost and acquisition date; the close prices the row', () => {
    const d = deriveSymbol(
      [
        ev('BUY', '2025-01-02', '10', '1000', { price: '100' }),
        ev('SPLIT', '2025-01-05', '4', '0'),
        ev('SELL', '2025-01-06', '20', '600', { price: '30' }),
      ],
      'fifo',
      (day) => (day === '2025-01-06' ? '31.5' : null),
    )
    assert.deepEqual(d.rows, [
      { date: '2025-01-02', quantity: '10', cost_basis: '1000', price: '100' },
      { date: '2025-01-05', quantity: '40', cost_basis: '1000', price: '25' },
      { date: '2025-01-06', quantity: '20', cost_basis: '500', price: '31.5' },
    ])
    assert.deepEqual(d.closed.map(pick), [['20', '2025-01-02', '600', '500', '0', '100']])
  })

  it('reports a sale of more than is held, and a transfer out realizes nothing', () => {
    const sale = ev('SELL', '2025-01-02', '5', '500', { price: '100' })
    assert.deepEqual(deriveSymbol([sale], 'fifo', noClose).oversold, [
      { id: sale.id, date: '2025-01-02', quantity: '5' },
    ])
    const d = deriveSymbol(
      [ev('BUY', '2025-01-02', '10', '1000', { price: '100' }), ev('TRANSFER_OUT', '2025-02-03', '4', '500')],
      'fifo',
      noClose,
    )
    assert.deepEqual(d.closed, [])
    assert.deepEqual(d.rows.at(-1), { date: '2025-02-03', quantity: '6', cost_basis: '600', price: '125' })
  })

  it('within a day, buys come before sales whatever order they were entered in', () => {
    const sale = ev('SELL', '2025-01-02', '5', '550', { price: '110' })
    const buy = ev('BUY', '2025-01-02', '5', '500', { price: '100' })
    const d = deriveSymbol([sale, buy], 'fifo', noClose)
    assert.deepEqual(d.oversold, [])
    assert.deepEqual(d.rows, [{ date: '2025-01-02', quantity: '0', cost_basis: '0', price: '110' }])
  })
})
