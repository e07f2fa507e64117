/**
 * The "big tenant" of the analytics benchmark (BENCH_PORTFOLIO=1): two manual accounts, 50,000
 * realized trades over the last 3 years (~1 % with an unparseable date_sold, so sold_on is null),
 * daily snapshots of 40 symbols on every weekday of those 3 years (~31,000 rows), and an owner plus
 * 3 investors with ~40 capital flows. Deterministic (seeded PRNG) apart from "today".
 *
 * Rows go straight into the tables through `withTenant` (RLS applies), ~1,000 rows per multi-row
 * INSERT, one short transaction per batch, and the event loop is yielded between batches because
 * PGlite blocks it for the length of each statement.
 */
import type { Insertable } from 'kysely'
import type { Database, Scopes, TenantScope } from '../src/platform/db/index.ts'
import { daysBetween } from '../src/modules/portfolio/lib/dates.ts'
import { addDays } from '../src/kernel/dates.ts'
import { mulberry32 } from '../src/platform/random.ts'

export const SEED = {
  years: 3,
  trades: 50_000,
  invalidDateShare: 0.01,
  symbols: 40,
  batchRows: 1_000,
} as const

export interface SeedSummary {
  accounts: number
  trades: number
  invalidDates: number
  snapshots: number
  investors: number
  flows: number
  from: string
  to: string
  ms: number
}

const money = (n: number, digits = 4) => n.toFixed(digits)
const yieldLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Mondays to Fridays from `from` to `to`, both included. */
function weekdays(from: string, to: string): string[] {
  const days: string[] = []
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const dow = new Date(`${d}T00:00:00Z`).getUTCDay()
    if (dow !== 0 && dow !== 6) days.push(d)
  }
  return days
}

function symbolNames(count: number): string[] {
  const base = ['AAPL', 'MSFT', 'GOOGL', 'AMZN', 'NVDA', 'META', 'TSLA', 'BRK.B', 'JPM', 'V']
  return Array.from({ length: count }, (_, i) => base[i] ?? `SYM${String(i).padStart(2, '0')}`)
}

export async function seedPortfolio(scopes: Scopes, tenantId: number, today: string): Promise<SeedSummary> {
  const started = performance.now()
  const rand = mulberry32(20_261_122)
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!
  const from = addDays(today, -365 * SEED.years)
  const days = weekdays(from, today)
  const symbols = symbolNames(SEED.symbols)

  type Db = TenantScope['db']
  const inTenant = <T>(work: (db: Db) => Promise<T>) => scopes.withTenant(tenantId, ({ db }) => work(db))
  // One multi-row INSERT and one short transaction per batch, then let the server breathe.
  async function inBatches<R>(rows: R[], insert: (db: Db, batch: R[]) => Promise<unknown>) {
    for (let i = 0; i < rows.length; i += SEED.batchRows) {
      await inTenant((db) => insert(db, rows.slice(i, i + SEED.batchRows)))
      await yieldLoop()
    }
  }

  // Two manual accounts: 25 symbols and ~70 % of the trades in the first, the rest in the second.
  const accounts = await inTenant((db) =>
    db
      .insertInto('broker_account')
      .values(
        ['Bench brokerage', 'Bench IRA'].map((name) => ({
          tenant_id: tenantId,
          name,
          broker_type: 'manual',
        })),
      )
      .returning('id')
      .execute(),
  )
  const [main, ira] = accounts.map((a) => a.id) as [number, number]

  // Realized trades: a sale on a random weekday, held 5–800 days, gain uniform in [−2,000, +2,500].
  const trades: Insertable<Database['realized_trade']>[] = []
  let invalidDates = 0
  for (let i = 0; i < SEED.trades; i++) {
    const soldOn = pick(days)
    const acquired = addDays(soldOn, -(5 + Math.floor(rand() * 796)))
    const cost = 500 + Math.round(rand() * 50_000_00) / 100
    const gain = Math.round((rand() * 4_500 - 2_000) * 100) / 100
    const invalid = rand() < SEED.invalidDateShare
    if (invalid) invalidDates++
    trades.push({
      tenant_id: tenantId,
      account_id: rand() < 0.7 ? main : ira,
      symbol: pick(symbols),
      quantity: 1 + Math.floor(rand() * 500),
      date_acquired: acquired,
      date_sold: invalid ? pick(['N/A', '13/45/2024', 'VARIOUS', '2024-02-30']) : soldOn,
      sold_on: invalid ? null : soldOn,
      proceeds: money(cost + gain),
      cost_basis: money(cost),
      fees: 0,
      gain_loss: money(gain),
      term: invalid ? 'unknown' : daysBetween(acquired, soldOn) > 365 ? 'long' : 'short',
      source: 'import',
    })
  }
  await inBatches(trades, (db, b) => db.insertInto('realized_trade').values(b).execute())

  // Snapshots: one position per symbol, a fixed quantity and cost, a daily random walk of the price.
  const snapshots: Insertable<Database['portfolio_snapshot']>[] = []
  const positions = symbols.map((symbol, i) => {
    const price = 20 + rand() * 480
    const quantity = 20 + Math.floor(rand() * 200)
    return { symbol, account: i < 25 ? main : ira, price, quantity, cost: price * quantity }
  })
  for (const day of days) {
    for (const p of positions) {
      p.price = Math.max(1, p.price * (1 + (rand() - 0.495) * 0.03))
      const value = p.price * p.quantity
      snapshots.push({
        tenant_id: tenantId,
        account_id: p.account,
        snapshot_date: day,
        symbol: p.symbol,
        quantity: p.quantity,
        price: money(p.price, 6),
        market_value: money(value),
        cost_basis: money(p.cost),
        unrealized_pl: money(value - p.cost),
      })
    }
  }
  await inBatches(snapshots, (db, b) => db.insertInto('portfolio_snapshot').values(b).execute())

  // Investors: the owner and 3 others. Contributions of 10k–100k; a few small withdrawals (≤ 5 % of
  // what that investor has put in so far), so no withdrawal can exceed a holding.
  const investors = await inTenant((db) =>
    db
      .insertInto('investor')
      .values([
        { tenant_id: tenantId, name: 'Bench owner', email: null, is_owner: true },
        ...['Alice', 'Bob', 'Carol'].map((name) => ({ tenant_id: tenantId, name, email: null })),
      ])
      .returning('id')
      .execute(),
  )
  const flows: Insertable<Database['capital_flow']>[] = []
  const contributed = new Map<number, number>()
  const flowDays = [...days.filter((_, i) => i % 20 === 0)].slice(0, 40) // ~every 4 weeks
  for (const [i, day] of flowDays.entries()) {
    const investor = i === 0 ? investors[0]!.id : pick(investors).id
    const sofar = contributed.get(investor) ?? 0
    const withdraw = sofar > 0 && rand() < 0.2
    const amount = withdraw
      ? -Math.round(sofar * 0.05 * rand() + 100)
      : i === 0
        ? 250_000
        : 10_000 + Math.round(rand() * 90_000)
    contributed.set(investor, sofar + amount)
    flows.push({
      tenant_id: tenantId,
      investor_id: investor,
      account_id: main,
      flow_date: day,
      amount,
      note: null,
    })
  }
  await inBatches(flows, (db, b) => db.insertInto('capital_flow').values(b).execute())

  return {
    accounts: accounts.length,
    trades: trades.length,
    invalidDates,
    snapshots: snapshots.length,
    investors: investors.length,
    flows: flows.length,
    from,
    to: today,
    ms: performance.now() - started,
  }
}
