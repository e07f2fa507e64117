/** Id generators: ULIDs for string ids (run_id, job ids), sortable by creation time. */
import { monotonicFactory } from 'ulidx'
import type { Clock } from './clock.ts'

export interface Ids {
  /** A new ULID (26 chars, Crockford base32, time-ordered). */
  ulid(): string
}

export function createIds(clock: Clock): Ids {
  const next = monotonicFactory()
  return { ulid: () => next(clock.now().getTime()) }
}
