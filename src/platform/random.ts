/**
 * mulberry32 (Tommy Ettinger's 32-bit generator, as in bryc's reference JavaScript): tiny, fast and
 * seedable, so simulated data and test data are the same on every machine. Not for secrets.
 */

/** A stream of 32-bit unsigned integers from a 32-bit seed. */
export function mulberry32Bits(seed: number): () => number {
  let state = seed | 0
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), state | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (t ^ (t >>> 14)) >>> 0
  }
}

/** A stream of uniforms in [0, 1): the reference mulberry32 output. */
export function mulberry32(seed: number): () => number {
  const bits = mulberry32Bits(seed)
  return () => bits() / 4294967296
}
