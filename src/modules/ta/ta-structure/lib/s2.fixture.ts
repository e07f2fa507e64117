/** Bars S2 of docs/definitions.md#swings (swing highs 2 and 9, swing low 5; BOS bullish 8, CHoCH bearish 12). */
import { S2 as V } from '../../../../kernel/quant/vectors.fixture.ts'
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'

export const S2 = { O: V.open, H: V.high, L: V.low, C: V.close }

/** Daily bars at New York midnight (05:00Z in November) from `start`, one per calendar day. */
export function barsOf(
  s: { O: number[]; H: number[]; L: number[]; C: number[] },
  start = Date.UTC(2026, 10, 2, 5),
): Bar[] {
  return s.C.map((close, i) => ({
    time: new Date(start + i * 86_400_000).toISOString(),
    open: s.O[i]!,
    high: s.H[i]!,
    low: s.L[i]!,
    close,
    volume: 1000,
    vwap: null,
  }))
}

export const S2_BARS = barsOf(S2)
