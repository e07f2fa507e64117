/** Market-research runs end to end: ordered section events, the report's numbers, Markdown, 409/404/422. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { UpstreamServerError } from '../../src/platform/upstream-errors.ts'
import type { InsiderProvider } from '../../src/providers/market-data/index.ts'
import { assertProblem, json } from '../helpers/assertions.ts'
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

const RESEARCH = '/api/trading-intel/market-research/runs'
const market = new CommitteeMarket()
let insiderDown = false
const insider: InsiderProvider = {
  name: 'test-insider',
  async insiderTransactions(symbols) {
    if (insiderDown) throw new UpstreamServerError('SEC down', { provider: 'test', status: 503 })
    const row = (code: string, shares: number, price: number) => ({
      symbol: symbols[0]!,
      insider_name: 'A. Insider',
      insider_title: 'CEO',
      transaction_code: code,
      transaction_date: '2026-11-01',
      shares,
      price,
      value: shares * price,
      shares_owned_after: null,
      filing_url: null,
      filed_at: null,
    })
    return [row('P', 100, 50), row('P', 10, 40), row('S', 20, 60), row('A', 999, 0)]
  },
}
let t: TestApp
before(async () => {
  t = await buildTestApp({
    clock,
    providers: { market, news: new FixedNews(), earnings: new FixedEarnings(), insider, llm: null },
  })
})
after(() => t.close())

const r4 = (x: number) => Math.round(x * 10_000) / 10_000

describe('market research', () => {
  it('researches a symbol: started, five sections in order, completed; the report has checkable numbers', async () => {
    const u = await t.newTenant()
    const res = await u.post(RESEARCH, { symbol: 'aapl' })
    assert.equal(res.statusCode, 202, res.body)
    const { run_id } = json(res)
    await t.c.jobs.drain()
    const run = json(await u.get(`${RESEARCH}/${run_id}`))
    assert.equal(run.status, 'completed', JSON.stringify(run))
    assert.deepEqual(run.symbols, ['AAPL'])
    const events = json(await u.get(`${RESEARCH}/${run_id}/events`)).items
    assert.deepEqual(
      events.map((e: { kind: string; payload: { name?: string } }) => e.payload.name ?? e.kind),
      ['started', 'market', 'news', 'transcripts', 'insider', 'committee', 'completed'],
    )
    assert.deepEqual(
      events.map((e: { seq: number }) => e.seq),
      [1, 2, 3, 4, 5, 6, 7],
    )

    const report = json(await u.get(`${RESEARCH}/${run_id}/report`))
    const s = Object.fromEntries(
      report.sections.map((x: { name: string; items: unknown[] }) => [x.name, x.items[0]]),
    )
    // Bars: one per calendar day from 2025-12-01, so the last of 2025 is index 30.
    assert.equal(s.market.price, CLOSES[249])
    assert.equal(s.market.return_1m, r4(CLOSES[249]! / CLOSES[228]! - 1))
    assert.equal(s.market.return_3m, r4(CLOSES[249]! / CLOSES[186]! - 1))
    assert.equal(s.market.return_ytd, r4(CLOSES[249]! / CLOSES[30]! - 1))
    assert.equal(s.news.sentiment, 0.25) // (5 − 3)/8: the committee's scoring (committee-fixtures.ts)
    assert.equal(s.news.headlines.length, 4)
    assert.deepEqual(s.insider.purchases, { count: 2, shares: 110, value: 5400 })
    assert.deepEqual(s.insider.sales, { count: 1, shares: 20, value: 1200 })
    assert.equal(s.insider.net_value, 4200)
    // The simulated transcripts: the latest call, summarized extractively.
    assert.ok(s.transcripts.latest.summary.length > 0)
    assert.equal(s.transcripts.latest.year >= 2025, true)

    // The committee view equals a committee run's decision on the same data, and created no run.
    assert.deepEqual(json(await u.get(RUNS)).items, [])
    const committee = await runToEnd(t, u)
    assert.equal(s.committee.decision.weighted_score, committee.decision.weighted_score)
    assert.equal(s.committee.decision.action, committee.decision.action)

    const md = await u.get(`${RESEARCH}/${run_id}/report?format=markdown`)
    assert.equal(md.statusCode, 200)
    assert.match(md.headers['content-type'] as string, /^text\/markdown/)
    assert.match(md.body, /^# Research: AAPL\n/)
    assert.match(md.body, /## insider\n\n- \*\*AAPL\*\*: 2 purchase\(s\) \$5400, 1 sale\(s\) \$1200/)
  })

  it('researches a theme over its basket; a failing source makes its section unavailable only', async () => {
    const u = await t.newTenant()
    insiderDown = true
    try {
      const { run_id } = json(await u.post(RESEARCH, { theme: 'banks' }))
      await t.c.jobs.drain()
      const run = json(await u.get(`${RESEARCH}/${run_id}`))
      assert.equal(run.status, 'completed')
      assert.deepEqual(run.symbols, ['JPM', 'BAC', 'WFC', 'C', 'PNC'])
      assert.deepEqual(run.sections_ok, ['market', 'news', 'transcripts', 'committee'])
      const report = json(await u.get(`${RESEARCH}/${run_id}/report`))
      const ins = report.sections.find((x: { name: string }) => x.name === 'insider')
      assert.equal(ins.status, 'unavailable')
      assert.match(ins.items[0].error, /^upstream\.server: SEC down/)
      assert.equal(report.sections[0].items.length, 5)
      const listed = json(await u.get(`${RESEARCH}?theme=banks`)).items
      assert.deepEqual(
        listed.map((r: { run_id: string }) => r.run_id),
        [run_id],
      )
    } finally {
      insiderDown = false
    }
  })

  it('409 for the report until completed; 422 for bad input; another tenant gets 404', async () => {
    const u = await t.newTenant()
    let release = () => {}
    market.gate = new Promise<void>((r) => (release = r))
    const { run_id } = json(await u.post(RESEARCH, { symbol: 'AAPL' }))
    try {
      assertProblem(await u.get(`${RESEARCH}/${run_id}/report`), 409, 'research.run_not_completed')
    } finally {
      market.gate = null
      release()
    }
    await t.c.jobs.drain()
    assert.equal((await u.get(`${RESEARCH}/${run_id}/report`)).statusCode, 200)

    for (const body of [{}, { symbol: 'AAPL', theme: 'banks' }, { symbol: 'ZZZZQ' }, { theme: 'crypto' }])
      assert.equal((await u.post(RESEARCH, body)).statusCode, 422, JSON.stringify(body))
    assert.equal((await u.get(`${RESEARCH}/nope`)).statusCode, 422)

    const intruder = await t.newTenant()
    for (const path of ['', '/events', '/report'])
      assertProblem(await intruder.get(`${RESEARCH}/${run_id}${path}`), 404, 'research.run_not_found')
    assert.deepEqual(json(await intruder.get(RESEARCH)).items, [])
  })
})
