import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { plainDecimal, validateActivity, type ActivityDraft } from './validate.ts'

const TODAY = '2026-11-24'
const draft = (over: Partial<ActivityDraft> & Pick<ActivityDraft, 'type'>): ActivityDraft => ({
  date: '2026-11-20',
  symbol: null,
  quantity: null,
  price: null,
  amount: null,
  fee: null,
  currency: 'USD',
  ...over,
})
const fields = (d: ActivityDraft) => validateActivity(d, TODAY).issues.map((i) => `${i.field}:${i.type}`)

describe('activity rules', () => {
  it('a buy needs symbol, quantity and price; its amount defaults to quantity × price at 4 places', () => {
    assert.deepEqual(fields(draft({ type: 'BUY' })), [
      'symbol:required',
      'quantity:required',
      'price:required',
    ])
    const ok = validateActivity(
      draft({ type: 'BUY', symbol: 'AAPL', quantity: '3', price: '33.33333' }),
      TODAY,
    )
    // 3 × 33.33333 = 99.99999, at 4 places 100.
    assert.equal(ok.row?.amount, '100')
    assert.equal(ok.row?.fee, '0')
  })

  it('a given trade amount must be within a cent of quantity × price', () => {
    const buy = { type: 'BUY' as const, symbol: 'AAPL', quantity: '10', price: '150.025' }
    assert.deepEqual(fields(draft({ ...buy, amount: '1500.25' })), [])
    assert.deepEqual(fields(draft({ ...buy, amount: '1500.26' })), [])
    assert.deepEqual(fields(draft({ ...buy, amount: '1500.27' })), ['amount:mismatch'])
  })

  it('cash activities take no quantity; flows must not be 0 or negative; income may be negative', () => {
    assert.deepEqual(fields(draft({ type: 'DEPOSIT', amount: '100', quantity: '1' })), [
      'quantity:not_allowed',
    ])
    assert.deepEqual(fields(draft({ type: 'DEPOSIT', amount: '0' })), ['amount:range'])
    assert.deepEqual(fields(draft({ type: 'WITHDRAWAL', amount: '-5' })), ['amount:range'])
    assert.deepEqual(fields(draft({ type: 'DIVIDEND', symbol: 'KO', amount: '-48.4' })), [])
    assert.deepEqual(fields(draft({ type: 'DEPOSIT', symbol: 'KO', amount: '1' })), ['symbol:not_allowed'])
  })

  it('a transfer with a symbol moves securities and needs quantity and price; without, cash', () => {
    assert.deepEqual(fields(draft({ type: 'TRANSFER_IN', symbol: 'MSFT' })), [
      'quantity:required',
      'price:required',
    ])
    const r = validateActivity(
      draft({ type: 'TRANSFER_IN', symbol: 'MSFT', quantity: '3', price: '500' }),
      TODAY,
    )
    assert.equal(r.row?.amount, '1500')
    assert.deepEqual(fields(draft({ type: 'TRANSFER_OUT', amount: '900' })), [])
  })

  it('a split needs a positive ratio, no price, no amount and no fee', () => {
    assert.deepEqual(fields(draft({ type: 'SPLIT', symbol: 'NVDA', quantity: '10' })), [])
    assert.deepEqual(fields(draft({ type: 'SPLIT', symbol: 'NVDA', quantity: '0', amount: '5', fee: '1' })), [
      'quantity:range',
      'fee:not_allowed',
      'amount:not_allowed',
    ])
  })

  it('dates, currency, fee and decimals', () => {
    const dep = { type: 'DEPOSIT' as const, amount: '100' }
    assert.deepEqual(fields(draft({ ...dep, date: '2026-11-25' })), ['date:future'])
    assert.deepEqual(fields(draft({ ...dep, date: '2026-02-30' })), ['date:date'])
    assert.deepEqual(fields(draft({ ...dep, currency: 'usd' })), ['currency:pattern'])
    assert.deepEqual(fields(draft({ ...dep, fee: '-1' })), ['fee:range'])
    assert.deepEqual(fields(draft({ ...dep, amount: '1.00001' })), ['amount:decimals'])
  })

  it('plain decimals from numbers and cells', () => {
    assert.equal(plainDecimal(1e-7), '0.0000001')
    assert.equal(plainDecimal('.5'), '0.5')
    assert.equal(plainDecimal('5.'), '5')
    assert.equal(plainDecimal('-0.00'), '0')
    assert.equal(plainDecimal('+007.50'), '7.5')
    assert.equal(plainDecimal('abc'), null)
    assert.equal(plainDecimal(Infinity), null)
  })
})
