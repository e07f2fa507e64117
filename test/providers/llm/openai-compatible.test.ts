import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, it } from 'node:test'
import { startOpenAiFake, type OpenAiFake } from '../../fakes/openai-fake.ts'
import {
  UpstreamAuthError,
  UpstreamProtocolError,
  UpstreamServerError,
  UpstreamTimeoutError,
  createHttpClient,
} from '../../../src/providers/shared/http.ts'
import { createLlm } from '../../../src/providers/llm/index.ts'
import type { LlmProvider } from '../../../src/providers/llm/llm.port.ts'
import { createOpenAiCompatible } from '../../../src/providers/llm/openai-compatible.ts'

const rejection = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    (v) => assert.fail(`expected rejection, got ${JSON.stringify(v)}`),
    (e: unknown) => e,
  )

const ask = {
  system: 'Be brief.',
  messages: [{ role: 'user' as const, content: 'Summarise: revenue up 8%.' }],
}

describe('OpenAI-compatible adapter', () => {
  let fake: OpenAiFake
  let sleeps: number[]
  let llm: LlmProvider

  before(async () => {
    fake = await startOpenAiFake()
  })
  after(() => fake.close())
  beforeEach(() => {
    fake.reset()
    sleeps = []
    const http = createHttpClient({ sleep: async (ms) => void sleeps.push(ms), random: () => 0 })
    llm = createOpenAiCompatible({ http, baseUrl: fake.baseUrl, apiKey: fake.apiKey, model: 'gpt-test' })
  })

  it('posts a chat completion with the model, the messages and the Bearer key, and reads the answer', async () => {
    fake.answer = 'Revenue rose 8%.'
    const res = await llm.complete({ ...ask, maxTokens: 200, temperature: 0.2 })
    assert.equal(res.text, 'Revenue rose 8%.')
    assert.equal(res.model, 'gpt-test-2025-01-01', 'the answering model, as the vendor reports it')
    assert.ok(res.usage && res.usage.total_tokens === res.usage.prompt_tokens + res.usage.completion_tokens)
    assert.equal(fake.requests.length, 1)
    const req = fake.requests[0]!
    assert.equal(req.method, 'POST')
    assert.equal(req.path, '/v1/chat/completions')
    assert.equal(req.authorization, `Bearer ${fake.apiKey}`)
    assert.deepEqual(req.body, {
      model: 'gpt-test',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Summarise: revenue up 8%.' },
      ],
      stream: false,
      max_tokens: 200,
      temperature: 0.2,
    })
  })

  it('sends a JSON-schema response format as response_format.json_schema, strict, and reads the JSON answer', async () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      required: ['tone'],
      properties: { tone: { type: 'string', enum: ['up', 'down'] } },
    }
    fake.answer = '{"tone":"up"}'
    const res = await llm.complete({
      ...ask,
      temperature: 0,
      responseFormat: { type: 'json_schema', name: 'tone_v1', description: 'The tone', schema, strict: true },
    })
    assert.deepEqual(JSON.parse(res.text), { tone: 'up' })
    assert.equal(fake.requests[0]!.status, 200)
    assert.deepEqual(fake.requests[0]!.body?.['response_format'], {
      type: 'json_schema',
      json_schema: { name: 'tone_v1', schema, strict: true, description: 'The tone' },
    })
  })

  it('without a response format none is sent', async () => {
    await llm.complete(ask)
    assert.equal(fake.requests[0]!.body?.['response_format'], undefined)
  })

  it("a request's own timeout overrides the adapter's: a slow answer is an UpstreamTimeoutError", async () => {
    fake.delayNext(500)
    const e = await rejection(llm.complete({ ...ask, timeoutMs: 50 }))
    assert.ok(e instanceof UpstreamTimeoutError, String(e))
  })

  it('retries a 429 (the request was not processed) and then succeeds', async () => {
    fake.rateLimitNext(1)
    const res = await llm.complete(ask)
    assert.equal(res.text, 'Revenue grew and guidance was raised.')
    assert.deepEqual(
      fake.requests.map((r) => r.status),
      [429, 200],
    )
    assert.equal(sleeps.length, 1)
  })

  it('a 500 is a typed UpstreamServerError, not retried (a completion POST may have run)', async () => {
    fake.failNext(500)
    const e = await rejection(llm.complete(ask))
    assert.ok(e instanceof UpstreamServerError)
    assert.equal(e.status, 500)
    assert.equal(e.provider, 'openai-compatible')
    assert.equal(fake.requests.length, 1)
  })

  it('a wrong key is an UpstreamAuthError whose message does not carry the key', async () => {
    const http = createHttpClient({ sleep: async () => undefined })
    const bad = createOpenAiCompatible({ http, baseUrl: fake.baseUrl, apiKey: 'sk-wrong', model: 'gpt-test' })
    const e = await rejection(bad.complete(ask))
    assert.ok(e instanceof UpstreamAuthError)
    assert.equal(e.status, 401)
    assert.doesNotMatch(e.message, /sk-wrong/)
  })

  it('a 200 of the wrong shape or not JSON is an UpstreamProtocolError', async () => {
    fake.malformNext('shape')
    assert.ok((await rejection(llm.complete(ask))) instanceof UpstreamProtocolError)
    fake.malformNext('json')
    assert.ok((await rejection(llm.complete(ask))) instanceof UpstreamProtocolError)
  })
})

describe('createLlm', () => {
  it('is null without a base URL, needs a model with one, and builds the adapter otherwise', () => {
    assert.equal(createLlm({}), null)
    assert.equal(createLlm({ apiKey: 'k', model: 'm' }), null)
    assert.throws(() => createLlm({ baseUrl: 'http://127.0.0.1:1/v1' }), /LLM_MODEL/)
    const llm = createLlm({ baseUrl: 'http://127.0.0.1:1/v1', apiKey: 'k', model: 'gpt-test' })
    assert.equal(llm?.name, 'openai-compatible')
    assert.equal(llm?.model, 'gpt-test')
  })
})
