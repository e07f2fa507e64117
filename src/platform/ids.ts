/** Id generators: ULIDs for string ids (run_id, job ids, request ids), sortable by creation time. */
import { randomFillSync } from 'node:crypto'
import { monotonicFactory } from 'ulidx'
import type { Clock } from './clock.ts'

export interface Ids {
  /** A new ULID (26 chars, Crockford base32, time-ordered). */
  ulid(): string
}

/**
 * Crypto-random numbers in [0, 1) from a refilled pool: ulidx's default asks the OS for one byte per
 * character (16 calls per new millisecond, a request id each). A byte / 256 maps evenly onto the 32
 * base32 characters, where ulidx's byte / 255 slightly favoured the last one.
 */
export function pooledRandom(poolSize = 4096): () => number {
  const pool = new Uint8Array(poolSize)
  let at = poolSize
  return () => {
    if (at === poolSize) {
      randomFillSync(pool)
      at = 0
    }
    return (pool[at++] as number) / 256
  }
}

export function createIds(clock: Clock): Ids {
  const next = monotonicFactory(pooledRandom())
  return { ulid: () => next(clock.now().getTime()) }
}
