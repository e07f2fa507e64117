/**
 * Alerts firing end to end: a price alert fired by POST /api/market/refresh once the simulated quote
 * has moved to its threshold (exactly at it), once per session however often the market refreshes,
 * the delivery trace with in-app sent and e-mail held by quiet hours until their end; and a saved
 * screen's membership alert fired by a snapshot rebuild, with the symbols gained and lost equal to
 * two runs of the same screen through the API.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { json } from '../helpers/assertions.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { bearer } from './daily-fixtures.ts'
import { T1, alertsWorld, rule } from './alerts-fixtures.ts'

const { clock, market } = alertsWorld()
const t = useTestApp({ clock, providers: { market } })

/** Calls as `u` with a session issued at the clock's time (the tests move it by minutes and days). */
const call = async (u: Client, method: 'GET' | 'POST', url: string, payload?: object) =>
  u.inject({ method, url, headers: await bearer(t, u), ...(payload ? { payload } : {}) })
const deliveries = async (u: Client, q = '') =>
  json((await call(u, 'GET', `/api/alerts/deliveries${q}`)).body).items
const refresh = async (u: Client) => {
  const res = await call(u, 'POST', '/api/market/refresh')
  assert.equal(res.statusCode, 200, res.body)
  await t.c.alerts.settled()
  return json(res.body)
}
const lastPrice = async (symbol: string) => (await market.quotes([symbol]))[0]!.last

describe('a price alert on a market refresh', () => {
  it('fires when the refreshed price reaches the threshold, once per session, with quiet hours holding e-mail', async () => {
    clock.set(T1)
    const u = await t.newTenant()
    const account = await createManualAccount(u)
    const position = { account_id: account, symbol: 'AAPL', quantity: 5, cost_basis: 100 }
    assert.equal((await u.post('/api/brokers/manual/positions', position)).statusCode, 201)
    // The simulated quote at 10:00 and at 10:30 New York; the rule's threshold is the later price.
    const p1 = await lastPrice('AAPL')
    clock.set('2026-11-25T15:30:00Z')
    const p2 = await lastPrice('AAPL')
    assert.notEqual(p1, p2, 'the simulated quote moved in half an hour')
    clock.set(T1)
    const type = p2 > p1 ? 'price_above' : 'price_below'
    const quiet = { enabled: true, start: '09:00', end: '11:00', time_zone: 'America/New_York' }
    const put = await u.put('/api/alerts/prefs', {
      quiet_hours: quiet,
      rules: [
        rule({
          alert_type: type,
          params: { symbol: 'AAPL', threshold: String(p2) },
          channels: ['in_app', 'email'],
        }),
      ],
    })
    assert.equal(put.statusCode, 200, put.body)
    const ruleId = json(put.body).rules[0].rule_id

    assert.equal((await refresh(u)).prices[0].price, p1)
    assert.deepEqual(await deliveries(u), [], `${p1} is on the wrong side of ${p2}: nothing fires`)

    clock.set('2026-11-25T15:30:00Z')
    assert.equal((await refresh(u)).prices[0].price, p2)
    const items = await deliveries(u)
    assert.equal(items.length, 1)
    const [d] = items
    assert.equal(d.rule_id, ruleId)
    assert.equal(d.alert_type, type)
    assert.deepEqual(d.condition, {
      params: { symbol: 'AAPL', threshold: String(p2) },
      frequency: 'once_per_session',
    })
    assert.deepEqual(d.values, { symbol: 'AAPL', price: String(p2), threshold: String(p2) })
    assert.equal(d.fired_at, '2026-11-25T15:30:00.000Z')
    const byChannel = Object.fromEntries(d.channels.map((c: { channel: string }) => [c.channel, c]))
    assert.equal(byChannel.in_app.status, 'sent')
    assert.equal(byChannel.in_app.sent_at, '2026-11-25T15:30:00.000Z')
    // 10:30 New York is inside 09:00–11:00: e-mail waits until 11:00 New York (16:00Z).
    assert.equal(byChannel.email.status, 'quiet_hours')
    assert.deepEqual(byChannel.email.detail, { held_until: '2026-11-25T16:00:00.000Z' })
    assert.equal(
      byChannel.email.summary,
      'Held by your quiet hours until 11:00 on 2026-11-25 (America/New_York)',
    )
    assert.equal(byChannel.in_app.summary, 'Delivered to your in-app inbox')
    assert.equal(byChannel.email.sent_at, null)

    // The condition still holds on a second refresh of the same session: no second firing.
    await refresh(u)
    clock.set('2026-11-25T15:30:30Z')
    await refresh(u)
    assert.equal((await deliveries(u)).length, 1)
    assert.equal(json((await call(u, 'GET', '/api/alerts/in-app/unread-count')).body).unread, 1)
    assert.deepEqual(await deliveries(u, '?alert_type=percent_move'), [])
  })

  it('a once rule is disabled after it fires', async () => {
    clock.set('2026-11-25T15:30:00Z')
    const u = await t.newTenant()
    const account = await createManualAccount(u)
    await u.post('/api/brokers/manual/positions', {
      account_id: account,
      symbol: 'MSFT',
      quantity: 1,
      cost_basis: 1,
    })
    const p = await lastPrice('MSFT')
    await u.put('/api/alerts/prefs', {
      rules: [rule({ params: { symbol: 'MSFT', threshold: String(p) }, frequency: 'once' })],
    })
    await refresh(u)
    assert.equal((await deliveries(u)).length, 1)
    assert.equal(json((await u.get('/api/alerts/prefs')).body).rules[0].enabled, false)
  })
})

describe('a saved screen’s membership on a snapshot rebuild', () => {
  it('records the baseline on the first rebuild, then fires with the symbols gained and lost', async () => {
    clock.set(T1)
    const u = await t.newTenant()
    const spec = { filters: { all: [{ field: 'change_pct', op: 'gt', value: 0 }] }, limit: 500 }
    const saved = await u.post('/api/screener/saved', { name: 'Up today', spec })
    assert.equal(saved.statusCode, 200, saved.body)
    const screenId = json(saved.body).id
    const put = await u.put('/api/alerts/prefs', {
      rules: [
        rule({
          alert_type: 'screen_membership',
          params: { saved_screen_id: screenId },
          frequency: 'every_time',
        }),
      ],
    })
    assert.equal(put.statusCode, 200, put.body)
    const members = async () =>
      new Set(
        json((await call(u, 'POST', '/api/screener', spec)).body).rows.map(
          (r: { symbol: string }) => r.symbol,
        ) as string[],
      )

    await t.c.screener.snapshots.rebuild()
    await t.c.alerts.settled()
    const before = await members()
    assert.deepEqual(await deliveries(u), [], 'the first run only records the baseline')

    clock.set('2026-11-27T15:00:00Z') // Friday's session (Thursday is Thanksgiving)
    await t.c.screener.snapshots.rebuild()
    await t.c.alerts.settled()
    const after = await members()
    const gained = [...after].filter((s) => !before.has(s)).sort()
    const lost = [...before].filter((s) => !after.has(s)).sort()
    assert.ok(gained.length + lost.length > 0, 'the screen’s members changed between the sessions')
    const items = await deliveries(u)
    assert.equal(items.length, 1)
    assert.deepEqual(items[0].values, { saved_screen_id: screenId, screen_name: 'Up today', gained, lost })
    assert.equal(items[0].channels[0].status, 'sent')

    await t.c.screener.snapshots.rebuild() // the same members again: nothing new
    await t.c.alerts.settled()
    assert.equal((await deliveries(u)).length, 1)
  })
})
