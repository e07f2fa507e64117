import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { toCents } from '../../../../kernel/decimal/cents.ts'
import { cashEffect, shareEffect } from '../../activities/lib/effects.ts'
import { ACTIVITY_TYPES } from '../../portfolio.tables.ts'
import { cashCents, shareMove, tenThousandths } from './effects-fast.ts'

describe('the activity effects, fast', () => {
  it('equal the decimal effect functions for every type, sign, scale and symbol', () => {
    const amounts = [
      '0',
      '1500.25',
      '0.005',
      '-0.005',
      '48.4',
      '-7.2600',
      '12345678901.9999',
      '3.14159',
      '0.0050',
    ]
    const fees = ['0', '1', '0.35', '0.3333', '0.005']
    for (const type of ACTIVITY_TYPES)
      for (const symbol of [null, 'AAPL'])
        for (const amount of amounts)
          for (const fee of fees) {
            const a = { type, symbol, quantity: '3', amount, fee, date: '2026-01-02' }
            assert.equal(cashCents(a), Number(toCents(cashEffect(a))), `${type} ${symbol} ${amount} ${fee}`)
            const slow = shareEffect(a)
            const fast = shareMove(a)
            if (slow === null) assert.equal(fast, null)
            else if (slow.kind === 'split') assert.deepEqual([fast?.kind, fast?.value], ['split', 3])
            else assert.deepEqual([fast?.kind, fast?.value], ['add', Number(slow.quantity)])
          }
  })

  it('reads four-decimal strings exactly, and declines what a double cannot hold', () => {
    assert.equal(tenThousandths('1234.56'), 12_345_600)
    assert.equal(tenThousandths('-0.0001'), -1)
    assert.equal(tenThousandths('1.23456'), null)
    assert.equal(tenThousandths('123456789012'), null)
  })
})
