/** Committee runs end to end on a controlled market: ordered events, hand-checked opinions and decision. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { annualVolatility, simpleReturns } from '../../src/kernel/quant/index.ts'
import { assertFieldError, assertProblem, json } from '../helpers/assertions.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import {
  CLOSES,
  clock,
  CommitteeMarket,
  FixedEarnings,
  FixedNews,
  RUNS,
  runToEnd,
} from './committee-fixtures.ts'

const market = new CommitteeMarket()
const news = new FixedNews()
const earnings = new FixedEarnings()
let t: TestApp
before(async () => {
  t = await buildTestApp({ clock, providers: { market, news, earnings, llm: null } })
})
after(() => t.close())

const near = (a: number, b: number, what: string, tol = 1e-4) =>
  assert.ok(Math.abs(a - b) <= tol, `${what}: ${a} vs ${b}`)
const r4 = (x: number) => Math.round(x * 10_000) / 10_000

describe('committee runs', () => {
  it('runs the analysts in order and decides from their weighted scores', async () => {
    const u = await t.newTenant()
    const res = await u.post(RUNS, { symbol: 'aapl' })
    assert.equal(res.statusCode, 202, res.body)
    const accepted = json(res)
    assert.match(accepted.run_id, /^[0-9A-HJKMNP-TV-Z]{26}$/)
    assert.equal(accepted.status, 'queued')
    await t.c.jobs.drain()

    const run = json(await u.get(`${RUNS}/${accepted.run_id}`))
    assert.equal(run.status, 'completed', JSON.stringify(run.error))
    assert.equal(run.symbol, 'AAPL')
    const by = Object.fromEntries(run.opinions.map((o: { analyst: string }) => [o.analyst, o]))
    assert.deepEqual(Object.keys(by), ['technical', 'fundamental', 'news_sentiment', 'flow', 'risk_manager'])

    // News: P = 3 words + 2 (target raised), N = 1 word + 2 (downgrade) → (5 − 3)/8 = 0.25, confidence 8/10.
    assert.deepEqual(
      [by.news_sentiment.score, by.news_sentiment.confidence, by.news_sentiment.stance],
      [0.25, 0.8, 'bullish'],
    )
    assert.deepEqual(
      [by.news_sentiment.evidence.positive_hits, by.news_sentiment.evidence.negative_hits],
      [5, 3],
    )
    // Flow: nearest expiration only, PCR 300/1000 = 0.3 → (0.7 − 0.3)/0.5 = 0.8; confidence log10(1300)/4.
    assert.equal(by.flow.score, 0.8)
    assert.equal(by.flow.confidence, r4(Math.log10(1300) / 4))
    assert.equal(by.flow.evidence.put_call_ratio, 0.3)
    // Fundamental: the last four surprises +10, +5, 0, +5 % → mean 5 % / 10 % = 0.5, confidence 1.
    assert.deepEqual([by.fundamental.score, by.fundamental.confidence], [0.5, 1])
    assert.equal(by.fundamental.evidence.mean_surprise, 0.05)
    assert.equal(by.fundamental.evidence.quarters.length, 4)
    // Risk: no holdings (weight 0); volatility of the last 60 returns, (0.30 − vol)/0.40.
    const vol = annualVolatility(simpleReturns(CLOSES.slice(-61)))
    near(by.risk_manager.evidence.annual_volatility, vol, 'volatility')
    near(by.risk_manager.score, Math.max(-1, Math.min(1, (0.3 - vol) / 0.4)), 'risk score')
    assert.equal(by.risk_manager.evidence.position_weight, 0)
    // Technical: each component is ±0.25 or the RSI line; all four present with 250 bars.
    const tech = by.technical
    assert.equal(tech.confidence, 1)
    const comps: number[] = Object.values(tech.evidence.components)
    near(
      tech.score,
      comps.reduce((a, b) => a + b, 0),
      'technical score',
    )
    assert.equal(
      tech.evidence.components.trend_sma50,
      tech.evidence.close > tech.evidence.sma50 ? 0.25 : -0.25,
    )

    // Portfolio manager: default weights 1, 1, 0.5, 0.5, 1.
    const w = { technical: 1, fundamental: 1, news_sentiment: 0.5, flow: 0.5, risk_manager: 1 }
    let mass = 0
    let sum = 0
    for (const [a, wt] of Object.entries(w)) {
      mass += wt * by[a].confidence
      sum += wt * by[a].confidence * by[a].score
    }
    const S = sum / mass
    const conviction = Math.abs(S) * (mass / 4)
    near(run.decision.weighted_score, S, 'weighted score')
    near(run.decision.conviction, conviction, 'conviction')
    const expected = conviction < 0.2 ? 'hold' : S >= 0.15 ? 'buy' : S <= -0.15 ? 'sell' : 'hold'
    assert.equal(run.decision.action, expected)
    assert.equal(run.decision.method, 'rules')
    assert.equal(run.decision.evidence.contributions.length, 5)

    // Events: started, five opinions, decision; seq 1..7; `after` polls the rest.
    const events = json(await u.get(`${RUNS}/${accepted.run_id}/events`))
    assert.deepEqual(
      events.items.map((e: { seq: number; kind: string }) => `${e.seq}:${e.kind}`),
      [
        '1:started',
        '2:analyst_opinion',
        '3:analyst_opinion',
        '4:analyst_opinion',
        '5:analyst_opinion',
        '6:analyst_opinion',
        '7:decision',
      ],
    )
    assert.equal(events.next_after, 7)
    const tail = json(await u.get(`${RUNS}/${accepted.run_id}/events?after=5&limit=1`))
    assert.deepEqual(
      tail.items.map((e: { seq: number }) => e.seq),
      [6],
    )
    assert.equal(tail.next_after, 6)
    assert.deepEqual(json(await u.get(`${RUNS}/${accepted.run_id}/events?after=7`)).items, [])
  })

  it('one provider failing: that analyst is unavailable and the others decide; all failing: failed', async () => {
    const u = await t.newTenant()
    market.failing.add('chain')
    try {
      const run = await runToEnd(t, u)
      assert.equal(run.status, 'completed')
      const flow = run.opinions.find((o: { analyst: string }) => o.analyst === 'flow')
      assert.equal(flow.status, 'unavailable')
      assert.match(flow.reason, /^upstream\.server: chain down/)
      assert.deepEqual(run.decision.evidence.unavailable, ['flow'])
      assert.equal(run.decision.evidence.contributions.length, 4)
    } finally {
      market.failing.clear()
    }
    // Held in its first analyst while every provider goes down (the symbol lookup at creation works).
    let release = () => {}
    market.gate = new Promise<void>((r) => (release = r))
    const res = await u.post(RUNS, { symbol: 'AAPL' })
    market.failing.add('chain').add('bars').add('instrument')
    news.failing = true
    earnings.failing = true
    market.gate = null
    release()
    try {
      await t.c.jobs.drain()
      const run = json(await u.get(`${RUNS}/${json(res).run_id}`))
      assert.equal(run.status, 'failed')
      assert.equal(run.error.code, 'committee.all_analysts_unavailable')
      assert.equal(run.decision, null)
      const events = json(await u.get(`${RUNS}/${run.run_id}/events`)).items
      assert.equal(events.at(-1).kind, 'failed')
      assert.equal(events.length, 7)
    } finally {
      market.failing.clear()
      news.failing = false
      earnings.failing = false
    }
  })

  it("refuses an unknown symbol (422), another tenant's account (404) and a malformed run id (422)", async () => {
    const u = await t.newTenant()
    assertFieldError(await u.post(RUNS, { symbol: 'ZZZZQ' }), ['body', 'symbol'], 'unknown_symbol')
    assert.equal((await u.post(RUNS, {})).statusCode, 422)
    const other = await t.newTenant()
    const account = json(await other.post('/api/accounts', { name: 'Theirs', broker_type: 'manual' })).id
    assertProblem(await u.post(RUNS, { symbol: 'AAPL', account_id: account }), 404, 'accounts.not_found')
    assert.equal((await u.get(`${RUNS}/not-a-run`)).statusCode, 422)
    assertProblem(await u.get(`${RUNS}/01KAZ4W5Q2M7YB3N8C6D0E1F2G`), 404, 'committee.run_not_found')
  })

  it('another tenant gets 404 on every run route, and sees none of the runs', async () => {
    const u = await t.newTenant()
    const run = await runToEnd(t, u)
    const intruder = await t.newTenant()
    for (const path of ['', '/events'])
      assertProblem(await intruder.get(`${RUNS}/${run.run_id}${path}`), 404, 'committee.run_not_found')
    for (const action of ['promote', 'cancel', 'retry'])
      assertProblem(await intruder.post(`${RUNS}/${run.run_id}/${action}`), 404, 'committee.run_not_found')
    assert.deepEqual(json(await intruder.get(RUNS)).items, [])
    assert.equal(json(await u.get(RUNS)).items[0].run_id, run.run_id)
  })

  it('lists runs newest first, by symbol, paged', async () => {
    const u = await t.newTenant()
    const a = await runToEnd(t, u, { symbol: 'AAPL' })
    const m = await runToEnd(t, u, { symbol: 'MSFT' })
    const all = json(await u.get(RUNS))
    assert.deepEqual(
      all.items.map((r: { run_id: string }) => r.run_id),
      [m.run_id, a.run_id],
    )
    assert.equal(all.items[0].action, m.decision.action)
    const aapl = json(await u.get(`${RUNS}?symbol=AAPL`))
    assert.deepEqual(
      aapl.items.map((r: { run_id: string }) => r.run_id),
      [a.run_id],
    )
    const p1 = json(await u.get(`${RUNS}?limit=1`))
    assert.equal(p1.items.length, 1)
    const p2 = json(await u.get(`${RUNS}?limit=1&cursor=${p1.next_cursor}`))
    assert.deepEqual(
      p2.items.map((r: { run_id: string }) => r.run_id),
      [a.run_id],
    )
    assert.equal(p2.next_cursor, null)
    assert.equal((await u.get(`${RUNS}?limit=101`)).statusCode, 422)
  })

  it('weighs the position in the account and sizes the decision against it', async () => {
    const u = await t.newTenant()
    const account = json(await u.post('/api/accounts', { name: 'Main', broker_type: 'manual' })).id
    const position = (symbol: string, quantity: number, cost_basis: number) =>
      u.post('/api/brokers/manual/positions', {
        account_id: account,
        symbol,
        quantity,
        cost_basis,
        as_of: '2026-11-24',
      })
    // Positions dated today are valued at cost until a market refresh: AAPL 10,000 of 40,000 → weight 0.25 > 0.10.
    assert.equal((await position('AAPL', 100, 10_000)).statusCode, 201)
    assert.equal((await position('MSFT', 10, 30_000)).statusCode, 201)
    const run = await runToEnd(t, u, { symbol: 'AAPL', account_id: account })
    assert.equal(run.account_id, account)
    const risk = run.opinions.find((o: { analyst: string }) => o.analyst === 'risk_manager')
    assert.deepEqual(
      [risk.score, risk.evidence.position_weight, risk.evidence.over_limit, risk.evidence.headroom],
      [-1, 0.25, true, 0],
    )
    assert.deepEqual([risk.evidence.held_quantity, risk.evidence.account_value], [100, 40_000])
    const d = run.decision
    assert.equal(d.size.account_value, 40_000)
    assert.equal(d.size.price, CLOSES.at(-1))

    // The risk manager alone: S = −1, coverage 1, conviction 1 → sell 5 % of 40,000 = 2,000 at the
    // last close (129.47…) = 15 shares, within the 100 held.
    const off = { enabled: false }
    const patch = { members: { technical: off, fundamental: off, news_sentiment: off, flow: off } }
    assert.equal((await u.patch('/api/trading-intel/committee/config', patch)).statusCode, 200)
    const sell = (await runToEnd(t, u, { symbol: 'AAPL', account_id: account })).decision
    assert.deepEqual([sell.action, sell.weighted_score, sell.conviction], ['sell', -1, 1])
    assert.deepEqual(sell.size, {
      shares: Math.floor(2_000 / CLOSES.at(-1)!),
      percent_of_account: 0.05,
      price: CLOSES.at(-1),
      account_value: 40_000,
      capped_by: 'max_size_per_decision',
    })
    assert.equal(sell.size.shares, 15)
  })

  it('sums the account value exactly in cents (12345.67 + 0.20 + 0.10, not 12345.970000000001)', async () => {
    const u = await t.newTenant()
    const account = json(await u.post('/api/accounts', { name: 'Cents', broker_type: 'manual' })).id
    for (const [symbol, cost_basis] of [
      ['AAPL', 12345.67],
      ['MSFT', 0.2],
      ['NVDA', 0.1],
    ] as const) {
      const body = { account_id: account, symbol, quantity: 1, cost_basis, as_of: '2026-11-24' }
      assert.equal((await u.post('/api/brokers/manual/positions', body)).statusCode, 201)
    }
    const run = await runToEnd(t, u, { symbol: 'AAPL', account_id: account })
    const risk = run.opinions.find((o: { analyst: string }) => o.analyst === 'risk_manager')
    assert.deepEqual([risk.evidence.account_value, run.decision.size.account_value], [12345.97, 12345.97])
  })

  it('promotes a completed run once: the same recommendation both times, created false the second', async () => {
    const u = await t.newTenant()
    const run = await runToEnd(t, u)
    const first = await u.post(`${RUNS}/${run.run_id}/promote`)
    assert.equal(first.statusCode, 200, first.body)
    const one = json(first)
    assert.equal(one.created, true)
    assert.equal(one.recommendation.origin, 'committee')
    assert.equal(one.recommendation.origin_ref, run.run_id)
    assert.equal(one.recommendation.action, run.decision.action)
    assert.equal(one.recommendation.confidence, run.decision.conviction)
    const two = json(await u.post(`${RUNS}/${run.run_id}/promote`))
    assert.equal(two.created, false)
    assert.equal(two.recommendation.id, one.recommendation.id)
    const recs = json(await u.get('/api/trading-intel/recommendations'))
    assert.equal(recs.items.filter((r: { origin_ref: string }) => r.origin_ref === run.run_id).length, 1)
  })
})
