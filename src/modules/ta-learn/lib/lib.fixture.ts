/** Reference bars of quant-definitions: S2 (§4.1) and F1 (§5.1), as Bar arrays for the unit tests. */
import type { Bar } from '../../../providers/market-data/index.ts'

export function toBars(o: number[], h: number[], l: number[], c: number[], v?: number[]): Bar[] {
  return o.map((open, i) => ({
    time: new Date(Date.UTC(2026, 0, 5 + i)).toISOString(),
    open,
    high: h[i]!,
    low: l[i]!,
    close: c[i]!,
    volume: v?.[i] ?? 100,
    vwap: null,
  }))
}

// prettier-ignore
export const S2 = toBars(
  [9.7, 9.8, 10.3, 10.6, 10.1, 9.8, 9.5, 10.1, 10.6, 11.0, 11.2, 10.3, 10.0],
  [10.0, 10.4, 10.8, 10.6, 10.3, 10.0, 10.2, 10.7, 11.1, 11.3, 11.0, 10.4, 10.2],
  [9.6, 9.9, 10.2, 10.0, 9.7, 9.4, 9.5, 10.0, 10.5, 10.8, 10.1, 9.9, 9.3],
  [9.8, 10.3, 10.6, 10.1, 9.8, 9.5, 10.1, 10.6, 11.0, 11.2, 10.3, 10.0, 9.35],
)

// prettier-ignore
export const F1 = toBars(
  [100.0, 100.5, 103.8, 104.5, 103.2, 102.2],
  [101.0, 104.0, 105.0, 104.8, 103.5, 102.6],
  [99.0, 100.4, 102.0, 103.0, 101.8, 101.3],
  [100.5, 103.8, 104.5, 103.2, 102.2, 102.4],
)
