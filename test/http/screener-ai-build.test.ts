/**
 * Building a screen from words: the feature flag (503), the language model's structured answer
 * (validated, never executed) and every way it degrades to the keyword rules, the 422 for a
 * prompt nothing understands, and the structured `{spec}` form of stock-screener /build.
 */
import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, it } from 'node:test'
import { startOpenAiFake, type OpenAiFake } from '../fakes/openai-fake.ts'
import { json, type Body } from '../helpers/assertions.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { FIELDS } from '../../src/modules/trading-intel/screener/lib/catalog.ts'
import { parsePrompt } from '../../src/modules/trading-intel/screener/lib/nl-rules.ts'
import { OPS, validateSpec, type ScreenSpec } from '../../src/modules/trading-intel/screener/lib/spec.ts'

const AI = '/api/screener/ai-build'
const BUILD = '/api/trading-intel/stock-screener/build'
const PROMPT = 'oversold large-cap tech not in my portfolio'
const BUDGET = 6

/** What the rules build for a prompt, normalised as the engine normalises any spec. */
function rulesSpec(prompt: string): ScreenSpec {
  const checked = validateSpec(parsePrompt(prompt)!.spec)
  assert.ok('spec' in checked)
  return checked.spec
}

let fake: OpenAiFake
let t: TestApp
before(async () => {
  fake = await startOpenAiFake()
  t = await buildTestApp({
    env: {
      LLM_BASE_URL: fake.baseUrl,
      LLM_API_KEY: fake.apiKey,
      LLM_MODEL: 'gpt-test',
      LLM_DAILY_CALLS_PER_TENANT: String(BUDGET),
    },
  })
})
after(async () => {
  await t.close()
  await fake.close()
})
beforeEach(() => fake.reset())

const MODEL_SPEC = {
  filters: {
    all: [
      { field: 'dividend_yield', op: 'gt', value: 4 },
      {
        any: [
          { field: 'sector', op: 'eq', value: 'Utilities' },
          { field: 'beta', op: 'lt', value: 0.8 },
        ],
      },
      { field: 'price', op: 'gt', value: { field: 'sma_200', times: null } },
      { field: 'pe', op: 'not_null', value: null },
    ],
  },
  sort: [{ field: 'dividend_yield', dir: 'desc' }],
  universe: 'stocks',
}

