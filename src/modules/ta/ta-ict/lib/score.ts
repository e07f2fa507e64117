/**
 * The ICT layer score (this project's own grading, docs/definitions.md#confluence): location term loc = clamp(1 − 2·position, −1, 1) from the
 * dealing range (discount > 0, premium < 0); zone term z = +1/−1 by the direction of the most
 * recently confirmed zone still alive at the last bar (an FVG not filled, an OB not failed, a breaker
 * not invalidated), 0 with none. Discount + bullish zone → +1; premium + bearish → −1; otherwise
 * 0.5·loc + 0.5·z. Null without a dealing range.
 */
import type { Direction, LayerScore } from '../../../../platform/ta-layer.ts'
import { px } from './bars.ts'
import type { IctAnalysis } from './analyze.ts'
import { SCORE_LOCATION_WEIGHT } from './constants.ts'

interface LiveZone {
  kind: 'fvg' | 'order_block' | 'breaker'
  direction: Direction
  index: number
  confirmed: number
  top: number
  bottom: number
}

/** The live zones at the last bar, most recently confirmed last. */
export function liveZones(a: IctAnalysis): LiveZone[] {
  const z: LiveZone[] = []
  for (const f of a.fvgs)
    if (f.state !== 'fully')
      z.push({
        kind: 'fvg',
        direction: f.direction,
        index: f.index,
        confirmed: f.confirmed,
        top: f.top,
        bottom: f.bottom,
      })
  for (const o of a.order_blocks)
    if (o.state !== 'failed')
      z.push({
        kind: 'order_block',
        direction: o.direction,
        index: o.index,
        confirmed: o.confirmed,
        top: o.top,
        bottom: o.bottom,
      })
  for (const b of a.breakers)
    if (!b.invalidated)
      z.push({
        kind: 'breaker',
        direction: b.direction,
        index: b.order_block_index,
        confirmed: b.formed.index,
        top: b.top,
        bottom: b.bottom,
      })
  return z.sort((x, y) => x.confirmed - y.confirmed)
}

export function ictScore(a: IctAnalysis): LayerScore {
  const pd = a.premium_discount
  if (!pd) return { score: null, evidence: { reason: 'no_dealing_range' } }
  const position = pd.last.position
  const loc = Math.max(-1, Math.min(1, 1 - 2 * position))
  const zone = liveZones(a).at(-1) ?? null
  const z = zone ? (zone.direction === 'bullish' ? 1 : -1) : 0
  let score: number
  let rule: string
  if (position < 0.5 && z === 1) [score, rule] = [1, 'discount_and_bullish_zone']
  else if (position > 0.5 && z === -1) [score, rule] = [-1, 'premium_and_bearish_zone']
  else {
    score = SCORE_LOCATION_WEIGHT * loc + (1 - SCORE_LOCATION_WEIGHT) * z
    rule = 'graded'
  }
  return {
    score: px(score),
    evidence: {
      rule,
      position,
      zone: pd.last.zone,
      location_term: px(loc),
      zone_term: z,
      latest_live_zone: zone,
    },
  }
}
