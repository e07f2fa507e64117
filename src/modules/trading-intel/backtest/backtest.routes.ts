/** POST /api/trading-intel/backtest: replay the tenant's closed trades over a range. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { RUN_EXAMPLES } from './backtest.examples.ts'
import {
  BacktestBody,
  BacktestResponse,
  FIRST_DATE,
  INLINE_TRADES,
  MAX_CROSS_SYMBOLS,
  MAX_RANGE_YEARS,
  MAX_STORED_RUNS,
  MAX_TRADES,
} from './backtest.schemas.ts'
import type { BacktestService } from './backtest.service.ts'
import { MAX_PRICED_SYMBOLS } from './prices.service.ts'

export const tags = ['trading-intel']

const RULES =
  '**Strategy `replay`**: the tenant’s closed trades (of `account_id`, or every account) sold from ' +
  '`from` to `to` are re-run as taken — bought on date_acquired at cost_basis / quantity, sold on ' +
  'the sale date at proceeds / quantity — each one’s quantity, cost, fees and P&L multiplied by ' +
  'the sizing’s scale: `as_traded` 1; `fixed_amount` params.amount / cost_basis; ' +
  '`percent_of_equity` (params.percent / 100 × equity at the previous trading day’s close, the ' +
  'initial capital on the first) / cost_basis. No cash or margin limit is applied. realized_trade ' +
  'records no side, so every trade is marked as a long; its realized P&L is its recorded gain_loss ' +
  '(fees included) either way. **Filters** (params): `symbols` (only these), `exclude_symbols`, ' +
  '`min_holding_days`/`max_holding_days` (calendar days from entry to exit, inclusive). Trades left ' +
  'out are counted per reason in selection.excluded: undated_entry (date_acquired VARIOUS or after ' +
  'the sale), entered_before_from (open when the range starts), symbol_not_included, ' +
  'symbol_excluded, holding_period, zero_cost_basis (a sizing other than as_traded needs a cost to ' +
  'scale). `setups` (replay only; orb, vwap_reclaim, gap, volume_spike) keeps a trade only when one of ' +
  'them fired for its symbol on its entry day (the tenant’s stored intraday signals); signals exist ' +
  'only from the first session the detector ran on, so a trade entered before it is counted as ' +
  'before_setup_history rather than judged, and one without such a signal as setup_not_matched. ' +
  '**Strategy `sma_cross`**: ' +
  `params.symbols (1–${MAX_CROSS_SYMBOLS}, required) are traded long-only on daily closes: buy one ` +
  'share at the close of the day the fast SMA (fast_period, default 20) crosses above the slow one ' +
  '(slow_period, default 50; fast < slow, else 422): fast ≤ slow the day before and fast > slow ' +
  'that day; sell at the close of the day it crosses back below; a position open on the last bar ' +
  'of the range is sold at that close (a cross on the last day opens nothing). Only crosses on days ' +
  'of the range count; the SMAs are warmed up on earlier bars. Trade ids are synthetic (1, 2, … per ' +
  'symbol in params order), fees 0; sizing, holding-period filters and the replay are the same ' +
  '(as_traded = one share); account_id is not used. **Equity curve**: one point ' +
  'per trading day of the platform calendar from `from` to `to`: initial capital + realized P&L + ' +
  'open trades marked at that day’s daily close (interval 1d, the last close carried over days ' +
  'without a bar; a trade dated on a non-trading day joins the next session). **Prices**: read ' +
  `per symbol, at most ${MAX_PRICED_SYMBOLS} symbols (those with the most trades); a symbol without ` +
  'bars, beyond the cap, or whose read fails upstream is unpriced: its trades are marked at cost ' +
  'until they close and count at their realized P&L (trade.priced false, prices.unpriced / failed / ' +
  'capped). A failing market provider degrades the answer (prices.degraded true), never fails it. ' +
  '**Metrics** (rf = params.risk_free_rate, default 0): total return; CAGR ' +
  'calendar-day over a 365.25-day year, and cagr_periods over 252 periods; volatility, Sharpe, ' +
  'Sortino (downside over all returns), annualised by √252; max drawdown with the starting equity as ' +
  'a peak (pct negative, amount in USD, duration in calendar days peak → recovery, or to the last ' +
  'date with open true); Calmar = cagr (the calendar-day CAGR, not cagr_periods) / |max drawdown|. ' +
  'Trades (scaled P&L): win rate (a zero P&L ' +
  'is not a win), profit factor (null without losses), average win / loss, payoff, expectancy = mean ' +
  'P&L, expectancy_pct = mean gain_loss / cost_basis, SQN. Undefined figures are null. Rounding, each ' +
  'figure once from its unrounded value: ratios to 6 decimals; money (equity, drawdown amount, gross ' +
  'profit/loss, average win/loss, expectancy, and each trade’s cost, proceeds, fees and pnl) to cents, ' +
  'half away from zero; the trade log’s entry_price and exit_price to 4 decimals — a trade’s pnl is ' +
  'scale × its recorded gain_loss, not (exit_price − entry_price) × quantity of the rounded prices. ' +
  'Conventions: docs/risk-and-backtest-conventions.md.'

const LIMITS =
  `**Validation** (422 naming the field): from before ${FIRST_DATE} or in the future (New York); to ` +
  `≤ from; to more than ${MAX_RANGE_YEARS} years after from; initial_capital ≤ 0 or above 10^12; ` +
  'sizing fixed_amount without params.amount, percent_of_equity without params.percent; more than ' +
  `${MAX_TRADES.toLocaleString('en-US')} trades to replay (code backtest.too_many_trades). A to after ` +
  'today is read as today. An unknown account, or another tenant’s, is a 404. No trade in the range ' +
  'is a 200 with a flat curve and `note` saying why. **Stored**: every run is saved (GET ' +
  `/backtests/{id}); the answer carries the first ${INLINE_TRADES} trades by exit date with ` +
  `trades_total, the whole log pages at /backtests/{id}/trades. A log longer than that is stored just ` +
  'after the answer (log_status pending, then stored). Repeat runs over the same trades are faster: ' +
  'the trades read are kept in memory until the portfolio next changes. ' +
  `A tenant keeps its ${MAX_STORED_RUNS} ` +
  'newest runs: a new one beyond that deletes the oldest.'

export function backtestRoutes(app: App, { backtest }: { backtest: BacktestService }): void {
  app.post(
    '/api/trading-intel/backtest',
    {
      schema: {
        operationId: 'runBacktest',
        summary:
          'Backtest a strategy (realized-trade replay or SMA cross) over a date range: curve, performance metrics, trades',
        description: `${RULES} ${LIMITS}`,
        examples: RUN_EXAMPLES,
        tags,
        body: BacktestBody,
        response: { 200: BacktestResponse, ...problems(401, 404, 422) },
      },
    },
    (req) => backtest.run(scopeOf(req), req.body),
  )
}
