/**
 * Event alerts fired by the scheduled `alerts.evaluate` job: a new intraday signal, an options-flow
 * reading, an upcoming earnings report and an insider purchase. Each firing's values are checked
 * against the user's own read of the same source through the API, its channels' statuses in the
 * delivery trace, and a second run of the job fires nothing more (one firing per event, or per
 * session).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type {
  EarningsEvent,
  InsiderProvider,
  InsiderTransaction,
} from '../../src/providers/market-data/index.ts'
import { json, type Body } from '../helpers/assertions.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { rule } from './alerts-fixtures.ts'
import { verifyEmail } from './briefing-fixtures.ts'
import { byChannel, eventsWorld, NOW, runEvaluateJob, traceOf } from './alerts-events-fixtures.ts'

const { clock, market } = eventsWorld()

const report = (symbol: string, date: string): EarningsEvent => ({
  symbol,
  date,
  hour: 'amc',
  quarter: 4,
  year: 2026,
  eps_estimate: 1.5,
  eps_actual: null,
  revenue_estimate: 1e9,
  revenue_actual: null,
})
// Today is 2026-11-20 (New York): Monday the 23rd is within 3 days, December 10th is not.
const REPORTS = [report('NVDA', '2026-11-23'), report('NVDA', '2026-12-10'), report('JPM', '2026-11-21')]
const earnings = {
  name: 'test',
  async calendar(from: string, to: string, symbols?: string[]) {
    return REPORTS.filter((e) => e.date >= from && e.date <= to && (!symbols || symbols.includes(e.symbol)))
  },
}

const filing = (
  code: string,
  date: string,
  shares: number,
  price: number,
  name: string,
): InsiderTransaction => ({
  symbol: 'XOM',
  insider_name: name,
  insider_title: 'Director',
  transaction_code: code,
  transaction_date: date,
  shares,
  price,
  value: shares * price,
  shares_owned_after: null,
  filing_url: `https://sec.example/XOM/${date}/${code}/${shares}`,
  filed_at: `${date}T21:00:00Z`,
})
// The rule is created on 2026-11-20: purchases from 2026-11-17 count (filings arrive days late).
const FILINGS = [
  filing('P', '2026-11-18', 2000, 110, 'Big Buyer'), // 220,000: fires
  filing('P', '2026-11-19', 10, 110, 'Small Buyer'), // 1,100: under the minimum
  filing('S', '2026-11-18', 5000, 112, 'Seller'), // a sale
  filing('P', '2026-11-10', 3000, 105, 'Early Buyer'), // before the rule's look-back
]
const insider: InsiderProvider = {
  name: 'test',
  async insiderTransactions(symbols, from, to) {
    return FILINGS.filter(
      (f) => symbols.includes(f.symbol) && f.transaction_date >= from && f.transaction_date <= to,
    )
  },
}

const t = useTestApp({ clock, providers: { market, earnings, insider } })

const prefs = async (u: Client, rules: object[]) => {
  const res = await u.put('/api/alerts/prefs', { rules })
  assert.equal(res.statusCode, 200, res.body)
  return json(res.body).rules as Body[]
}

/** Fires once on the job, and not again on a second run of it. */
async function firesOnce(u: Client): Promise<ReturnType<typeof traceOf>> {
  await runEvaluateJob(t)
  const items = await traceOf(u)
  await runEvaluateJob(t)
  assert.equal((await traceOf(u)).length, items.length, 'a second run fires nothing more')
  return items
}

