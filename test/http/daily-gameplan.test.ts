/** GET /gameplan: signals, market events by relevance, the plan window and degraded sections. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { upsertOpportunities } from '../../src/modules/trading-intel/discovery/opportunities.repository.ts'
import { UpstreamRateLimitError, UpstreamServerError } from '../../src/platform/upstream-errors.ts'
import type {
  DividendsProvider,
  EarningsEvent,
  EarningsProvider,
  ExDividend,
} from '../../src/providers/market-data/index.ts'
import { createSimulatedEconomicCalendar } from '../../src/providers/market-data/simulator/content/economic.ts'
import { json, type Body } from '../helpers/assertions.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { bearer, DailyMarket, flowSignal, hold, intradaySignal } from './daily-fixtures.ts'

const PRE_MARKET = '2026-11-20T12:00:00Z' // Friday 07:00 New York
const clock = fixedClock(PRE_MARKET)
const market = new DailyMarket({ clock })

const row = (symbol: string, date: string, hour: EarningsEvent['hour']): EarningsEvent => ({
  symbol,
  date,
  hour,
  quarter: 4,
  year: 2026,
  eps_estimate: 1.5,
  eps_actual: null,
  revenue_estimate: null,
  revenue_actual: null,
})
const EARNINGS = [
  row('AAPL', '2026-11-24', 'amc'), // held
  row('MSFT', '2026-11-23', 'bmo'), // watched, and Information Technology like AAPL
  row('BAC', '2026-11-24', null), // Financials like JPM
  row('XOM', '2026-11-25', 'bmo'), // watched only
  row('KO', '2026-11-25', 'bmo'), // nothing: left out
  row('JPM', '2026-12-10', 'bmo'), // after the window
]
let earningsDown = false
const earnings: EarningsProvider = {
  name: 'test',
  async calendar(from, to) {
    if (earningsDown) throw new UpstreamServerError('down', { provider: 'test', status: 503 })
    return EARNINGS.filter((e) => e.date >= from && e.date <= to)
  },
}
let dividendsDown = false
const dividends: DividendsProvider = {
  name: 'test',
  async exDividends(symbols, from, to) {
    if (dividendsDown) throw new UpstreamServerError('down', { provider: 'test', status: 500 })
    const rows: ExDividend[] = [
      { symbol: 'JPM', ex_date: '2026-11-24', pay_date: '2026-12-08', amount: 1.4, currency: 'USD' },
      { symbol: 'XOM', ex_date: '2026-11-27', pay_date: null, amount: 0.99, currency: 'USD' },
      { symbol: 'KO', ex_date: '2026-11-24', pay_date: null, amount: 0.51, currency: 'USD' },
    ]
    return rows.filter((d) => symbols.includes(d.symbol) && d.ex_date >= from && d.ex_date <= to)
  },
}
const simulatedEconomic = createSimulatedEconomicCalendar({ clock })
let economicDown = false
const economicCalendar = {
  name: 'test',
  economicCalendar: (from: string, to: string) => {
    if (economicDown) throw new UpstreamRateLimitError('limit', { provider: 'test', status: 429 })
    return simulatedEconomic.economicCalendar(from, to)
  },
}

let t: TestApp
let u: Client
before(async () => {
  t = await buildTestApp({ clock, providers: { market, earnings, dividends, economicCalendar } })
  u = await t.newTenant()
  await hold(t, u, [
    ['AAPL', 10],
    ['JPM', 4],
  ])
  await intradaySignal(t, u.tenantId, {
    symbol: 'AAPL',
    direction: 'long',
    price: 101,
    at: '2026-11-19T15:00:00Z',
  })
  await intradaySignal(t, u.tenantId, {
    symbol: 'JPM',
    direction: 'short',
    price: 300,
    at: '2026-11-18T15:00:00Z',
  })
  await flowSignal(
    t,
    u.tenantId,
    { symbol: 'JPM', direction: 'PUT_DOMINANCE', date: '2026-11-19' },
    new Date('2026-11-19T20:00:00Z'),
  )
  const opportunity = (symbol: string, score: number) => ({
    symbol,
    score,
    signals: 1,
    confluence_bonus: 0,
    scan_types: ['volume' as const],
    universes: ['sp500' as const],
    components: [],
  })
  await t.c.scopes.withTenant(u.tenantId, (s) =>
    upsertOpportunities(
      s,
      [opportunity('XOM', 70), opportunity('MSFT', 50), opportunity('AAPL', 90)],
      new Date(PRE_MARKET),
    ),
  )
})
after(() => t.close())

const plan = async (c: Client, query = '', role: 'user' | 'admin' = 'user') =>
  c.get(`/api/trading-intel/gameplan${query}`, await bearer(t, c, role))
const brief = (events: Body[]) =>
  events.map((e) => [e.date, e.type, e.symbol ?? e.title, e.relevance, e.impact])

describe('GET /gameplan', () => {
  it('the window, signals of the last 24 hours and the watchlist', async () => {
    clock.set(PRE_MARKET)
    const res = await plan(u)
    assert.equal(res.statusCode, 200, res.body)
    const p = json(res)
    assert.equal(p.plan_date, '2026-11-20')
    assert.deepEqual(p.window.trading_days, [
      '2026-11-20',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-27',
    ])
    assert.deepEqual(p.holdings, {
      count: 2,
      symbols: ['AAPL', 'JPM'],
      sectors: ['Financials', 'Information Technology'],
    })
    assert.equal(p.signals.since, '2026-11-19T12:00:00.000Z')
    assert.deepEqual(
      p.signals.intraday.map((s: Body) => [s.symbol, s.source]),
      [['AAPL', 'intraday.orb']],
    )
    assert.deepEqual(
      p.signals.options_flow.map((s: Body) => s.symbol),
      ['JPM'],
    )
    // AAPL is held: not on the watchlist.
    assert.deepEqual(p.signals.opportunities, [
      { symbol: 'XOM', score: 70, scan_types: ['volume'] },
      { symbol: 'MSFT', score: 50, scan_types: ['volume'] },
    ])
  })

  it('market events by date with their relevance tags', async () => {
    clock.set(PRE_MARKET)
    const p = json(await plan(u))
    assert.deepEqual(brief(p.events), [
      ['2026-11-20', 'index', 'Monthly options expiration', [], 'medium'],
      ['2026-11-23', 'earnings', 'MSFT', ['watched', 'sector_exposure'], 'medium'],
      ['2026-11-24', 'earnings', 'AAPL', ['held'], 'high'],
      ['2026-11-24', 'earnings', 'BAC', ['sector_exposure'], 'medium'],
      ['2026-11-24', 'ex_dividend', 'JPM', ['held'], 'medium'], // KO: neither held nor watched, not asked
      // Thanksgiving Thursday: claims move to Wednesday 08:30 New York.
      ['2026-11-25', 'economic', 'US Initial Jobless Claims', [], 'medium'],
      ['2026-11-25', 'earnings', 'XOM', ['watched'], 'medium'],
      ['2026-11-27', 'ex_dividend', 'XOM', ['watched'], 'low'],
    ])
    const jpm = p.events.find((e: Body) => e.type === 'ex_dividend')
    assert.equal(jpm.title, 'JPM ex-dividend 1.40 USD')
    assert.deepEqual(jpm.details, { amount: 1.4, currency: 'USD', pay_date: '2026-12-08' })
    const aapl = p.events.find((e: Body) => e.symbol === 'AAPL')
    assert.equal(aapl.title, 'AAPL Q4 2026 earnings (after the close)')
    assert.equal(aapl.sector, 'Information Technology')
    assert.equal(p.events.find((e: Body) => e.type === 'economic').time, '2026-11-25T13:30:00.000Z')
    assert.deepEqual(p.sections.earnings, { status: 'ok', reason: null, count: 4 })
    assert.deepEqual(p.sections.ex_dividend, { status: 'ok', reason: null, count: 2 })
    assert.equal(p.degraded, false)
  })

  it('after the close the plan is for the next trading day', async () => {
    clock.set('2026-11-20T21:05:00Z')
    const p = json(await plan(u))
    assert.equal(p.plan_date, '2026-11-23')
    assert.equal(p.window.to, '2026-11-30')
    assert.ok(!p.events.some((e: Body) => e.date === '2026-11-20'))
    clock.set('2026-11-26T12:00:00Z') // Thanksgiving
    assert.equal(json(await plan(u)).plan_date, '2026-11-27')
  })

  it('a failing provider degrades its section only', async () => {
    clock.set(PRE_MARKET)
    earningsDown = true
    economicDown = true
    dividendsDown = true
    try {
      const res = await plan(u)
      assert.equal(res.statusCode, 200, res.body)
      const p = json(res)
      assert.equal(p.degraded, true)
      assert.deepEqual(p.sections.earnings, {
        status: 'degraded',
        reason: 'earnings calendar unavailable (upstream server)',
        count: 0,
      })
      assert.equal(p.sections.ex_dividend.reason, 'ex-dividend dates unavailable (upstream server)')
      assert.deepEqual(p.sections.economic, {
        status: 'degraded',
        reason: 'economic calendar unavailable (upstream rate_limited)',
        count: 0,
      })
      assert.deepEqual(brief(p.events), [['2026-11-20', 'index', 'Monthly options expiration', [], 'medium']])
    } finally {
      earningsDown = false
      economicDown = false
      dividendsDown = false
    }
  })

  it('another tenant: its own plan, 404 for our account, 403 naming our tenant; an administrator may', async () => {
    clock.set(PRE_MARKET)
    const other = await t.newTenant()
    const theirs = json(await plan(other))
    assert.deepEqual(theirs.holdings, { count: 0, symbols: [], sectors: [] })
    assert.deepEqual(
      [theirs.signals.intraday, theirs.signals.options_flow, theirs.signals.opportunities],
      [[], [], []],
    )
    assert.deepEqual(
      theirs.events.map((e: Body) => e.type),
      ['index', 'economic'],
    ) // no company events
    const account = await hold(t, u, [['XOM', 1]])
    assert.equal((await plan(other, `?account_id=${account}`)).statusCode, 404)
    assert.equal((await plan(other, `?tenant_id=${u.tenantId}`)).statusCode, 403)
    const one = json(await plan(u, `?account_id=${account}`))
    assert.deepEqual(one.holdings.symbols, ['XOM'])
    assert.deepEqual(one.events.find((e: Body) => e.symbol === 'XOM').relevance, ['held'])
    const admin = await t.newTenant({ role: 'admin' })
    assert.deepEqual(json(await plan(admin, `?tenant_id=${u.tenantId}`, 'admin')).holdings.count, 3)
  })

  it('an archived (closed) account leaves the plan: its holdings are neither held nor tagged held', async () => {
    clock.set(PRE_MARKET)
    const v = await t.newTenant()
    await hold(t, v, [['AAPL', 10]])
    const closed = await hold(t, v, [['JPM', 4]])
    assert.deepEqual(json(await plan(v)).holdings.symbols, ['AAPL', 'JPM'])
    const res = await v.patch(`/api/accounts/${closed}`, { status: 'closed' })
    assert.equal(res.statusCode, 200, res.body)
    const p = json(await plan(v))
    assert.deepEqual(p.holdings, { count: 1, symbols: ['AAPL'], sectors: ['Information Technology'] })
    const jpm = p.events.filter((e: Body) => e.symbol === 'JPM')
    assert.ok(
      jpm.every((e: Body) => !(e.relevance as string[]).includes('held')),
      JSON.stringify(jpm),
    )
  })
})
