/**
 * The set-up the performance HTTP tests share: a market with fixed daily closes and fixed euro
 * reference rates (portfolio-performance.fakes.ts), an app on them with the clock at Friday
 * 2026-03-06 11:00 New York, and small helpers that write through the API.
 */
import assert from 'node:assert/strict'
import { after, before } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { recordActivities } from '../../src/modules/portfolio/activities/record.service.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json, type Body } from '../helpers/assertions.ts'
import { FixedFx, FixedMarket } from './portfolio-performance.fakes.ts'

export const market = new FixedMarket({
  AAA: {
    currency: 'USD',
    days: {
      '2026-02-27': 95,
      '2026-03-02': 100,
      '2026-03-03': 100,
      '2026-03-04': 110,
      '2026-03-05': 99,
      '2026-03-06': 105,
    },
  },
  EEE: { currency: 'EUR', days: { '2026-03-04': 200, '2026-03-05': 210, '2026-03-06': 220 } },
  SPY: {
    currency: 'USD',
    days: {
      '2026-02-27': 490,
      '2026-03-02': 500,
      '2026-03-03': 505,
      '2026-03-04': 510,
      '2026-03-05': 495,
      '2026-03-06': 520,
    },
  },
})
const USD_PER_EUR = {
  '2026-02-27': '1.10',
  '2026-03-02': '1.10',
  '2026-03-03': '1.10',
  '2026-03-04': '1.20',
  '2026-03-05': '1.25',
  '2026-03-06': '1.25',
}
const fx = new FixedFx(Object.entries(USD_PER_EUR).map(([date, usd]) => ({ date, rates: { USD: usd } })))

let app: TestApp | undefined
/** Builds the app before the file's tests and closes it after; `t()` is that app. */
export function usePerformanceApp(): () => TestApp {
  before(async () => {
    app = await buildTestApp({ clock: fixedClock('2026-03-06T16:00:00Z'), providers: { market, fx } })
  })
  after(async () => {
    await app?.close()
  })
  return () => app!
}
const t = () => app!

export const RANGE = '?from=2026-03-03&to=2026-03-06'
export async function performance(u: Client, query = RANGE): Promise<Body> {
  const res = await u.get(`/api/analytics/performance${query}`)
  assert.equal(res.statusCode, 200, res.body)
  return json(res.body)
}
export const col = (b: Body, key: string) => (b.series as Body[]).map((p) => p[key])
export const near = (a: unknown, b: number, tol = 1e-9) =>
  assert.ok(Math.abs((a as number) - b) <= tol, `${String(a)} ≠ ${b}`)

export async function position(
  u: Client,
  account_id: number,
  symbol: string,
  quantity: number,
  as_of: string,
) {
  const res = await u.post('/api/brokers/manual/positions', {
    account_id,
    symbol,
    quantity,
    cost_basis: 1,
    as_of,
  })
  assert.equal(res.statusCode, 201, res.body)
}
export async function owner(u: Client): Promise<number> {
  const res = await u.post('/api/investors', { name: 'Owner' })
  assert.equal(res.statusCode, 201, res.body)
  return json(res.body).investor_id as number
}
export async function flow(
  u: Client,
  investor_id: number,
  date: string,
  amount: number,
  account_id?: number,
) {
  const res = await u.post('/api/capital-flows', {
    investor_id,
    date,
    amount,
    ...(account_id ? { account_id } : {}),
  })
  assert.equal(res.statusCode, 201, res.body)
}
export async function deposit(u: Client, accountId: number, date: string, amount: string, currency: string) {
  await t().c.scopes.withTenant(u.tenantId, (s) =>
    recordActivities(
      s,
      accountId,
      [{ type: 'DEPOSIT', activity_date: date, amount, currency, source: 'manual' }],
      u.userId,
    ),
  )
}
