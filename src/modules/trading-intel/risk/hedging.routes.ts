/** GET /api/trading-intel/hedging. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { BETA_DECIMALS, CONCENTRATION_LIMIT, MIN_BETA_PAIRS } from './lib/hedge.ts'
import { DRIFT_WARNING } from './lib/funds.ts'
import { DEFAULT_BETA_LOOKBACK_DAYS, Hedging, HedgingQuery } from './hedging.schemas.ts'
import type { HedgingService } from './hedging.service.ts'
import { HEDGING_EXAMPLE } from './risk.examples.ts'

const DESCRIPTION =
  `Concentration: weight = MV / total, total = Σ|MV| of the holdings (each ` +
  `holding’s latest snapshot row, archived accounts left out; one account with account_id) + \`cash\` (the portfolio keeps no cash balance, ` +
  `so the caller gives it; default 0; rounded to cents), summed exactly in cents. A position is hedged when its weight is strictly above ` +
  `${CONCENTRATION_LIMIT} (exactly 10 % is not); shorts (negative MV) never are. For each: β = Cov/Var and R² ` +
  `of daily simple returns over \`beta_lookback_days\` (default ${DEFAULT_BETA_LOOKBACK_DAYS}) against SPY ` +
  `(SPX), QQQ (NDX), DIA (DJIA) and IWM (RUT), pairwise on common dates, at least ${MIN_BETA_PAIRS} returns, ` +
  `rounded to ${BETA_DECIMALS} decimals (the β shown is the β used); the highest R² picks the index (none ` +
  `defined → SPX with β 1, \`beta_assumed\`); β ≤ 0 → no fund (\`skipped_reason: negative_beta\`). Funds come ` +
  `from the inverse_fund table (seed data, each row with verified_at): \`hedge\` is the index’s −1× fund, ` +
  '`alternatives` its −2×/−3× funds up to `max_leverage`; `sector_funds` are the funds of the instrument’s ' +
  'sector or industry with β against the fund’s benchmark ETF (XLF, XLE, SOXX, …; 1 when undefined). ' +
  'Sizing: full = MV·β/|L|, excess = (MV − 0.10·total)·β/|L| (USD, cents), shares = floor(notional / the ' +
  'fund’s last price) (null without a price); `notional`/`shares` follow `mode` (default excess). Cost: ' +
  'annual_cost = notional × the fund’s expense ratio (null where the ratio is not verified), daily_cost = ' +
  `annual_cost / 365. Money (total, gross_exposure, cash, market_value, excess_value, notionals, costs) is ` +
  `in cents, half away from zero; weight, β and R² to 6 decimals. Every fund carries the daily-reset warning: ${DRIFT_WARNING} A market data failure → ` +
  '503 `upstream.unavailable`; an unknown or foreign account → 404 `accounts.not_found`. Administrators may ' +
  'pass tenant_id.'

export function hedgingRoutes(app: App, deps: { hedging: HedgingService }): void {
  app.get(
    '/api/trading-intel/hedging',
    {
      schema: {
        operationId: 'getHedgeSuggestions',
        summary: 'Inverse-fund hedges for positions above 10 % of the portfolio',
        description: DESCRIPTION,
        examples: {
          query: { cash: 17000 },
          200: { description: 'One concentrated position', value: HEDGING_EXAMPLE },
        },
        tags: ['trading-intel'],
        querystring: HedgingQuery,
        response: { 200: Hedging, ...problems(401, 403, 404, 422, 503) },
      },
    },
    (req) => deps.hedging.hedging(scopeOf(req), req.query),
  )
}
