/**
 * OpenAPI examples, computed from the S2 vector (13 hourly bars, L = R = 2) so that every number
 * in them is one the service really answers for those bars.
 */
import { analyzeIct } from './lib/analyze.ts'
import { killzonesAt } from './lib/killzones.ts'
import { ictScore } from './lib/score.ts'
import { S2 } from './lib/vectors.fixture.ts'

const a = analyzeIct(S2, { swingLR: 2 })
const header = { symbol: 'AAPL', timeframe: '1h', swing_lr: 2, bars: S2.length, as_of: S2.at(-1)!.time }
const last = S2.length - 1

export const ZONES_EXAMPLE = {
  ...header,
  fvgs: a.fvgs.slice().reverse(),
  fvg_total: a.fvgs.length,
  order_blocks: a.order_blocks.slice().reverse(),
  order_block_total: a.order_blocks.length,
}

export const BREAKERS_EXAMPLE = { ...header, breakers: a.breakers, total: a.breakers.length, valid: 1 }

export const PREMIUM_DISCOUNT_EXAMPLE = {
  ...header,
  dealing_range: a.premium_discount,
  liquidity: { pip: a.pip, pools: [], total: 0 },
  killzones: {
    timezone: 'America/New_York',
    windows: [{ id: 'new_york_am', start: '09:30', end: '11:00' }],
    current: { index: last, time: S2[last]!.time, killzones: killzonesAt(S2[last]!.time) },
    bars: [{ index: last, time: S2[last]!.time, killzones: killzonesAt(S2[last]!.time) }],
  },
}

const score = ictScore(a)
export const PORTFOLIO_EXAMPLE = {
  timeframe: '1d',
  items: [
    {
      symbol: 'AAPL',
      error: null,
      as_of: S2[last]!.time,
      score: score.score,
      score_evidence: score.evidence,
      zone: 'discount',
      position: a.premium_discount!.last.position,
      equilibrium: a.premium_discount!.equilibrium,
      live_fvgs: 1,
      live_order_blocks: 1,
      valid_breakers: 1,
    },
    {
      symbol: 'ZZZZ',
      error: 'market.unknown_symbol',
      as_of: null,
      score: null,
      score_evidence: null,
      zone: null,
      position: null,
      equilibrium: null,
      live_fvgs: 0,
      live_order_blocks: 0,
      valid_breakers: 0,
    },
  ],
}
