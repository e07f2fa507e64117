/** Committee run states: cancel (queued/running → cancelled, the job stops), retry, and 409s on terminal runs. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { assertProblem, json } from '../helpers/assertions.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { clock, CommitteeMarket, FixedEarnings, FixedNews, RUNS, runToEnd } from './committee-fixtures.ts'

const market = new CommitteeMarket()
let t: TestApp
before(async () => {
  t = await buildTestApp({
    clock,
    providers: { market, news: new FixedNews(), earnings: new FixedEarnings(), llm: null },
  })
})
after(() => t.close())

const kinds = (events: { kind: string }[]) => events.map((e) => e.kind)

describe('committee run states', () => {
  it('cancels a running run: the job stops before its next analyst and records nothing more', async () => {
    const u = await t.newTenant()
    let release = () => {}
    market.gate = new Promise<void>((r) => (release = r))
    const { run_id } = json(await u.post(RUNS, { symbol: 'AAPL' }))
    try {
      const cancelled = await u.post(`${RUNS}/${run_id}/cancel`)
      assert.equal(cancelled.statusCode, 200, cancelled.body)
      assert.equal(json(cancelled).status, 'cancelled')
    } finally {
      market.gate = null
      release()
    }
    await t.c.jobs.drain()
    const run = json(await u.get(`${RUNS}/${run_id}`))
    assert.equal(run.status, 'cancelled')
    assert.equal(run.decision, null)
    const events = json(await u.get(`${RUNS}/${run_id}/events`)).items
    // Cancelled while queued (before the job started) or while held in the technical analyst.
    assert.ok(['cancelled', 'started,cancelled'].includes(kinds(events).join(',')), kinds(events).join(','))
    assert.ok(['queued', 'running'].includes(events.at(-1).payload.previous_status))
    assertProblem(await u.post(`${RUNS}/${run_id}/cancel`), 409, 'committee.run_not_cancellable')
    assertProblem(await u.post(`${RUNS}/${run_id}/promote`), 409, 'committee.run_not_completed')

    // Retry: a new run with the same input and retry_of; the old one is unchanged.
    const retried = await u.post(`${RUNS}/${run_id}/retry`)
    assert.equal(retried.statusCode, 202, retried.body)
    const fresh = json(retried)
    assert.notEqual(fresh.run_id, run_id)
    assert.equal(fresh.retry_of, run_id)
    await t.c.jobs.drain()
    const redone = json(await u.get(`${RUNS}/${fresh.run_id}`))
    assert.equal(redone.status, 'completed')
    assert.equal(redone.symbol, 'AAPL')
    assert.equal(redone.retry_of, run_id)
    assert.equal(json(await u.get(`${RUNS}/${run_id}`)).status, 'cancelled')
  })

  it('a completed run cannot be cancelled or retried (409); a failed one can be retried', async () => {
    const u = await t.newTenant()
    const done = await runToEnd(t, u)
    assert.equal(done.status, 'completed')
    assertProblem(await u.post(`${RUNS}/${done.run_id}/cancel`), 409, 'committee.run_not_cancellable')
    assertProblem(await u.post(`${RUNS}/${done.run_id}/retry`), 409, 'committee.run_not_retryable')

    // Every voting analyst off but risk, whose bars fail → the run fails; retried once bars work.
    const off = { enabled: false }
    const patched = await u.patch('/api/trading-intel/committee/config', {
      members: { technical: off, fundamental: off, news_sentiment: off, flow: off },
    })
    assert.equal(patched.statusCode, 200, patched.body)
    market.failing.add('bars')
    let failed
    try {
      failed = await runToEnd(t, u)
    } finally {
      market.failing.clear()
    }
    assert.equal(failed.status, 'failed')
    assert.equal(failed.opinions.length, 1)
    const retried = json(await u.post(`${RUNS}/${failed.run_id}/retry`))
    await t.c.jobs.drain()
    const ok = json(await u.get(`${RUNS}/${retried.run_id}`))
    assert.equal(ok.status, 'completed')
    assert.deepEqual(
      ok.opinions.map((o: { analyst: string }) => o.analyst),
      ['risk_manager'],
    )
  })

  it('a redelivered job for a run left running (its attempt died) fails it as interrupted; retry works', async () => {
    const u = await t.newTenant()
    let release = () => {}
    market.gate = new Promise<void>((r) => (release = r))
    const { run_id } = json(await u.post(RUNS, { symbol: 'AAPL' }))
    try {
      // The first attempt is held inside its first analyst: the run is running, as a dead worker leaves it.
      for (let i = 0; i < 200 && json(await u.get(`${RUNS}/${run_id}`)).status !== 'running'; i++)
        await new Promise((r) => setTimeout(r, 10))
      assert.equal(json(await u.get(`${RUNS}/${run_id}`)).status, 'running')
      await t.c.committee.job.work({ tenantId: u.tenantId, runId: run_id })
    } finally {
      market.gate = null
      release()
    }
    await t.c.jobs.drain()
    const run = json(await u.get(`${RUNS}/${run_id}`))
    assert.equal(run.status, 'failed')
    assert.equal(run.error.code, 'committee.interrupted')
    // The held attempt, released, records nothing more: its next step is refused.
    assert.deepEqual(kinds(json(await u.get(`${RUNS}/${run_id}/events`)).items), ['started', 'failed'])
    const retried = json(await u.post(`${RUNS}/${run_id}/retry`))
    await t.c.jobs.drain()
    assert.equal(json(await u.get(`${RUNS}/${retried.run_id}`)).status, 'completed')
  })

  it('a redelivered job for a finished run does nothing', async () => {
    const u = await t.newTenant()
    const done = await runToEnd(t, u)
    await t.c.committee.job.work({ tenantId: u.tenantId, runId: done.run_id })
    assert.equal(json(await u.get(`${RUNS}/${done.run_id}/events`)).items.length, 7)
  })
})
