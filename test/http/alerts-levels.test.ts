/**
 * Level alerts fired by the scheduled `alerts.evaluate` job: the portfolio's drawdown from its NAV
 * peak, and a watchlist member's day move. Values are checked against the user's own reads (the NAV
 * history of GET /api/analytics/aum, the quotes of the simulated market); every_time fires once while
 * the condition stays true; the job does nothing while no session trades.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { json, type Body } from '../helpers/assertions.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { rule } from './alerts-fixtures.ts'
import { byChannel, eventsWorld, NOW, runEvaluateJob, traceOf } from './alerts-events-fixtures.ts'
import { bearer } from './daily-fixtures.ts'

const { clock, market } = eventsWorld()
const t = useTestApp({ clock, providers: { market } })

const prefs = async (u: Client, rules: object[]) => {
  const res = await u.put('/api/alerts/prefs', { rules })
  assert.equal(res.statusCode, 200, res.body)
  return json(res.body).rules as Body[]
}

/** (peak − latest) / peak × 100 on cents, to 4 decimals (half up), as a number. */
function drawdownOf(navs: number[]): number {
  const cents = navs.map((v) => Math.round(v * 100))
  const peak = Math.max(...cents)
  const latest = cents.at(-1)!
  return Math.round(((peak - latest) * 1_000_000) / peak) / 10_000
}

describe('drawdown_breach', () => {
  it('fires when the NAV is down from its peak by at least the percent, with the peak, NAV and fall', async () => {
    clock.set(NOW)
    const u = await t.newTenant()
    const account = await createManualAccount(u)
    const owner = (json(await u.get('/api/investors')).items as Body[]).find((i) => i.is_owner)!
    const flow = { investor_id: owner.investor_id, date: '2026-01-05', amount: 10_000 }
    assert.equal((await u.post('/api/capital-flows', flow)).statusCode, 201)
    // A holding posted on 2026-06-01 (a NAV point at book), then a realized loss of 1,500.
    const held = { account_id: account, symbol: 'XOM', quantity: 1, cost_basis: 100, as_of: '2026-06-01' }
    assert.equal((await u.post('/api/brokers/manual/positions', held)).statusCode, 201)
    const loss = {
      account_id: account,
      symbol: 'JNJ',
      quantity: 1,
      date_acquired: '2026-02-02',
      date_sold: '2026-10-01',
      proceeds: 8_500,
      cost_basis: 10_000,
    }
    assert.equal((await u.post('/api/brokers/manual/transactions', loss)).statusCode, 201)
    const navs = (json(await u.get('/api/analytics/aum')).history as Body[]).map((p) => p.nav as number)
    const fall = drawdownOf(navs)
    assert.ok(fall > 5 && fall < 50, `the NAV history ${navs.join(', ')} fell ${fall} % from its peak`)

    const percent = Math.floor(fall * 10) / 10 // just under the fall: it fires
    await prefs(u, [
      rule({ alert_type: 'drawdown_breach', params: { percent: percent + 0.1 }, frequency: 'every_time' }),
      rule({ alert_type: 'drawdown_breach', params: { percent }, frequency: 'every_time' }),
    ])
    await runEvaluateJob(t)
    const [d, ...rest] = await traceOf(u)
    assert.equal(rest.length, 0, `only the rule at ${percent} % fires, not the one at ${percent + 0.1} %`)
    assert.equal(Number(d!.values.drawdown_pct), fall)
    assert.equal(d!.values.peak_nav, Math.max(...navs))
    assert.equal(d!.values.nav, navs.at(-1))
    assert.equal(d!.values.percent, percent)
    assert.equal(byChannel(d!).in_app!.status, 'sent')

    await runEvaluateJob(t)
    assert.equal((await traceOf(u)).length, 1, 'every_time: still down, no second firing')
  })
})

describe('watchlist_move', () => {
  it('fires with the members that moved at least the percent, and not while no session trades', async () => {
    const u = await t.newTenant()
    const members = ['AAPL', 'MSFT', 'NVDA', 'JPM', 'XOM', 'KO']
    for (const symbol of members)
      assert.equal((await u.post('/api/watchlists/items', { symbol, list_name: 'core' })).statusCode, 201)
    clock.set(NOW)
    const quotes = await market.quotes(members)
    const moves = quotes.map((q) => Math.abs(q.change_pct)).sort((a, b) => b - a)
    const percent = Math.floor(moves[2]! * 10_000) / 10_000 // the three largest moves reach it
    assert.ok(percent >= 0.1, `the simulated day moves ${moves.join(', ')}`)
    const expected = quotes.filter((q) => Math.abs(q.change_pct) >= percent).map((q) => q.symbol)
    await prefs(u, [
      rule({
        alert_type: 'watchlist_move',
        params: { list_name: 'core', percent },
        channels: ['in_app', 'email'],
        frequency: 'every_time',
      }),
    ])

    clock.set('2026-11-21T16:00:00Z') // Saturday: the job runs, no session trades, nothing is evaluated
    await runEvaluateJob(t)
    assert.deepEqual(await traceOf(u, await bearer(t, u)), [])

    clock.set(NOW)
    await runEvaluateJob(t)
    const [d, ...rest] = await traceOf(u, await bearer(t, u))
    assert.equal(rest.length, 0)
    assert.deepEqual(d!.values.movers, [...expected].sort())
    assert.equal(d!.values.percent, String(percent))
    for (const q of quotes.filter((x) => expected.includes(x.symbol)))
      assert.ok(Math.abs(Number(d!.values[`change_pct.${q.symbol}`]) - q.change_pct) < 1e-8, q.symbol)
    assert.equal(byChannel(d!).in_app!.status, 'sent')
    assert.equal(byChannel(d!).email!.status, 'skipped')
    assert.equal(byChannel(d!).email!.summary, 'Not sent: your e-mail address is not verified')

    await runEvaluateJob(t)
    assert.equal(
      (await traceOf(u, await bearer(t, u))).length,
      1,
      'every_time: still moved, no second firing',
    )
  })
})
