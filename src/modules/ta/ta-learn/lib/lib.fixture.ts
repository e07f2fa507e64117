/** Reference bars of docs/definitions.md: S2 and F1, as Bar arrays for the unit tests. */
import * as V from '../../../../kernel/quant/vectors.fixture.ts'
import type { Bar } from '../../../../providers/market-data/index.ts'

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

export const S2 = toBars(V.S2.open, V.S2.high, V.S2.low, V.S2.close)
export const F1 = toBars(V.F1.open, V.F1.high, V.F1.low, V.F1.close)
