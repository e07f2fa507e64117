/** GET /api/ta/confluence/{symbol}, /patterns, /backtest/{symbol}/{layer}/{pattern}, /dashboard/portfolio. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { HISTORY_DOC } from '../../market/market-data/index.ts'
import type { DashboardService } from './dashboard.service.ts'
import { DASHBOARD_HOLDINGS } from './dashboard.service.ts'
import { HORIZONS } from './lib/backtest.ts'
import { BIAS_THRESHOLD, RSI_PERIOD, RVOL_LOOKBACK, WEIGHTS } from './lib/confluence.ts'
import { BACKTEST_EXAMPLE, CATALOG_EXAMPLE, CONFLUENCE_EXAMPLE, DASHBOARD_EXAMPLE } from './ta.examples.ts'
import {
  Backtest,
  BacktestParams,
  Catalog,
  Confluence,
  Dashboard,
  DashboardQuery,
  PatternsQuery,
  SymbolParams,
  TimeframeQuery,
} from './ta.schemas.ts'
import { BACKTEST_DAILY_BARS, type TaService } from './ta.service.ts'

const W = Object.entries(WEIGHTS)
  .map(([k, w]) => `${k} ${w}`)
  .join(', ')

export const CONFLUENCE_DOC =
  `Confluence (this project’s own scoring). Components and default weights: ${W}. structure, ict and price_action are the ` +
  'score(bars) of the installed layer modules (their evidence passed through); momentum = ' +
  `(RSI${RSI_PERIOD} − 50)/50 of the closes (Wilder); volume = ±min(1, RVOL − 1) in the direction of the last ` +
  `bar (sign of close − open; a doji scores 0), RVOL = last volume / mean volume of the ${RVOL_LOOKBACK} bars ` +
  'before it (RVOL < 1 counts against the bar). A component whose layer is not installed, or whose score is ' +
  'null (too few bars, flat closes), is DROPPED: listed in `dropped` with `used: false`, and the weights of ' +
  'the others renormalised (`effective_weight`) — never counted as 0. score = Σ w·s / Σ w over the used ' +
  `components; display = 50·(1 + score); bias bullish when score ≥ ${BIAS_THRESHOLD}, bearish when ≤ ` +
  `−${BIAS_THRESHOLD}, else neutral; agreement = Σ w of the used components whose sign equals the score's / ` +
  'Σ w. With no component available, score, display, bias and agreement are null. '

interface Deps {
  ta: TaService
  dashboard: DashboardService
}

export function taRoutes(app: App, deps: Deps): void {
  analysisRoutes(app, deps)
  backtestAndDashboardRoutes(app, deps)
}

function analysisRoutes(app: App, deps: Deps): void {
  app.get(
    '/api/ta/confluence/:symbol',
    {
      schema: {
        operationId: 'getTaConfluence',
        summary: 'Confluence score of one symbol: the three layers, momentum and volume, weighted',
        description:
          CONFLUENCE_DOC +
          `History read per timeframe (default 1d): ${HISTORY_DOC}. 404 \`market.unknown_symbol\`; ` +
          '502 when the market data provider fails.',
        examples: {
          params: { symbol: 'AAPL' },
          query: { timeframe: '1d' },
          200: { description: 'The confluence vector', value: CONFLUENCE_EXAMPLE },
        },
        tags: ['technical-analysis'],
        params: SymbolParams,
        querystring: TimeframeQuery('1d'),
        response: { 200: Confluence, ...problems(401, 404, 422, 502) },
      },
    },
    (req) => deps.ta.confluence(req.params.symbol, req.query.timeframe ?? '1d'),
  )

  app.get(
    '/api/ta/patterns',
    {
      schema: {
        operationId: 'listTaPatterns',
        summary: 'The pattern catalog of each technical-analysis layer',
        description:
          'Always the three arrays structure, price_action and ict. With `layer`, that layer’s catalog and the ' +
          'other two arrays EMPTY (present, []); omitted → all three; any other value → 422 naming `layer`. ' +
          'A layer whose module is not installed lists nothing.',
        examples: {
          query: { layer: 'structure' },
          200: { description: 'Filtered to structure', value: CATALOG_EXAMPLE },
        },
        tags: ['technical-analysis'],
        querystring: PatternsQuery,
        response: { 200: Catalog, ...problems(401, 422) },
      },
    },
    (req) => deps.ta.patterns(req.query.layer),
  )
}

function backtestAndDashboardRoutes(app: App, deps: Deps): void {
  app.get(
    '/api/ta/backtest/:symbol/:layer/:pattern',
    {
      schema: {
        operationId: 'getTaPatternBacktest',
        summary: 'Every historical occurrence of one pattern and its forward returns',
        description:
          'Occurrences come from the layer’s causal detector, each at its confirming bar (time, direction, ' +
          'price = that bar’s close). Forward return at horizon h = close[i+h]/close[i] − 1, multiplied by −1 ' +
          `for a bearish occurrence; horizons ${HORIZONS.join(', ')} bars. Per horizon: sample_size (occurrences ` +
          'with h bars after them — those too close to the end are excluded from that horizon only), hit_rate ' +
          '(share with a return > 0; 0 is not a hit) and avg_return; both null with no sample. History: 1d and ' +
          `1w read the last ${BACKTEST_DAILY_BARS} daily bars (about ten years; 1w as weekly bars), longer than ` +
          `the analysis history; intraday timeframes read the analysis history (${HISTORY_DOC}). Default 1d. ` +
          'The list holds every occurrence (at most one per bar read). 404 `ta.unknown_layer` (body `layer`) for ' +
          'a layer other than structure, price_action, ict or one not installed; 404 `ta.unknown_pattern` (body ' +
          '`layer`, `pattern`) for an id not in the layer’s catalog (GET /api/ta/patterns) — both checked ' +
          'before any market data is read; 404 `market.unknown_symbol`; 502 when the provider fails.',
        examples: {
          params: { symbol: 'AAPL', layer: 'structure', pattern: 'bos' },
          query: { timeframe: '1d' },
          200: { description: 'A backtest', value: BACKTEST_EXAMPLE },
        },
        tags: ['technical-analysis'],
        params: BacktestParams,
        querystring: TimeframeQuery('1d'),
        response: { 200: Backtest, ...problems(401, 404, 422, 502) },
      },
    },
    (req) =>
      deps.ta.backtest(req.params.symbol, req.params.layer, req.params.pattern, req.query.timeframe ?? '1d'),
  )

  app.get(
    '/api/ta/dashboard/portfolio',
    {
      schema: {
        operationId: 'getTaPortfolioDashboard',
        summary: 'Per holding: structure trend, nearest ICT zones and confluence score (daily bars)',
        description:
          `The tenant’s ${DASHBOARD_HOLDINGS} largest holdings by |market value| (each account’s latest ` +
          'snapshot), on 1d bars (about one year). trend: the structure layer’s evidence.trend when it gives ' +
          'one, else the sign of its score (> 0 bullish, < 0 bearish, 0 ranging); null when the layer is not ' +
          'installed or cannot judge. zones: the nearest unmitigated ICT zone (FVG or order block) wholly ' +
          'above the last close (lowest bottom) and wholly below it (highest top); null when the ICT layer is ' +
          'not installed or lists no zones. confluence: as GET /api/ta/confluence/{symbol} on 1d. A holding ' +
          'whose symbol fails (unknown 404, provider 502) carries `error` with nulls and the others still ' +
          'answer; no holdings → an empty list. Administrators may pass tenant_id.',
        examples: {
          query: { tenant_id: 42 },
          200: { description: 'Two holdings, one failing', value: DASHBOARD_EXAMPLE },
        },
        tags: ['technical-analysis'],
        querystring: DashboardQuery,
        response: { 200: Dashboard, ...problems(401, 403, 422) },
      },
    },
    (req) => deps.dashboard.portfolio(scopeOf(req), req.query),
  )
}
