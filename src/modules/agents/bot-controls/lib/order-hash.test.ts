import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { describe, it } from 'node:test'
import { orderHash } from './order-hash.ts'

const base = {
  account_id: 7,
  symbol: 'AAPL',
  side: 'buy',
  qty: '2.500000000',
  notional: null,
  order_type: 'limit',
  limit_price: '190.100000',
}

describe('order hash', () => {
  it('is the SHA-256 of account|symbol|side|qty|notional|type|limit, decimals in shortest form', () => {
    const expected = createHash('sha256').update('7|AAPL|buy|2.5||limit|190.1').digest('hex')
    assert.equal(orderHash(base), expected)
    assert.equal(orderHash({ ...base, qty: '2.5', limit_price: '190.10' }), expected)
  })

  it('changes with any term', () => {
    const h = orderHash(base)
    for (const change of [
      { account_id: 8 },
      { symbol: 'MSFT' },
      { side: 'sell' },
      { qty: '2.6' },
      { limit_price: '190.11' },
    ])
      assert.notEqual(orderHash({ ...base, ...change }), h, JSON.stringify(change))
    assert.notEqual(orderHash({ ...base, qty: null, notional: '2.5' }), h)
  })
})