describe('POST /api/screener/ai-build with a language model', () => {
  let u: Client
  before(async () => {
    u = await t.newTenant()
  })

  it('a valid answer is validated and returned as source "model"; nothing of it runs', async () => {
    fake.answer = JSON.stringify(MODEL_SPEC)
    const res = await u.post(AI, { prompt: 'income stocks in utilities or with low beta' })
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res)
    assert.equal(body.source, 'model')
    assert.equal(body.degraded, false)
    assert.equal(body.reason, undefined)
    // The strict schema's nulls are dropped and the defaults filled, exactly as validateSpec does.
    const expected = validateSpec({
      filters: {
        all: [
          { field: 'dividend_yield', op: 'gt', value: 4 },
          {
            any: [
              { field: 'sector', op: 'eq', value: 'Utilities' },
              { field: 'beta', op: 'lt', value: 0.8 },
            ],
          },
          { field: 'price', op: 'gt', value: { field: 'sma_200' } },
          { field: 'pe', op: 'not_null' },
        ],
      },
      sort: [{ field: 'dividend_yield', dir: 'desc' }],
      universe: 'stocks',
    })
    assert.ok('spec' in expected)
    assert.deepEqual(body.spec, expected.spec)
    assert.match(body.paraphrase, /any of: /)
    assert.ok(body.clauses.every((c: Body) => c.text === null))
  })

  it('sends a strict JSON schema whose field ids and operators are the catalog enums', async () => {
    fake.answer = JSON.stringify(MODEL_SPEC)
    await u.post(AI, { prompt: 'anything oversold' })
    const sent = fake.requests[0]!.body!
    const format = sent['response_format'] as Body
    assert.equal(format.type, 'json_schema')
    assert.equal(format.json_schema.strict, true)
    assert.equal(format.json_schema.name, 'screen_spec')
    const defs = format.json_schema.schema.$defs
    const ids = FIELDS.map((f) => f.id)
    assert.deepEqual(defs.condition.properties.field.enum, ids)
    assert.deepEqual(defs.condition.properties.op.enum, [...OPS])
    assert.deepEqual(defs.field_ref.properties.field.enum, ids)
    assert.deepEqual(format.json_schema.schema.properties.sort.items.properties.field.enum, ids)
    assert.equal(sent['temperature'], 0)
    assert.deepEqual((sent['messages'] as Body[]).at(-1), { role: 'user', content: 'anything oversold' })
  })

  it('an answer naming unknown fields is rejected and the rules answer, degraded, with the reason', async () => {
    fake.answer = JSON.stringify({
      filters: { all: [{ field: 'moon_phase', op: 'eq', value: 'full' }] },
      sort: [],
      universe: 'all',
    })
    const body = json(await u.post(AI, { prompt: PROMPT }))
    assert.equal(body.source, 'rules')
    assert.equal(body.degraded, true)
    assert.match(body.reason, /rejected.*filters\.all\.0\.field/)
    assert.deepEqual(body.spec, rulesSpec(PROMPT))
    assert.deepEqual(
      body.clauses.map((c: Body) => c.text),
      ['oversold', 'large-cap', 'tech', 'not in my portfolio'],
    )
  })

  it('an answer that is not JSON, or not a spec, degrades to the rules', async () => {
    fake.answer = 'Sure! Here are some oversold tech stocks: AAPL, MSFT'
    const a = json(await u.post(AI, { prompt: PROMPT }))
    assert.deepEqual(
      [a.source, a.degraded, a.reason],
      ['rules', true, 'the language model answered something that is not JSON'],
    )
    fake.answer = '{"filters": "everything"}'
    const b = json(await u.post(AI, { prompt: PROMPT }))
    assert.deepEqual([b.source, b.degraded], ['rules', true])
    assert.match(b.reason, /not a screen spec/)
    assert.deepEqual(b.spec, rulesSpec(PROMPT))
  })
})

describe('POST /api/screener/ai-build degrading without the model', () => {
  it('an upstream error degrades to the rules with its kind', async () => {
    const u = await t.newTenant()
    fake.failNext(500)
    const body = json(await u.post(AI, { prompt: PROMPT }))
    assert.deepEqual(
      [body.source, body.degraded, body.reason],
      ['rules', true, 'language model unavailable (server)'],
    )
    assert.deepEqual(body.spec, rulesSpec(PROMPT))
  })

  it('once the daily budget is spent the model is not called and the rules answer', async () => {
    const u = await t.newTenant()
    fake.answer = JSON.stringify(MODEL_SPEC)
    for (let i = 0; i < BUDGET; i++) assert.equal(json(await u.post(AI, { prompt: PROMPT })).source, 'model')
    const body = json(await u.post(AI, { prompt: PROMPT }))
    assert.equal(fake.requests.length, BUDGET, 'no call over the budget')
    assert.deepEqual([body.source, body.degraded], ['rules', true])
    assert.match(body.reason, new RegExp(`budget used up \\(${BUDGET} calls per day\\)`))
    // Another tenant's budget is its own.
    assert.equal(json(await (await t.newTenant()).post(AI, { prompt: PROMPT })).source, 'model')
  })

  it('the feature flag off for the tenant → 503 screener.ai_disabled on both routes, no model call', async () => {
    const u = await t.newTenant()
    await t.c.flags.setOverride(u.tenantId, 'stock_screener_ai', false)
    for (const url of [AI, BUILD]) {
      const res = await u.post(url, { prompt: PROMPT })
      assert.equal(res.statusCode, 503, res.body)
      assert.equal(json(res).code, 'screener.ai_disabled')
      assert.match(res.headers['content-type'] as string, /application\/problem\+json/)
    }
    assert.equal(fake.requests.length, 0)
    // Another tenant is unaffected.
    const other = await t.newTenant()
    fake.answer = JSON.stringify(MODEL_SPEC)
    assert.equal((await other.post(AI, { prompt: PROMPT })).statusCode, 200)
  })

  it('a prompt neither the model nor the rules understand → 422 listing example phrasings', async () => {
    const u = await t.newTenant()
    fake.answer = 'I cannot help with that.'
    const res = await u.post(AI, { prompt: 'tell me a joke' })
    assert.equal(res.statusCode, 422, res.body)
    const body = json(res)
    assert.equal(body.code, 'screener.prompt_not_understood')
    assert.match(body.detail, /"large-cap tech under 20 P\/E"/)
    assert.deepEqual(body.errors[0].loc, ['body', 'prompt'])
  })

  it('401 without a session; a blank or over-long prompt → 422', async () => {
    assert.equal((await t.anon.post(AI, { prompt: PROMPT })).statusCode, 401)
    assert.equal((await t.anon.post(BUILD, { prompt: PROMPT })).statusCode, 401)
    const u = await t.newTenant()
    assert.equal((await u.post(AI, { prompt: '   ' })).statusCode, 422)
    assert.equal((await u.post(AI, { prompt: 'x'.repeat(501) })).statusCode, 422)
    assert.equal((await u.post(AI, {})).statusCode, 422)
  })
})

