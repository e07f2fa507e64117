/**
 * The conventions the analytics routes describe in the OpenAPI document (the same text, longer, is
 * docs/portfolio-figures.md): what each figure is, and where it differs from what other tools show.
 */
import { XIRR_SCAN } from '../capital/lib/xirr-roots.ts'

export const AUM_DOC =
  'Assets under management today and at each snapshot date. net_capital: capital flows to date; ' +
  'unrealized: gain of the holdings, each at its latest snapshot; realized_ytd: gain_loss of trades sold ' +
  'this calendar year. total_aum = net_capital + unrealized + realized_ytd, to the cent — a year-to-date ' +
  'figure: on the first point of a new year realized_ytd restarts at 0, so total_aum steps down by the ' +
  "previous year's realized P&L although no money moved. The figures that reconcile: nav = net_capital + " +
  'unrealized + all realized P&L to date (the NAV of /api/analytics/investor-allocation; from one point to ' +
  'the next it moves by exactly the flows, realized P&L and change of unrealized P&L in between, with no ' +
  'step at a year boundary); market_value = Σ quantity × price of the holdings, each carried forward at its ' +
  'latest snapshot; implied_cash = nav − market_value, the cash the books imply (negative when the holdings ' +
  'are worth more than the capital and gains behind them, e.g. bought on margin or recorded without their ' +
  'capital flow). Scope with account_id or account_ids (404 if one is not the tenant’s); administrators ' +
  'may pass tenant_id.'

export const DRAWDOWN_DOC =
  'Two drawdowns, under their own names. max_drawdown, max_drawdown_pct, peak_date, trough_date, ' +
  'recovery_date and series: the largest fall of cumulative realized P&L (by sale date, starting at 0, which ' +
  'counts as a peak) from its running peak, as an amount, and that amount as a percent of the peak’s ' +
  'cumulative P&L (null when the peak is not above 0). That peak can be small, so the percent can pass 100 ' +
  'and is not what portfolio tools call maximum drawdown. nav_drawdown: the standard relative maximum ' +
  'drawdown of the nav series of /api/analytics/aum (one point per snapshot date and today, within the ' +
  'window) — min over t of (nav_t − max_{s≤t} nav_s) / max_{s≤t} nav_s, the first point counted as a peak, ' +
  'as empyrical and quantstats compute max_drawdown — a negative fraction, with its peak, trough and ' +
  'recovery (null while nav is below the peak). nav moves with capital flows too: a withdrawal shows as a ' +
  'fall. Filters: year or period_days (the last N days, today included) cut both series; trades whose ' +
  'date_sold is not a YYYY-MM-DD date are left out.'

export const ALLOCATION_DOC =
  "Each investor's share by unit accounting, as a fund or club keeps it: a contribution buys units at the " +
  'NAV per unit of its date and a withdrawal redeems them, so a share reflects when the money came in. ' +
  'NAV = capital + unrealized + all realized P&L (the nav of /api/analytics/aum). A flow is priced at the ' +
  'NAV just before its date: capital and realized P&L dated strictly earlier, and the unrealized P&L of the ' +
  'last snapshot before the flow’s date (not one of the same day, not interpolated); flows of one date all ' +
  'use that price. The values are the current nav split by units, apportioned so that they add up to nav ' +
  'to the cent. 409 `analytics.inconsistent_capital_flows` when the flows cannot be allocated (e.g. a ' +
  'withdrawal larger than the holding).'

export const XIRR_DOC =
  'The annualized internal rate of return of dated cash flows (negative = money invested, positive = money ' +
  'received): a rate r with Σ amount_i / (1 + r)^(days_i / 365) = 0, days_i counted from the earliest date; ' +
  'nothing is stored. Newton–Raphson from `guess` (default 0.1), then from −0.5, 0, 0.5, 1, 5 and −0.9 in ' +
  'that order: xirr is the first root reached, as spreadsheets answer, and null (converged=false) when none ' +
  'is. Flows whose signs change more than once can have several roots; other_roots lists, ascending, every ' +
  `other rate where the sum crosses zero found by a scan of 1 + r from ${XIRR_SCAN.minGrowth} to ` +
  `${XIRR_SCAN.maxGrowth} (a step of ${XIRR_SCAN.step * 100} % in ln(1 + r)); it is empty when the root is ` +
  'unique, which one sign change guarantees. Fewer than two flows or flows all of one sign answer 422.'
