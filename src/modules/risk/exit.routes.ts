/** POST /api/trading-intel/exit/compute and GET /api/trading-intel/exit. */
import { scopeOf } from '../../platform/auth/authenticate.ts'
import type { App } from '../../platform/http/app-type.ts'
import { problems } from '../../platform/http/problem.ts'
import { ComputeBody, ComputeResult, MAX_POSITIONS, StrategyList, StrategyListQuery } from './exit.schemas.ts'
import type { ExitStrategiesService } from './exit-strategies.service.ts'
import type { ExitService } from './exit.service.ts'
import { BARS_LOOKBACK_DAYS } from './exit.service.ts'
import { EXIT_EXAMPLE, STRATEGY_EXAMPLE } from './risk.examples.ts'

const tags = ['trading-intel']

const COMPUTE =
  'Stops for open positions: `positions` (1–' +
  `${MAX_POSITIONS}; symbol, quantity (negative = short, not 0), entry_price, entry_date), or the holdings ` +
  'of `account_id` (not both: 422), or with neither the holdings of the strategy’s account / symbols or of ' +
  `every account (at most ${MAX_POSITIONS}, largest first; entry = cost basis / |quantity|, no entry date). ` +
  'Parameters: inline, else those of `strategy_id` (unknown or another tenant’s → 422), else the defaults: ' +
  'method atr; atr_period and multiplier are the method’s n and k (atr and percent: ATR 14, k 2; chandelier: ' +
  '22 bars, k 3, trailing); chandelier_period/chandelier_multiplier set the chandelier shown beside another ' +
  'method; percent is required for the percent method. Per position, from daily bars of the last ' +
  `${BARS_LOOKBACK_DAYS} calendar days: ATR = Wilder’s with TA-Lib seeding (bar 0 unused); atr_stop = entry ∓ ` +
  'k·ATR; chandelier raw = HH_n − c·ATR_n (long) / LL_n + c·ATR_n (short) at the last bar, trailing = that line ' +
  'ratcheted from the first bar on or after entry_date (from the first bar without one), never loosened; ' +
  'percent_stop = entry ∓ p % (trailing: from the best close since entry). `stop` is the method’s (chandelier: ' +
  'trailing or raw per `trailing`); distance_pct = (close − stop)/close·100 for a long, (stop − close)/close·100 ' +
  'for a short (4 decimals); at_risk = |quantity| × that gap in USD; triggered when the gap ≤ 0. Prices ' +
  'rounded to 6 decimals. No bars → null levels with null_reason no_prices; too few bars → too_few_bars. A ' +
  'market data failure → 503 `upstream.unavailable`; an unknown or foreign account → 404 `accounts.not_found`.'

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
