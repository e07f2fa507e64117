import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { nyDate } from '../../../../kernel/calendar/nyse.ts'
import {
  bucketIndex,
  buckets,
  calibration,
  group,
  horizonEnd,
  nyDateFast,
  type ScoredCall,
} from './feedback.ts'

const call = (confidence: number, outcome: ScoredCall['outcome'], return_pct: number): ScoredCall => ({
  action: 'buy',
  confidence,
  outcome,
  return_pct,
})

describe('feedback arithmetic', () => {
  it('ends a horizon on the n-th trading day after the call, skipping weekends and holidays', () => {
    assert.equal(horizonEnd('2026-11-20', 1), '2026-11-23') // Friday → Monday
    assert.equal(horizonEnd('2026-11-25', 1), '2026-11-27') // Thanksgiving 11-26 is closed
    assert.equal(horizonEnd('2026-11-20', 5), '2026-11-30') // 23, 24, 25, 27, 30
  })

  it('dates instants in New York as the calendar does, across midnight and DST changes', () => {
    for (const iso of [
      '2026-11-24T04:59:59Z',
      '2026-11-24T05:00:00Z',
      '2026-03-08T06:59:59Z',
      '2026-03-08T07:00:00Z',
      '2026-11-01T05:30:00Z',
      '2026-07-04T03:59:00Z',
    ])
      assert.equal(nyDateFast(new Date(iso)), nyDate(new Date(iso)), iso)
  })

  it('puts confidences in [lower, upper) buckets, 1.0 in the last', () => {
    assert.equal(bucketIndex(0.3), 0)
    assert.equal(bucketIndex(0.5), 1)
    assert.equal(bucketIndex(0.7999), 3)
    assert.equal(bucketIndex(0.8), 4)
    assert.equal(bucketIndex(0.9), 5)
    assert.equal(bucketIndex(1), 5)
  })

  // Hand-worked: four calls.
  //   0.9 hit +4 ; 0.9 miss −2 ; 0.6 hit +1 ; 0.6 scratch +0.2
  //   hit rate 2/4 = 0.5; mean return (4 − 2 + 1 + 0.2)/4 = 0.8
  //   Brier = ((0.1)² + (0.9)² + (0.4)² + (0.6)²)/4 = (0.01 + 0.81 + 0.16 + 0.36)/4 = 0.335
  //   ECE: bucket 0.9: conf 0.9 vs rate 0.5 → 0.4; bucket 0.6: conf 0.6 vs 0.5 → 0.1; (2·0.4 + 2·0.1)/4 = 0.25
  const calls = [call(0.9, 'hit', 4), call(0.9, 'miss', -2), call(0.6, 'hit', 1), call(0.6, 'scratch', 0.2)]

  it('counts hits, misses and scratches; a scratch is not a hit', () => {
    assert.deepEqual(group(calls), {
      count: 4,
      hits: 2,
      misses: 1,
      scratches: 1,
      hit_rate: 0.5,
      avg_return_pct: 0.8,
      mean_confidence: 0.75,
    })
  })

  it('gives per-bucket hit rate, average return and mean confidence', () => {
    const b = buckets(calls)
    assert.deepEqual(
      b.map((x) => [x.from, x.to, x.count]),
      [
        [0, 0.5, 0],
        [0.5, 0.6, 0],
        [0.6, 0.7, 2],
        [0.7, 0.8, 0],
        [0.8, 0.9, 0],
        [0.9, 1, 2],
      ],
    )
    assert.deepEqual(b[2], {
      from: 0.6,
      to: 0.7,
      count: 2,
      hits: 1,
      misses: 0,
      scratches: 1,
      hit_rate: 0.5,
      avg_return_pct: 0.6,
      mean_confidence: 0.6,
    })
    assert.deepEqual(b[5], {
      from: 0.9,
      to: 1,
      count: 2,
      hits: 1,
      misses: 1,
      scratches: 0,
      hit_rate: 0.5,
      avg_return_pct: 1,
      mean_confidence: 0.9,
    })
    assert.equal(b[0]!.hit_rate, null)
  })

  it('measures calibration with the Brier score and the expected calibration error', () => {
    assert.deepEqual(calibration(calls), { brier_score: 0.335, expected_calibration_error: 0.25 })
    assert.deepEqual(calibration([]), { brier_score: null, expected_calibration_error: null })
    // Perfectly calibrated certainty: confidence 1 and every call a hit.
    assert.deepEqual(calibration([call(1, 'hit', 3)]), { brier_score: 0, expected_calibration_error: 0 })
  })
})
