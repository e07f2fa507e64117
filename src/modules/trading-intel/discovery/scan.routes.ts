/** POST /api/trading-intel/intraday/discovery/scan and GET /api/trading-intel/intraday/discovery. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { SCAN_EXAMPLES, FEED_EXAMPLES } from './discovery.examples.ts'
import * as S from './scan.schemas.ts'
import type { ScanService } from './scan.service.ts'

const tags = ['trading-intel']
const PREFIX = '/api/trading-intel/intraday/discovery'

const SCAN_RULES =
  'Every scan reads the last 40 daily bars of each symbol (the current session so far is the last ' +
  'bar `t`; when the market is closed, the last session) with this project’s own rules: ' +
  '**gappers** — gap % = (open_t − close_t−1)/close_t−1 × 100, |gap %| ≥ 2, score |gap %|, ' +
  'evidence gap_pct, prev_close/high/low and gap_type full (beyond the prior high/low) or partial; ' +
  '**volume** — RVOL = volume_t / mean of the previous 20 sessions, z = (volume_t − mean)/sample sd; ' +
  'RVOL ≥ 2 and z ≥ 2 (z ignored when sd = 0), score RVOL, direction the sign of close − open; ' +
  '**momentum** — close-to-close change ≥ +2 % with RSI(14, Wilder) ≥ 60, or ≤ −2 % with RSI ≤ 40, ' +
  'score |change %|; **reversal** — yesterday’s RSI(14) ≤ 30 after a fall (close_t−1 < close_t−4) ' +
  'and today’s close above yesterday’s (up), or RSI ≥ 70 after a rise and a close below (down), ' +
  'score |RSI_t−1 − 50|; **breakout** — close_t above ' +
  'the highest high of the previous 20 sessions on RVOL ≥ 1.5, score % above that high. During the ' +
  'session today’s volume is partial, so volume and breakout scans are conservative until the close.'

export function scanRoutes(app: App, { scans }: { scans: ScanService }): void {
  app.post(
    `${PREFIX}/scan`,
    {
      schema: {
        operationId: 'scanDiscovery',
        examples: SCAN_EXAMPLES,
        summary: 'Live scan of a universe by one scan type; ranks and stores the results',
        description:
          'Ranks the universe by the scan type (score descending, then symbol) and upserts the top ' +
          '`limit` results: one row per tenant + universe + scan type + symbol + trading date, so a ' +
          're-scan the same day updates score, evidence and updated_at instead of adding a row. ' +
          'Universes: all (the provider universe without indices), sp500 (a constituent list in the ' +
          'module restricted to symbols the provider knows), free (the free-feed universe), ' +
          "watchlist (the caller's portfolio holdings until watchlists exist; none → 200 with no " +
          'results). Bars are read in one batch; an upstream failure is a 502 `upstream.<kind>`. ' +
          SCAN_RULES,
        tags,
        body: S.ScanBody,
        response: { 200: S.ScanResponse, ...problems(401, 422, 502) },
      },
    },
    (req) => scans.scan(scopeOf(req), req.body),
  )

  app.get(
    PREFIX,
    {
      schema: {
        operationId: 'getDiscoveryFeed',
        examples: FEED_EXAMPLES,
        summary: 'Stored scanner results: stats, per-scan-type breakdown and the result feed',
        description:
          'Results of the window, filtered by scan_type, universe and symbol (case-insensitive ' +
          'substring). ' +
          S.windowText('results', 'updated_at (the latest scan that found the result)') +
          '`stats` (total, distinct symbols, count ' +
          'per scan type, last scan time) and `scan_breakdown` (per scan type: count, average score, ' +
          'top symbol and score) cover every matching result; `results` lists the first `limit` ' +
          '(default 50, at most 500) sorted by sort_by (score, created_at, updated_at, symbol, ' +
          'change_pct, trading_date; default score) and sort_dir (asc|desc; default desc), then ' +
          'symbol. Another sort field or direction is a 422 naming the allowed values. Administrators ' +
          'may pass tenant_id; anyone else naming another tenant gets 403.',
        tags,
        querystring: S.FeedQuery,
        response: { 200: S.FeedResponse, ...problems(401, 403, 422) },
      },
    },
    (req) => scans.feed(scopeOf(req), req.query),
  )
}
