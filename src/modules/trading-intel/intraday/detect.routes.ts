/** POST /api/trading-intel/intraday/detect and /intraday/detect/portfolio. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { DetectBody, DetectQuery, DetectResult, MAX_SYMBOLS, PortfolioDetectQuery } from './detect.schemas.ts'
import type { DetectService } from './detect.service.ts'
import { WARMUP_SESSIONS } from './lib/sessions.ts'
import { orbSignal, reclaimSignal } from './intraday.examples.ts'

const tags = ['trading-intel']

/** The rules, defaults and confidence formulas (README.md of the module holds the same table). */
export const DETECTORS_DOC =
  'Detectors (defaults overridable in params): ' +
  'orb — a bar closes above the opening range high (long) or below its low (short); range = first orb_minutes ' +
  '(15) of the session; volume ≥ orb_volume_mult (1.5) × the range bars’ mean; none from orb_cutoff_minutes (120, ' +
  'i.e. 11:30) after the open; once per direction; confidence = min(0.95, 0.5 + 0.25·min(1,(V/avg − mult)/mult) + ' +
  '0.2·min(1, clearance/range width)). vwap_reclaim — a close above session VWAP (typical price) after ≥ ' +
  'reclaim_min_bars_below (2) closes below, volume ≥ reclaim_volume_mult (1.0) × the session mean so far, and the ' +
  'next bar also closes above: stamped at that confirming bar, the reclaim bar in evidence.trigger_bar; the short ' +
  'mirror is a VWAP reject; confidence = 0.5 + 0.2·min(1, bars/6) + 0.2·min(1, V/mean − 1). gap — |open − previous ' +
  'regular close| / close ≥ gap_threshold_pct (2 %), stamped at the first bar, long up / short down; evidence: ' +
  'full/partial (beyond the prior high/low), fill time and fraction, gap-and-go (a close beyond the first 5 ' +
  'minutes’ high/low within gap_and_go_minutes (60), before any fill); confidence = clip(0.5 + 0.2·min(1, ' +
  '|gap|/(2·threshold)) + 0.1 full + 0.15 gap-and-go − 0.2 filled, 0.05, 0.95). volume_spike — volume ≥ ' +
  'spike_ratio (2) × and z ≥ spike_z (2) against the bar at the same time of day in the previous ' +
  'spike_lookback_sessions (5) full sessions (half days are never baselines; sd with ddof 1; the ratio alone when ' +
  'sd = 0); on a half day (13:00 close) the same time of day means the same place in the session: bars of its ' +
  'first half are matched by minutes after the open, bars of its second half by minutes before the close (12:40 ' +
  'against the full sessions’ 15:40); with fewer such sessions, the session’s previous 20 bars; direction = sign ' +
  'of close − open, else the side of VWAP; confidence = min(0.95, 0.5 + 0.1·min(4, z − spike_z)), × 0.8 on the ' +
  'fallback baseline. Only closed bars are read. Signals are unique per (tenant, symbol, setup, direction, trigger ' +
  'bar): a re-run re-states their figures and keeps their ids. Upstream failures answer 502 upstream.<kind>.'

const resultExample = {
  date: '2026-11-20',
  session: 'REGULAR',
  interval: '5m',
  results: [{ symbol: 'AAPL', bars: 12, signals: 2 }],
  signals: [reclaimSignal, orbSignal],
}

export function detectRoutes(app: App, { detect }: { detect: DetectService }): void {
  app.post(
    '/api/trading-intel/intraday/detect',
    {
      schema: {
        operationId: 'detectIntradaySetups',
        summary: 'Fetch a session’s bars, store VWAP/RSI/MACD, run the setup detectors and store the signals',
        description:
          `Step 1 reads the session of asof (default today, New York) for up to ${MAX_SYMBOLS} symbols, with the ` +
          'previous regular session (gap reference) and the previous full sessions (volume baselines), and ' +
          'upserts the regular-session bars with VWAP, RSI(14) and MACD(12/26/9) (RSI/MACD seeded from the regular ' +
          `sessions of the ${WARMUP_SESSIONS} trading days before; VWAP anchored at the session; see GET ` +
          '/intraday/bars). Step 2 runs the detectors and upserts the caller’s signals. Symbols the market data provider does not know are a 422 on `symbols` ' +
          'naming them; a future asof is a 422; a weekend or holiday asof detects the last session before it ' +
          '(the answer’s date). Sessions: REGULAR 09:30–16:00, PRE 04:00–09:30, POST 16:00–20:00, EXTENDED ' +
          '04:00–20:00; VWAP, the opening range and the gap are anchored at the chosen session’s start; only ' +
          'REGULAR runs store bars. ' +
          DETECTORS_DOC,
        examples: {
          query: { session: 'REGULAR', asof: '2026-11-20' },
          body: { symbols: ['AAPL'], detectors: ['orb', 'vwap_reclaim'], params: { orb_minutes: 15 } },
          200: { description: 'Per-symbol counts and the signals', value: resultExample },
        },
        tags,
        querystring: DetectQuery,
        body: DetectBody,
        response: { 200: DetectResult, ...problems(401, 422, 502) },
      },
    },
    (req) => detect.detect(scopeOf(req), req.query, req.body),
  )

  app.post(
    '/api/trading-intel/intraday/detect/portfolio',
    {
      schema: {
        operationId: 'detectIntradayPortfolio',
        summary: 'Run the intraday detectors on the tenant’s largest holdings',
        description:
          'The same pipeline (REGULAR session, today, default parameters) on the symbols of the latest holdings ' +
          '(portfolio), largest |market value| first, the first `limit`; holdings the market data provider does ' +
          'not know (unlisted) are left out. No holdings → 200 with empty results. account_id narrows to one ' +
          'account (404 if it is not the tenant’s); administrators may pass tenant_id. ' +
          DETECTORS_DOC,
        examples: {
          query: { interval: '5m', period: '1d', limit: 10 },
          200: { description: 'Per-symbol counts and the signals', value: resultExample },
        },
        tags,
        querystring: PortfolioDetectQuery,
        response: { 200: DetectResult, ...problems(401, 403, 404, 422, 502) },
      },
    },
    (req) => detect.detectPortfolio(scopeOf(req), req.query),
  )
}
