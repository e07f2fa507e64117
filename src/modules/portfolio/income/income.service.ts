/**
 * GET /api/analytics/income: dividends and interest from the activity ledger per month or year in
 * the tenant base currency (each amount at its own day's rate), the trailing twelve months with the
 * yield on cost and on value of the current holdings, and the coming ex-dividend and pay dates of
 * the held symbols. What each figure is: the route's description and docs/income-allocation-exports.md.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import { nyDate } from '../../../kernel/calendar/nyse.ts'
import { centsToNumber, toCents } from '../../../kernel/decimal/cents.ts'
import { decAdd, decMul } from '../../../kernel/decimal/decimal-string.ts'
import { addDays } from '../../../kernel/dates.ts'
import type { DividendsProvider } from '../../../providers/market-data/index.ts'
import { tenantBaseCurrency } from '../../accounts/tenancy/index.ts'
import { countsOn } from '../lib/archive.ts'
import { pct } from '../valuation/lib/figures.ts'
import { accountsOf } from '../valuation/valuation.repository.ts'
import {
  ValuationService,
  toBase,
  withScope,
  type ScopeQuery,
  type Valuation,
  type ValuationDeps,
} from '../valuation/valuation.service.ts'
import { incomeActivities } from './income.repository.ts'
import { byPeriod, bySymbol, shape, type IncomeEntry } from './lib/income.ts'

/** How far ahead the coming ex-dividend and pay dates are looked for. */
export const UPCOMING_DAYS = 90
/** How far back an ex-date may lie whose pay date is still to come. */
const PENDING_PAY_DAYS = 60

export interface IncomeQuery extends ScopeQuery {
  year?: number
  by: 'month' | 'year'
}

type Row = Awaited<ReturnType<typeof incomeActivities>>[number]

export class IncomeService {
  private readonly valuation: ValuationService

  constructor(private readonly deps: ValuationDeps & { dividends: DividendsProvider }) {
    this.valuation = new ValuationService(deps)
  }

  async income(scope: RequestScope, q: IncomeQuery) {
    const today = this.valuation.today()
    const ttmFrom = ttmStart(today)
    const from = q.year === undefined ? undefined : [`${q.year}-01-01`, ttmFrom].sort()[0]
    const read = await withScope(this.deps.scopes, scope, q, async (s, ids) => {
      const archived = new Map(
        (await accountsOf(s, ids)).map((a) => [a.id, a.archived_at ? nyDate(a.archived_at) : null]),
      )
      const rows = await incomeActivities(s, {
        ...(ids ? { accountIds: ids } : {}),
        ...(from ? { from } : {}),
      })
      // An archived account's income stays in the history up to its archive date.
      return {
        base: await tenantBaseCurrency(s),
        rows: rows.filter((r) => countsOn(archived.get(r.account_id) ?? null, r.activity_date)),
      }
    })
    const { entries, missing } = await this.convert(read.rows, read.base)
    const periods = byPeriod(entries, q.by, q.year)
    const held = await this.valuation.current(scope, q)
    const ttm = bySymbol(entries, ttmFrom, today)
    const upcoming = await this.upcoming(held, today)
    return {
      as_of: today,
      year: q.year ?? null,
      by: q.by,
      base_currency: read.base,
      degraded: missing.length > 0 || upcoming === null,
      missing_rates: missing,
      items: periods.items,
      totals: shape(periods.totals),
      ttm: {
        from: ttmFrom,
        to: today,
        ...shape(ttm.totals),
        ...yields(ttm.totals, held),
        by_symbol: ttm.items,
      },
      upcoming: upcoming ?? [],
      upcoming_unavailable: upcoming === null,
    }
  }

