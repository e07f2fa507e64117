/** POST /api/trading-intel/intraday/flow/detect and GET /api/trading-intel/intraday/flow. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { DEFAULT_SESSIONS, MAX_SESSIONS } from '../../../platform/session-window.ts'
import {
  CALL_DOMINANCE_PCR,
  CONFIDENCE_CAP,
  MIN_TOTAL_VOLUME,
  PUT_DOMINANCE_PCR,
  STRENGTH_FULL_RATIO,
  VOLUME_FULL_LOG10,
} from './lib/classify.ts'
import {
  DetectBody,
  DetectResult,
  FLOW_LIST_MAX,
  FlowList,
  FlowQuery,
  MAX_DETECT_SYMBOLS,
  MAX_HOURS,
  STATS_ROWS_MAX,
} from './options-flow.schemas.ts'
import type { OptionsFlowService } from './options-flow.service.ts'

const tags = ['trading-intel']

const RULES =
  `PCR = Σ put volume / Σ call volume over the contracts of the nearest expiration on or after today ` +
  `(New York; on an expiration day after the close, the next one) that report a volume (null volumes, ` +
  `e.g. Alpaca snapshots, are not counted; open interest is not used). PCR ≥ ${PUT_DOMINANCE_PCR} → ` +
  `PUT_DOMINANCE; PCR ≤ ${CALL_DOMINANCE_PCR} → CALL_DOMINANCE (both inclusive); otherwise NEUTRAL_FLOW. ` +
  `Call volume 0 with puts → PUT_DOMINANCE with put_call_ratio null (∞); put volume 0 → PCR 0 → ` +
  `CALL_DOMINANCE. Fewer than ${MIN_TOTAL_VOLUME} contracts in total → skipped (low_volume); no ` +
  `contract with a volume → skipped (no_volume); no listed expiration → skipped (no_options). ` +
  `Confidence: f = min(1, log10(put+call)/${VOLUME_FULL_LOG10}); PUT s = min(1, ln(PCR/${PUT_DOMINANCE_PCR})/ln ` +
  `${STRENGTH_FULL_RATIO}), CALL s = min(1, ln(${CALL_DOMINANCE_PCR}/PCR)/ln ${STRENGTH_FULL_RATIO}) (s = 1 ` +
  `when PCR is 0 or ∞); directional conf = min(${CONFIDENCE_CAP}, 0.50 + 0.35·s + 0.15·f), NEUTRAL ` +
  `conf = 0.50 + 0.15·f, rounded to 4 decimals. A label of the flow, not a bullish/bearish call.`

const EXAMPLE_SIGNAL = {
  id: 41,
  symbol: 'AAPL',
  trading_date: '2026-11-24',
  direction: 'PUT_DOMINANCE',
  confidence: 0.7792,
  evidence: {
    put_volume: 12000,
    call_volume: 8000,
    total_volume: 20000,
    put_call_ratio: 1.5,
    contracts: 50,
    expiration: '2026-11-27',
  },
  created_at: '2026-11-24T15:00:00.000Z',
  updated_at: '2026-11-24T15:30:00.000Z',
}

export function optionsFlowRoutes(app: App, deps: { flow: OptionsFlowService }): void {
  detectRoute(app, deps)
  listRoute(app, deps)
}

function detectRoute(app: App, { flow }: { flow: OptionsFlowService }): void {
  app.post(
    '/api/trading-intel/intraday/flow/detect',
    {
      schema: {
        operationId: 'detectOptionsFlow',
        summary: 'Classify the put/call option flow of some symbols and store the readings',
        description:
          `For each of 1–${MAX_DETECT_SYMBOLS} symbols: ${RULES} One row per tenant, symbol and trading ` +
          'date: the trading date is the regular session whose volumes were read, the latest one that has ' +
          'opened (09:30 New York): on a weekend, a holiday or before the open, the trading day before (a ' +
          'Saturday reading is Friday’s). A re-run for the same trading date updates that row (same id and ' +
          'created_at, new updated_at). ' +
          'Answers the rows written with their evidence, the symbols skipped and why, and the symbols whose ' +
          'chain could not be read (`failed`, with an `upstream.<kind>` code; the others proceed). 422 names ' +
          'unknown symbols; 502 `flow.upstream_failed` when no chain at all could be read (or ' +
          '`upstream.<kind>` when the symbol lookup itself fails).',
        examples: {
          body: { symbols: ['AAPL', 'SPY'] },
          200: {
            description: 'The readings written',
            value: { trading_date: '2026-11-24', signals: [EXAMPLE_SIGNAL], skipped: [], failed: [] },
          },
        },
        tags,
        body: DetectBody,
        response: { 200: DetectResult, ...problems(401, 422, 502) },
      },
    },
    (req) => flow.detect(scopeOf(req).tenantId, req.body),
  )
}

function listRoute(app: App, { flow }: { flow: OptionsFlowService }): void {
  app.get(
    '/api/trading-intel/intraday/flow',
    {
      schema: {
        operationId: 'listOptionsFlow',
        summary: 'Options-flow signals of the window (latest session by default), with stats per direction',
        description:
          `The window is in trading sessions, so Friday’s readings stay listed over the weekend: by default ` +
          `(\`sessions\` ${DEFAULT_SESSIONS}) the latest session, the regular session that opened last (09:30 New ` +
          'York; on a Saturday, a holiday or before Monday’s open, Friday’s), and `sessions`=N (at most ' +
          `${MAX_SESSIONS}) adds the N−1 trading days before it; a reading belongs to it when its trading_date ` +
          '(the session whose volumes were read) is on or after the first of those dates. `hours` instead asks ' +
          'for the readings whose updated_at is within the last `hours` (wall clock, 1–' +
          `${MAX_HOURS}); giving both is a 422. \`window\` says which one was used and where it starts. ` +
          'Optionally of one symbol. `stats`: total, count per direction, mean put/call ' +
          'ratio over finite ratios only (an all-put reading has none), mean stored confidence (4 ' +
          'decimals; null when empty). `direction_breakdown`: the same per direction with its symbols. ' +
          `\`items\`: newest first, at most ${FLOW_LIST_MAX} (\`truncated\` says when there are more); the ` +
          `stats cover up to ${STATS_ROWS_MAX} signals of the window. Administrators may pass tenant_id.`,
        examples: {
          query: { sessions: 1 },
          200: {
            description: 'The latest session summarized',
            value: {
              window: {
                sessions: 1,
                from_session_date: '2026-11-24',
                hours: null,
                since: '2026-11-24T09:00:00.000Z',
              },
              since: '2026-11-24T09:00:00.000Z',
              stats: {
                total: 1,
                by_direction: { CALL_DOMINANCE: 0, PUT_DOMINANCE: 1, NEUTRAL_FLOW: 0 },
                avg_put_call_ratio: 1.5,
                avg_confidence: 0.7792,
              },
              direction_breakdown: {
                CALL_DOMINANCE: { count: 0, avg_put_call_ratio: null, avg_confidence: null, symbols: [] },
                PUT_DOMINANCE: {
                  count: 1,
                  avg_put_call_ratio: 1.5,
                  avg_confidence: 0.7792,
                  symbols: ['AAPL'],
                },
                NEUTRAL_FLOW: { count: 0, avg_put_call_ratio: null, avg_confidence: null, symbols: [] },
              },
              items: [EXAMPLE_SIGNAL],
              truncated: false,
            },
          },
        },
        tags,
        querystring: FlowQuery,
        response: { 200: FlowList, ...problems(401, 403, 422) },
      },
    },
    (req) => flow.list(scopeOf(req), req.query),
  )
}
