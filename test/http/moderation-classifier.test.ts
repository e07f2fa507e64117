/**
 * The guard with the OpenAI-compatible classifier configured (the OpenAI fake's /v1/moderations
 * over loopback): its scores join the rules', `sources` names it, and when it fails (server error,
 * bad key, malformed answer, too slow) the rules judge alone with `degraded: true` — never a 5xx.
 */
import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, it } from 'node:test'
import { assertProblem, json, type Body } from '../helpers/assertions.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { startOpenAiFake, type OpenAiFake } from '../fakes/openai-fake.ts'

let fake: OpenAiFake
let t: TestApp
let u: Client

before(async () => {
  fake = await startOpenAiFake()
  t = await buildTestApp({ env: { MODERATION_BASE_URL: fake.baseUrl, MODERATION_API_KEY: fake.apiKey } })
  u = await t.newTenant()
})
after(async () => {
  await t?.close()
  await fake?.close()
})
beforeEach(() => fake.reset())

async function guard(content: string): Promise<Body> {
  const res = await u.post('/api/moderation/guard', { content })
  assert.equal(res.statusCode, 200, res.body)
  return json(res)
}

describe('moderation guard with the classifier', () => {
  it('sends the content to /v1/moderations with the key and reports both sources', async () => {
    const r = await guard('Nice chart, thanks.')
    assert.deepEqual([r.verdict, r.sources, r.classifier, r.degraded], ['allow', ['rules', 'openai'], 'used', false])
    const req = fake.requests.at(-1)!
    assert.deepEqual([req.path, req.authorization], ['/v1/moderations', `Bearer ${fake.apiKey}`])
    assert.deepEqual(req.body, { model: 'omni-moderation-latest', input: ['Nice chart, thanks.'] })
    assert.equal(r.scores.hate, 0.0001)
  })

  it('blocks on a classifier category the rules do not know, with the vendor sub-category as the rule', async () => {
    fake.flag('nasty', 'hate/threatening', 0.93)
    fake.flag('nasty', 'hate', 0.7)
    const r = await guard('Something nasty about a group of people')
    assert.deepEqual([r.verdict, r.categories, r.scores.hate], ['block', ['hate'], 0.93])
    assert.deepEqual(r.reasons, [{ category: 'hate', rule: 'classifier:hate/threatening', excerpt: 'Something nasty about a group of people' }])
    const action = json(await u.get('/api/moderation/actions')).items.find((a: Body) => a.action_id === r.action_id)
    assert.deepEqual([action.sources, action.categories], [['rules', 'openai'], ['hate']])
    assert.match(action.statement, /our rules and an automated classifier/)
  })

  it('combines classifier and rule scores of one category; self-harm only flags', async () => {
    fake.flag('idiot', 'harassment', 0.5)
    const r = await guard('you are an idiot')
    // 1 − (1 − 0.6)(1 − 0.5) = 0.8: a block neither signal makes alone.
    assert.deepEqual([r.scores.harassment, r.verdict], [0.8, 'block'])
    assert.deepEqual(r.reasons.map((x: Body) => x.rule), ['harassment.insult', 'classifier:harassment'])
    fake.flag('hopeless', 'self-harm/intent', 0.95)
    const s = await guard('I feel hopeless')
    assert.deepEqual([s.verdict, s.categories, s.action_id], ['flag', ['self_harm'], null])
  })

  it('falls back to the rules alone when the classifier fails: degraded, never an error', async () => {
    const failures: [string, () => void][] = [
      ['server error', () => fake.failNext(500)],
      ['bad key', () => fake.failNext(401)],
      ['malformed', () => fake.malformNext('shape')],
      ['not JSON', () => fake.malformNext('json')],
    ]
    for (const [name, fail] of failures) {
      fail()
      const r = await guard('Guaranteed returns, DM me on telegram')
      assert.deepEqual(
        [r.verdict, r.sources, r.classifier, r.degraded],
        ['block', ['rules'], 'unavailable', true],
        name,
      )
      assert.deepEqual(r.categories, ['guaranteed_returns', 'off_platform_solicitation'], name)
    }
    fake.failNext(500)
    const clean = await guard('Nice chart')
    assert.deepEqual([clean.verdict, clean.degraded, clean.scores.hate], ['allow', true, 0])
    const last = json(await u.get('/api/moderation/actions')).items[0]
    assert.deepEqual(last.sources, ['rules'])
    assert.match(last.statement, /by our rules;/)
  })

  it('does not wait more than a few seconds for a slow classifier', async () => {
    fake.delayNext(5_000)
    const started = Date.now()
    const r = await guard('Nice chart')
    assert.deepEqual([r.classifier, r.degraded], ['unavailable', true])
    assert.ok(Date.now() - started < 4_900, `took ${Date.now() - started} ms`)
    assertProblem(await u.post('/api/moderation/guard', { content: '' }), 422, 'validation.failed')
  })
})
