/** Three-candle fair value gaps with their mitigation (quant-definitions §5.1), for the worked examples. */
import type { Bar } from '../../../providers/market-data/index.ts'

export interface Fvg {
  /** The middle candle. */
  index: number
  direction: 'bullish' | 'bearish'
  top: number
  bottom: number
  /** First bar j ≥ index+2 trading into the gap, reaching its midpoint, reaching its far edge. */
  mitigated: number | null
  ce: number | null
  filled: number | null
}

function firstFrom(bars: readonly Bar[], from: number, hit: (b: Bar) => boolean): number | null {
  for (let j = from; j < bars.length; j++) if (hit(bars[j]!)) return j
  return null
}

/** Every FVG, oldest first. */
export function fvgs(bars: readonly Bar[]): Fvg[] {
  const out: Fvg[] = []
  for (let i = 1; i + 1 < bars.length; i++) {
    const [a, m, c] = [bars[i - 1]!, bars[i]!, bars[i + 1]!]
    if (a.high < c.low && m.close > m.open) {
      const [top, bottom] = [c.low, a.high]
      const ce = (top + bottom) / 2
      out.push({
        index: i,
        direction: 'bullish',
        top,
        bottom,
        mitigated: firstFrom(bars, i + 2, (b) => b.low <= top),
        ce: firstFrom(bars, i + 2, (b) => b.low <= ce),
        filled: firstFrom(bars, i + 2, (b) => b.low <= bottom),
      })
    } else if (a.low > c.high && m.close < m.open) {
      const [top, bottom] = [a.low, c.high]
      const ce = (top + bottom) / 2
      out.push({
        index: i,
        direction: 'bearish',
        top,
        bottom,
        mitigated: firstFrom(bars, i + 2, (b) => b.high >= bottom),
        ce: firstFrom(bars, i + 2, (b) => b.high >= ce),
        filled: firstFrom(bars, i + 2, (b) => b.high >= top),
      })
    }
  }
  return out
}
