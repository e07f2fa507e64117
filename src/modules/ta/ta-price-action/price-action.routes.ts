/** GET /api/ta/price-action/{symbol}, /reversals, /wyckoff and /portfolio (docs/definitions.md#price-action). */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { CONTEXT_BARS, NON_TALIB_STRENGTH } from './lib/candles.ts'
import { SCORE_WINDOW } from './lib/layer.ts'
import * as R from './lib/reversals.ts'
import { SWING_LR } from './lib/swings.ts'
import * as W from './lib/wyckoff-machine.ts'
import { EVENT_WEIGHTS } from './lib/wyckoff.ts'
import * as Ex from './price-action.examples.ts'
import * as S from './price-action.schemas.ts'
import type { PriceActionService } from './price-action.service.ts'

const COMMON =
  'Bars: the timeframe’s history from market data (oldest first, index 0 = oldest); an unknown symbol → 404 ' +
  '`market.unknown_symbol`; a market data failure → 502 `upstream.<kind>` (e.g. `upstream.timeout`); a timeframe outside ' +
  '1m,5m,15m,1h,1d,1w → 422 naming it. '

const CANDLES_DOC =
  COMMON +
  `Candlestick patterns (range-relative rules; comparisons tolerate 1e-9 of float noise), ` +
  `each reported at the bar that completes it (causal), latest first, at most ${S.MAX_ITEMS} (\`total\` counts all). ` +
  'Rules: doji body ≤ 0.10·range; spinning top body ≤ 0.35·range with both shadows ≥ body (not a doji); hammer ' +
  '0 < body ≤ 0.35·range, lower ≥ 2·body, upper ≤ 0.10·range after a decline; shooting star the mirror after an ' +
  'advance; pin bars: the long shadow ≥ 2/3 of the range and the body in the opposite third; engulfing as TA-Lib ' +
  'CDLENGULFING (colours as TA-Lib’s: white when close ≥ open, so a bar with open = close counts as white and ' +
  'a down bar engulfing it is a bearish engulfing); inside bar strictly inside the previous range; morning/evening star: long first body (≥ 0.6·range), ' +
  'small star body (≤ 0.3·range) gapping beyond the first close, third body > 0.3·range closing past C1 ± 0.3·body1 ' +
  `(\`values.penetration_level\`). \`context\`: the prior move, C[j−1] against C[j−1−${CONTEXT_BARS}] at the first ` +
  'bar j. Strength 0–100: TA-Lib’s output magnitude where TA-Lib has the pattern (engulfing 100, or 80 when one ' +
  `end is equal; doji, spinning top, hammer, shooting star, stars 100); ${NON_TALIB_STRENGTH} for the pin bars and ` +
  `the inside bar. \`score\` (the layer’s part of the confluence): at the latest bar of the last ${SCORE_WINDOW} carrying a ` +
  'bullish or bearish pattern, (strongest bullish − strongest bearish strength)/100 × (1 − age/' +
  `${SCORE_WINDOW}); neutral patterns do not score; null when there is none.`

const REVERSALS_DOC =
  COMMON +
  'reversal candidates, latest first, at most ' +
  `${S.MAX_ITEMS}. A candidate needs (1) a reversal pattern (bottoms: hammer, bullish engulfing, bullish pin bar, ` +
  'morning star; tops: the mirrors), patterns completed on the same bar merged; (2) context: C[j−1] < C[j−4] or ' +
  `C[j−1] < SMA${R.SMA_PERIOD}[j−1] at the pattern’s first bar j (mirrored for tops); (3) a location: the pattern ` +
  `low within ${R.SWING_ATR}·ATR${R.ATR_PERIOD} of a swing low confirmed by then (swing pivots, L = R = ` +
  `${SWING_LR['1h']} intraday, ${SWING_LR['1d']} daily/weekly), or the close in the discount (lower) half of the ` +
  `last ${R.RANGE_BARS} bars’ high–low range, or the low below the lower Bollinger band (20, 2); mirrored for ` +
  'tops. OB/FVG locations belong to the ICT layer and are not used. Status: confirmed when the next bar closes ' +
  'beyond `trigger` (the pattern high for bottoms, low for tops), failed when it does not, pending without a next ' +
  `bar. Score = ${R.WEIGHTS.pattern}·pattern + ${R.WEIGHTS.location}·location + ${R.WEIGHTS.volume}·volume, each ` +
  `0 or 1 (volume: the completing bar ≥ ${R.VOLUME_SPIKE}× the mean of the ${R.VOLUME_BARS} bars before); since ` +
  'pattern and location are required, it is 0.7 or 1.'

