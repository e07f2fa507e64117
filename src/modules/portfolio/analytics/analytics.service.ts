/**
 * Portfolio analytics. Every figure is summed exactly (numeric in SQL, BigInt cents here) and
 * rounded to cents once, in the answer. `total_aum = net_capital + unrealized + realized_ytd` and
 * `nav = market_value + implied_cash` hold to the cent (what each is: docs/portfolio-figures.md).
 * Empty portfolios answer zeros and empty series. Amounts are read per currency and converted
 * into the tenant's base currency (lib/conversion.ts: flows and realized P&L at their own date's
 * rate, levels at each point's date; docs/currencies.md); every answer carries that `currency`.
 */
import { canonicalQuery } from '../lib/answer-key.ts'
import { effectiveTenant, type RequestScope } from '../../../platform/auth/scope.ts'
import type { Cache } from '../../../platform/cache/index.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes, TenantScope } from '../../../platform/db/index.ts'
import { ConflictError, NotFoundError } from '../../../platform/http/errors.ts'
import { nyDate } from '../../../kernel/calendar/nyse.ts'
import * as repo from './analytics.repository.ts'
import { listInvestors } from '../capital/capital.repository.ts'
import { addDays } from '../../../kernel/dates.ts'
import type { Period } from '../lib/dates.ts'
import { cumulativeSeries, drawdown, type Drawdown } from './lib/drawdown.ts'
import { ledgerPoints, navBefore, type LedgerPoint } from './lib/ledger.ts'
import { archivedLedgerPoints, countingOn } from './lib/archive-ledger.ts'
import { countsOn } from '../lib/archive.ts'
import { centsToNumber, toCents } from '../../../kernel/decimal/cents.ts'
import { decAdd } from '../../../kernel/decimal/index.ts'
import { navDrawdown, type NavDrawdown } from './lib/nav-drawdown.ts'
import { allocate } from './lib/units.ts'
import { yearOverYear } from './lib/yoy.ts'
import { tenantBaseCurrency } from '../../accounts/tenancy/index.ts'
import { Conversion, levelsAt, mergeByDate, type CurrencyReport, type DailyRates } from './lib/conversion.ts'

interface Query {
  tenant_id?: number
  account_id?: number
  account_ids?: string
}
interface WindowQ extends Query {
  year?: number
  period_days?: number
}

const n = (c: bigint) => centsToNumber(c)

/** What an answer's work gets: reads in the tenant's transaction, the checked accounts, the base currency. */
interface Work {
  read: <X>(f: (s: TenantScope) => Promise<X>) => Promise<X>
  accountIds: number[] | undefined
  base: string
}

/** Keeps memory bounded; correctness comes from the version in the key, not from expiry. */
const ANSWER_TTL_MS = 15 * 60_000

export class AnalyticsService {
  constructor(private readonly deps: { scopes: Scopes; clock: Clock; cache: Cache; fx: DailyRates }) {}

  private today(): string {
    return nyDate(this.deps.clock.now())
  }

  /**
   * Runs `work` for the effective tenant with the requested accounts checked (404 if not theirs),
   * through the answer cache. The key holds the tenant's portfolio version, which every write to
   * a table these answers read moves (a trigger, migration 0007), its base currency and today's
   * New York date: an entry is never served after a write, in any process, and there is nothing to
   * invalidate. Reads run in short tenant transactions; the exchange rates are fetched between
   * them, never inside one.
   */
  private async within<T>(
    scope: RequestScope,
    name: string,
    q: Query,
    work: (w: Work) => Promise<T>,
  ): Promise<T> {
    const tenantId = effectiveTenant(scope, q.tenant_id)
    const ids = [
      ...new Set([...(q.account_id ? [q.account_id] : []), ...(q.account_ids?.split(',').map(Number) ?? [])]),
    ].sort((a, b) => a - b)
    const read = <X>(f: (s: TenantScope) => Promise<X>) => this.deps.scopes.withTenant(tenantId, f)
    // Read first: an answer computed after it can only be as new or newer than its key says.
    const { version, base } = await read(async (s) => ({
      version: await repo.portfolioVersion(s),
      base: await tenantBaseCurrency(s),
    }))
    const key = `analytics:${tenantId}:${version}:${base}:${this.today()}:${name}:${ids.join(',')}:${canonicalQuery(q)}`
    const { value } = await this.deps.cache.wrap(key, ANSWER_TTL_MS, async () => {
      if (ids.length && (await read((s) => repo.ownAccounts(s, ids))).length !== ids.length)
        throw new NotFoundError('accounts.not_found', 'Account not found')
      return work({ read, accountIds: ids.length ? ids : undefined, base })
    })
    return value
  }

