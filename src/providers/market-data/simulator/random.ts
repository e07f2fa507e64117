/**
 * Deterministic randomness for the simulated market. Counter-based draws (a hash of key and
 * counters) give random access — any day of any symbol without replaying earlier ones — and
 * a small sequential generator serves the hot intraday loop.
 */
import { mulberry32Bits } from '../../../platform/random.ts'

/** FNV-1a, 32 bits: turns a seed string into a key. */
export function hashString(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** murmur3's finaliser: a cheap full-avalanche 32-bit mix. */
function fmix(x: number): number {
  let h = x
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** Mixes a key with two counters into 32 random bits. */
export function mix(key: number, a: number, b: number): number {
  return fmix(fmix(key ^ Math.imul(a | 0, 0x9e3779b1)) ^ Math.imul((b | 0) + 0x632be5ab, 0x85ebca77))
}

/** A uniform in (0, 1), never exactly 0 or 1 (safe for logarithms). */
export function uniformAt(key: number, a: number, b: number): number {
  return (mix(key, a, b) + 0.5) / 4294967296
}

/** A standard normal deviate (Box–Muller) at counters (a, b). */
export function normalAt(key: number, a: number, b: number): number {
  const u = uniformAt(key, a, 2 * b)
  const v = uniformAt(key, a, 2 * b + 1)
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
}

/** mulberry32 with Box–Muller normals: a fast sequential stream for one symbol-day. */
export class Rng {
  private readonly bits: () => number
  private spare = Number.NaN

  constructor(seed: number) {
    this.bits = mulberry32Bits(seed)
  }

  /** 32 random bits. */
  next(): number {
    return this.bits()
  }

  uniform(): number {
    return (this.next() + 0.5) / 4294967296
  }

  /**
   * An approximately normal deviate: Irwin–Hall of four 16-bit uniforms (two draws), tails cut at
   * ±3.46. No transcendental call, for the per-minute hot loop.
   */
  quickNormal(): number {
    const a = this.next()
    const b = this.next()
    const sum = (a >>> 16) + (a & 0xffff) + (b >>> 16) + (b & 0xffff)
    return (sum / 65536 - 2) * Math.sqrt(3)
  }

  normal(): number {
    if (!Number.isNaN(this.spare)) {
      const z = this.spare
      this.spare = Number.NaN
      return z
    }
    const r = Math.sqrt(-2 * Math.log(this.uniform()))
    const theta = 2 * Math.PI * this.uniform()
    this.spare = r * Math.sin(theta)
    return r * Math.cos(theta)
  }
}