const WYCKOFF_DOC =
  COMMON +
  'Wyckoff schematics; distribution runs the accumulation rules on the mirrored series. avgV/avgR: the means ' +
  `of volume and range over the ${W.AVG_BARS} bars before the bar tested. SC: C[i−1] < C[i−10], the lowest low ` +
  `of ${W.LOW_LOOKBACK} bars, V ≥ ${W.SC_VOLUME}·avgV, range ≥ ${W.SC_RANGE}·avgR, (C−L)/range ≥ ` +
  `${W.SC_CLOSE_POSITION}; PS: the last of the 10 bars before with V ≥ ${W.PS_VOLUME}·avgV, (C−L)/range ≥ ` +
  `${W.PS_CLOSE_POSITION}, C < C[i−10] (confirmed at the SC); AR: the highest high of SC+1..SC+${W.AR_WINDOW}, ` +
  `stopping at the first bar after SC+1 whose low is within ${W.RETEST_AVGR}·avgR(SC) of the SC low (confirmed ` +
  `there or at SC+${W.AR_WINDOW}); ST: first bar after AR with support ≤ L ≤ support + ${W.RETEST_AVGR}·avgR(SC) ` +
  `and V ≤ ${W.ST_VOLUME_OF_SC}·V(SC); Spring: L < support ≤ C, L ≥ support − ${W.SPRING_DEPTH_AVGR}·avgR(SC), ` +
  `V < V(SC); SOS: C > resistance, V ≥ ${W.SOS_VOLUME}·avgV; LPS: a down-close bar with L ≥ resistance − ` +
  `${W.RETEST_AVGR}·avgR(SC), V < V(SOS), confirmed by a higher close on the next bar. Ours: before the SOS a ` +
  `close below support − ${W.FAIL_DEPTH_AVGR}·avgR(SC) ends the schematic as failed; no next event within ` +
  `${W.MAX_EVENT_GAP} bars → expired; after one ends the search for a new climax resumes. Phases: A first ` +
  'event..ST, B ST+1..Spring−1, C the Spring, D SOS..LPS, E from the LPS confirmation on; `phase` is the phase ' +
  'of the latest event reached (C until the SOS). Confidence = Σ weights of the events found (' +
  `${Object.entries(EVENT_WEIGHTS)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}; distribution: PSY, BC, AR, ST, UTAD, ` +
  'SOW, LPSY). `accumulation`/`distribution`: the latest schematic of each kind; `current`: the later of the two.'

const PORTFOLIO_DOC =
  `Each of the tenant’s ${S.PORTFOLIO_HOLDINGS} largest holdings by |market value| (latest snapshots), analysed ` +
  'on the default timeframe 1d: the price-action score, the latest candlestick pattern, the latest reversal ' +
  'candidate and the latest Wyckoff schematic. A holding whose bars fail carries `error` ' +
  '(`market.unknown_symbol` or `upstream.unavailable`) and nulls; the others proceed. No holdings → an empty ' +
  'list. Administrators may pass tenant_id (others → 403).'

type Svc = { priceAction: PriceActionService }

function portfolioRoute(app: App, { priceAction }: Svc): void {
  app.get(
    '/api/ta/price-action/portfolio',
    {
      schema: {
        operationId: 'getTaPriceActionPortfolio',
        summary: 'Price action of each holding (score, latest pattern, reversal, Wyckoff phase)',
        description: PORTFOLIO_DOC,
        examples: {
          query: { tenant_id: 42 },
          200: { description: 'Two holdings, one unknown to market data', value: Ex.PORTFOLIO_EXAMPLE },
        },
        tags: ['technical-analysis'],
        querystring: S.PortfolioQuery,
        response: { 200: S.PortfolioOut, ...problems(401, 403, 422) },
      },
    },
    (req) => priceAction.portfolio(scopeOf(req), req.query.tenant_id),
  )
}

export function priceActionRoutes(app: App, { priceAction }: Svc): void {
  portfolioRoute(app, { priceAction })
  const base = {
    tags: ['technical-analysis'],
    params: S.SymbolParams,
    querystring: S.TimeframeQuery,
  }
  const errs = problems(401, 404, 422, 502)
  const paramsEx = { params: { symbol: 'AAPL' }, query: { timeframe: '1d' } }
  app.get(
    '/api/ta/price-action/:symbol',
    {
      schema: {
        ...base,
        operationId: 'getTaCandlestickPatterns',
        summary: 'Candlestick patterns with strength, direction and the candles behind them',
        description: CANDLES_DOC,
        examples: {
          ...paramsEx,
          200: { description: 'A morning star after a decline', value: Ex.CANDLES_EXAMPLE },
        },
        response: { 200: S.CandlesOut, ...errs },
      },
    },
    (req) => priceAction.candles(req.params.symbol, req.query.timeframe ?? '1d'),
  )
  app.get(
    '/api/ta/price-action/:symbol/reversals',
    {
      schema: {
        ...base,
        operationId: 'getTaReversals',
        summary: 'Reversal candidates (pattern + context + location) and their confirmation',
        description: REVERSALS_DOC,
        examples: {
          ...paramsEx,
          200: {
            description: 'A confirmed bullish engulfing after the W1 spring',
            value: Ex.REVERSALS_EXAMPLE,
          },
        },
        response: { 200: S.ReversalsOut, ...errs },
      },
    },
    (req) => priceAction.reversals(req.params.symbol, req.query.timeframe ?? '1d'),
  )
  app.get(
    '/api/ta/price-action/:symbol/wyckoff',
    {
      schema: {
        ...base,
        operationId: 'getTaWyckoff',
        summary: 'Wyckoff accumulation/distribution: phase, events and confidence',
        description: WYCKOFF_DOC,
        examples: {
          ...paramsEx,
          200: { description: 'The W1 accumulation', value: Ex.WYCKOFF_EXAMPLE },
        },
        response: { 200: S.WyckoffOut, ...errs },
      },
    },
    (req) => priceAction.wyckoff(req.params.symbol, req.query.timeframe ?? '1d'),
  )
}
