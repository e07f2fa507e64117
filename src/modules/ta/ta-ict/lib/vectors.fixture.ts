/** The swing and ICT vectors of docs/definitions.md as bars (1 h apart from a fixed start), shared by tests. */
import * as V from '../../../../kernel/quant/vectors.fixture.ts'
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'

const START = Date.parse('2026-03-02T14:00:00Z')

export function barsOf(o: number[], h: number[], l: number[], c: number[], stepMs = 3_600_000): Bar[] {
  return o.map((open, i) => ({
    time: new Date(START + i * stepMs).toISOString(),
    open,
    high: h[i]!,
    low: l[i]!,
    close: c[i]!,
    volume: 1000,
    vwap: null,
  }))
}

/** S2: swing highs 2 and 9, swing low 5 with L = R = 2. */
export const S2 = barsOf(V.S2.open, V.S2.high, V.S2.low, V.S2.close)

/** F1: a bullish FVG at 1 (touched 4, CE 5, not filled) and a bearish one at 4. */
export const F1 = barsOf(V.F1.open, V.F1.high, V.F1.low, V.F1.close)

/**
 * Liquidity as bars: swing highs (3, 50.00), (9, 50.04), (15, 49.80), (22, 50.02) with L = R = 2, max H
 * 51.0 and min L 46.0 (both on bar 0, which cannot be a pivot) → pip 0.05, one pool at 50.02.
 */
export function liquiditySeries(): Bar[] {
  const n = 28
  const h = Array.from({ length: n }, () => 49.0)
  const l = Array.from({ length: n }, () => 48.5)
  h[0] = 51.0
  l[0] = 46.0
  for (const [i, v] of [
    [3, 50.0],
    [9, 50.04],
    [15, 49.8],
    [22, 50.02],
  ] as const)
    h[i] = v
  const o = h.map((_, i) => (i === 0 ? 48.5 : 48.7))
  const c = h.map(() => 48.8)
  return barsOf(o, h, l, c)
}
