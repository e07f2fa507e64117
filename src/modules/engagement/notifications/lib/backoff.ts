/**
 * Retry schedule of a delivery: exponential backoff with full jitter. The n-th retry (n = 1 after
 * the first failed attempt) waits a uniform random time in [0, min(cap, base × 2^(n−1))); a
 * provider's own wait (Retry-After) is a floor, and a push quota answer waits at least a minute.
 * After MAX_ATTEMPTS attempts the delivery fails and is dead-lettered.
 */
export const BACKOFF_BASE_MS = 30_000
export const BACKOFF_CAP_MS = 3_600_000
export const MAX_ATTEMPTS = 6
export const QUOTA_FLOOR_MS = 60_000

export interface RetryHint {
  /** What the provider said to wait (Retry-After), when it did. */
  retryAfterMs?: number | undefined
  /** The provider answered with its quota error (FCM QUOTA_EXCEEDED / RESOURCE_EXHAUSTED). */
  quota?: boolean | undefined
}

/** The exponential ceiling of the n-th retry (n ≥ 1): base × 2^(n−1), capped. */
export function backoffCeilingMs(retry: number): number {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, retry - 1))
}

/** The wait before the n-th retry: full jitter under the ceiling, then the provider's floors. */
export function retryDelayMs(retry: number, random: () => number, hint: RetryHint = {}): number {
  let delay = Math.floor(random() * backoffCeilingMs(retry))
  if (hint.quota) delay = Math.max(delay, QUOTA_FLOOR_MS)
  if (hint.retryAfterMs !== undefined && Number.isFinite(hint.retryAfterMs))
    delay = Math.max(delay, Math.min(hint.retryAfterMs, BACKOFF_CAP_MS))
  return delay
}