  private window(q: WindowQ): { from?: string; to?: string } {
    const w: { from?: string; to?: string } = {}
    if (q.year) Object.assign(w, { from: `${q.year}-01-01`, to: `${q.year}-12-31` })
    if (q.period_days) {
      const today = this.today()
      const from = addDays(today, -(q.period_days - 1))
      w.from = w.from && w.from > from ? w.from : from
      w.to = w.to && w.to < today ? w.to : today
    }
    return w
  }

  dateRange(scope: RequestScope, q: Query) {
    return this.within(scope, 'dateRange', q, async ({ read, accountIds }) => {
      const r = await read((s) => repo.dateRange(s, { accountIds }))
      return { min_date: r.min_date, max_date: r.max_date, trade_count: r.trades }
    })
  }

  pnl(scope: RequestScope, q: WindowQ & { period: Period }) {
    return this.within(scope, 'pnl', q, async ({ read, accountIds, base }) => {
      const rows = await read((s) => repo.periodRealized(s, { accountIds, ...this.window(q) }, q.period))
      const conv = await Conversion.load(this.deps.fx, base, rows)
      const periods: { period: string; pnl: string; trades: number }[] = []
      for (const r of rows) {
        let p = periods.at(-1)
        if (p?.period !== r.period) periods.push((p = { period: r.period, pnl: '0', trades: 0 }))
        p.trades += r.trades
        const v = conv.convert(r.pnl, r.currency, r.date)
        if (v !== null) p.pnl = decAdd(p.pnl, v)
      }
      const cents = periods.map((p) => toCents(p.pnl))
      return {
        ...conv.report(),
        period: q.period,
        items: periods.map((p, i) => ({ period: p.period, pnl: n(cents[i]!), trades: p.trades })),
        total: n(cents.reduce((a, b) => a + b, 0n)),
      }
    })
  }

  /** Realized P&L per sale date in the base currency, and its running total. */
  private async series(w: Work, q: WindowQ) {
    const rows = await w.read((s) => repo.dailyRealized(s, { accountIds: w.accountIds, ...this.window(q) }))
    const conv = await Conversion.load(this.deps.fx, w.base, rows)
    const days = mergeByDate(rows, conv)
    return {
      conv,
      items: cumulativeSeries(days.map((r) => ({ date: r.date, gainLossCents: toCents(r.pnl) }))),
    }
  }

  cumulativePnl(scope: RequestScope, q: WindowQ) {
    return this.within(scope, 'cumulativePnl', q, async (w) => {
      const { conv, items } = await this.series(w, q)
      return { ...conv.report(), items, total: items.at(-1)?.cumulative ?? 0 }
    })
  }

  /**
   * Two drawdowns under their own names: the fall of cumulative realized P&L (`max_drawdown`,
   * `max_drawdown_pct`, its dates and series) and `nav_drawdown`, the relative maximum drawdown of
   * the NAV at each AUM point in the window (the figure return-series tools report).
   */
  drawdown(
    scope: RequestScope,
    q: WindowQ,
  ): Promise<Drawdown & CurrencyReport & { nav_drawdown: NavDrawdown }> {
    return this.within(scope, 'drawdown', q, async (w) => {
      const { conv, items } = await this.series(w, q)
      const pnl = drawdown(items)
      const { from, to } = this.window(q)
      const ledger = await this.ledger(w)
      const navs = ledger.points
        .filter((p) => (!from || p.date >= from) && (!to || p.date <= to))
        .map((p) => ({ date: p.date, cents: p.nav }))
      return { ...conv.report(ledger.conv), ...pnl, nav_drawdown: navDrawdown(navs) }
    })
  }

  /**
   * The AUM breakdown at each snapshot date, each archive date of an account and today, in the base
   * currency, with the converted rows it was built from (reused): flows and realized P&L at their own
   * date's rate, the snapshot levels at each point's date. An archived account counts in the points
   * dated before its archive date only (archivedLedgerPoints).
   */
  private async ledger({ read, accountIds, base }: Work) {
    const [rawFlows, snaps, rawRealized, rawIncome, archived] = await read(
      async (s) =>
        [
          await repo.flowsByDate(s, accountIds),
          await repo.snapshotTotals(s, accountIds),
          await repo.dailyRealizedByArchive(s, { accountIds }),
          await repo.dailyIncome(s, accountIds),
          await repo.archiveDates(s, accountIds),
        ] as const,
    )
    const today = this.today()
    const dates = [
      ...new Set([...snaps.map((r) => r.date), ...archived.filter((d) => d <= today), today]),
    ].sort()
    const conv = await Conversion.load(this.deps.fx, base, [
      ...rawFlows,
      ...rawRealized,
      ...rawIncome,
      // A level is converted on every point date from its currency's first snapshot on.
      ...snaps.flatMap((r) => [r, { currency: r.currency, date: today }]),
    ])
    const flows = rawFlows.flatMap((f) => {
      const amount = conv.convert(f.amount, f.currency, f.date)
      return amount === null ? [] : [{ ...f, amount }]
    })
    // Realized P&L and income are dated amounts: each at its own date's rate.
    const dated = (rows: { date: string; currency: string; pnl: string; archived_on: string | null }[]) =>
      rows.flatMap((r) => {
        const pnl = conv.convert(r.pnl, r.currency, r.date)
        return pnl === null ? [] : [{ date: r.date, pnl, archived_on: r.archived_on }]
      })
    const realized = dated(rawRealized)
    const income = dated(rawIncome)
    // Each group of accounts archived on the same day (null: never) carries its own levels, on the
    // dates it counts on.
    const levels = [...new Set(snaps.map((r) => r.archived_on))].flatMap((group) =>
      levelsAt(
        snaps.filter((r) => r.archived_on === group),
        dates.filter((d) => countsOn(group, d)),
        conv,
      ).map((l) => ({ ...l, archived_on: group })),
    )
    return {
      conv,
      flows,
      snaps: levels,
      realized,
      income,
      dates,
      points: archivedLedgerPoints(dates, flows, levels, realized, income),
    }
  }

