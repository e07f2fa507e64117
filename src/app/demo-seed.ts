/**
 * The demo login: `demo@sextant.local` / `demo-portfolio-2026` on the pro plan, with two manual
 * accounts, holdings, three years of closed trades, weekly priced snapshots, three investors and
 * their capital flows — so a newcomer sees every analytics endpoint with real numbers.
 * Idempotent: does nothing when the demo user exists. Deterministic: a seeded PRNG and the
 * simulated market's prices.
 */
import { DAY_MS } from '../platform/dates.ts'
import { mulberry32 } from '../platform/random.ts'
import type { Container } from './container.ts'
import type { TenantScope } from '../platform/db/tenant-scope.ts'
import {
  CALENDAR_FIRST_YEAR,
  nyDate,
  previousTradingDay,
  tradingDaysBetween,
} from '../platform/market-calendar.ts'
import { SimulatedMarketData } from '../providers/market-data/index.ts'

export const DEMO_EMAIL = 'demo@sextant.local'
export const DEMO_PASSWORD = 'demo-portfolio-2026'

const HOLDINGS = [
  ['AAPL', 120],
  ['MSFT', 60],
  ['NVDA', 80],
  ['JNJ', 90],
  ['XOM', 150],
  ['VTI', 200],
  ['SCHD', 300],
  ['BND', 250],
] as const

const iso = (d: Date) => d.toISOString().slice(0, 10)
const dayIndex = (date: string) =>
  Math.floor((Date.parse(`${date}T00:00:00Z`) - Date.UTC(2020, 0, 1)) / DAY_MS)

/** Where purchases may begin: ~500 days before the first sale, within the calendar's years. */
function firstSession(start: Date): string {
  const back = iso(new Date(start.getTime() - 500 * DAY_MS))
  const floor = `${CALENDAR_FIRST_YEAR}-01-01`
  return back < floor ? floor : back
}

export async function seedDemo(c: Container): Promise<'created' | 'exists'> {
  const exists = await c.scopes.withSystem('demo seed: lookup', ({ db }) =>
    db.selectFrom('app_user').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst(),
  )
  if (exists) return 'exists'
  const tenantId = await createDemoLogin(c)
  const today = nyDate(c.clock.now())
  // Three years back, or from the first year whose NYSE sessions the calendar knows.
  const start = new Date(`${Math.max(Number(today.slice(0, 4)) - 3, CALENDAR_FIRST_YEAR)}-01-02T00:00:00Z`)
  const market = new SimulatedMarketData({ clock: c.clock })
  const price = (symbol: string, date: string) => Math.round(market.close(symbol, dayIndex(date)) * 100) / 100
  await c.scopes.withTenant(tenantId, async ({ db }) => {
    const accounts = await seedClub(db, tenantId, start)
    const demo: Demo = { db, tenantId, ...accounts, start, today, price, rnd: mulberry32(20_260_101) }
    await seedTrades(demo)
    await seedHoldings(demo)
  })
  return 'created'
}

