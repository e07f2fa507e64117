/**
 * Confluence scoring (docs/definitions.md#confluence): a weighted mean of the signed layer scores over the
 * layers that are available. A missing layer (module absent, or a null score) is dropped and the
 * weights renormalised — never counted as 0.
 */
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import { rsi } from '../../../../kernel/quant/index.ts'

export type ComponentName = 'structure' | 'ict' | 'price_action' | 'momentum' | 'volume'

/** Confluence default weights (they sum to 1). */
export const WEIGHTS: Readonly<Record<ComponentName, number>> = {
  structure: 0.3,
  ict: 0.25,
  price_action: 0.2,
  momentum: 0.15,
  volume: 0.1,
}
/** Bias thresholds: score ≥ 0.2 bullish, ≤ −0.2 bearish, otherwise neutral. */
export const BIAS_THRESHOLD = 0.2
/** RSI period of the momentum component. */
export const RSI_PERIOD = 14
/** Bars before the last whose mean volume is the RVOL denominator. */
export const RVOL_LOOKBACK = 20

export interface ComponentInput {
  layer: ComponentName
  score: number | null
  evidence: Record<string, unknown>
}

export interface Component extends ComponentInput {
  /** The default weight; `used` says whether it counted. */
  weight: number
  /** The renormalised weight (0 when dropped). */
  effective_weight: number
  used: boolean
}

export interface Confluence {
  /** Σ w·s / Σ w over the used components; null when none is available. */
  score: number | null
  /** 50·(1 + score), 0–100. */
  display: number | null
  bias: 'bullish' | 'bearish' | 'neutral' | null
  /** Σ w of the used components whose sign equals the score's / Σ w. */
  agreement: number | null
  components: Component[]
  dropped: ComponentName[]
}

const usable = (s: number | null): s is number => s !== null && Number.isFinite(s)

export function combine(inputs: readonly ComponentInput[]): Confluence {
  const used = inputs.filter((c) => usable(c.score))
  const total = used.reduce((a, c) => a + WEIGHTS[c.layer], 0)
  const components = inputs.map((c) => {
    const ok = usable(c.score)
    const weight = WEIGHTS[c.layer]
    return { ...c, weight, used: ok, effective_weight: ok && total > 0 ? weight / total : 0 }
  })
  const dropped = inputs.filter((c) => !usable(c.score)).map((c) => c.layer)
  if (used.length === 0 || total === 0) {
    return { score: null, display: null, bias: null, agreement: null, components, dropped }
  }
  const score = used.reduce((a, c) => a + WEIGHTS[c.layer] * c.score!, 0) / total
  const sign = Math.sign(score)
  const agree = used.filter((c) => Math.sign(c.score!) === sign).reduce((a, c) => a + WEIGHTS[c.layer], 0)
  const bias = score >= BIAS_THRESHOLD ? 'bullish' : score <= -BIAS_THRESHOLD ? 'bearish' : 'neutral'
  return { score, display: 50 * (1 + score), bias, agreement: agree / total, components, dropped }
}

/** Momentum: (RSI14 − 50)/50 of the last close; null with too few bars or constant closes. */
export function momentum(bars: readonly Bar[]): ComponentInput {
  const closes = bars.map((b) => b.close)
  const flat = closes.every((c) => c === closes[0])
  const r = closes.length > RSI_PERIOD && !flat ? rsi(closes, RSI_PERIOD).at(-1)! : NaN
  const score = Number.isFinite(r) ? (r - 50) / 50 : null
  return { layer: 'momentum', score, evidence: { rsi: Number.isFinite(r) ? r : null, period: RSI_PERIOD } }
}

/**
 * Volume: ±min(1, RVOL − 1) in the direction of the last bar (close > open up, < down; a doji
 * scores 0). RVOL = last volume / mean of the previous 20 bars' volume; below 1 it counts against
 * the bar's direction. Null with fewer than 21 bars or a zero mean.
 */
export function volume(bars: readonly Bar[]): ComponentInput {
  const last = bars.at(-1)
  const prior = bars.slice(-RVOL_LOOKBACK - 1, -1)
  const mean = prior.reduce((a, b) => a + b.volume, 0) / prior.length
  if (!last || prior.length < RVOL_LOOKBACK || !(mean > 0)) {
    return { layer: 'volume', score: null, evidence: { rvol: null, bars: bars.length } }
  }
  const rvol = last.volume / mean
  const dir = Math.sign(last.close - last.open)
  const score = dir * Math.min(1, rvol - 1)
  return {
    layer: 'volume',
    score: score === 0 ? 0 : score,
    evidence: {
      rvol,
      last_volume: last.volume,
      mean_volume: mean,
      bar_direction: dir,
      lookback: RVOL_LOOKBACK,
    },
  }
}