describe('POST /api/trading-intel/stock-screener/build', () => {
  it('{prompt} answers like ai-build', async () => {
    const u = await t.newTenant()
    fake.failNext(503)
    const body = json(await u.post(BUILD, { prompt: 'stocks gapping up on volume' }))
    assert.deepEqual([body.source, body.degraded], ['rules', true])
    assert.deepEqual(body.spec, rulesSpec('stocks gapping up on volume'))
  })

  it('{spec} is validated and normalised without calling the model', async () => {
    const u = await t.newTenant()
    await t.c.flags.setOverride(u.tenantId, 'stock_screener_ai', false)
    const spec = { filters: { all: [{ field: 'market_cap', op: 'gt', value: '10B' }] } }
    const res = await u.post(BUILD, { spec })
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res)
    const expected = validateSpec(spec as ScreenSpec)
    assert.ok('spec' in expected)
    assert.deepEqual(body.spec, expected.spec)
    assert.equal(json(res).spec.filters.all[0].value, 10_000_000_000)
    assert.deepEqual([body.source, body.degraded], ['rules', false])
    assert.equal(fake.requests.length, 0)
  })

  it('{spec} with an unknown field → 422 pointing into body.spec with the closest field as a hint', async () => {
    const u = await t.newTenant()
    const res = await u.post(BUILD, {
      spec: { filters: { all: [{ field: 'market_cpa', op: 'gt', value: 1 }] } },
    })
    assert.equal(res.statusCode, 422, res.body)
    const err = json(res).errors[0]
    assert.deepEqual(err.loc, ['body', 'spec', 'filters', 'all', 0, 'field'])
    assert.match(err.msg, /market_cap/)
  })

  it('both or neither of prompt and spec → 422', async () => {
    const u = await t.newTenant()
    assert.equal((await u.post(BUILD, {})).statusCode, 422)
    const both = await u.post(BUILD, { prompt: PROMPT, spec: { filters: { all: [] } } })
    assert.equal(both.statusCode, 422, both.body)
  })
})

describe('POST /api/screener/ai-build without a language model', () => {
  let bare: TestApp
  before(async () => {
    bare = await buildTestApp()
  })
  after(() => bare.close())

  it('the rules answer, degraded, saying no model is configured', async () => {
    const u = await bare.newTenant()
    const body = json(await u.post(AI, { prompt: 'high dividend yield over 4% with low beta' }))
    assert.deepEqual(
      [body.source, body.degraded, body.reason],
      ['rules', true, 'no language model is configured'],
    )
    assert.deepEqual(body.spec, rulesSpec('high dividend yield over 4% with low beta'))
    assert.equal(body.paraphrase, parsePrompt('high dividend yield over 4% with low beta')!.paraphrase)
  })
})
