/**
 * The demo login: `demo@sextant.local` / `demo-portfolio-2026` on the pro plan, with two manual
 * accounts, holdings, three years of closed trades, weekly priced snapshots, three investors and
 * their capital flows — so a newcomer sees every analytics endpoint with real numbers.
 * Idempotent: does nothing when the demo user exists. Deterministic: a seeded PRNG and the
 * simulated market's prices. The fixtures are built here and written by their owners: identity
 * creates the login and its tenant, portfolio writes the club's data in one transaction.
 */
import { DAY_MS } from '../kernel/dates.ts'
import { mulberry32 } from '../platform/random.ts'
import type { DemoFixtures } from '../modules/portfolio/index.ts'
import type { Container } from './container.ts'
import {
  CALENDAR_FIRST_YEAR,
  nyDate,
  previousTradingDay,
  tradingDaysBetween,
} from '../kernel/calendar/nyse.ts'
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
  const login = await c.identity.users.bootstrapDemo({
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    fullName: 'Demo Investor',
    tenantName: 'Demo Investment Club',
    planCode: 'pro',
  })
  if (!login) return 'exists'
  const today = nyDate(c.clock.now())
  // Three years back, or from the first year whose NYSE sessions the calendar knows.
  const start = new Date(`${Math.max(Number(today.slice(0, 4)) - 3, CALENDAR_FIRST_YEAR)}-01-02T00:00:00Z`)
  const market = new SimulatedMarketData({ clock: c.clock })
  const price = (symbol: string, date: string) => Math.round(market.close(symbol, dayIndex(date)) * 100) / 100
  const demo: Demo = { start, today, price, rnd: mulberry32(20_260_101) }
  await c.portfolio.seedDemo(login.tenantId, {
    ...club(start),
    trades: trades(demo),
    ...holdings(demo),
  })
  return 'created'
}

/** What the fixture builders share: the period, prices and the seeded generator. */
interface Demo {
  start: Date
  today: string
  price: (symbol: string, date: string) => number
  rnd: () => number
}

const MAIN = 0
const IRA = 1

/** Two manual accounts (MAIN, IRA), three investors and their capital flows. */
function club(start: Date): Pick<DemoFixtures, 'accounts' | 'investors' | 'flows'> {
  const [owner, ada, ben] = [0, 1, 2]
  // Contributions early, a few later top-ups and one small withdrawal.
  const flows = [
    [owner, 0, 60_000],
    [ada, 0, 30_000],
    [ben, 180, 15_000],
    [owner, 400, 10_000],
    [ada, 700, -5_000],
    [ben, 900, 7_500],
  ] as const
  return {
    accounts: [
      { name: 'Club brokerage', broker_type: 'manual', account_type: 'taxable' },
      { name: 'Roth IRA', broker_type: 'manual', account_type: 'roth_ira' },
    ],
    investors: [
      { name: 'Demo Investor', email: DEMO_EMAIL, is_owner: true },
      { name: 'Ada Partner', email: null },
      { name: 'Ben Member', email: null },
    ],
    flows: flows.map(([investor, offset, amount]) => ({
      investor,
      account: MAIN,
      flow_date: iso(new Date(start.getTime() + offset * DAY_MS)),
      amount,
    })),
  }
}

/**
 * Three years of closed trades: a few a week, mostly small gains, some losses. Bought and sold
 * on NYSE sessions only (steps through the calendar's trading days, never calendar days).
 */
function trades({ start, today, price, rnd }: Demo): DemoFixtures['trades'] {
  const out: DemoFixtures['trades'] = []
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
    out.push({
      account: rnd() < 0.8 ? MAIN : IRA,
      symbol,
      quantity,
      date_acquired: acquired,
      date_sold: sold,
      sold_on: sold,
      proceeds,
      cost_basis: cost,
      fees: 1,
      gain_loss: (Math.round((proceeds - cost - 1) * 100) / 100).toFixed(2),
      term: held > 365 ? 'long' : 'short',
    })
  }
  return out
}

/** Current holdings, and weekly (Friday) priced snapshots of them. */
function holdings({ start, today, price }: Demo): Pick<DemoFixtures, 'positions' | 'snapshots'> {
  const cost = new Map<string, number>()
  const positions: DemoFixtures['positions'] = []
  for (const [symbol, quantity] of HOLDINGS) {
    const basis = Math.round(quantity * price(symbol, iso(start)) * 100) / 100
    cost.set(symbol, basis)
    positions.push({ account: MAIN, symbol, quantity, cost_basis: basis, as_of: iso(start) })
  }
  const snapshots: DemoFixtures['snapshots'] = []
  for (let d = new Date(start); iso(d) <= today; d = new Date(d.getTime() + DAY_MS)) {
    if (d.getUTCDay() !== 5 && iso(d) !== today) continue
    for (const [symbol, quantity] of HOLDINGS) {
      const p = price(symbol, iso(d))
      const mv = Math.round(quantity * p * 100) / 100
      snapshots.push({
        account: MAIN,
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
  return { positions, snapshots }
}
