import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { cashOnDays } from './cash.ts'

const c = (date: string, cents: number) => ({ date, cents: BigInt(cents) })

describe('cash on a day', () => {
  it('sums the effects when no balance was ever reported (a manual account)', () => {
    const effects = [c('2025-01-02', 1_000_000), c('2025-01-06', -250_000), c('2025-01-03', 1_234)]
    assert.deepEqual(cashOnDays([], effects, ['2025-01-01', '2025-01-02', '2025-01-05', '2025-01-06']), [
      0n,
      1_000_000n,
      1_001_234n,
      751_234n,
    ])
  })

  it('takes a reported balance as the truth, rolls forward after it and back before it', () => {
    // Deposit 187,000 on 1 March, buy 16,452 on 3 March, dividend 48.40 on 10 March; the broker
    // reports 170,548 on 5 March (after the buy) and 170,596.40 on 12 March.
    const effects = [c('2025-03-01', 18_700_000), c('2025-03-03', -1_645_200), c('2025-03-10', 4_840)]
    const anchors = [c('2025-03-05', 17_054_800), c('2025-03-12', 17_059_640)]
    const days = [
      '2025-02-28',
      '2025-03-01',
      '2025-03-03',
      '2025-03-05',
      '2025-03-10',
      '2025-03-12',
      '2025-03-13',
    ]
    assert.deepEqual(cashOnDays(anchors, effects, days), [
      0n,
      18_700_000n,
      17_054_800n,
      17_054_800n,
      17_059_640n,
      17_059_640n,
      17_059_640n,
    ])
  })

  it('lets a reported balance override what the activities imply (interest the feed missed)', () => {
    const anchors = [c('2025-03-05', 10_000), c('2025-03-06', 10_050)]
    assert.deepEqual(cashOnDays(anchors, [], ['2025-03-05', '2025-03-06', '2025-03-07']), [
      10_000n,
      10_050n,
      10_050n,
    ])
  })
})
