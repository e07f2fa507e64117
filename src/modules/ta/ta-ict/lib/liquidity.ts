/**
 * Liquidity pools (equal highs and lows, docs/definitions.md#liquidity-pools) as SMC does it: pip = (max H − min L) × 0.01. From
 * each swing high not yet grouped, later swing highs within ±pip of its level join the group until
 * the sweep (the first later bar with H ≥ first level + pip). Two or more members make a pool: level
 * = their mean. Lows mirror it. Equal highs are buy-side liquidity (a sweep above them is read as
 * bearish: a stop run), equal lows sell-side (a sweep below them bullish).
 */
import type { Direction } from '../../../../platform/ta-layer.ts'
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import { barRef, px, type BarRef } from './bars.ts'
import { LIQUIDITY_RANGE_PERCENT } from './constants.ts'
import type { Swing } from './swings.ts'

export interface LiquidityPool {
  side: 'buy_side' | 'sell_side'
  kind: 'equal_highs' | 'equal_lows'
  level: number
  /** The sweep threshold: first level ± pip. */
  sweep_level: number
  members: { index: number; time: string; price: number }[]
  /** The bar where a live reader knows the pool: the second member's confirmation. */
  confirmed: number
  swept: BarRef | null
  /** The direction a sweep of this pool is read as. */
  sweep_direction: Direction
}

export function pipOf(bars: readonly Bar[]): number {
  if (bars.length === 0) return 0
  let hi = -Infinity
  let lo = Infinity
  for (const b of bars) {
    hi = Math.max(hi, b.high)
    lo = Math.min(lo, b.low)
  }
  return (hi - lo) * LIQUIDITY_RANGE_PERCENT
}

function pool(
  bars: readonly Bar[],
  list: Swing[],
  at: number,
  pip: number,
  used: Set<number>,
): LiquidityPool | null {
  const first = list[at]!
  const high = first.kind === 'high'
  const threshold = high ? first.price + pip : first.price - pip
  const members = [first]
  let swept: BarRef | null = null
  let m = at + 1
  for (let c = first.index + 1; c < bars.length; c++) {
    for (; m < list.length && list[m]!.index <= c; m++) {
      const s = list[m]!
      if (s.index === c && Math.abs(s.price - first.price) <= pip) {
        members.push(s)
        used.add(m)
      }
    }
    if (high ? bars[c]!.high >= threshold : bars[c]!.low <= threshold) {
      swept = barRef(bars, c)
      break
    }
  }
  if (members.length < 2) return null
  return {
    side: high ? 'buy_side' : 'sell_side',
    kind: high ? 'equal_highs' : 'equal_lows',
    level: px(members.reduce((a, s) => a + s.price, 0) / members.length),
    sweep_level: px(threshold),
    members: members.map((s) => ({ index: s.index, time: bars[s.index]!.time, price: s.price })),
    confirmed: members[1]!.confirmedIndex,
    swept,
    sweep_direction: high ? 'bearish' : 'bullish',
  }
}

/** The pools of one kind of swing (all highs or all lows, in bar order). */
function poolsOf(bars: readonly Bar[], list: Swing[], pip: number): LiquidityPool[] {
  const used = new Set<number>()
  const out: LiquidityPool[] = []
  for (let k = 0; k < list.length; k++) {
    if (used.has(k)) continue
    const p = pool(bars, list, k, pip, used)
    if (p) out.push(p)
  }
  return out
}

/** Equal highs then equal lows, each in first-member order. */
export function liquidityPools(
  bars: readonly Bar[],
  swingList: readonly Swing[],
  pip = pipOf(bars),
): LiquidityPool[] {
  const highs = swingList.filter((s) => s.kind === 'high')
  const lows = swingList.filter((s) => s.kind === 'low')
  return [...poolsOf(bars, highs, pip), ...poolsOf(bars, lows, pip)]
}
