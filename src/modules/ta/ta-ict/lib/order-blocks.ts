/**
 * Order blocks (SMC, made causal) and breaker blocks. Walking the bars, keep the latest
 * confirmed (bar ≥ pivot + R), unbroken swing high and swing low. A close above that swing high is
 * a bullish break (each swing breaks once): the bullish OB is the candle with the lowest low strictly
 * between the swing and the breaking bar (ties: the last one; none: the bar before the break),
 * zone [low, high]. Bearish mirrors it. After the break: tapped = price trades back into the zone
 * (bullish L ≤ top); failed = bullish L < bottom (SMC wick rule). Breaker (our pin): from the first
 * close beyond the far edge (bullish OB: close < bottom → bearish breaker), valid until a close beyond
 * the opposite edge (close > top), which invalidates it.
 */
import type { Direction } from '../../../../platform/ta-layer.ts'
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import { barRef, type BarRef } from './bars.ts'
import type { Swing } from './swings.ts'

export type ObState = 'active' | 'tapped' | 'failed'

export interface Breaker {
  /** Opposite of the failed OB: a failed bullish OB is a bearish breaker (resistance). */
  direction: Direction
  top: number
  bottom: number
  /** The close beyond the far edge that made it. */
  formed: BarRef
  /** The later close beyond the opposite edge that ended it; null = still valid. */
  invalidated: BarRef | null
  /** The order block it came from: its candle index. */
  order_block_index: number
}

export interface OrderBlock {
  direction: Direction
  /** The OB candle. */
  index: number
  time: string
  top: number
  bottom: number
  /** The breaking bar, where the OB becomes known. */
  confirmed: number
  state: ObState
  tapped: BarRef | null
  failed: BarRef | null
  breaker: Breaker | null
  evidence: { swing: { index: number; time: string; price: number }; candle: BarRef; break: BarRef }
}

/** The extreme candle strictly between swing s and break i (lowest low for bullish; ties: last). */
function obCandle(bars: readonly Bar[], s: number, i: number, bull: boolean): number {
  if (i - s < 2) return i - 1
  let best = s + 1
  for (let k = s + 1; k < i; k++) {
    const b = bars[k]!
    if (bull ? b.low <= bars[best]!.low : b.high >= bars[best]!.high) best = k
  }
  return best
}

function lifeCycle(bars: readonly Bar[], ob: OrderBlock): void {
  const bull = ob.direction === 'bullish'
  for (let j = ob.confirmed + 1; j < bars.length; j++) {
    const b = bars[j]!
    if (!ob.tapped && (bull ? b.low <= ob.top : b.high >= ob.bottom)) ob.tapped = barRef(bars, j)
    if (!ob.failed && (bull ? b.low < ob.bottom : b.high > ob.top)) ob.failed = barRef(bars, j)
    const br = ob.breaker
    if (!br && (bull ? b.close < ob.bottom : b.close > ob.top)) {
      const direction: Direction = bull ? 'bearish' : 'bullish'
      ob.breaker = {
        direction,
        top: ob.top,
        bottom: ob.bottom,
        formed: barRef(bars, j),
        invalidated: null,
        order_block_index: ob.index,
      }
    } else if (br && !br.invalidated && (bull ? b.close > ob.top : b.close < ob.bottom)) {
      br.invalidated = barRef(bars, j)
      break
    }
  }
  ob.state = ob.failed ? 'failed' : ob.tapped ? 'tapped' : 'active'
}

function makeOb(bars: readonly Bar[], sw: Swing, i: number, bull: boolean): OrderBlock {
  const k = obCandle(bars, sw.index, i, bull)
  const c = bars[k]!
  const ob: OrderBlock = {
    direction: bull ? 'bullish' : 'bearish',
    index: k,
    time: c.time,
    top: c.high,
    bottom: c.low,
    confirmed: i,
    state: 'active',
    tapped: null,
    failed: null,
    breaker: null,
    evidence: {
      swing: { index: sw.index, time: bars[sw.index]!.time, price: sw.price },
      candle: barRef(bars, k),
      break: barRef(bars, i),
    },
  }
  lifeCycle(bars, ob)
  return ob
}

/** Every order block of `bars` (in break order) from the given confirmed swings. */
export function orderBlocks(bars: readonly Bar[], swingList: readonly Swing[]): OrderBlock[] {
  const out: OrderBlock[] = []
  const byConfirm = [...swingList].sort((a, b) => a.confirmedIndex - b.confirmedIndex || a.index - b.index)
  let next = 0
  let high: Swing | null = null
  let low: Swing | null = null
  for (let i = 0; i < bars.length; i++) {
    while (next < byConfirm.length && byConfirm[next]!.confirmedIndex <= i) {
      const s = byConfirm[next++]!
      if (s.kind === 'high') high = s
      else low = s
    }
    const close = bars[i]!.close
    if (high && close > high.price) {
      out.push(makeOb(bars, high, i, true))
      high = null
    }
    if (low && close < low.price) {
      out.push(makeOb(bars, low, i, false))
      low = null
    }
  }
  return out
}
