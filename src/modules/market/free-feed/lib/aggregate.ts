/** Rolls 1-minute bars up into 5- or 15-minute bars for the free-feed replay. */
import type { ReplayBar } from '../free-feed.schemas.ts'

const MINUTE_MS = 60_000

/**
 * Buckets by clock-aligned windows (UTC offsets are whole hours, so 09:30 ET starts a window).
 * VWAP is the volume-weighted mean of the minutes' VWAPs, rounded to 4 places; null when there is
 * no volume or a traded minute has no VWAP.
 */
export function aggregateBars(bars: ReplayBar[], minutes: number): ReplayBar[] {
  if (minutes === 1) return bars
  const size = minutes * MINUTE_MS
  const out: ReplayBar[] = []
  let bucket: ReplayBar[] = []
  let bucketStart = Number.NaN
  const flush = () => {
    if (bucket.length) out.push(rollUp(bucket, bucketStart))
    bucket = []
  }
  for (const bar of bars) {
    const start = Math.floor(Date.parse(bar.time) / size) * size
    if (start !== bucketStart) {
      flush()
      bucketStart = start
    }
    bucket.push(bar)
  }
  flush()
  return out
}

function rollUp(bars: ReplayBar[], start: number): ReplayBar {
  let high = -Infinity
  let low = Infinity
  let volume = 0
  let pv = 0
  let vwapKnown = true
  for (const b of bars) {
    high = Math.max(high, b.high)
    low = Math.min(low, b.low)
    volume += b.volume
    if (b.volume > 0) {
      if (b.vwap === null) vwapKnown = false
      else pv += b.vwap * b.volume
    }
  }
  return {
    time: new Date(start).toISOString(),
    open: bars[0]!.open,
    high,
    low,
    close: bars[bars.length - 1]!.close,
    volume,
    vwap: vwapKnown && volume > 0 ? Math.round((pv / volume) * 10_000) / 10_000 : null,
  }
}
