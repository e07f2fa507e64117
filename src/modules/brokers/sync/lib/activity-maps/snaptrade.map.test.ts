import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { cashEffect, shareEffect } from '../../../../portfolio/index.ts'
import { mapSnapTradeActivity } from './snaptrade.map.ts'
import { act, ctx } from './test-kit.ts'

const row = (over: Parameters<typeof act>[0]) => {
  const m = mapSnapTradeActivity(act(over), ctx)
  assert.ok('row' in m, JSON.stringify(m))
  return m.row
}

describe('SnapTrade activities → ledger', () => {
  it('BUY and SELL (fills) are units × price with the fee apart; the currency is the activity’s', () => {
    const b = row({
      type: 'FILL',
      side: 'buy',
      symbol: 'VTI',
      qty: '5.2',
      price: '250.4',
      netAmount: '-1302.08',
      fee: '1',
      currency: 'CAD',
    })
    assert.deepEqual(
      [b.type, b.amount, b.fee, b.currency, cashEffect(b)],
      ['BUY', '1302.08', '1', 'CAD', '-1303.08'],
    )
  })

  it('the type decides the direction of cash types, whatever sign the brokerage gave', () => {
    const cases: [string, string, string, string][] = [
      ['CONTRIBUTION', '1000', 'DEPOSIT', '1000'],
      ['WITHDRAWAL', '-400', 'WITHDRAWAL', '-400'],
      ['WITHDRAWAL', '400', 'WITHDRAWAL', '-400'],
      ['FEE', '-2.5', 'FEE', '-2.5'],
      ['FEE', '2.5', 'FEE', '-2.5'],
      ['TAX', '-1.1', 'TAX', '-1.1'],
      ['DIVIDEND', '3.3', 'DIVIDEND', '3.3'],
      ['DIVIDEND', '-3.3', 'DIVIDEND', '-3.3'],
      ['INTEREST', '0.4', 'INTEREST', '0.4'],
      ['TRANSFER', '-50', 'TRANSFER_OUT', '-50'],
    ]
    for (const [type, amount, want, cash] of cases) {
      const r = row({ type, netAmount: amount, symbol: type === 'DIVIDEND' ? 'KO' : null })
      assert.deepEqual([r.type, cashEffect(r)], [want, cash], `${type} ${amount}`)
    }
  })

  it('REI buys the units; STOCK_DIVIDEND adds shares at no cost; asset transfers move shares', () => {
    const rei = row({ type: 'REI', symbol: 'KO', qty: '0.05', price: '60', netAmount: '-3' })
    assert.deepEqual([rei.type, rei.amount], ['BUY', '3'])
    const sd = row({ type: 'STOCK_DIVIDEND', symbol: 'KO', qty: '2' })
    assert.deepEqual(
      [sd.type, cashEffect(sd), shareEffect(sd)],
      ['BUY', '0', { kind: 'add', symbol: 'KO', quantity: '2' }],
    )
    const t = row({
      type: 'EXTERNAL_ASSET_TRANSFER_OUT',
      symbol: 'KO',
      qty: '3',
      price: '60',
      netAmount: '180',
    })
    assert.deepEqual([t.type, t.quantity, t.amount, cashEffect(t)], ['TRANSFER_OUT', '3', '180', '0'])
  })

  it('SPLIT and option events have no ledger meaning', () => {
    for (const type of ['SPLIT', 'OPTIONEXPIRATION', 'ADJUSTMENT'])
      assert.deepEqual(mapSnapTradeActivity(act({ type, symbol: 'KO', qty: '1' }), ctx), { unmapped: type })
  })
})
