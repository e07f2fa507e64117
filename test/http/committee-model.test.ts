/** The model-assisted decision: a valid JSON answer is used; invalid output or a failure falls back to the rules. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startOpenAiFake, type OpenAiFake } from '../fakes/openai-fake.ts'
import { json } from '../helpers/assertions.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { clock, CommitteeMarket, FixedEarnings, FixedNews, RUNS, runToEnd } from './committee-fixtures.ts'

let fake: OpenAiFake
let t: TestApp
before(async () => {
  fake = await startOpenAiFake()
  t = await buildTestApp({
    clock,
    env: {
      LLM_BASE_URL: fake.baseUrl,
      LLM_API_KEY: fake.apiKey,
      LLM_MODEL: 'gpt-test',
      LLM_DAILY_CALLS_PER_TENANT: '50',
    },
    providers: { market: new CommitteeMarket(), news: new FixedNews(), earnings: new FixedEarnings() },
  })
})
after(async () => {
  await t.close()
  await fake.close()
})

async function premiumWithModel(): Promise<Client> {
  const u = await t.newTenant({ plan: 'premium' })
  const c = json(await u.patch('/api/trading-intel/committee/config', { model: true }))
  assert.equal(c.model_status.active, true, JSON.stringify(c.model_status))
  return u
}
const kinds = async (u: Client, id: string) =>
  json(await u.get(`${RUNS}/${id}/events`)).items.map((e: { kind: string }) => e.kind)

describe('committee with a language model', () => {
  it('uses a valid JSON answer: action, conviction and rationale from the model, sized by the rules', async () => {
    const u = await premiumWithModel()
    fake.reset()
    fake.answer =
      '```json\n{"action": "sell", "conviction": 0.9, "rationale": "Flow and trend disagree."}\n```'
    const run = await runToEnd(t, u)
    assert.equal(run.status, 'completed')
    assert.equal(run.model.active, true)
    assert.deepEqual(
      [run.decision.method, run.decision.action, run.decision.conviction, run.decision.rationale],
      ['model', 'sell', 0.9, 'Flow and trend disagree.'],
    )
    assert.ok(['buy', 'sell', 'hold'].includes(run.decision.evidence.rule_action))
    assert.equal(run.decision.size.shares, 0, 'nothing held: nothing to sell')
    assert.equal(fake.requests.length, 1)
    const sent = JSON.parse((fake.requests[0]!.body?.messages as { content: string }[]).at(-1)!.content)
    assert.equal(sent.symbol, 'AAPL')
    assert.equal(sent.opinions.length, 5)
    assert.deepEqual(await kinds(u, run.run_id), [
      'started',
      'analyst_opinion',
      'analyst_opinion',
      'analyst_opinion',
      'analyst_opinion',
      'analyst_opinion',
      'decision',
    ])
  })

  it("a conviction below min_conviction turns the model's call into hold", async () => {
    const u = await premiumWithModel()
    fake.answer = '{"action": "buy", "conviction": 0.1, "rationale": "Weak."}'
    const run = await runToEnd(t, u)
    assert.deepEqual([run.decision.method, run.decision.action], ['model', 'hold'])
  })

  it('invalid output falls back to the rules and records it', async () => {
    const u = await premiumWithModel()
    for (const answer of ['I would buy.', '{"action": "short", "conviction": 0.5, "rationale": "x"}']) {
      fake.answer = answer
      const run = await runToEnd(t, u)
      assert.equal(run.status, 'completed')
      assert.equal(run.decision.method, 'rules')
      const events = json(await u.get(`${RUNS}/${run.run_id}/events`)).items
      const fallback = events.find((e: { kind: string }) => e.kind === 'model_fallback')
      assert.equal(fallback.payload.reason, 'invalid_output')
      assert.equal(fallback.payload.detail, answer)
      assert.deepEqual(
        events.slice(-2).map((e: { kind: string }) => e.kind),
        ['model_fallback', 'decision'],
      )
    }
  })

  it('the model down falls back to the rules; without the plan feature the model is not asked', async () => {
    const u = await premiumWithModel()
    for (let i = 0; i < 5; i++) fake.failNext(500)
    const run = await runToEnd(t, u)
    assert.equal(run.decision.method, 'rules')
    const events = json(await u.get(`${RUNS}/${run.run_id}/events`)).items
    assert.equal(
      events.find((e: { kind: string }) => e.kind === 'model_fallback').payload.reason,
      'upstream_error',
    )
    fake.reset()

    const free = await t.newTenant()
    const c = json(await free.patch('/api/trading-intel/committee/config', { model: true }))
    assert.deepEqual([c.model_status.active, c.model_status.plan_allows], [false, false])
    const before = fake.requests.length
    const plain = await runToEnd(t, free)
    assert.deepEqual([plain.model.active, plain.decision.method], [false, 'rules'])
    assert.equal(fake.requests.length, before)
  })

  it('entitlements say what each plan gets: runs on every plan, the model only with committee_model', async () => {
    for (const [plan, model] of [
      ['free', false],
      ['pro', false],
      ['premium', true],
    ] as const) {
      const u = await t.newTenant({ plan })
      const { features } = json(await u.get('/api/auth/me/entitlements'))
      assert.equal(features.committee_model, model, plan)
      assert.equal('committee' in features, false, `${plan}: no feature claims to gate the committee itself`)
      const c = json(await u.patch('/api/trading-intel/committee/config', { model: true }))
      assert.deepEqual([c.model_status.plan_allows, c.model_status.active], [model, model], plan)
      if (model) continue
      assert.match(c.model_status.reason, /feature committee_model/)
      const run = await runToEnd(t, u) // a committee run works on the plan: 202, then completed
      assert.deepEqual(
        [run.status, run.model.active, run.decision.method],
        ['completed', false, 'rules'],
        plan,
      )
    }
  })
})
