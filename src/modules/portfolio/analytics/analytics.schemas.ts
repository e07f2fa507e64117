import { Id } from '../../../platform/http/schemas.ts'
import { Type } from 'typebox'

export const AnalyticsQuery = Type.Object({
  tenant_id: Type.Optional(Id({ description: 'Administrators only: read another tenant' })),
  account_id: Type.Optional(Id()),
  account_ids: Type.Optional(
    Type.String({ pattern: '^[0-9]{1,15}(,[0-9]{1,15}){0,99}$', description: 'Comma-separated account ids' }),
  ),
})
const Window = {
  year: Type.Optional(
    Type.Integer({ minimum: 1900, maximum: 2200, description: 'Only trades sold in this year' }),
  ),
  period_days: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 36_500,
      description: 'Only trades sold in the last N days (today included)',
    }),
  ),
}
export const WindowQuery = Type.Object({ ...AnalyticsQuery.properties, ...Window })
export const PnlQuery = Type.Object({
  ...WindowQuery.properties,
  period: Type.Enum(['daily', 'weekly', 'monthly', 'quarterly', 'yearly'], { default: 'daily' }),
})

/** Appended to every analytics description with amounts: how they are converted (docs/currencies.md). */
export const CURRENCY_DOC =
  ' Amounts are in the tenant’s base currency (`currency`; PUT /api/tenant/base-currency): capital flows ' +
  'convert at the euro reference rate of their own date, realized P&L at its sale date’s, unrealized P&L ' +
  'and market value at the rate of the date of the point they are shown for (so a foreign holding moves ' +
  'with the rate between snapshots: the currency effect). nav keeps capital and realized P&L at their ' +
  'dates’ rates, so the currency effect on a foreign account’s capital is not in nav and implied_cash = nav ' +
  '− market_value absorbs it. A missing rate is never taken as 1: those amounts are left out and the answer ' +
  'has degraded: true and missing_rates. Amounts already in the base currency are never converted.'

const Money = Type.Number({ description: 'In the base currency (`currency`), rounded to cents' })

/**
 * Every answer with amounts says which currency they are in (the tenant's base currency), and when
 * a needed exchange rate was missing, that the amounts of that currency on those dates are left out.
 */
const Currency = {
  currency: Type.String({
    pattern: '^[A-Z]{3}$',
    description: 'The base currency every amount is in (PUT /api/tenant/base-currency; USD unless set)',
  }),
  degraded: Type.Optional(
    Type.Literal(true, {
      description: 'Present when some amount could not be converted: it is left out, see missing_rates',
    }),
  ),
  missing_rates: Type.Optional(
    Type.Array(
      Type.Object({
        currency: Type.String({ description: 'The currency without a rate into the base currency' }),
        first_date: Type.String({ format: 'date' }),
        last_date: Type.String({ format: 'date' }),
        days: Type.Integer({ description: 'On how many distinct dates a rate was needed and missing' }),
      }),
      { description: 'Exchange rates that were needed and missing (never replaced by 1)' },
    ),
  ),
}
const Day = Type.String({ format: 'date' })
const NullableDay = Type.Union([Day, Type.Null()])

