import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { cashEffect, flowAmount, shareEffect, type ActivityAmounts } from './effects.ts'

const a = (over: Partial<ActivityAmounts> & Pick<ActivityAmounts, 'type'>): ActivityAmounts => ({
  symbol: null,
  quantity: null,
  amount: '0',
  fee: '0',
  ...over,
})

describe('activity effects', () => {
  it('a buy costs its amount and fee, a sell brings its amount less the fee', () => {
    assert.equal(
      cashEffect(a({ type: 'BUY', symbol: 'AAPL', quantity: '10', amount: '1500.25', fee: '1' })),
      '-1501.25',
    )
    assert.equal(
      cashEffect(a({ type: 'SELL', symbol: 'AAPL', quantity: '4', amount: '700', fee: '0.35' })),
      '699.65',
    )
  })

  it('deposits and withdrawals move cash and make capital flows; dividends move cash only', () => {
    assert.equal(cashEffect(a({ type: 'DEPOSIT', amount: '187000' })), '187000')
    assert.equal(flowAmount(a({ type: 'DEPOSIT', amount: '187000' })), '187000')
    assert.equal(cashEffect(a({ type: 'WITHDRAWAL', amount: '5000', fee: '25' })), '-5025')
    assert.equal(flowAmount(a({ type: 'WITHDRAWAL', amount: '5000' })), '-5000')
    assert.equal(cashEffect(a({ type: 'DIVIDEND', symbol: 'KO', amount: '48.4' })), '48.4')
    assert.equal(flowAmount(a({ type: 'DIVIDEND', amount: '48.4' })), null)
    assert.equal(cashEffect(a({ type: 'TAX', amount: '7.26' })), '-7.26')
  })

  it('a transfer with a symbol moves shares and capital but no cash', () => {
    const t = a({ type: 'TRANSFER_IN', symbol: 'MSFT', quantity: '3', amount: '1500', fee: '2' })
    assert.equal(cashEffect(t), '-2')
    assert.deepEqual(shareEffect(t), { kind: 'add', symbol: 'MSFT', quantity: '3' })
    assert.equal(flowAmount(t), '1500')
    const out = a({ type: 'TRANSFER_OUT', symbol: 'MSFT', quantity: '3', amount: '1600' })
    assert.deepEqual(shareEffect(out), { kind: 'add', symbol: 'MSFT', quantity: '-3' })
    assert.equal(cashEffect(out), '0')
    assert.equal(cashEffect(a({ type: 'TRANSFER_OUT', amount: '900' })), '-900')
  })

  it('a split multiplies the shares by its ratio and touches nothing else', () => {
    const s = a({ type: 'SPLIT', symbol: 'NVDA', quantity: '10' })
    assert.deepEqual(shareEffect(s), { kind: 'split', symbol: 'NVDA', ratio: '10' })
    assert.equal(cashEffect(s), '0')
    assert.equal(flowAmount(s), null)
  })
})
