/**
 * The structure layer of the technical-analysis contract (src/platform/ta-layer.ts): the pattern
 * catalog, causal occurrences (at the confirming bar: pivot + R for swings and labels, the breaking
 * bar for BOS/CHoCH) and the layer score (trend ±1, 0 ranging). The layer sees bars without their
 * timeframe, so it uses the daily swing length (L = R = SWING_LR['1d']).
 */
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import type { LayerScore, PatternInfo, PatternOccurrence, TaLayer } from '../../../../platform/ta-layer.ts'
import { analyzeStructure, optionsFor } from './analyze.ts'
import { structureBreaks } from './breaks.ts'
import { findSwings, type Swing, type SwingLabel } from './swings.ts'

const B = ['bullish'] as const
const S = ['bearish'] as const
const BOTH = ['bullish', 'bearish'] as const

function p(
  id: string,
  name: string,
  description: string,
  directions: PatternInfo['directions'],
): PatternInfo {
  return { id, layer: 'structure', name, description, directions }
}

export const STRUCTURE_PATTERNS: readonly PatternInfo[] = [
  p(
    'swing_high',
    'Swing high',
    'A bar whose high is above the L bars before it and not below the R bars after it; confirmed R bars later.',
    S,
  ),
  p(
    'swing_low',
    'Swing low',
    'A bar whose low is below the L bars before it and not above the R bars after it; confirmed R bars later.',
    B,
  ),
  p('higher_high', 'Higher high (HH)', 'A swing high above the previous swing high.', B),
  p('higher_low', 'Higher low (HL)', 'A swing low above the previous swing low.', B),
  p('lower_high', 'Lower high (LH)', 'A swing high below the previous swing high.', S),
  p('lower_low', 'Lower low (LL)', 'A swing low below the previous swing low.', S),
  p(
    'equal_highs',
    'Equal highs (EQH)',
    'A swing high equal to the previous one within the tolerance (0: exact): resting buy-side liquidity.',
    S,
  ),
  p(
    'equal_lows',
    'Equal lows (EQL)',
    'A swing low equal to the previous one within the tolerance (0: exact): resting sell-side liquidity.',
    B,
  ),
  p(
    'bos',
    'Break of structure (BOS)',
    'A close beyond the latest confirmed, unbroken swing level in the direction of the trend (or with no trend yet); close-based and causal.',
    BOTH,
  ),
  p(
    'choch',
    'Change of character (CHoCH)',
    'A close beyond the latest confirmed, unbroken swing level against the trend set by the previous break; close-based and causal.',
    BOTH,
  ),
]

const LABEL_OF: Record<string, SwingLabel> = {
  higher_high: 'HH',
  higher_low: 'HL',
  lower_high: 'LH',
  lower_low: 'LL',
  equal_highs: 'EQH',
  equal_lows: 'EQL',
}

/** Swing highs, LH, LL and EQH lean bearish; swing lows, HH, HL and EQL bullish (the catalog's directions). */
function direction(s: Swing, byKind: boolean): PatternOccurrence['direction'] {
  if (byKind) return s.kind === 'high' ? 'bearish' : 'bullish'
  return s.label === 'HH' || s.label === 'HL' || s.label === 'EQL' ? 'bullish' : 'bearish'
}

export function structureOccurrences(bars: readonly Bar[], patternId: string): PatternOccurrence[] {
  if (!STRUCTURE_PATTERNS.some((x) => x.id === patternId)) return []
  const swings = findSwings(bars, optionsFor('1d'))
  if (patternId === 'bos' || patternId === 'choch')
    return structureBreaks(bars, swings)
      .breaks.filter((b) => b.type === patternId)
      .map((b) => ({ index: b.index, direction: b.direction }))
  const byKind = patternId === 'swing_high' || patternId === 'swing_low'
  const picked = byKind
    ? swings.filter((s) => s.kind === (patternId === 'swing_high' ? 'high' : 'low'))
    : swings.filter((s) => s.label === LABEL_OF[patternId])
  return picked
    .map((s) => ({ index: s.confirmedIndex, direction: direction(s, byKind) }))
    .sort((a, b) => a.index - b.index)
}

/** Trend ±1, 0 ranging; null until at least two swing highs and two swing lows can be labelled. */
export function structureScore(bars: readonly Bar[]): LayerScore {
  const a = analyzeStructure(bars)
  const labelled = a.swings.filter((s) => s.label !== null)
  const judged = labelled.some((s) => s.kind === 'high') && labelled.some((s) => s.kind === 'low')
  const evidence = {
    trend: a.trend,
    break_trend: a.break_trend,
    swing_length: a.left,
    last_high: a.last_high,
    last_low: a.last_low,
    last_break: a.events.at(-1) ?? null,
    bars: a.bars,
  }
  return { score: judged ? a.trend_sign : null, evidence }
}

export const structureLayer: TaLayer = {
  layer: 'structure',
  patterns: STRUCTURE_PATTERNS,
  occurrences: structureOccurrences,
  score: structureScore,
}
