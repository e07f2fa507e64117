/** POST /api/trading-intel/exit/compute and GET /api/trading-intel/exit. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { ComputeBody, ComputeResult, MAX_POSITIONS, StrategyList, StrategyListQuery } from './exit.schemas.ts'
import type { ExitStrategiesService } from './exit-strategies.service.ts'
import type { ExitService } from './exit.service.ts'
import { BARS_LOOKBACK_DAYS } from './exit.service.ts'
import { EXIT_EXAMPLE, STRATEGY_EXAMPLE } from './risk.examples.ts'

const tags = ['trading-intel']

const COMPUTE =
  'Stop levels for open positions: `positions` (1–' +
  `${MAX_POSITIONS}; symbol, quantity (negative = short, not 0), entry_price, entry_date), or the holdings ` +
  'of `account_id` (not both: 422), or with neither the holdings of the strategy’s account / symbols or of ' +
  `every account (at most ${MAX_POSITIONS}, largest first; entry = cost basis / |quantity|, no entry date). ` +
  'Parameters: inline, else those of `strategy_id` (unknown or another tenant’s → 422), else the defaults: ' +
  'method atr; atr_period and multiplier are the method’s n and k (atr and percent: ATR 14, k 2; chandelier: ' +
  '22 bars, k 3, trailing); chandelier_period/chandelier_multiplier set the chandelier shown beside another ' +
  'method; percent is required for the percent method. Bar window: daily bars dated from `bars_from` = today ' +
  `(New York) − ${BARS_LOOKBACK_DAYS} calendar days to the last bar (as_of), both inclusive. Per position: ATR = ` +
  'Wilder’s with TA-Lib seeding (bar 0 unused); atr_stop = entry ∓ k·ATR; chandelier raw = HH_n − c·ATR_n ' +
  '(long) / LL_n + c·ATR_n (short) at the last bar, trailing = that line ratcheted from the first bar on or ' +
  'after entry_date (from the first bar without one), never loosened; percent_stop = entry ∓ p %, and ' +
  'trailing it ratchets from that entry-based stop: each close since entry moves it to close × (1 − p) for a ' +
  'long (× (1 + p) short) when that is tighter, never looser. `stop` is the method’s (chandelier: trailing or ' +
  'raw per `trailing`). A stop is breached when the last close is at or below it (long) or at or above it ' +
  '(short): `triggered` says so for `stop`, and atr_stop_triggered, chandelier.raw_triggered, ' +
  'chandelier.trailing_triggered and percent_stop_triggered for each level shown. distance_pct = (close − ' +
  'stop)/close·100 for a long, (stop − close)/close·100 for a short (4 decimals; negative = past the stop). ' +
  'at_risk = |quantity| × that gap in USD while the stop holds and 0 once it is breached — never negative, so ' +
  'a breached position lowers nothing in total_at_risk; past_stop = |quantity| × how far the close is past a ' +
  'breached stop (null otherwise); breached counts them and total_past_stop sums past_stop. Money (at_risk, ' +
  'past_stop and the totals) is rounded to cents, half away from zero, the totals summed from the rounded ' +
  'rows; price levels to 6 decimals. No bars → null levels with null_reason no_prices; too few bars → ' +
  'too_few_bars. A market data failure → 503 `upstream.unavailable`; an unknown or foreign account → 404 ' +
  '`accounts.not_found`. Conventions: docs/risk-and-backtest-conventions.md.'

export function exitRoutes(app: App, deps: { exits: ExitService; strategies: ExitStrategiesService }): void {
  app.get(
    '/api/trading-intel/exit',
    {
      schema: {
        operationId: 'listExitStrategies',
        summary: 'The tenant’s exit strategies, by id (paged)',
        description:
          'Saved exit strategies (see POST /exit/strategies for the rule set), oldest first by id. Paged: ' +
          'page_size 25/50/100 or legacy limit ≤ 100, default 25; cursor from next_cursor; total counts them ' +
          'all. Administrators may pass tenant_id.',
        examples: {
          query: { limit: 25 },
          200: {
            description: 'One strategy',
            value: { items: [STRATEGY_EXAMPLE], next_cursor: null, page: 1, page_size: 25, total: 1 },
          },
        },
        tags,
        querystring: StrategyListQuery,
        response: { 200: StrategyList, ...problems(401, 403, 422) },
      },
    },
    (req) => deps.strategies.list(scopeOf(req), req.query),
  )
  app.post(
    '/api/trading-intel/exit/compute',
    {
      schema: {
        operationId: 'computeExitStops',
        summary: 'ATR stop-loss and chandelier trailing stops for open positions',
        description: COMPUTE,
        examples: {
          body: {
            positions: [{ symbol: 'AAPL', quantity: 10, entry_price: 101.73, entry_date: '2026-11-02' }],
          },
          200: { description: 'One position', value: EXIT_EXAMPLE },
        },
        tags,
        body: ComputeBody,
        response: { 200: ComputeResult, ...problems(401, 404, 422, 503) },
      },
    },
    (req) => deps.exits.compute(scopeOf(req), req.body),
  )
}
