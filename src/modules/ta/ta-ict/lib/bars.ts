/** The bar evidence every detection carries: index, ISO time and the OHLC values used. */
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'

export interface BarRef {
  index: number
  time: string
  open: number
  high: number
  low: number
  close: number
}

export function barRef(bars: readonly Bar[], i: number): BarRef {
  const b = bars[i]!
  return { index: i, time: b.time, open: b.open, high: b.high, low: b.low, close: b.close }
}

/** Rounds a price for the wire (12 significant digits: hides float noise, keeps every real digit). */
export const px = (x: number): number => Number(x.toPrecision(12))