  /** Each row's amount and fee at its own day's rate into `base`; rows of a day without a rate are left out. */
  private async convert(rows: Row[], base: string): Promise<{ entries: IncomeEntry[]; missing: string[] }> {
    const rates = new Map<string, Map<string, string>>()
    for (const currency of new Set(rows.map((r) => r.currency))) {
      const dates = rows.filter((r) => r.currency === currency).map((r) => r.activity_date)
      const [start, end] = [dates[0]!, dates.at(-1)!]
      rates.set(
        currency,
        await this.deps.fx.daily(currency, base, start, end).catch(soft(new Map<string, string>())),
      )
    }
    const entries: IncomeEntry[] = []
    const missing = new Set<string>()
    for (const r of rows) {
      const rate = rates.get(r.currency)?.get(r.activity_date)
      if (rate === undefined) {
        missing.add(r.currency)
        continue
      }
      entries.push({
        type: r.type as IncomeEntry['type'],
        date: r.activity_date,
        symbol: r.symbol,
        amount: toCents(decMul(r.amount, rate)),
        fee: toCents(decMul(r.fee, rate)),
      })
    }
    return { entries, missing: [...missing].sort() }
  }

  /**
   * The held symbols' dividends with an ex-date or a pay date in the next 90 days (today included):
   * shares held now (long holdings of every account in scope) × the per-share amount. Null when the
   * dividends provider is unavailable.
   */
  private async upcoming(held: Valuation, today: string) {
    const shares = new Map<string, string>()
    for (const h of held.holdings)
      if (!h.quantity.startsWith('-')) shares.set(h.symbol, decAdd(shares.get(h.symbol) ?? '0', h.quantity))
    if (!shares.size) return []
    const end = addDays(today, UPCOMING_DAYS)
    const events = await this.deps.dividends
      .exDividends([...shares.keys()], addDays(today, -PENDING_PAY_DAYS), end)
      .catch(soft(null))
    if (events === null) return null
    const coming = events.filter(
      (d) =>
        (d.ex_date >= today && d.ex_date <= end) ||
        (d.pay_date !== null && d.pay_date >= today && d.pay_date <= end),
    )
    const rates = await this.valuation.rates(
      [...new Set(coming.map((d) => d.currency))],
      held.base_currency,
      today,
    )
    return coming.map((d) => {
      const expected = decMul(shares.get(d.symbol) ?? '0', String(d.amount))
      const rate = rates.get(d.currency)
      return {
        symbol: d.symbol,
        ex_date: d.ex_date,
        pay_date: d.pay_date,
        amount_per_share: d.amount,
        currency: d.currency,
        shares: Number(shares.get(d.symbol) ?? '0'),
        expected_amount: centsToNumber(toCents(expected)),
        expected_amount_base: rate === undefined ? null : centsToNumber(toCents(decMul(expected, rate))),
      }
    })
  }
}

/** The first day of the twelve months up to `today`: the day after its date a year earlier. */
export function ttmStart(today: string): string {
  const y = Number(today.slice(0, 4)) - 1
  return today.slice(5) === '02-29' ? `${y}-03-01` : addDays(`${y}${today.slice(4)}`, 1)
}

/** TTM gross income ÷ Σ cost basis (and ÷ Σ market value) of the long holdings, in percent. */
function yields(ttm: { dividends: bigint; interest: bigint }, held: Valuation) {
  let cost = 0n
  let value = 0n
  for (const h of held.holdings) {
    if (h.quantity.startsWith('-') || h.value_base === null || h.rate === null) continue
    value += h.value_base
    // The cost basis into the base currency at today's rate, as the market value.
    cost += toBase(h.cost_basis, h.rate)
  }
  const gross = ttm.dividends + ttm.interest
  return {
    cost_basis: centsToNumber(cost),
    market_value: centsToNumber(value),
    yield_on_cost: pct(gross, cost),
    yield_on_value: pct(gross, value),
  }
}

function soft<T>(fallback: T): (e: unknown) => T {
  return (e) => {
    if (isUpstreamError(e)) return fallback
    throw e
  }
}
