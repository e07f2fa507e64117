/** Bars S2 of quant-definitions §4.1/§4.3 (swing highs 2 and 9, swing low 5; BOS bullish 8, CHoCH bearish 12). */
import type { Bar } from '../../../providers/market-data/market-data.port.ts'

export const S2 = {
  O: [9.7, 9.8, 10.3, 10.6, 10.1, 9.8, 9.5, 10.1, 10.6, 11.0, 11.2, 10.3, 10.0],
  H: [10.0, 10.4, 10.8, 10.6, 10.3, 10.0, 10.2, 10.7, 11.1, 11.3, 11.0, 10.4, 10.2],
  L: [9.6, 9.9, 10.2, 10.0, 9.7, 9.4, 9.5, 10.0, 10.5, 10.8, 10.1, 9.9, 9.3],
  C: [9.8, 10.3, 10.6, 10.1, 9.8, 9.5, 10.1, 10.6, 11.0, 11.2, 10.3, 10.0, 9.35],
}

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
