/** Hand-built zigzags for the layer and HTTP tests: legs of `leg` bars, drifting up (or down). */
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import { barsOf } from './s2.fixture.ts'

/**
 * n bars of a triangle wave (amplitude 3, legs of 6 bars) on a drift of `drift` per bar; high/low =
 * mid ± 0.5, open = close = mid. With drift > 0 every swing high is higher and every swing low higher.
 */
export function zigzag(n: number, drift: number, start = Date.UTC(2026, 0, 5, 5)): Bar[] {
  const mid = Array.from({ length: n }, (_, t) => {
    const phase = t % 12
    const tri = phase < 6 ? phase : 12 - phase
    return Math.round((50 + drift * t + tri * 0.5) * 1e6) / 1e6
  })
  return barsOf({ O: mid, H: mid.map((m) => m + 0.5), L: mid.map((m) => m - 0.5), C: mid }, start)
}

/** A deterministic pseudo-random walk of daily bars (small LCG), for causality checks. */
export function randomBars(seed: number, n: number): Bar[] {
  let s = seed >>> 0
  const rnd = () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32
  let c = 100
  const O: number[] = []
  const H: number[] = []
  const L: number[] = []
  const C: number[] = []
  for (let i = 0; i < n; i++) {
    const o = c
    c = Math.round(c * (1 + (rnd() - 0.5) * 0.04) * 100) / 100
    O.push(o)
    C.push(c)
    H.push(Math.round((Math.max(o, c) + rnd()) * 100) / 100)
    L.push(Math.round((Math.min(o, c) - rnd()) * 100) / 100)
  }
  return barsOf({ O, H, L, C })
}
