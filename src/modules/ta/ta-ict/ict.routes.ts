/** GET /api/ta/ict/zones/{symbol}, …/breakers, …/premium-discount and /ict/zones/portfolio. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { HISTORY_DOC } from '../../market/market-data/index.ts'
import {
  BREAKERS_EXAMPLE,
  PORTFOLIO_EXAMPLE,
  PREMIUM_DISCOUNT_EXAMPLE,
  ZONES_EXAMPLE,
} from './ict.examples.ts'
import {
  Breakers,
  PortfolioOut,
  PortfolioQuery,
  PremiumDiscountOut,
  SymbolParams,
  TimeframeQuery,
  Zones,
} from './ict.schemas.ts'
import { PORTFOLIO_HOLDINGS, type IctService } from './ict.service.ts'
import { clockOf, KILLZONES } from './lib/killzones.ts'
import * as K from './lib/constants.ts'
import { SWING_LR } from './lib/swings.ts'

const tags = ['technical-analysis']
const LR = Object.entries(SWING_LR)
  .map(([tf, n]) => `${tf} ${n}`)
  .join(', ')
const KZ = KILLZONES.map((w) => `${w.id} ${clockOf(w.start)}–${clockOf(w.end)}`).join(', ')

/** What every per-symbol operation shares (README.md holds the same). */
const COMMON =
  `Swings: the structure layer’s swing pin (a swing high is above the L bars before it and not below the R ` +
  `after it; confirmed at bar i + R), L = R per timeframe: ${LR}. History per timeframe: ${HISTORY_DOC}. Every ` +
  'detection carries its bars (index in the analysed series, ISO start time, OHLC). Lists are newest first, ' +
  `at most ${K.MAX_ZONES} per kind, with totals. Too few bars: empty lists and nulls. Unknown symbol → 404 ` +
  'market.unknown_symbol; market data failing → 502 upstream.<kind> (e.g. upstream.timeout).'

export const SCORE_DOC =
  `Score (ours): location term loc = clamp(1 − 2·position, −1, 1); zone term z = +1/−1 by the direction of ` +
  'the most recently confirmed zone still alive at the last bar (an FVG not filled, an OB not failed, a breaker ' +
  'not invalidated), 0 with none. Discount (position < 0.5) with z = +1 → +1; premium with z = −1 → −1; else ' +
  `${K.SCORE_LOCATION_WEIGHT}·loc + ${1 - K.SCORE_LOCATION_WEIGHT}·z. Null without a dealing range.`

const ZONES_DOC =
  'Fair value gaps (SMC): candle i is a bullish FVG when H[i−1] < L[i+1] and C > O (top L[i+1], bottom ' +
  'H[i−1]); bearish when L[i−1] > H[i+1] and C < O (top L[i−1], bottom H[i+1]); confirmed at i + 1; adjacent gaps ' +
  'are not joined. Mitigation from bar i + 2: touched (SMC mitigated: bullish L ≤ top, bearish H ≥ bottom), ce_hit ' +
  '(the midpoint reached), filled (the far edge reached). state: unmitigated (never touched), partially (touched, ' +
  'not filled), fully (filled). Order blocks (SMC made causal): keep the latest confirmed unbroken swing ' +
  'high and low; a close above the high (each swing breaks once) makes the bullish OB: the lowest-low candle ' +
  'strictly between the swing and the breaking bar (ties: the last; none: the bar before the break), zone ' +
  '[low, high]; bearish mirrors it. state: active → tapped (price trades back into the zone: bullish L ≤ top) → ' +
  'failed (bullish L < bottom, the SMC wick rule); `breaker` is set when a close goes beyond the far edge. '

export function ictRoutes(app: App, svc: IctService): void {
  app.get(
    '/api/ta/ict/zones/portfolio',
    {
      schema: {
        operationId: 'getIctPortfolio',
        summary: 'ICT zones and score of each holding (daily timeframe)',
        description:
          `The tenant’s latest holdings, at most ${PORTFOLIO_HOLDINGS} (largest |market value| first; one account ` +
          'with account_id, 404 accounts.not_found for an unknown or foreign one), each analysed on 1d as the ' +
          'per-symbol operations do: the premium/discount zone and position of the last close, equilibrium, live ' +
          'zone counts and the layer score with its evidence. A symbol whose bars cannot be read carries `error` ' +
          '(market.unknown_symbol or upstream.unavailable) and nulls; the others proceed. No holdings → an empty ' +
          `list. Administrators may pass tenant_id. ${SCORE_DOC} ${COMMON}`,
        tags,
        querystring: PortfolioQuery,
        examples: {
          query: { account_id: 7 },
          200: { description: 'Two holdings, one unknown', value: PORTFOLIO_EXAMPLE },
        },
        response: { 200: PortfolioOut, ...problems(401, 403, 404, 422) },
      },
    },
    (req) => svc.portfolio(scopeOf(req), req.query),
  )
  symbolRoutes(app, svc)
}