/** The demo user, on the pro plan with a verified e-mail; returns its tenant. */
async function createDemoLogin(c: Container): Promise<number> {
  const user = await c.identity.users.register({
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    full_name: 'Demo Investor',
  })
  const { tenant_id: tenantId, id: userId } = user
  await c.scopes.withSystem('demo seed: plan and verified e-mail', async ({ db }) => {
    await db
      .updateTable('tenant')
      .set({ plan_code: 'pro', name: 'Demo Investment Club' })
      .where('id', '=', tenantId)
      .execute()
    await db
      .updateTable('app_user')
      .set({ email_verified_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .execute()
  })
  return tenantId
}

/** What the seeding steps share: the tenant's scope, its two accounts, the period and prices. */
interface Demo {
  db: TenantScope['db']
  tenantId: number
  main: number
  ira: number
  start: Date
  today: string
  price: (symbol: string, date: string) => number
  rnd: () => number
}

/** Two manual accounts, three investors and their capital flows; returns the accounts. */
async function seedClub(db: TenantScope['db'], tenantId: number, start: Date) {
  const accounts = await db
    .insertInto('broker_account')
    .values([
      { tenant_id: tenantId, name: 'Club brokerage', broker_type: 'manual', account_type: 'taxable' },
      { tenant_id: tenantId, name: 'Roth IRA', broker_type: 'manual', account_type: 'roth_ira' },
    ])
    .returning('id')
    .execute()
  const [main, ira] = [accounts[0]!.id, accounts[1]!.id]
  const owner = await db
    .insertInto('investor')
    .values({ tenant_id: tenantId, name: 'Demo Investor', email: DEMO_EMAIL, is_owner: true })
    .returning('id')
    .executeTakeFirstOrThrow()
  const partners = await db
    .insertInto('investor')
    .values([
      { tenant_id: tenantId, name: 'Ada Partner' },
      { tenant_id: tenantId, name: 'Ben Member' },
    ])
    .returning('id')
    .execute()
  // Contributions early, a few later top-ups and one small withdrawal.
  const flows = [
    [owner.id, 0, 60_000],
    [partners[0]!.id, 0, 30_000],
    [partners[1]!.id, 180, 15_000],
    [owner.id, 400, 10_000],
    [partners[0]!.id, 700, -5_000],
    [partners[1]!.id, 900, 7_500],
  ] as const
  await db
    .insertInto('capital_flow')
    .values(
      flows.map(([investor_id, offset, amount]) => ({
        tenant_id: tenantId,
        investor_id,
        account_id: main,
        flow_date: iso(new Date(start.getTime() + offset * DAY_MS)),
        amount,
      })),
    )
    .execute()
  return { main, ira }
}

/**
 * Three years of closed trades: a few a week, mostly small gains, some losses. Bought and sold
 * on NYSE sessions only (steps through the calendar's trading days, never calendar days).
 */
async function seedTrades({ db, tenantId, main, ira, start, today, price, rnd }: Demo): Promise<void> {
  const trades = []
  const sessions = tradingDaysBetween(firstSession(start), previousTradingDay(today))
  const firstSale = Math.max(
    1,
    sessions.findIndex((d) => d >= iso(start)),
  )
  for (let i = firstSale; i < sessions.length; i += 1 + Math.floor(rnd() * 3)) {
    const [symbol] = HOLDINGS[Math.floor(rnd() * HOLDINGS.length)]!
    const sold = sessions[i]!
    const acquired = sessions[Math.max(0, i - 14 - Math.floor(rnd() * 345))]!
    const quantity = 5 + Math.floor(rnd() * 40)
    const proceeds = Math.round(quantity * price(symbol, sold) * 100) / 100
    const cost = Math.round(proceeds * (0.85 + rnd() * 0.27) * 100) / 100
    const held = (Date.parse(sold) - Date.parse(acquired)) / DAY_MS
    trades.push({
      tenant_id: tenantId,
      account_id: rnd() < 0.8 ? main : ira,
      symbol,
      quantity,
      date_acquired: acquired,
      date_sold: sold,
      sold_on: sold,
      proceeds,
      cost_basis: cost,
      fees: 1,
      gain_loss: (Math.round((proceeds - cost - 1) * 100) / 100).toFixed(2),
      term: held > 365 ? ('long' as const) : ('short' as const),
    })
  }
  for (let i = 0; i < trades.length; i += 500)
    await db
      .insertInto('realized_trade')
      .values(trades.slice(i, i + 500))
      .execute()
}

/** Current holdings, and weekly (Friday) priced snapshots of them. */
async function seedHoldings({ db, tenantId, main, start, today, price }: Demo): Promise<void> {
  const cost = new Map<string, number>()
  for (const [symbol, quantity] of HOLDINGS) {
    const basis = Math.round(quantity * price(symbol, iso(start)) * 100) / 100
    cost.set(symbol, basis)
    await db
      .insertInto('manual_position')
      .values({
        tenant_id: tenantId,
        account_id: main,
        symbol,
        quantity,
        cost_basis: basis,
        as_of: iso(start),
      })
      .execute()
  }
  const rows = []
  for (let d = new Date(start); iso(d) <= today; d = new Date(d.getTime() + DAY_MS)) {
    if (d.getUTCDay() !== 5 && iso(d) !== today) continue
    for (const [symbol, quantity] of HOLDINGS) {
      const p = price(symbol, iso(d))
      const mv = Math.round(quantity * p * 100) / 100
      rows.push({
        tenant_id: tenantId,
        account_id: main,
        snapshot_date: iso(d),
        symbol,
        quantity,
        price: p,
        market_value: mv,
        cost_basis: cost.get(symbol)!,
        unrealized_pl: (mv - cost.get(symbol)!).toFixed(2),
      })
    }
  }
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('portfolio_snapshot')
      .values(rows.slice(i, i + 500))
      .execute()
}
