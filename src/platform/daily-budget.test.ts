import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createMemoryCache } from './cache/index.ts'
import { fixedClock } from './clock.ts'
import { createDailyBudget } from './daily-budget.ts'

describe('daily budget', () => {
  it('allows `limit` per key and New York day, then refuses until the next day', async () => {
    // 23:30 in New York on 2026-03-07; the day ends at 05:00 UTC.
    const clock = fixedClock('2026-03-08T04:30:00Z')
    const cache = createMemoryCache({ now: () => clock.now().getTime() })
    const budget = createDailyBudget('t', 2, { cache, clock })
    assert.deepEqual([await budget.take(1), await budget.take(1), await budget.take(1)], [true, true, false])
    assert.equal(await budget.take(2), true, 'another key has its own allowance')
    clock.advance(31 * 60_000) // 00:01 on 2026-03-08 in New York
    assert.equal(await budget.take(1), true)
  })

  it('a limit of 0 refuses everything', async () => {
    const clock = fixedClock('2026-03-08T12:00:00Z')
    const budget = createDailyBudget('t', 0, { cache: createMemoryCache(), clock })
    assert.equal(await budget.take(1), false)
  })
})
