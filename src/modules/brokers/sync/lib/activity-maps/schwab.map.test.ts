import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { cashEffect } from '../../../../portfolio/index.ts'
import { mapSchwabActivity } from './schwab.map.ts'
import { act, ctx } from './test-kit.ts'

const row = (over: Parameters<typeof act>[0]) => {
  const m = mapSchwabActivity(act(over), ctx)
  assert.ok('row' in m, JSON.stringify(m))
  return m.row
}

describe('Schwab transactions → ledger', () => {
  it('a TRADE leg is a BUY or SELL with its fees apart; the cash moves by netAmount', () => {
    // Bought 1 SFM at 164.85 with a 0.65 commission: Schwab's netAmount is −165.50.
    const b = row({
      type: 'FILL',
      side: 'buy',
      symbol: 'SFM',
      qty: '1',
      price: '164.85',
      netAmount: '-165.5',
      fee: '0.65',
    })
    assert.deepEqual([b.type, b.amount, b.fee], ['BUY', '164.85', '0.65'])
    assert.equal(cashEffect(b), '-165.5')
    const s = row({
      type: 'FILL',
      side: 'sell',
      symbol: 'SFM',
      qty: '1',
      price: '170',
      netAmount: '169.98',
      fee: '0.02',
    })
    assert.deepEqual([s.type, s.amount, cashEffect(s)], ['SELL', '170', '169.98'])
  })

  it('cash transactions: their ledger type, and the cash moves by netAmount', () => {
    const cases: [string, string, string | null, string][] = [
      ['DIVIDEND_OR_INTEREST', '12.4', 'KO', 'DIVIDEND'],
      ['DIVIDEND_OR_INTEREST', '0.83', null, 'INTEREST'],
      ['ACH_RECEIPT', '2500', null, 'DEPOSIT'],
      ['CASH_RECEIPT', '10', null, 'DEPOSIT'],
      ['WIRE_IN', '10000', null, 'DEPOSIT'],
      ['ACH_DISBURSEMENT', '-300', null, 'WITHDRAWAL'],
      ['CASH_DISBURSEMENT', '-20', null, 'WITHDRAWAL'],
      ['WIRE_OUT', '-900', null, 'WITHDRAWAL'],
      ['ELECTRONIC_FUND', '-15', null, 'WITHDRAWAL'],
      ['ELECTRONIC_FUND', '15', null, 'DEPOSIT'],
      ['JOURNAL', '75', null, 'TRANSFER_IN'],
      ['JOURNAL', '-75', null, 'TRANSFER_OUT'],
    ]
    for (const [type, net, symbol, want] of cases) {
      const r = row({ type, netAmount: net, symbol })
      assert.equal(r.type, want, `${type} ${net}`)
      assert.equal(cashEffect(r), net, `${type} ${net}`)
    }
  })

  it('RECEIVE_AND_DELIVER moves shares; MEMORANDUM has no ledger meaning', () => {
    const r = row({ type: 'RECEIVE_AND_DELIVER', symbol: 'AAPL', qty: '10', price: '150.1', netAmount: '0' })
    assert.deepEqual(
      [r.type, r.symbol, r.quantity, r.amount, cashEffect(r)],
      ['TRANSFER_IN', 'AAPL', '10', '1501', '0'],
    )
    assert.deepEqual(mapSchwabActivity(act({ type: 'MEMORANDUM', netAmount: '0' }), ctx), {
      unmapped: 'MEMORANDUM',
    })
  })
})
