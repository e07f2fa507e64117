/** What the in-process queue (inprocess-queue.ts) builds on: option checks, timer bounds, waiting for a state. */
import type { JobOptions } from './jobs.port.ts'

/** setTimeout overflows above 2^31-1 ms (~24.8 days) and would fire at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1

/** Throws a RangeError for a retry limit, retry delay or start delay out of range. */
export function validate(opts: JobOptions): void {
  const { retryLimit, retryDelayMs, startAfterMs } = opts
  if (retryLimit !== undefined && !(Number.isInteger(retryLimit) && retryLimit >= 0)) {
    throw new RangeError(`retryLimit must be an integer >= 0 (got ${retryLimit})`)
  }
  for (const [key, v] of [
    ['retryDelayMs', retryDelayMs],
    ['startAfterMs', startAfterMs],
  ] as const) {
    if (v !== undefined && !(Number.isFinite(v) && v >= 0))
      throw new RangeError(`${key} must be >= 0 (got ${v})`)
  }
}

/** Callers waiting for a condition on the queue's state, checked again on every `notify()`. */
export class Waiters {
  readonly #waiting = new Set<() => void>()

  notify(): void {
    for (const check of [...this.#waiting]) check()
  }

  /** True as soon as `cond` holds (checked now and on each notify), else what it says after `timeoutMs`. */
  waitFor(cond: () => boolean, timeoutMs: number): Promise<boolean> {
    if (cond()) return Promise.resolve(true)
    return new Promise((resolve) => {
      const check = () => {
        if (!cond()) return
        clearTimeout(timer)
        this.#waiting.delete(check)
        resolve(true)
      }
      const timer = setTimeout(() => {
        this.#waiting.delete(check)
        resolve(cond())
      }, timeoutMs)
      this.#waiting.add(check)
    })
  }
}
