/**
 * Portfolio analytics. Every figure is summed exactly (numeric in SQL, BigInt cents here) and
 * rounded to cents once, in the answer. `total_aum = net_capital + unrealized + realized_ytd` and
 * `nav = market_value + implied_cash` hold to the cent (what each is: docs/portfolio-figures.md).
 * Empty portfolios answer zeros and empty series.
 */
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
import { centsToNumber, toCents } from '../../../kernel/decimal/cents.ts'
import { navDrawdown, type NavDrawdown } from './lib/nav-drawdown.ts'
import { allocate } from './lib/units.ts'
import { yearOverYear } from './lib/yoy.ts'

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

/** Keeps memory bounded; correctness comes from the version in the key, not from expiry. */
const ANSWER_TTL_MS = 15 * 60_000

/** The query's own parameters in a stable order (the scope ones are keyed separately). */
function canonical(q: object): string {
  return Object.entries(q)
    .filter(([k, v]) => v !== undefined && !['tenant_id', 'account_id', 'account_ids'].includes(k))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${String(v)}`)
    .join('&')
}

export class AnalyticsService {
  constructor(private readonly deps: { scopes: Scopes; clock: Clock; cache: Cache }) {}

  private today(): string {
    return nyDate(this.deps.clock.now())
  }

  /**
   * Runs `work` in the effective tenant with the requested accounts checked (404 if not theirs),
   * through the answer cache. The key holds the tenant's portfolio version, which every write to
   * a table these answers read moves (a trigger, migration 0007), and today's New York date: an
   * entry is never served after a write, in any process, and there is nothing to invalidate.
   */
  private async within<T>(
    scope: RequestScope,
    name: string,
    q: Query,
    work: (s: TenantScope, accountIds: number[] | undefined) => Promise<T>,
  ): Promise<T> {
    const tenantId = effectiveTenant(scope, q.tenant_id)
    const ids = [
      ...new Set([...(q.account_id ? [q.account_id] : []), ...(q.account_ids?.split(',').map(Number) ?? [])]),
    ].sort((a, b) => a - b)
    return this.deps.scopes.withTenant(tenantId, async (s) => {
      // Read first: an answer computed after it can only be as new or newer than its key says.
      const version = await repo.portfolioVersion(s)
      const key = `analytics:${tenantId}:${version}:${this.today()}:${name}:${ids.join(',')}:${canonical(q)}`
      const { value } = await this.deps.cache.wrap(key, ANSWER_TTL_MS, async () => {
        if (ids.length && (await repo.ownAccounts(s, ids)).length !== ids.length)
          throw new NotFoundError('accounts.not_found', 'Account not found')
        return work(s, ids.length ? ids : undefined)
      })
      return value
    })
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
    return this.within(scope, 'dateRange', q, async (s, accountIds) => {
      const r = await repo.dateRange(s, { accountIds })
      return { min_date: r.min_date, max_date: r.max_date, trade_count: r.trades }
    })
  }

  pnl(scope: RequestScope, q: WindowQ & { period: Period }) {
    return this.within(scope, 'pnl', q, async (s, accountIds) => {
      const rows = await repo.periodRealized(s, { accountIds, ...this.window(q) }, q.period)
      const cents = rows.map((r) => toCents(r.pnl))
      return {
        period: q.period,
        items: rows.map((r, i) => ({ period: r.period, pnl: n(cents[i]!), trades: r.trades })),
        total: n(cents.reduce((a, b) => a + b, 0n)),
      }
    })
  }

  private async series(s: TenantScope, accountIds: number[] | undefined, q: WindowQ) {
    const rows = await repo.dailyRealized(s, { accountIds, ...this.window(q) })
    return cumulativeSeries(rows.map((r) => ({ date: r.date, gainLossCents: toCents(r.pnl) })))
  }

  cumulativePnl(scope: RequestScope, q: WindowQ) {
    return this.within(scope, 'cumulativePnl', q, async (s, accountIds) => {
      const items = await this.series(s, accountIds, q)
      return { items, total: items.at(-1)?.cumulative ?? 0 }
    })
  }

  /**
   * Two drawdowns under their own names: the fall of cumulative realized P&L (`max_drawdown`,
   * `max_drawdown_pct`, its dates and series) and `nav_drawdown`, the relative maximum drawdown of
   * the NAV at each AUM point in the window (the figure return-series tools report).
   */
  drawdown(scope: RequestScope, q: WindowQ): Promise<Drawdown & { nav_drawdown: NavDrawdown }> {
    return this.within(scope, 'drawdown', q, async (s, accountIds) => {
      const pnl = drawdown(await this.series(s, accountIds, q))
      const { from, to } = this.window(q)
      const navs = (await this.ledger(s, accountIds)).points
        .filter((p) => (!from || p.date >= from) && (!to || p.date <= to))
        .map((p) => ({ date: p.date, cents: p.nav }))
      return { ...pnl, nav_drawdown: navDrawdown(navs) }
    })
  }

  /**
   * The AUM breakdown at each snapshot date, each archive date of an account and today, with the
   * rows it was built from (reused). An archived account counts in the points dated before its
   * archive date only (archivedLedgerPoints).
   */
  private async ledger(s: TenantScope, accountIds: number[] | undefined) {
    const [flows, snaps, realized, archived] = [
      await repo.flowsByDate(s, accountIds),
      await repo.snapshotTotals(s, accountIds),
      await repo.dailyRealizedByArchive(s, { accountIds }),
      await repo.archiveDates(s, accountIds),
    ]
    const today = this.today()
    const dates = [
      ...new Set([...snaps.map((r) => r.date), ...archived.filter((d) => d <= today), today]),
    ].sort()
    return { flows, snaps, realized, dates, points: archivedLedgerPoints(dates, flows, snaps, realized) }
  }

  aum(scope: RequestScope, q: Query) {
    return this.within(scope, 'aum', q, async (s, accountIds) => {
      const { points } = await this.ledger(s, accountIds)
      const shape = (p: LedgerPoint) => ({
        net_capital: n(p.capital),
        unrealized: n(p.unrealized),
        realized_ytd: n(p.realizedYtd),
        total_aum: n(p.total),
        nav: n(p.nav),
        market_value: n(p.marketValue),
        implied_cash: n(p.impliedCash),
      })
      const current = points.at(-1)!
      return {
        current: { ...shape(current), as_of: current.date },
        history: points.map((p) => ({ date: p.date, ...shape(p) })),
      }
    })
  }

  yoy(scope: RequestScope, q: Query) {
    return this.within(scope, 'yoy', q, async (s, accountIds) => {
      // Realized P&L per year: each sale counted on its own date (before any archive date).
      const { points, realized: days } = await this.ledger(s, accountIds)
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
    return this.within(scope, 'investorAllocation', q, async (s, accountIds) => {
      const [ledger, investors] = [await this.ledger(s, accountIds), await listInvestors(s)]
      const today = this.today()
      const flows = countingOn(ledger.flows, today)
      const realized = countingOn(ledger.realized, today)
      const points = ledgerPoints(ledger.dates, flows, countingOn(ledger.snaps, today), realized)
      // The NAV just before a date's flows: capital, realized P&L and the latest unrealized figure,
      // each dated strictly earlier (prefix sums, built once: one lookup per flow).
      const navOn = navBefore(points, flows, realized)
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
        as_of: current.date,
        nav: n(nav),
        nav_per_unit: result.nav_per_unit,
        total_units: result.total_units,
        items: result.investors.map((i) => ({ ...i, name: names.get(i.investor_id) ?? '' })),
      }
    })
  }
}