function symbolRoutes(app: App, svc: IctService): void {
  const schema = { tags, params: SymbolParams, querystring: TimeframeQuery }
  const errors = problems(401, 404, 422, 502)
  app.get(
    '/api/ta/ict/zones/:symbol',
    {
      schema: {
        ...schema,
        operationId: 'getIctZones',
        summary: 'Fair value gaps with their mitigation state, and order blocks with theirs',
        description: ZONES_DOC + COMMON,
        examples: {
          params: { symbol: 'AAPL' },
          query: { timeframe: '1h' },
          200: { description: 'The S2 bars on 1h', value: ZONES_EXAMPLE },
        },
        response: { 200: Zones, ...errors },
      },
    },
    (req) => svc.zones(req.params.symbol, req.query.timeframe),
  )
  app.get(
    '/api/ta/ict/zones/:symbol/breakers',
    {
      schema: {
        ...schema,
        operationId: 'getIctBreakers',
        summary: 'Breaker blocks: order blocks a close went through',
        description:
          'Breaker blocks (our pin): an order block (as in GET /ict/zones/{symbol}) becomes a breaker of the ' +
          'opposite direction at the first close beyond its far edge after the break (a bullish OB closed below ' +
          'its bottom is a bearish breaker, resistance on a retest from below); it stays valid until a close ' +
          'beyond the opposite edge (`invalidated`, that bar). `valid` counts those not invalidated. ' +
          COMMON,
        examples: {
          params: { symbol: 'AAPL' },
          query: { timeframe: '1h' },
          200: { description: 'S2 on 1h', value: BREAKERS_EXAMPLE },
        },
        response: { 200: Breakers, ...errors },
      },
    },
    (req) => svc.breakers(req.params.symbol, req.query.timeframe),
  )
  app.get(
    '/api/ta/ict/zones/:symbol/premium-discount',
    {
      schema: {
        ...schema,
        operationId: 'getIctPremiumDiscount',
        summary: 'Dealing range, equilibrium, premium/discount, OTE band, liquidity pools and killzones',
        description:
          'Dealing range: the latest confirmed swing low lo to the latest confirmed swing high hi (null ' +
          'until both exist with hi > lo); equilibrium (hi + lo)/2; position = (C − lo)/(hi − lo) (premium > 0.5, ' +
          'discount < 0.5, equilibrium = 0.5; `outside` below/above the range). leg up when hi came after lo. OTE: ' +
          `long [hi − ${K.OTE_HIGH}R, hi − ${K.OTE_LOW}R] with the sweet spot at ${K.OTE_SWEET} and the ${K.OTE_FIB} ` +
          'variant; short mirrored from lo. ote_entries: bars after the range whose low (up leg) or high (down leg) ' +
          `lies in the leg’s band; bars_since_range: each of them (the latest ${K.MAX_BARS_LISTED}). Liquidity (` +
          `SMC): pip = (max H − min L) × ${K.LIQUIDITY_RANGE_PERCENT}; from each swing high not yet grouped, later ` +
          'swing highs within ±pip join until the sweep (the first later bar with H ≥ first level + pip); two or ' +
          'more make a pool at their mean (equal highs = buy-side; lows mirror it, sell-side). Killzones on ' +
          'intraday timeframes only (null on 1d/1w): windows in America/New_York local time, converted per bar ' +
          `through the tz database (DST-correct), [start, end) of the bar’s start time: ${KZ}; windows overlap, so ` +
          `a bar may be in several. current = the last bar’s; bars = the latest ${K.MAX_BARS_LISTED}. ` +
          COMMON,
        examples: {
          params: { symbol: 'AAPL' },
          query: { timeframe: '1h' },
          200: { description: 'S2 on 1h', value: PREMIUM_DISCOUNT_EXAMPLE },
        },
        response: { 200: PremiumDiscountOut, ...errors },
      },
    },
    (req) => svc.premiumDiscount(req.params.symbol, req.query.timeframe),
  )
}
