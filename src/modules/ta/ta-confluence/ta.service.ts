/** GET /confluence/{symbol}, /patterns and /backtest/{symbol}/{layer}/{pattern}. */
import { NotFoundError } from '../../../platform/http/errors.ts'
import type { PatternInfo, TaLayerName } from '../../../platform/ta-layer.ts'
import { HISTORY, type TimeframeBars, type Timeframe } from '../../market/market-data/index.ts'
import { analyse } from './lib/analysis.ts'
import { backtest, type PatternBacktest } from './lib/backtest.ts'
import { BIAS_THRESHOLD, WEIGHTS, type Confluence } from './lib/confluence.ts'
import { LAYER_NAMES, type TaLayers } from './lib/layers.ts'

/** Daily bars a daily or weekly backtest reads: about ten years (HISTORY reads one year). */
export const BACKTEST_DAILY_BARS = 2520

export interface ConfluenceOut extends Confluence {
  symbol: string
  timeframe: Timeframe
  bars: number
  as_of: string | null
  last_close: number | null
  weights: typeof WEIGHTS
  bias_threshold: number
}

/** Catalog entries as plain mutable copies (the wire shape). */
export type CatalogEntry = Omit<PatternInfo, 'directions'> & {
  directions: PatternInfo['directions'][number][]
}
export type Catalog = Record<TaLayerName, CatalogEntry[]>

export interface BacktestOut extends PatternBacktest {
  symbol: string
  layer: TaLayerName
  pattern: string
  timeframe: Timeframe
  bars: number
  from: string | null
  to: string | null
}

export class TaService {
  constructor(private readonly deps: { layers: TaLayers; timeframes: TimeframeBars }) {}

  async confluence(symbol: string, timeframe: Timeframe): Promise<ConfluenceOut> {
    const bars = await this.deps.timeframes.read(symbol, timeframe)
    const last = bars.at(-1)
    return {
      symbol: symbol.toUpperCase(),
      timeframe,
      bars: bars.length,
      as_of: last?.time ?? null,
      last_close: last?.close ?? null,
      ...analyse(this.deps.layers, bars),
      weights: WEIGHTS,
      bias_threshold: BIAS_THRESHOLD,
    }
  }

  /** The catalog; with `layer`, the other two arrays are empty. A layer not installed lists nothing. */
  patterns(layer?: TaLayerName): Catalog {
    const list = (name: TaLayerName) =>
      layer && layer !== name
        ? []
        : (this.deps.layers.get(name)?.patterns ?? []).map((p) => ({ ...p, directions: [...p.directions] }))
    return { structure: list('structure'), price_action: list('price_action'), ict: list('ict') }
  }

  async backtest(
    symbol: string,
    layerName: string,
    pattern: string,
    timeframe: Timeframe,
  ): Promise<BacktestOut> {
    const layer = this.deps.layers.find(layerName)
    if (!layer) {
      throw new NotFoundError(
        'ta.unknown_layer',
        `Unknown layer ${layerName} (one of ${LAYER_NAMES.join(', ')})`,
        {
          extra: { layer: layerName },
        },
      )
    }
    if (!layer.patterns.some((p) => p.id === pattern)) {
      throw new NotFoundError('ta.unknown_pattern', `Unknown pattern ${pattern} of layer ${layer.layer}`, {
        extra: { layer: layer.layer, pattern },
      })
    }
    const daily = HISTORY[timeframe].interval === '1d'
    const bars = await this.deps.timeframes.read(
      symbol,
      timeframe,
      daily ? { bars: BACKTEST_DAILY_BARS } : {},
    )
    const result = backtest(bars, layer.occurrences(bars, pattern))
    return {
      symbol: symbol.toUpperCase(),
      layer: layer.layer,
      pattern,
      timeframe,
      bars: bars.length,
      from: bars[0]?.time ?? null,
      to: bars.at(-1)?.time ?? null,
      ...result,
    }
  }
}
