/**
 * GET /api/analytics/performance through HTTP, on a market with fixed closes and fixed euro
 * reference rates (portfolio-performance.helpers.ts). Every expected figure is worked out by hand in
 * the comments: one USD account, the scope, the ranges and validation. Today is Friday 2026-03-06
 * (the clock is fixed at 11:00 in New York); the ranges
 * below run from Tuesday 03-03, so the base day is Monday 03-02.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createManualAccount } from '../helpers/portfolio.ts'
import { assertFieldError, assertProblem, type Body } from '../helpers/assertions.ts'
import {
  RANGE,
  col,
  flow,
  near,
  owner,
  performance,
  position,
  usePerformanceApp,
} from './portfolio-performance.helpers.ts'

const app = usePerformanceApp()

describe('performance of one USD account', () => {
  // 1,000 comes in on 03-03 and buys 10 AAA (a position back-dated to 03-03, entered after the
  // fact, with no market refresh). Flows at the start of the day: r_t = V_t / (V_{t−1} + F_t) − 1.
  //
  // | day   | AAA | V       | F     | r                  | index |
  // | 03-02 | 100 | 0       |       |                    | 1     |
  // | 03-03 | 100 | 1,000   | 1,000 | 1,000/1,000 − 1 = 0 | 1     |
  // | 03-04 | 110 | 1,100   |       | +0.10              | 1.1   |
  // | 03-05 |  99 |   990   |       | −0.10              | 0.99  |
  // | 03-06 | 105 | 1,050   |       | 1,050/990 − 1      | 1.05  |
  //
  // TWR 0.05; gain 1,050 − 0 − 1,000 = 50; max drawdown 0.99/1.1 − 1 = −0.1 from 03-04 to 03-05,
  // not recovered. MWR: −1,000 on 03-03, +1,050 on 03-06 → 1.05^(365/3) − 1 a year. SPY: 500 on the
  // base day, 520 on the last: +4 %.
  it('values a back-dated position from its date and chains TWR, MWR and the statistics', async () => {
    const u = await app().newTenant()
    const account = await createManualAccount(u)
    await flow(u, await owner(u), '2026-03-03', 1000, account)
    await position(u, account, 'AAA', 10, '2026-03-03')
    const b = await performance(u)
    assert.deepEqual(col(b, 'date'), ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'])
    assert.deepEqual(col(b, 'value'), [0, 1000, 1100, 990, 1050])
    assert.deepEqual(col(b, 'net_flow'), [0, 1000, 0, 0, 0])
    assert.deepEqual(col(b, 'cash'), [0, 0, 0, 0, 0])
    ;[1, 1, 1.1, 0.99, 1.05].forEach((x, i) => near(col(b, 'twr_index')[i], x))
    ;[1, 1.01, 1.02, 0.99, 1.04].forEach((x, i) => near(col(b, 'benchmark_index')[i], x))
    assert.deepEqual(
      [b.range, b.from, b.to, b.base_date, b.currency],
      [null, '2026-03-03', '2026-03-06', '2026-03-02', 'USD'],
    )
    assert.deepEqual([b.start_value, b.end_value, b.net_flows, b.gain], [0, 1050, 1000, 50])
    near(b.twr, 0.05)
    near(b.mwr, 1.05 ** (365 / 3) - 1, 1e-6)
    near(b.mwr_period, (1 + (b.mwr as number)) ** (4 / 365) - 1, 1e-9)
    const r = [0, 0.1, -0.1, 1050 / 990 - 1]
    const mean = r.reduce((s, x) => s + x, 0) / 4
    const sd = Math.sqrt(r.reduce((s, x) => s + (x - mean) ** 2, 0) / 3)
    near(b.volatility, sd * Math.sqrt(252))
    near(b.sharpe, (mean / sd) * Math.sqrt(252))
    const dd = b.max_drawdown as Body
    near(dd.value, -0.1)
    assert.deepEqual([dd.peak_date, dd.trough_date, dd.recovery_date], ['2026-03-04', '2026-03-05', null])
    assert.equal((b.benchmark as Body).symbol, 'SPY')
    near((b.benchmark as Body).twr, 0.04)
    assert.equal(b.degraded, false)
  })

  it('subtracts a daily risk-free rate in Sharpe and takes any instrument as the benchmark', async () => {
    const u = await app().newTenant()
    const account = await createManualAccount(u)
    await flow(u, await owner(u), '2026-03-03', 1000, account)
    await position(u, account, 'AAA', 10, '2026-03-03')
    const b = await performance(u, `${RANGE}&risk_free=0.04&benchmark=aaa`)
    const r = [0, 0.1, -0.1, 1050 / 990 - 1]
    const mean = r.reduce((s, x) => s + x, 0) / 4
    const sd = Math.sqrt(r.reduce((s, x) => s + (x - mean) ** 2, 0) / 3)
    near(b.sharpe, ((mean - (1.04 ** (1 / 252) - 1)) / sd) * Math.sqrt(252))
    assert.equal((b.benchmark as Body).symbol, 'AAA')
    near((b.benchmark as Body).twr, 105 / 100 - 1)
  })
})

describe('scope, isolation and validation', () => {
  // Two accounts: 10 AAA in one, 1 AAA in the other (both from 03-03), and a 500 flow of no
  // account on 03-05. The whole portfolio: 11 × AAA, with the 500 flow; account 1 alone: 10 × AAA
  // and no flow (a flow of no account counts only without an account filter).
  it('scopes by account, and counts flows of no account only in the whole portfolio', async () => {
    const u = await app().newTenant()
    const [a1, a2] = [await createManualAccount(u, 'One'), await createManualAccount(u, 'Two')]
    await position(u, a1, 'AAA', 10, '2026-03-03')
    await position(u, a2, 'AAA', 1, '2026-03-03')
    await flow(u, await owner(u), '2026-03-05', 500)
    const all = await performance(u, `${RANGE}&by=account`)
    assert.deepEqual(col(all, 'value'), [0, 1100, 1210, 1089, 1155])
    assert.deepEqual(col(all, 'net_flow'), [0, 0, 0, 500, 0])
    const accounts = all.accounts as Body[]
    assert.deepEqual(
      accounts.map((a) => a.account_id),
      [a1, a2],
    )
    assert.deepEqual(col(accounts[1]!, 'value'), [0, 100, 110, 99, 105])
    assert.deepEqual([accounts[1]!.end_value, accounts[1]!.net_flows], [105, 0])
    const one = await performance(u, `${RANGE}&account_id=${a1}`)
    assert.deepEqual(col(one, 'value'), [0, 1000, 1100, 990, 1050])
    assert.deepEqual(col(one, 'net_flow'), [0, 0, 0, 0, 0])
    assert.equal(one.accounts, undefined)
    const both = await performance(u, `${RANGE}&account_ids=${a1},${a2}`)
    assert.deepEqual(col(both, 'net_flow'), [0, 0, 0, 0, 0])
  })

  it('answers a new position at once: the cache key moves with every portfolio write', async () => {
    const u = await app().newTenant()
    const account = await createManualAccount(u)
    assert.deepEqual(col(await performance(u), 'value'), [0, 0, 0, 0, 0])
    await position(u, account, 'AAA', 2, '2026-03-04')
    assert.deepEqual(col(await performance(u), 'value'), [0, 0, 220, 198, 210])
  })

  it('never shows another tenant’s accounts: 404 for their id, nothing of theirs in the total', async () => {
    const owner1 = await app().newTenant()
    const theirs = await createManualAccount(owner1)
    await position(owner1, theirs, 'AAA', 10, '2026-03-03')
    const other = await app().newTenant()
    assertProblem(
      await other.get(`/api/analytics/performance?account_id=${theirs}`),
      404,
      'accounts.not_found',
    )
    assertProblem(
      await other.get(`/api/analytics/performance?account_ids=${theirs}`),
      404,
      'accounts.not_found',
    )
    const b = await performance(other)
    assert.deepEqual(col(b, 'value'), [0, 0, 0, 0, 0])
  })

  it('names the range: YTD by default, from the last close of the previous year', async () => {
    const u = await app().newTenant()
    const b = await performance(u, '')
    assert.deepEqual([b.range, b.from, b.to, b.base_date], ['YTD', '2026-01-01', '2026-03-06', '2025-12-31'])
    const d = await performance(u, '?range=1D')
    assert.deepEqual([d.from, d.base_date, (d.series as Body[]).length], ['2026-03-06', '2026-03-05', 2])
    const w = await performance(u, '?range=WTD')
    assert.deepEqual([w.from, w.base_date], ['2026-03-02', '2026-02-27'])
    const y = await performance(u, '?range=1Y')
    assert.deepEqual([y.from, y.base_date], ['2025-03-07', '2025-03-06'])
    const account = await createManualAccount(u)
    await position(u, account, 'AAA', 1, '2026-03-03')
    const max = await performance(u, '?range=MAX')
    assert.deepEqual([max.from, max.base_date, max.end_value], ['2026-03-03', '2026-03-02', 105])
    await flow(u, await owner(u), '1985-06-03', 10)
    assert.equal((await performance(u, '?range=MAX')).from, '1990-01-03')
  })

  it('refuses inconsistent or impossible parameters with 422', async () => {
    const u = await app().newTenant()
    const bad = (q: string) => u.get(`/api/analytics/performance?${q}`)
    assertFieldError(await bad('range=YTD&from=2026-01-02'), ['query', 'range'])
    assertFieldError(await bad('to=2026-03-01'), ['query', 'from'])
    assertFieldError(await bad('from=2026-03-05&to=2026-03-02'), ['query', 'to'])
    assertFieldError(await bad('from=2026-03-02&to=2026-03-09'), ['query', 'to'])
    assertFieldError(await bad('from=1985-01-02'), ['query', 'from'])
    assertFieldError(await bad('benchmark=NOPE'), ['query', 'benchmark'])
    assert.equal((await bad('range=2W')).statusCode, 422)
    assert.equal((await bad('risk_free=3')).statusCode, 422)
    assert.equal((await bad('from=2026-02-30')).statusCode, 422)
    assert.equal((await bad('by=symbol')).statusCode, 422)
  })
})