describe('the alerts.evaluate job', () => {
  it('intraday_signal: one firing per new signal of the chosen setups, with the signal’s values', async () => {
    clock.set(NOW)
    const u = await t.newTenant()
    await verifyEmail(t, u)
    const setups = ['orb', 'gap']
    const [r] = await prefs(u, [
      rule({
        alert_type: 'intraday_signal',
        params: { target: 'symbol', symbol: 'AAPL', setups },
        channels: ['in_app', 'email'],
        frequency: 'every_time',
      }),
    ])
    const detected = await u.post('/api/trading-intel/intraday/detect', { symbols: ['AAPL'] })
    assert.equal(detected.statusCode, 200, detected.body)
    const signals = (json(await u.get('/api/trading-intel/intraday/signals')).items as Body[]).filter((s) =>
      setups.includes(s.setup),
    )
    assert.equal(signals.length, 2, 'S1 has a gap and an ORB')

    const items = await firesOnce(u)
    assert.equal(items.length, 2)
    const bySignal = new Map(items.map((d) => [d.values.signal_id, d]))
    for (const s of signals) {
      const d = bySignal.get(s.id)!
      assert.equal(d.rule_id, r!.rule_id)
      assert.deepEqual(d.values, {
        symbol: 'AAPL',
        setup: s.setup,
        direction: s.direction,
        price: s.price,
        confidence: s.confidence,
        trigger_time: s.trigger_time,
        signal_id: s.id,
      })
      assert.equal(byChannel(d).in_app!.status, 'sent')
      const email = byChannel(d).email!
      assert.equal(email.status, 'sent')
      assert.equal(email.detail.recipient, u.email)
      assert.equal(email.summary, `Sent by e-mail to ${u.email}`)
      assert.equal(byChannel(d).in_app!.summary, 'Delivered to your in-app inbox')
    }
  })

  it('options_flow: one firing per reading and direction, with the reading', async () => {
    clock.set(NOW)
    market.chains.KO = [
      [2000, 2500],
      [4000, 5000],
    ] // put/call 4,500 / 9,000 = 0.5: call dominance
    const u = await t.newTenant()
    await prefs(u, [
      rule({
        alert_type: 'options_flow',
        params: { symbol: 'KO' },
        channels: ['in_app'],
        frequency: 'once_per_session',
      }),
    ])
    const res = await u.post('/api/trading-intel/intraday/flow/detect', { symbols: ['KO'] })
    assert.equal(res.statusCode, 200, res.body)
    const [reading] = json(res.body).signals as Body[]
    assert.equal(reading!.direction, 'CALL_DOMINANCE')

    const [d, ...rest] = await firesOnce(u)
    assert.equal(rest.length, 0)
    assert.deepEqual(d!.values, {
      symbol: 'KO',
      direction: 'CALL_DOMINANCE',
      confidence: reading!.confidence,
      trading_date: '2026-11-20',
      reading_id: reading!.id,
    })
    assert.deepEqual(
      d!.channels.map((c) => [c.channel, c.status]),
      [['in_app', 'sent']],
    )
  })

  it('earnings_upcoming: each report dated today through today + days, once', async () => {
    clock.set(NOW)
    const u = await t.newTenant()
    await prefs(u, [
      rule({
        alert_type: 'earnings_upcoming',
        params: { symbol: 'NVDA', days: 3 },
        channels: ['in_app', 'web_push'],
        frequency: 'every_time',
      }),
    ])
    const expected = json(await u.get('/api/earnings/calendar?from=2026-11-20&to=2026-11-23&symbols=NVDA'))
      .items as Body[]
    assert.deepEqual(
      expected.map((e) => e.date),
      ['2026-11-23'],
    )
    const [d, ...rest] = await firesOnce(u)
    assert.equal(rest.length, 0)
    assert.deepEqual(d!.values, { symbol: 'NVDA', date: '2026-11-23', hour: 'amc', days: 3 })
    const push = byChannel(d!).web_push!
    assert.equal(push.status, 'skipped', 'no browser subscribed')
    assert.deepEqual(push.detail, { reason: 'no_push_target' })
    assert.equal(push.summary, 'Not sent: no browser or device is set up for push')
  })

  it('insider_purchase on the holdings: purchases of at least the value since the look-back', async () => {
    clock.set(NOW)
    const u = await t.newTenant()
    const account = await createManualAccount(u)
    const held = { account_id: account, symbol: 'XOM', quantity: 10, cost_basis: 1000 }
    assert.equal((await u.post('/api/brokers/manual/positions', held)).statusCode, 201)
    await prefs(u, [
      rule({
        alert_type: 'insider_purchase',
        params: { target: 'holdings', min_value: '100000' },
        channels: ['in_app'],
        frequency: 'every_time',
      }),
    ])
    const own = json(await u.get('/api/intel/insider-buying?symbols=XOM&min_value_usd=100000'))
      .items as Body[]
    const counted = own.filter((p) => p.transaction_date >= '2026-11-17')
    assert.equal(counted.length, 1, 'one purchase of 100,000 or more since 2026-11-17')
    assert.equal(counted[0]!.insider_name, 'Big Buyer')

    const [d, ...rest] = await firesOnce(u)
    assert.equal(rest.length, 0)
    assert.equal(byChannel(d!).in_app!.status, 'sent')
    assert.deepEqual(d!.values, { ...counted[0], min_value: '100000' })
  })
})
