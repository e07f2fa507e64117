/** Time as a dependency: services read `clock.now()`, tests pass a fixed clock they can advance. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

export interface FixedClock extends Clock {
  set(at: Date | string): void
  advance(ms: number): void
}

export function fixedClock(start: Date | string): FixedClock {
  let t = new Date(start).getTime()
  if (Number.isNaN(t)) throw new RangeError(`invalid clock start ${String(start)}`)
  return {
    now: () => new Date(t),
    set: (at) => {
      t = new Date(at).getTime()
    },
    advance: (ms) => {
      t += ms
    },
  }
}