export const DateRangeResponse = Type.Object({
  min_date: NullableDay,
  max_date: NullableDay,
  trade_count: Type.Integer(),
})
export const PnlResponse = Type.Object({
  ...Currency,
  period: Type.String(),
  items: Type.Array(
    Type.Object({
      period: Type.String({ description: 'YYYY-MM-DD, YYYY-Www (ISO week), YYYY-MM, YYYY-Qn or YYYY' }),
      pnl: Money,
      trades: Type.Integer(),
    }),
  ),
  total: Money,
})
export const CumulativeResponse = Type.Object({
  ...Currency,
  items: Type.Array(Type.Object({ date: Day, pnl: Money, cumulative: Money })),
  total: Money,
})
export const DrawdownResponse = Type.Object({
  ...Currency,
  max_drawdown: Type.Number({
    description: 'Largest fall from a peak of cumulative realized P&L (a positive amount)',
  }),
  max_drawdown_pct: Type.Union([Type.Number(), Type.Null()], {
    description: 'Percent of that peak; null when the peak is ≤ 0',
  }),
  peak_date: NullableDay,
  trough_date: NullableDay,
  recovery_date: NullableDay,
  series: Type.Array(Type.Object({ date: Day, cumulative: Money, drawdown: Money })),
  nav_drawdown: Type.Object(
    {
      max_drawdown: Type.Union([Type.Number(), Type.Null()], {
        description:
          'Relative maximum drawdown of nav: min of (nav − running peak) / running peak, a negative ' +
          'fraction (−0.25 = 25 % below the peak); 0 when nav never fell; null with no point or no positive peak',
      }),
      amount: Type.Number({
        description: 'Peak nav − trough nav of that drawdown (a positive amount; 0 with none)',
      }),
      peak_date: NullableDay,
      peak_nav: Type.Union([Money, Type.Null()]),
      trough_date: NullableDay,
      trough_nav: Type.Union([Money, Type.Null()]),
      recovery_date: Type.Union([Day, Type.Null()], {
        description: 'First later AUM point with nav back at or above the peak; null while not recovered',
      }),
    },
    {
      description: 'The standard relative drawdown of the nav series (one point per snapshot date and today)',
    },
  ),
})
const AumPoint = {
  net_capital: Money,
  unrealized: Money,
  realized_ytd: Money,
  total_aum: Type.Number({
    description:
      'net_capital + unrealized + realized_ytd: steps down by last year’s realized P&L on 1 January',
  }),
  nav: Type.Number({
    description:
      'net_capital + unrealized + all realized P&L to date + income (investor allocation’s NAV); no step at a year end',
  }),
  income: Type.Number({
    description:
      'From the activity ledger, to date: dividends and interest less their fees, less fees and taxes, less the fees ' +
      'of deposits, withdrawals and transfers (trades are in realized and unrealized P&L, transfers in net_capital)',
  }),
  market_value: Type.Number({
    description: 'Σ quantity × price of the holdings, each at its latest snapshot on or before the date',
  }),
  implied_cash: Type.Number({ description: 'nav − market_value' }),
}
export const AumResponse = Type.Object({
  ...Currency,
  current: Type.Object({ ...AumPoint, as_of: Day }),
  history: Type.Array(Type.Object({ date: Day, ...AumPoint })),
})
export const YoyResponse = Type.Object({
  ...Currency,
  items: Type.Array(
    Type.Object({
      year: Type.Integer(),
      realized_pnl: Money,
      year_end_aum: Type.Union([Money, Type.Null()]),
      pnl_growth_pct: Type.Union([Type.Number(), Type.Null()]),
      aum_growth_pct: Type.Union([Type.Number(), Type.Null()]),
    }),
  ),
})
export const AllocationResponse = Type.Object({
  ...Currency,
  as_of: Day,
  nav: Money,
  nav_per_unit: Type.Union([Type.Number(), Type.Null()]),
  total_units: Type.Number(),
  items: Type.Array(
    Type.Object({
      investor_id: Type.Integer(),
      name: Type.String(),
      units: Type.Number(),
      share_pct: Type.Number({ description: '0–100' }),
      value: Money,
      net_contributed: Money,
      gain: Money,
    }),
  ),
})

/** The archive rule in a sentence, for the OpenAPI descriptions of the routes it shapes. */
export const ARCHIVED_POINTS =
  ' An archived account (closed, or its broker disconnected) counts in the points dated before the New ' +
  'York date it was archived on — its flows, holdings and realized P&L — and in none from that date on ' +
  '(today included); a point is added on that date (docs/archived-accounts.md).'
export const ARCHIVED_SALES =
  ' A sale of an archived account (closed, or its broker disconnected) counts when made before the New ' +
  'York date it was archived on, never from that date on.'
