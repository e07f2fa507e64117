/**
 * The ICT layer of the technical-analysis contract (src/platform/ta-layer.ts): its pattern catalog,
 * causal occurrences (each at the bar that confirms it) and the layer score. Swings use the daily L = R.
 */
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import type { PatternInfo, PatternOccurrence, TaLayer } from '../../../../platform/ta-layer.ts'
import { analyzeIct, type IctAnalysis } from './analyze.ts'
import { ictScore } from './score.ts'

const both = ['bullish', 'bearish'] as const

export const ICT_PATTERNS: readonly PatternInfo[] = [
  {
    id: 'fvg',
    layer: 'ict',
    name: 'Fair value gap',
    directions: both,
    description:
      'A three-candle imbalance: the wicks of candles i−1 and i+1 do not overlap around a candle i moving the same way; reported at bar i+1.',
  },
  {
    id: 'order_block',
    layer: 'ict',
    name: 'Order block',
    directions: both,
    description:
      'The extreme opposite candle before a close that breaks the latest confirmed swing; reported at the breaking bar.',
  },
  {
    id: 'breaker',
    layer: 'ict',
    name: 'Breaker block',
    directions: both,
    description:
      'An order block that a close went through: a failed bullish OB becomes a bearish breaker and the reverse; reported at that close.',
  },
  {
    id: 'liquidity_sweep',
    layer: 'ict',
    name: 'Liquidity sweep',
    directions: both,
    description:
      'Price runs past a pool of equal highs (bearish) or equal lows (bullish) by more than the tolerance; reported at the sweeping bar, or when the pool is confirmed if later.',
  },
]

function occurrencesOf(a: IctAnalysis, id: string): PatternOccurrence[] {
  switch (id) {
    case 'fvg':
      return a.fvgs.map((f) => ({ index: f.confirmed, direction: f.direction }))
    case 'order_block':
      return a.order_blocks.map((o) => ({ index: o.confirmed, direction: o.direction }))
    case 'breaker':
      return a.breakers.map((b) => ({ index: b.formed.index, direction: b.direction }))
    case 'liquidity_sweep':
      return a.liquidity.flatMap((p) =>
        p.swept ? [{ index: Math.max(p.swept.index, p.confirmed), direction: p.sweep_direction }] : [],
      )
    default:
      return []
  }
}

export const ictLayer: TaLayer = {
  layer: 'ict',
  patterns: ICT_PATTERNS,
  occurrences(bars: readonly Bar[], patternId: string): PatternOccurrence[] {
    if (!ICT_PATTERNS.some((p) => p.id === patternId)) return []
    return occurrencesOf(analyzeIct(bars), patternId).sort((x, y) => x.index - y.index)
  },
  score: (bars: readonly Bar[]) => ictScore(analyzeIct(bars)),
}
