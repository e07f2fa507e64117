/** The candle and Wyckoff vectors of docs/definitions.md as bars (daily, from 2026-01-05 on). */
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'

export type Quad = readonly [number, number, number, number]

/** Bars from (O, H, L, C) tuples; volume 100 unless given. */
export function barsOf(quads: readonly Quad[], volumes?: readonly number[], start = '2026-01-05'): Bar[] {
  const t0 = Date.parse(`${start}T05:00:00Z`)
  return quads.map(([open, high, low, close], i) => ({
    time: new Date(t0 + i * 86_400_000).toISOString(),
    open,
    high,
    low,
    close,
    volume: volumes?.[i] ?? 100,
    vwap: null,
  }))
}

/** Four bars falling from 22 to 20.6 (C[i−1] < C[i−4] for the bar after them). */
export const DECLINE: Quad[] = [
  [22.2, 22.3, 21.9, 22.0],
  [21.9, 22.0, 21.5, 21.6],
  [21.5, 21.6, 21.1, 21.2],
  [21.1, 21.2, 20.5, 20.6],
]
/** Four bars rising from 19 to 20.2. */
export const ADVANCE: Quad[] = [
  [18.8, 19.1, 18.7, 19.0],
  [19.0, 19.5, 18.9, 19.4],
  [19.4, 19.9, 19.3, 19.8],
  [19.8, 20.3, 19.7, 20.2],
]

const O = [
  30.2, 30.0, 29.6, 29.3, 28.8, 28.5, 28.0, 27.6, 27.1, 26.8, 26.3, 25.9, 25.2, 24.9, 24.6, 25.6, 26.4, 26.9,
  26.2, 25.5, 24.9, 25.4, 25.9, 25.6, 25.1, 24.7, 25.3, 26.1, 26.6, 27.4, 27.2, 27.6,
]
const H = [
  30.35, 30.15, 29.75, 29.45, 28.95, 28.65, 28.15, 27.75, 27.25, 26.95, 26.3, 26.05, 25.35, 25.0, 25.75,
  26.55, 27.05, 27.05, 26.35, 25.65, 25.55, 26.05, 26.05, 25.75, 25.15, 25.45, 26.25, 26.75, 27.5, 27.55,
  27.75, 28.15,
]
const L = [
  29.85, 29.45, 29.15, 28.65, 28.35, 27.85, 27.45, 26.95, 26.65, 26.15, 25.45, 25.05, 24.65, 23.6, 24.45,
  25.45, 26.25, 26.05, 25.35, 23.75, 24.75, 25.25, 25.45, 24.95, 23.3, 24.55, 25.15, 25.95, 26.45, 26.9,
  27.05, 27.45,
]
const C = [
  30.0, 29.6, 29.3, 28.8, 28.5, 28.0, 27.6, 27.1, 26.8, 26.3, 25.9, 25.2, 24.8, 24.6, 25.6, 26.4, 26.9, 26.2,
  25.5, 24.9, 25.4, 25.9, 25.6, 25.1, 24.7, 25.3, 26.1, 26.6, 27.4, 27.2, 27.6, 28.0,
]
const V = [
  100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 170, 100, 100, 320, 100, 100, 140, 100, 100, 110, 100,
  100, 100, 100, 150, 100, 100, 100, 260, 120, 100, 100,
]

/** W1: PS=10, SC=13, AR=16, ST=19, Spring=24, SOS=28, LPS=29. */
export const W1: Bar[] = barsOf(
  O.map((o, i) => [o, H[i]!, L[i]!, C[i]!] as const),
  V,
)
