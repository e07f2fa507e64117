/**
 * The price-action layer (src/platform/ta-layer.ts): its catalog (the candlestick patterns, the two
 * reversal kinds, the Wyckoff events), causal occurrences and the layer score.
 */
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import type { LayerScore, PatternInfo, PatternOccurrence, TaLayer } from '../../../../platform/ta-layer.ts'
import { CANDLES, CANDLE_IDS, findCandles, votedDirection, type CandleHit } from './candles.ts'
import { findReversals } from './reversals.ts'
import { DEFAULT_SWING_LR } from './swings.ts'
import { findWyckoff, type EventCode } from './wyckoff.ts'

/** The score looks back this many bars; a pattern k bars old weighs (1 − k/5) (this project's own decay). */
export const SCORE_WINDOW = 5

const both = ['bullish', 'bearish'] as const
const candleInfos: PatternInfo[] = CANDLES.map((c) => ({
  id: c.id,
  layer: 'price_action',
  name: c.name,
  description:
    c.direction === 'neutral'
      ? `${c.description} Direction: against the prior 3-bar move (C[i−1] vs C[i−4]); none without one.`
      : c.description,
  directions: c.direction === 'neutral' ? both : [c.direction],
}))

const REVERSALS: PatternInfo[] = [
  {
    id: 'bullish_reversal',
    layer: 'price_action',
    name: 'Bullish reversal',
    directions: ['bullish'],
    description:
      'Hammer, bullish engulfing, bullish pin or morning star after a decline, at a location (swing low within 0.5·ATR14, discount half of the 20-bar range, or below the lower Bollinger band); reported when the next close passes the pattern high.',
  },
  {
    id: 'bearish_reversal',
    layer: 'price_action',
    name: 'Bearish reversal',
    directions: ['bearish'],
    description:
      'Shooting star, bearish engulfing, bearish pin or evening star after an advance, at a location (swing high, premium half, above the upper band); reported when the next close passes the pattern low.',
  },
]

const WYCKOFF: [EventCode, string, string, readonly ('bullish' | 'bearish')[]][] = [
  [
    'PS',
    'Preliminary support',
    'High-volume bar closing in its upper half in the 10 bars before the selling climax.',
    ['bullish'],
  ],
  [
    'SC',
    'Selling climax',
    'New 20-bar low after a decline on ≥ 2× volume and ≥ 1.5× range, closing ≥ 40% off the low.',
    ['bullish'],
  ],
  [
    'AR',
    'Automatic rally / reaction',
    'The extreme after the climax that sets the other side of the range (accumulation: a rally; distribution: a reaction).',
    both,
  ],
  [
    'ST',
    'Secondary test',
    'The first retest of the climax extreme within 0.5·avgR on ≤ 70% of its volume.',
    both,
  ],
  [
    'Spring',
    'Spring',
    'A dip below support closing back inside, at most 1·avgR deep, on less volume than the climax.',
    ['bullish'],
  ],
  ['SOS', 'Sign of strength', 'A close above resistance on ≥ 1.5× the 10-bar average volume.', ['bullish']],
  [
    'LPS',
    'Last point of support',
    'A down-close pullback holding within 0.5·avgR of resistance on lower volume, then a higher close.',
    ['bullish'],
  ],
  ['PSY', 'Preliminary supply', 'The distribution mirror of PS.', ['bearish']],
  [
    'BC',
    'Buying climax',
    'New 20-bar high after an advance on climactic volume and range, closing ≥ 40% off the high.',
    ['bearish'],
  ],
  [
    'UTAD',
    'Upthrust after distribution',
    'A push above resistance closing back inside (the mirror of the Spring).',
    ['bearish'],
  ],
  ['SOW', 'Sign of weakness', 'A close below support on ≥ 1.5× the 10-bar average volume.', ['bearish']],
  [
    'LPSY',
    'Last point of supply',
    'An up-close rally failing within 0.5·avgR of support on lower volume, then a lower close.',
    ['bearish'],
  ],
]
const wyckoffId = (e: EventCode) => `wyckoff_${e.toLowerCase()}`
const WYCKOFF_INFOS: PatternInfo[] = WYCKOFF.map(([e, name, description, directions]) => ({
  id: wyckoffId(e),
  layer: 'price_action',
  name: `Wyckoff ${name} (${e})`,
  description: `${description} Reported when confirmed.`,
  directions,
}))

export const PATTERNS: readonly PatternInfo[] = [...candleInfos, ...REVERSALS, ...WYCKOFF_INFOS]

function wyckoffOccurrences(bars: readonly Bar[], patternId: string): PatternOccurrence[] {
  const w = findWyckoff(bars)
  const out: PatternOccurrence[] = []
  for (const s of [...w.accumulation, ...w.distribution])
    for (const e of s.events)
      if (wyckoffId(e.event) === patternId)
        out.push({ index: e.confirmed, direction: s.kind === 'accumulation' ? 'bullish' : 'bearish' })
  return out.sort((a, b) => a.index - b.index)
}

export function occurrences(bars: readonly Bar[], patternId: string): PatternOccurrence[] {
  if (CANDLE_IDS.has(patternId))
    return findCandles(bars).flatMap((h) => {
      const direction = h.pattern === patternId ? votedDirection(h) : null
      return direction ? [{ index: h.index, direction }] : []
    })
  if (patternId === 'bullish_reversal' || patternId === 'bearish_reversal')
    return findReversals(bars, DEFAULT_SWING_LR)
      .filter((r) => r.status === 'confirmed' && `${r.direction}_reversal` === patternId)
      .map((r) => ({ index: r.resolved_index!, direction: r.direction }))
  if (patternId.startsWith('wyckoff_')) return wyckoffOccurrences(bars, patternId)
  return []
}

/**
 * The latest bar in the last SCORE_WINDOW bars with a bullish or bearish candlestick pattern;
 * (strongest bullish − strongest bearish strength)/100 there, times the decay (1 − age/5).
 * Neutral patterns (doji, spinning top, inside bar) do not score. Null when none.
 */
export function scoreFromCandles(bars: readonly Bar[], hits: readonly CandleHit[]): LayerScore {
  const last = bars.length - 1
  const recent = hits.filter((h) => h.direction !== 'neutral' && h.index > last - SCORE_WINDOW)
  const at = recent.length ? Math.max(...recent.map((h) => h.index)) : -1
  if (at < 0) return { score: null, evidence: { reason: 'no_directional_pattern', window: SCORE_WINDOW } }
  const there = recent.filter((h) => h.index === at)
  const best = (d: string) => Math.max(0, ...there.filter((h) => h.direction === d).map((h) => h.strength))
  const [bull, bear] = [best('bullish'), best('bearish')]
  const age = last - at
  const decay = 1 - age / SCORE_WINDOW
  const score = Math.round(((bull - bear) / 100) * decay * 1e6) / 1e6
  return {
    score,
    evidence: {
      index: at,
      time: bars[at]!.time,
      patterns: there.map((h) => ({ pattern: h.pattern, direction: h.direction, strength: h.strength })),
      bullish_strength: bull,
      bearish_strength: bear,
      age,
      decay,
      window: SCORE_WINDOW,
    },
  }
}

export const layer: TaLayer = {
  layer: 'price_action',
  patterns: PATTERNS,
  occurrences,
  score: (bars) => scoreFromCandles(bars, findCandles(bars)),
}
