/** What the volume-leaders list reports of one symbol's 1-minute bars of the window. */

export interface MinuteBar {
  close: number
  volume: number
  vwap: number | null
}

export interface WindowStats {
  volume: number
  /** Volume-weighted over the window; null without volume. */
  vwap: number | null
  /** Last close − first close. */
  price_change: number
  /** price_change relative to the first close, in percent (0 when the first close is 0). */
  change_pct: number
}

export const round4 = (x: number): number => Math.round(x * 10_000) / 10_000

/** Stats of bars ordered oldest first; null for an empty window. */
export function windowStats(bars: readonly MinuteBar[]): WindowStats | null {
  const first = bars[0]
  const last = bars[bars.length - 1]
  if (!first || !last) return null
  let volume = 0
  let pv = 0
  for (const b of bars) {
    volume += b.volume
    // A bar without a vendor vwap is weighted at its close.
    pv += (b.vwap ?? b.close) * b.volume
  }
  const change = last.close - first.close
  return {
    volume,
    vwap: volume > 0 ? round4(pv / volume) : null,
    price_change: round4(change),
    change_pct: first.close !== 0 ? round4((change / first.close) * 100) : 0,
  }
}
