/** GET /api/ta/structure/{symbol}, …/events, …/mtf and /api/ta/structure/portfolio. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { HISTORY_DOC } from '../../market/market-data/index.ts'
import { EQUAL_TOLERANCE, SWING_LR } from './lib/analyze.ts'
import { ALIGNED_THRESHOLD, MTF_WEIGHTS } from './lib/mtf.ts'
import { EVENTS_EXAMPLE, MTF_EXAMPLE, PORTFOLIO_EXAMPLE, STRUCTURE_EXAMPLE } from './structure.examples.ts'
import {
  EventsOut,
  EventsQuery,
  MtfOut,
  MtfQuery,
  PortfolioOut,
  PortfolioQuery,
  StructureOut,
  SymbolParams,
  TimeframeQuery,
} from './structure.schemas.ts'
import { EVENTS_MAX_LIMIT, PORTFOLIO_CAP, type StructureService } from './structure.service.ts'

const tags = ['technical-analysis']
const LR = Object.entries(SWING_LR)
  .map(([tf, n]) => `${tf} ${n}`)
  .join(', ')

/** The rules of docs/definitions.md#market-structure as this service applies them (README.md holds the same). */
export const STRUCTURE_DOC =
  `Swings: bar i is a swing high when its high is above the L bars before it and not below the R bars ` +
  `after it (a swing low mirrors it; with equal highs the earlier bar is the pivot); L = R per timeframe: ${LR}. ` +
  'A swing is confirmed at bar i + R and used only from then on (no look-ahead); bars before L and the last R ' +
  'bars cannot be pivots. Labels: versus the previous swing of the same kind, HH/LH (EQH when equal ' +
  `within ${EQUAL_TOLERANCE}, i.e. exactly) and HL/LL (EQL); the first of each kind has none. trend: bullish when ` +
  'the last high is HH and the last low HL, bearish when LH and LL, else ranging. BOS/CHoCH (this project’s own rule, ' +
  'close-based and causal — not the pattern-based, look-ahead rule of the SMC library): keep the latest ' +
  'confirmed, unbroken swing high and low; a close above the high is a bullish break, below the low a bearish ' +
  'one; each level breaks once; with the previous break’s direction (or before any break) it is a BOS, against ' +
  'it a CHoCH; break_trend is the last break’s direction. Every swing and break carries its bars (index, ISO ' +
  `time, OHLC). History per timeframe: ${HISTORY_DOC}. Too few bars: no swings, trend ranging, nulls. ` +
  'Unknown symbol → 404 market.unknown_symbol; market data failing → 502 upstream.<kind> (e.g. upstream.timeout).'

export function structureRoutes(app: App, svc: StructureService): void {
  portfolioRoute(app, svc)
  symbolRoutes(app, svc)
  mtfRoute(app, svc)
}

function portfolioRoute(app: App, svc: StructureService): void {
  app.get(
    '/api/ta/structure/portfolio',
    {
      schema: {
        operationId: 'getStructurePortfolio',
        summary: 'Market structure of each holding (daily timeframe)',
        description:
          `The tenant’s latest holdings, at most ${PORTFOLIO_CAP} (largest |market value| first), each analysed ` +
          'on the 1d timeframe as GET /structure/{symbol} does: trend, break_trend, the last BOS and CHoCH and ' +
          'the unbroken levels. A symbol whose bars cannot be read carries `error` (market.unknown_symbol or ' +
          'upstream.unavailable) and nulls; the others proceed. No holdings → an empty list. Administrators ' +
          'may pass tenant_id. ' +
          STRUCTURE_DOC,
        examples: {
          query: { tenant_id: 42 },
          200: { description: 'One holding analysed, one unknown', value: PORTFOLIO_EXAMPLE },
        },
        tags,
        querystring: PortfolioQuery,
        response: { 200: PortfolioOut, ...problems(401, 403, 422) },
      },
    },
    (req) => svc.portfolio(scopeOf(req), req.query.tenant_id),
  )
}

function symbolRoutes(app: App, svc: StructureService): void {
  app.get(
    '/api/ta/structure/:symbol',
    {
      schema: {
        operationId: 'getStructure',
        summary: 'Swings, HH/HL/LH/LL labels, trend, last BOS and CHoCH, unbroken levels',
        description: STRUCTURE_DOC,
        examples: {
          params: { symbol: 'AAPL' },
          query: { timeframe: '1d' },
          200: { description: 'The S2 bars (L = R = 2)', value: STRUCTURE_EXAMPLE },
        },
        tags,
        params: SymbolParams,
        querystring: TimeframeQuery,
        response: { 200: StructureOut, ...problems(401, 404, 422, 502) },
      },
    },
    (req) => svc.analyze(req.params.symbol, req.query.timeframe),
  )
  app.get(
    '/api/ta/structure/:symbol/events',
    {
      schema: {
        operationId: 'listStructureEvents',
        summary: 'BOS and CHoCH events, newest first',
        description:
          `Every BOS and CHoCH in the timeframe’s bars, newest first, at most \`limit\` (default 20, max ` +
          `${EVENTS_MAX_LIMIT}); total counts them all. Each has its broken level (the swing, its bar and ` +
          'confirming bar), the breaking bar and the prior break trend. ' +
          STRUCTURE_DOC,
        examples: {
          params: { symbol: 'AAPL' },
          query: { timeframe: '1d', limit: 20 },
          200: {
            description: 'The BOS/CHoCH vector: BOS bullish at 8, CHoCH bearish at 12',
            value: EVENTS_EXAMPLE,
          },
        },
        tags,
        params: SymbolParams,
        querystring: EventsQuery,
        response: { 200: EventsOut, ...problems(401, 404, 422, 502) },
      },
    },
    (req) => svc.events(req.params.symbol, req.query.timeframe, req.query.limit),
  )
}

function mtfRoute(app: App, svc: StructureService): void {
  app.get(
    '/api/ta/structure/:symbol/mtf',
    {
      schema: {
        operationId: 'getStructureMtf',
        summary: 'Multi-timeframe trend alignment',
        description:
          'Multi-timeframe alignment over four timeframes: the anchor and the three below it in 1w, 1d, 1h, 15m, ' +
          '5m, 1m (the four lowest when fewer remain: 15m/5m/1m anchors use 1h, 15m, 5m, 1m; there is no 4h ' +
          `timeframe), weighted ${MTF_WEIGHTS.join('/')} from the highest down. Each trend t ∈ {+1, −1, 0} is ` +
          `the labels’. alignment = Σ w·t; aligned when |alignment| ≥ ${ALIGNED_THRESHOLD} and the anchor’s trend has ` +
          'its sign (direction is then bullish/bearish, else null); agree = share of the timeframes whose trend ' +
          'equals the anchor’s (the anchor included). A non-anchor timeframe whose bars fail carries error ' +
          'upstream.unavailable, is dropped and the weights renormalised (degraded = true); the anchor failing is ' +
          'a 502 upstream.<kind>. ' +
          STRUCTURE_DOC,
        examples: {
          params: { symbol: 'AAPL' },
          query: { anchor: '1d' },
          200: {
            description: 'The MTF vector: +1, +1, −1, +1 → 0.6, aligned, agree 3/4',
            value: MTF_EXAMPLE,
          },
        },
        tags,
        params: SymbolParams,
        querystring: MtfQuery,
        response: { 200: MtfOut, ...problems(401, 404, 422, 502) },
      },
    },
    (req) => svc.mtf(req.params.symbol, req.query.anchor),
  )
}
