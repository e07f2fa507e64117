/** The whole price-action analysis of one series: candlesticks, reversals, Wyckoff, the layer score. */
import type { LayerScore } from '../../../../platform/ta-layer.ts'
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import { findCandles, type CandleHit } from './candles.ts'
import { scoreFromCandles } from './layer.ts'
import { findReversals, type Reversal } from './reversals.ts'
import { DEFAULT_SWING_LR } from './swings.ts'
import { findWyckoff, type Schematic } from './wyckoff.ts'

export interface PriceActionAnalysis {
  candles: CandleHit[]
  reversals: Reversal[]
  wyckoff: { accumulation: Schematic[]; distribution: Schematic[] }
  score: LayerScore
}

export function analyzePriceAction(
  bars: readonly Bar[],
  opts: { swingLr?: number } = {},
): PriceActionAnalysis {
  const candles = findCandles(bars)
  return {
    candles,
    reversals: findReversals(bars, opts.swingLr ?? DEFAULT_SWING_LR),
    wyckoff: findWyckoff(bars),
    score: scoreFromCandles(bars, candles),
  }
}
