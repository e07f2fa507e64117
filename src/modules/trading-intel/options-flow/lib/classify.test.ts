import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { OptionContract } from '../../../../providers/market-data/index.ts'
import { classifyFlow, sumVolumes, type FlowReading } from './classify.ts'
import { flowExpiration } from './expiration.ts'
import { directionBreakdown, flowStats } from './flow-stats.ts'

const read = (put: number, call: number, contracts = 2): FlowReading =>
  classifyFlow({ put_volume: put, call_volume: call, contracts })

const contract = (type: 'put' | 'call', volume: number | null): OptionContract => ({
  symbol: `X${type}`,
  underlying: 'X',
  expiration: '2026-11-27',
  strike: 100,
  type,
  volume,
  open_interest: null,
  bid: null,
  ask: null,
  last: null,
})

describe('classifyFlow: the reference vectors', () => {
  const vectors: [number, number, number | null, string, number][] = [
    [4500, 9000, 0.5, 'CALL_DOMINANCE', 0.65],
    [12000, 8000, 1.5, 'PUT_DOMINANCE', 0.7792],
    [3000, 4000, 0.75, 'NEUTRAL_FLOW', 0.6442],
    [900, 6000, 0.15, 'CALL_DOMINANCE', 0.99],
    [300, 0, null, 'PUT_DOMINANCE', 0.9429],
    [25000, 5000, 5, 'PUT_DOMINANCE', 0.99],
  ]
  for (const [put, call, pcr, direction, confidence] of vectors)
    it(`${put} puts / ${call} calls → ${direction} ${confidence}`, () => {
      assert.deepEqual(read(put, call), { kind: 'signal', direction, put_call_ratio: pcr, confidence })
    })

  it('50 puts / 40 calls: below the minimum total volume of 100 → skipped', () => {
    assert.deepEqual(read(50, 40), { kind: 'skip', reason: 'low_volume' })
  })
})

describe('classifyFlow: at and around each threshold', () => {
  it('PCR exactly 1.00 is PUT_DOMINANCE (inclusive), s = 0 → 0.5 + 0.15·f', () => {
    // total 200: f = log10(200)/4 = 0.575257 → 0.5863
    assert.deepEqual(read(100, 100), {
      kind: 'signal',
      direction: 'PUT_DOMINANCE',
      put_call_ratio: 1,
      confidence: 0.5863,
    })
  })
  it('PCR just below 1.00 (999/1000) is NEUTRAL_FLOW', () => {
    const r = read(999, 1000)
    assert.equal(r.kind === 'signal' && r.direction, 'NEUTRAL_FLOW')
    // f = log10(1999)/4 = 0.825162 → 0.5 + 0.15·f = 0.6238
    assert.equal(r.kind === 'signal' && r.confidence, 0.6238)
    assert.equal(r.kind === 'signal' && r.put_call_ratio, 0.999)
  })
  it('PCR just above 1.00 (1001/1000) is PUT_DOMINANCE', () => {
    const r = read(1001, 1000)
    assert.equal(r.kind === 'signal' && r.direction, 'PUT_DOMINANCE')
    // s = ln(1.001)/ln 3 = 0.000910; f = log10(2001)/4 = 0.825379 → 0.5 + 0.000319 + 0.123807 = 0.6241
    assert.equal(r.kind === 'signal' && r.confidence, 0.6241)
  })
  it('PCR exactly 0.50 is CALL_DOMINANCE; just above (501/1000) NEUTRAL; just below (499/1000) CALL', () => {
    assert.equal((read(500, 1000) as { direction: string }).direction, 'CALL_DOMINANCE')
    assert.equal((read(501, 1000) as { direction: string }).direction, 'NEUTRAL_FLOW')
    assert.equal((read(499, 1000) as { direction: string }).direction, 'CALL_DOMINANCE')
  })
  it('total volume exactly 100 is classified; 99 is skipped', () => {
    assert.equal(read(60, 40).kind, 'signal')
    assert.deepEqual(read(59, 40), { kind: 'skip', reason: 'low_volume' })
  })
  it('zero put volume → PCR 0 → CALL_DOMINANCE with s = 1 (0.5 + 0.35 + 0.15·log10(500)/4 = 0.95121)', () => {
    assert.deepEqual(read(0, 500), {
      kind: 'signal',
      direction: 'CALL_DOMINANCE',
      put_call_ratio: 0,
      confidence: 0.9512,
    })
  })
  it('no contract reporting a volume → skipped as no_volume', () => {
    assert.deepEqual(read(0, 0, 0), { kind: 'skip', reason: 'no_volume' })
  })
})

describe('sumVolumes', () => {
  it('sums puts and calls and counts only contracts that report a volume (null is not zero)', () => {
    const v = sumVolumes([
      contract('put', 120),
      contract('put', null),
      contract('call', 80),
      contract('call', 0),
    ])
    assert.deepEqual(v, { put_volume: 120, call_volume: 80, contracts: 3 })
  })
  it('an all-null chain (Alpaca without volumes) counts nothing', () => {
    assert.deepEqual(sumVolumes([contract('put', null), contract('call', null)]), {
      put_volume: 0,
      call_volume: 0,
      contracts: 0,
    })
  })
})

describe('flowExpiration', () => {
  const exps = ['2026-11-20', '2026-11-27', '2026-12-04']
  it('the nearest expiration on or after the New York date', () => {
    assert.equal(flowExpiration(exps, new Date('2026-11-23T15:00:00Z')), '2026-11-27')
  })
  it('on an expiration day: that day while the session runs, the next one after the close', () => {
    assert.equal(flowExpiration(exps, new Date('2026-11-27T16:00:00Z')), '2026-11-27')
    // 2026-11-27 is the day after Thanksgiving: an early close at 13:00 ET (18:00 UTC).
    assert.equal(flowExpiration(exps, new Date('2026-11-27T18:30:00Z')), '2026-12-04')
  })
  it('no expiration ahead → null', () => {
    assert.equal(flowExpiration(['2026-11-20'], new Date('2026-11-23T15:00:00Z')), null)
  })
})

describe('flowStats and directionBreakdown', () => {
  const rows = [
    { symbol: 'AAA', direction: 'PUT_DOMINANCE' as const, put_call_ratio: 1.5, confidence: 0.7792 },
    { symbol: 'BBB', direction: 'PUT_DOMINANCE' as const, put_call_ratio: null, confidence: 0.9429 },
    { symbol: 'CCC', direction: 'CALL_DOMINANCE' as const, put_call_ratio: 0.5, confidence: 0.65 },
  ]
  it('averages PCR over finite ratios only and confidence over every row', () => {
    assert.deepEqual(flowStats(rows), {
      total: 3,
      by_direction: { CALL_DOMINANCE: 1, PUT_DOMINANCE: 2, NEUTRAL_FLOW: 0 },
      avg_put_call_ratio: 1, // (1.5 + 0.5) / 2
      avg_confidence: 0.7907, // (0.7792 + 0.9429 + 0.65) / 3 = 0.790700
    })
  })
  it('per direction: count, averages (null when none) and symbols', () => {
    const b = directionBreakdown(rows)
    assert.deepEqual(b.PUT_DOMINANCE, {
      count: 2,
      avg_put_call_ratio: 1.5,
      avg_confidence: 0.8611, // (0.7792 + 0.9429) / 2 = 0.86105 → 0.8611
      symbols: ['AAA', 'BBB'],
    })
    assert.deepEqual(b.NEUTRAL_FLOW, {
      count: 0,
      avg_put_call_ratio: null,
      avg_confidence: null,
      symbols: [],
    })
  })
})
