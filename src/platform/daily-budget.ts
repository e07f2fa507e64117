/**
 * A per-key daily allowance (e.g. language-model calls per tenant), counted in the cache with
 * the atomic `incr`: shared by every process with Redis, per process with the in-memory cache.
 * Days are New York dates, so a budget resets at the same moment for every user.
 */
import type { Cache } from './cache/index.ts'
import type { Clock } from './clock.ts'
import { DAY_MS } from '../kernel/dates.ts'
import { nyDate } from '../kernel/calendar/nyse.ts'

export interface DailyBudget {
  readonly limit: number
  /** Takes one unit for `key` today; false (and nothing taken) once the day's limit is reached. */
  take(key: string | number): Promise<boolean>
}

export function createDailyBudget(
  name: string,
  limit: number,
  deps: { cache: Cache; clock: Clock },
): DailyBudget {
  return {
    limit,
    async take(key) {
      if (limit <= 0) return false
      // The window outlives the day (DST days are 23 or 25 hours); the date in the key ends it.
      const used = await deps.cache.incr(`budget:${name}:${key}:${nyDate(deps.clock.now())}`, 2 * DAY_MS)
      return used <= limit
    },
  }
}