  aum(scope: RequestScope, q: Query) {
    return this.within(scope, 'aum', q, async (w) => {
      const { conv, points } = await this.ledger(w)
      const shape = (p: LedgerPoint) => ({
        net_capital: n(p.capital),
        unrealized: n(p.unrealized),
        realized_ytd: n(p.realizedYtd),
        total_aum: n(p.total),
        nav: n(p.nav),
        income: n(p.income),
        market_value: n(p.marketValue),
        implied_cash: n(p.impliedCash),
      })
      const current = points.at(-1)!
      return {
        ...conv.report(),
        current: { ...shape(current), as_of: current.date },
        history: points.map((p) => ({ date: p.date, ...shape(p) })),
      }
    })
  }

  yoy(scope: RequestScope, q: Query) {
    return this.within(scope, 'yoy', q, async (w) => {
      const { conv, points, realized: days } = await this.ledger(w)
      const yearEnd = new Map<number, bigint>()
      for (const p of points) yearEnd.set(Number(p.date.slice(0, 4)), p.total) // points are in date order: the last wins
      const realized = new Map<number, bigint>()
      for (const d of days)
        realized.set(
          Number(d.date.slice(0, 4)),
          (realized.get(Number(d.date.slice(0, 4))) ?? 0n) + toCents(d.pnl),
        )
      const all = new Set([...realized.keys(), ...yearEnd.keys()])
      return {
        ...conv.report(),
        items: yearOverYear(
          [...all].map((y) => ({
            year: y,
            realizedCents: realized.get(y) ?? 0n,
            yearEndAumCents: yearEnd.get(y) ?? null,
          })),
        ),
      }
    })
  }

  /**
   * Unit accounting. The NAV used for units is capital + unrealized + all realized P&L to date —
   * not the year-to-date figure of the AUM breakdown, which resets each January and would move
   * units between investors on every new year. A current figure: archived accounts are left out
   * of all of it, their flows bought no units (as if they had never been in the portfolio).
   */
  investorAllocation(scope: RequestScope, q: Query) {
    return this.within(scope, 'investorAllocation', q, async (w) => {
      const ledger = await this.ledger(w)
      const investors = await w.read((s) => listInvestors(s))
      const today = this.today()
      const flows = countingOn(ledger.flows, today)
      const realized = countingOn(ledger.realized, today)
      const income = countingOn(ledger.income, today)
      const points = ledgerPoints(ledger.dates, flows, countingOn(ledger.snaps, today), realized, income)
      const conv = ledger.conv
      // The NAV just before a date's flows: capital, realized P&L and the latest unrealized figure,
      // each dated strictly earlier (prefix sums, built once: one lookup per flow).
      const navOn = navBefore(points, flows, realized, income)
      const current = points.at(-1)!
      const nav = current.nav
      let result
      try {
        result = allocate(
          flows.map((f) => ({ investorId: f.investor_id, date: f.date, amountCents: toCents(f.amount) })),
          navOn,
          nav < 0n ? 0n : nav,
        )
      } catch (e) {
        if (e instanceof RangeError)
          throw new ConflictError(
            'analytics.inconsistent_capital_flows',
            `Capital flows cannot be allocated: ${e.message}`,
          )
        throw e
      }
      const names = new Map(investors.map((i) => [i.id, i.name]))
      return {
        ...conv.report(),
        as_of: current.date,
        nav: n(nav),
        nav_per_unit: result.nav_per_unit,
        total_units: result.total_units,
        items: result.investors.map((i) => ({ ...i, name: names.get(i.investor_id) ?? '' })),
      }
    })
  }
}
