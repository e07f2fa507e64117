/** The packed trades: exact round trips (text of any kind, numbers of any sign and scale), and damage refused. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { RealizedTrade } from '../../../portfolio/index.ts'
import { decodeTrades, encodeTrades } from './trade-pack.ts'

const trades: RealizedTrade[] = [
  {
    id: 1,
    symbol: 'BRK.B',
    quantity: 0.00000001,
    date_acquired: 'VARIOUS',
    sold_on: '2025-06-02',
    proceeds: 1234567890.1234,
    cost_basis: 0,
    fees: 0.5,
    gain_loss: -1234.5678,
    account_id: 7,
  },
  {
    id: 9007199254740991,
    symbol: 'ÉTÉ€',
    quantity: -300,
    date_acquired: '2025-06-01',
    sold_on: '2025-06-02',
    proceeds: 1,
    cost_basis: 2,
    fees: 0,
    gain_loss: -1,
    account_id: 9007199254740000,
  },
  {
    id: 3,
    symbol: 'BRK.B',
    quantity: 1,
    date_acquired: '2025-06-02',
    sold_on: '2025-06-03',
    proceeds: 3,
    cost_basis: 2,
    fees: 0,
    gain_loss: 1,
    account_id: 7,
  },
]

describe('trade pack', () => {
  it('decodes what it encoded, exactly, in order, with the fields in the order of a row read', () => {
    const back = decodeTrades(encodeTrades(trades))
    assert.deepEqual(back, trades)
    assert.deepEqual(Object.keys(back[0]!), Object.keys(trades[0]!))
    assert.deepEqual(decodeTrades(encodeTrades([])), [])
  })

  it('aligns the number columns whatever the string table length', () => {
    for (const symbol of ['A', 'AB', 'ABC', 'ABCD', 'ABCDE', 'ABCDEF', 'ABCDEFG', 'ABCDEFGH']) {
      const one = [{ ...trades[0]!, symbol }]
      assert.deepEqual(decodeTrades(encodeTrades(one)), one)
    }
  })

  it('refuses a value of another version or of the wrong length', () => {
    const packed = Buffer.from(encodeTrades(trades), 'base64')
    const other = Buffer.from(packed)
    other.writeUInt32LE(2, 0)
    assert.throws(() => decodeTrades(other.toString('base64')), /unknown version/)
    assert.throws(
      () => decodeTrades(packed.subarray(0, packed.byteLength - 4).toString('base64')),
      /wrong length/,
    )
    assert.throws(() => decodeTrades(''), /unknown version/)
  })
})
