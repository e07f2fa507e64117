/**
 * Alerts over HTTP: the per-channel daily cap (a channel over it is `capped` with the cap and its
 * limit in the trace while in-app still goes, and exactly the limit is sent under concurrent
 * firings), a fired `once` rule re-armed by PUT /prefs, and a rule skipped because a read refuses
 * the user's plan (the note in GET /prefs; the same rule fires on a plan that allows the read).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { DAILY_CAPS } from '../../src/modules/engagement/alerts/index.ts'
import type { InsiderProvider } from '../../src/providers/market-data/index.ts'
import { json } from '../helpers/assertions.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { alertsWorld, rule } from './alerts-fixtures.ts'

const { clock, market } = alertsWorld() // Wednesday 2026-11-25, 10:00 New York
// One open-market purchase of AAPL worth 250,000 on 2026-11-24, filed the same evening.
const insider: InsiderProvider = {
  name: 'test',
  async insiderTransactions(symbols, from, to) {
    const buy = {
      symbol: 'AAPL',
      insider_name: 'Jane Doe',
      insider_title: 'Director',
      transaction_code: 'P',
      transaction_date: '2026-11-24',
      shares: 1000,
      price: 250,
      value: 250_000,
      shares_owned_after: null,
      filing_url: 'https://sec.example/AAPL/2026-11-24/P',
      filed_at: '2026-11-24T21:00:00Z',
    }
    return [buy].filter(
      (b) => symbols.includes(b.symbol) && b.transaction_date >= from && b.transaction_date <= to,
    )
  },
}
const t = useTestApp({ clock, providers: { market, insider } })

type Channel = { channel: string; status: string; detail: Record<string, unknown>; summary: string }
type Item = { rule_id: number; values: Record<string, unknown>; channels: Channel[] }
const deliveries = async (u: Client): Promise<Item[]> =>
  json((await u.get('/api/alerts/deliveries?limit=200')).body).items
const statusOf = (d: Item, channel: string) => d.channels.find((c) => c.channel === channel)!
const evaluate = async (symbols: string[]) => {
  await t.c.alerts.quotes.evaluate(symbols)
  await t.c.alerts.settled()
}

describe('the daily cap of a channel', () => {
  it('the e-mail over its cap is `capped` with the cap and limit, in-app still sent; exactly the limit under concurrent firings', async () => {
    const limit = DAILY_CAPS.email!
    assert.equal(limit, 20)
    const u = await t.newTenant({ plan: 'pro' })
    const alwaysAbove = (symbol: string) =>
      rule({ params: { symbol, threshold: '0.0001' }, channels: ['in_app', 'email'] })
    // limit − 1 rules on AAPL, then one on each of six other symbols: 25 firings, 5 over the cap.
    const others = ['MSFT', 'NVDA', 'JPM', 'JNJ', 'XOM', 'KO']
    const rules = [
      ...Array.from({ length: limit - 1 }, () => alwaysAbove('AAPL')),
      ...others.map(alwaysAbove),
    ]
    const put = await u.put('/api/alerts/prefs', { rules })
    assert.equal(put.statusCode, 200, put.body)

    await evaluate(['AAPL'])
    assert.equal((await deliveries(u)).length, limit - 1)
    // Six evaluations at once, one rule each, all seeing the one place left.
    await Promise.all(others.map((s) => evaluate([s])))
    const items = await deliveries(u)
    assert.equal(items.length, rules.length)
    const email = items.map((d) => statusOf(d, 'email'))
    const capped = email.filter((c) => c.status === 'capped')
    assert.equal(email.length - capped.length, limit, 'exactly the cap’s e-mails were sent or queued')
    assert.equal(capped.length, rules.length - limit)
    for (const c of capped) {
      assert.deepEqual(c.detail, { cap: 'email_per_day', limit })
      assert.equal(c.summary, 'Not sent: your daily e-mail limit of 20 was reached')
    }
    for (const d of items) assert.equal(statusOf(d, 'in_app').status, 'sent', 'in-app has no cap')
    assert.equal(json((await u.get('/api/alerts/in-app/unread-count')).body).unread, rules.length)

    // The same session again: once_per_session fires nothing more, and takes no place.
    await Promise.all(['AAPL', ...others].map((s) => evaluate([s])))
    assert.equal((await deliveries(u)).length, rules.length)
  })

  it('another user’s e-mails do not count against yours', async () => {
    const a = await t.newTenant({ plan: 'pro' })
    const b = await t.newUser(a.tenantId)
    const doc = { rules: [rule({ params: { symbol: 'PG', threshold: '0.0001' }, channels: ['email'] })] }
    for (const u of [a, b]) assert.equal((await u.put('/api/alerts/prefs', doc)).statusCode, 200)
    await evaluate(['PG'])
    for (const u of [a, b])
      assert.equal(statusOf((await deliveries(u))[0]!, 'email').status !== 'capped', true)
  })
})

describe('a once rule', () => {
  it('fires once, stays quiet while disabled, and fires once more after PUT re-arms it', async () => {
    const u = await t.newTenant()
    const put = async (enabled: boolean, ruleId?: number) => {
      const r = { ...rule({ params: { symbol: 'T', threshold: '0.0001' }, frequency: 'once' }), enabled }
      const res = await u.put('/api/alerts/prefs', { rules: [ruleId ? { ...r, rule_id: ruleId } : r] })
      assert.equal(res.statusCode, 200, res.body)
      return json(res.body).rules[0]
    }
    const { rule_id: ruleId } = await put(true)
    await evaluate(['T'])
    await evaluate(['T'])
    assert.equal((await deliveries(u)).length, 1)
    assert.equal(json((await u.get('/api/alerts/prefs')).body).rules[0].enabled, false)

    assert.equal((await put(true, ruleId)).enabled, true, 're-armed')
    await evaluate(['T'])
    const items = await deliveries(u)
    assert.equal(items.length, 2, 'the re-armed rule fired again')
    assert.deepEqual(
      items.map((d) => d.rule_id),
      [ruleId, ruleId],
    )
    assert.equal(json((await u.get('/api/alerts/prefs')).body).rules[0].enabled, false)
    await evaluate(['T'])
    assert.equal((await deliveries(u)).length, 2, 'and then once only')
    // A PUT that leaves it disabled does not re-arm it.
    await put(false, ruleId)
    await evaluate(['T'])
    assert.equal((await deliveries(u)).length, 2)
  })
})

describe('evaluation reads as the user, with the tenant’s plan', () => {
  it('a read the plan refuses skips the rule with a note in GET /prefs; on a plan that allows it the rule fires', async () => {
    // Insider purchases gated behind a feature of the paid plans (broker_connect: pro, premium),
    // asked of the scope the evaluation reads with, as a gated read would ask of a request's scope.
    const service = t.c.intel.insider
    const read = service.insiderBuying.bind(service)
    service.insiderBuying = async (scope, q) => {
      await t.c.tenancy.entitlements.requireFeature(scope, 'broker_connect')
      return read(scope, q)
    }
    try {
      const free = await t.newTenant()
      const pro = await t.newTenant({ plan: 'pro' })
      const doc = {
        rules: [
          rule({
            alert_type: 'insider_purchase',
            params: { symbol: 'AAPL', min_value: '100000' },
            frequency: 'every_time',
          }),
        ],
      }
      for (const u of [free, pro]) assert.equal((await u.put('/api/alerts/prefs', doc)).statusCode, 200)
      await t.c.alerts.events.evaluate()

      const skipped = json((await free.get('/api/alerts/prefs')).body).rules[0].skipped
      assert.deepEqual(skipped, {
        at: clock.now().toISOString(),
        read: 'insider purchases',
        status: 402,
        code: 'plan.feature_unavailable',
        message: 'Your plan does not include broker connect; upgrade to use it',
      })
      assert.deepEqual(await deliveries(free), [])

      assert.equal(json((await pro.get('/api/alerts/prefs')).body).rules[0].skipped, null)
      const [fired] = await deliveries(pro)
      assert.equal(fired!.values.symbol, 'AAPL')
      assert.equal(fired!.values.value, 250_000)

      // The tenant moves to pro: the next evaluation reads, fires and clears the note.
      await t.c.tenancy.tenants.setPlan(free.tenantId, 'pro')
      await t.c.alerts.events.evaluate()
      assert.equal(json((await free.get('/api/alerts/prefs')).body).rules[0].skipped, null)
      assert.equal((await deliveries(free)).length, 1)
    } finally {
      service.insiderBuying = read
    }
  })
})
