/**
 * Portfolio analytics. Every figure is summed exactly (numeric in SQL, BigInt cents
 * here) and rounded to cents once, in the answer. `total_aum = net_capital + unrealized +
 * realized_ytd` holds to the cent. Empty portfolios answer zeros and empty series.
 */
import { effectiveTenant, type RequestScope } from '../../platform/auth/scope.ts'
import type { Cache } from '../../platform/cache/index.ts'
import type { Clock } from '../../platform/clock.ts'
import type { Scopes, TenantScope } from '../../platform/db/tenant-scope.ts'
import { partitionPoint } from '../../platform/sorted.ts'
import { ConflictError, NotFoundError } from '../../platform/http/errors.ts'
import { nyDate } from '../../platform/market-calendar.ts'
import * as repo from './analytics.repository.ts'
import { listInvestors } from './capital.repository.ts'
import { addDays } from '../../platform/dates.ts'
import type { Period } from './lib/dates.ts'
import { cumulativeSeries, drawdown, type Drawdown } from './lib/drawdown.ts'
import { centsToNumber, toCents } from './lib/money.ts'
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

/** How many of the sorted `dates` are earlier than `date` (binary search). */
function countBefore(dates: string[], date: string): number {
  return partitionPoint(dates, (d) => d < date)
}

/** For rows in date order: a function giving the sum of `value` over rows dated before a date. */
function sumBefore<T extends { date: string }>(rows: T[], value: (r: T) => bigint): (date: string) => bigint {
  const dates = rows.map((r) => r.date)
  const sums = [0n]
  for (const r of rows) sums.push(sums.at(-1)! + value(r))
  return (date) => sums[countBefore(dates, date)]!
}

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

  drawdown(scope: RequestScope, q: WindowQ): Promise<Drawdown> {
    return this.within(scope, 'drawdown', q, async (s, accountIds) =>
      drawdown(await this.series(s, accountIds, q)),
    )
  }

  /** The AUM breakdown at each snapshot date and today, with the rows it was built from (reused). */
  private async ledger(s: TenantScope, accountIds: number[] | undefined) {
    const [flows, snaps, realized] = [
      await repo.flowsByDate(s, accountIds),
      await repo.snapshotTotals(s, accountIds),
      await repo.dailyRealized(s, { accountIds }),
    ]
    const today = this.today()
    const dates = [...new Set([...snaps.map((r) => r.date), today])].sort()
    return { flows, realized, points: this.points(dates, flows, snaps, realized) }
  }

  private points(
    dates: string[],
    flows: Awaited<ReturnType<typeof repo.flowsByDate>>,
    snaps: Awaited<ReturnType<typeof repo.snapshotTotals>>,
    realized: Awaited<ReturnType<typeof repo.dailyRealized>>,
  ) {
    let fi = 0,
      ri = 0,
      si = 0
    let capital = 0n,
      unrealized = 0n,
      ytd = 0n,
      allRealized = 0n
    let year = ''
    return dates.map((date) => {
      for (; fi < flows.length && flows[fi]!.date <= date; fi++) capital += toCents(flows[fi]!.amount)
      for (; si < snaps.length && snaps[si]!.date <= date; si++) unrealized = toCents(snaps[si]!.unrealized)
      for (; ri < realized.length && realized[ri]!.date <= date; ri++) {
        const r = realized[ri]!
        if (r.date.slice(0, 4) !== year) {
          year = r.date.slice(0, 4)
          ytd = 0n
        }
        ytd += toCents(r.pnl)
        allRealized += toCents(r.pnl)
      }
      const realizedYtd = year === date.slice(0, 4) ? ytd : 0n
      return {
        date,
        capital,
        unrealized,
        realizedYtd,
        allRealized,
        total: capital + unrealized + realizedYtd,
      }
    })
  }

  aum(scope: RequestScope, q: Query) {
    return this.within(scope, 'aum', q, async (s, accountIds) => {
      const { points } = await this.ledger(s, accountIds)
      const shape = (p: (typeof points)[number]) => ({
        net_capital: n(p.capital),
        unrealized: n(p.unrealized),
        realized_ytd: n(p.realizedYtd),
        total_aum: n(p.total),
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
   * units between investors on every new year.
   */
  investorAllocation(scope: RequestScope, q: Query) {
    return this.within(scope, 'investorAllocation', q, async (s, accountIds) => {
      const [{ points, flows, realized }, investors] = [
        await this.ledger(s, accountIds),
        await listInvestors(s),
      ]
      const nav = (p: (typeof points)[number]) => p.capital + p.unrealized + p.allRealized
      // The NAV just before a date's flows: capital, realized P&L and the latest unrealized figure,
      // each dated strictly earlier (prefix sums, built once: one lookup per flow).
      const capitalBefore = sumBefore(flows, (f) => toCents(f.amount))
      const realizedBefore = sumBefore(realized, (r) => toCents(r.pnl))
      const pointDates = points.map((p) => p.date)
      const navOn = (date: string) =>
        capitalBefore(date) +
        realizedBefore(date) +
        (points[countBefore(pointDates, date) - 1]?.unrealized ?? 0n)
      const current = points.at(-1)!
      let result
      try {
        result = allocate(
          flows.map((f) => ({ investorId: f.investor_id, date: f.date, amountCents: toCents(f.amount) })),
          navOn,
          nav(current) < 0n ? 0n : nav(current),
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
        nav: n(nav(current)),
        nav_per_unit: result.nav_per_unit,
        total_units: result.total_units,
        items: result.investors.map((i) => ({ ...i, name: names.get(i.investor_id) ?? '' })),
      }
    })
  }
}
