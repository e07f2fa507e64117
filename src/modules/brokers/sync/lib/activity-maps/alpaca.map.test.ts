import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { cashEffect } from '../../../../portfolio/index.ts'
import { mapAlpacaActivity } from './alpaca.map.ts'
import { act, ctx } from './test-kit.ts'

const row = (over: Parameters<typeof act>[0]) => {
  const m = mapAlpacaActivity(act(over), ctx)
  assert.ok('row' in m, JSON.stringify(m))
  return m.row
}

describe('Alpaca activities → ledger', () => {
  it('a FILL is a BUY or SELL of quantity × price to the cent, no fee', () => {
    const b = row({ type: 'FILL', side: 'buy', symbol: 'aapl', qty: '3', price: '174.785' })
    assert.deepEqual(
      [b.type, b.symbol, b.quantity, b.price, b.amount, b.fee],
      ['BUY', 'AAPL', '3', '174.785', '524.36', '0'],
    )
    assert.equal(row({ type: 'FILL', side: 'sell_short', symbol: 'T', qty: '2', price: '10' }).type, 'SELL')
  })

  it('cash activities move the cash by exactly net_amount, whatever their type', () => {
    const cases: [string, string, string][] = [
      ['DIV', '1.02', 'DIVIDEND'],
      ['DIVNRA', '-0.31', 'TAX'],
      ['DIVFT', '-0.15', 'TAX'],
      ['INT', '0.07', 'INTEREST'],
      ['FEE', '-1.25', 'FEE'],
      ['CFEE', '-0.02', 'FEE'],
      ['CSD', '5000', 'DEPOSIT'],
      ['CSW', '-250.5', 'WITHDRAWAL'],
      ['JNLC', '100', 'TRANSFER_IN'],
      ['JNLC', '-40', 'TRANSFER_OUT'],
    ]
    for (const [type, net, want] of cases) {
      const r = row({ type, netAmount: net, symbol: type.startsWith('DIV') ? 'T' : null })
      assert.equal(r.type, want, type)
      assert.equal(cashEffect(r), net, `${type} ${net}`)
      assert.ok(!r.amount.startsWith('-'), `${type}: the amount is positive in its usual direction`)
    }
  })

  it('JNLS moves shares: a transfer naming the symbol, valued at quantity × price', () => {
    const r = row({ type: 'JNLS', symbol: 'MSFT', qty: '-4', price: '400.5', netAmount: '0' })
    assert.deepEqual([r.type, r.symbol, r.quantity, r.amount], ['TRANSFER_OUT', 'MSFT', '4', '1602'])
    assert.equal(cashEffect(r), '0')
  })

  it('types with no ledger meaning are named, and incomplete rows said so', () => {
    assert.deepEqual(mapAlpacaActivity(act({ type: 'SSP', symbol: 'X', qty: '5' }), ctx), { unmapped: 'SSP' })
    assert.deepEqual(mapAlpacaActivity(act({ type: 'OPEXP' }), ctx), { unmapped: 'OPEXP' })
    assert.deepEqual(mapAlpacaActivity(act({ type: 'DIV' }), ctx), { unmapped: 'DIV (incomplete)' })
  })
})
