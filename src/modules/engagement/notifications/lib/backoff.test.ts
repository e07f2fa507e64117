import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { mulberry32 } from '../../../../platform/random.ts'
import { backoffCeilingMs, retryDelayMs } from './backoff.ts'

describe('retry backoff', () => {
  it('doubles from 30 s and stops at one hour', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map(backoffCeilingMs),
      [30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000],
    )
  })

  it('draws each wait uniformly under the ceiling (full jitter), reproducibly from a seed', () => {
    const draws = mulberry32(7)
    const expected = mulberry32(7)
    for (let n = 1; n <= 6; n++) {
      const d = retryDelayMs(n, draws)
      assert.equal(d, Math.floor(expected() * 30_000 * 2 ** (n - 1)))
      assert.ok(d >= 0 && d < 30_000 * 2 ** (n - 1))
    }
  })

  it('never retries sooner than Retry-After, nor a quota answer within a minute', () => {
    assert.equal(
      retryDelayMs(1, () => 0, { retryAfterMs: 90_000 }),
      90_000,
    )
    assert.equal(
      retryDelayMs(1, () => 0.5, { quota: true }),
      60_000,
    )
    assert.equal(
      retryDelayMs(6, () => 0.99, { quota: true }),
      Math.floor(0.99 * 960_000),
    )
    assert.equal(
      retryDelayMs(1, () => 0, { retryAfterMs: 86_400_000 }),
      3_600_000,
    )
  })
})
