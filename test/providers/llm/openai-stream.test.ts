import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, it } from 'node:test'
import { startOpenAiFake, type OpenAiFake } from '../../fakes/openai-fake.ts'
import {
  UpstreamAuthError,
  UpstreamError,
  UpstreamProtocolError,
  UpstreamTimeoutError,
  createHttpClient,
} from '../../../src/providers/shared/http.ts'
import type { LlmProvider, LlmStreamEvent, LlmStreamRequest } from '../../../src/providers/llm/llm.port.ts'
import { createOpenAiCompatible } from '../../../src/providers/llm/openai-compatible.ts'

/** Every event until the end, and the error the iteration ended with (if any). */
async function collect(
  it: AsyncIterable<LlmStreamEvent>,
): Promise<{ events: LlmStreamEvent[]; error: unknown }> {
  const events: LlmStreamEvent[] = []
  try {
    for await (const ev of it) events.push(ev)
  } catch (e) {
    return { events, error: e }
  }
  return { events, error: undefined }
}

const textOf = (events: LlmStreamEvent[]): string =>
  events.map((e) => (e.type === 'text' ? e.text : '')).join('')

const ask: LlmStreamRequest = {
  system: 'You are the support assistant.',
  messages: [{ role: 'user', content: 'How do alerts work?' }],
}

describe('OpenAI-compatible adapter, streamed turns', () => {
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

  it('sends system first, the tools, the tool-call turn and its result, stream with include_usage', async () => {
    const parameters = { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] }
    const { error } = await collect(
      llm.stream({
        system: 'Be brief.',
        messages: [
          { role: 'user', content: 'Explain alerts.' },
          {
            role: 'assistant',
            content: null,
            toolCalls: [{ id: 'call_7', name: 'explain_feature', arguments: '{"topic":"alerts"}' }],
          },
          { role: 'tool', toolCallId: 'call_7', content: '{"text":"Alerts fire on price."}' },
        ],
        tools: [{ name: 'explain_feature', description: 'Explain a feature', parameters }],
        maxTokens: 300,
        temperature: 0,
      }),
    )
    assert.equal(error, undefined)
    assert.equal(fake.requests.length, 1)
    const req = fake.requests[0]!
    assert.equal(req.path, '/v1/chat/completions')
    assert.equal(req.authorization, `Bearer ${fake.apiKey}`)
    assert.equal(
      req.status,
      200,
      'the fake accepted the turns (a tool result must answer an earlier call id)',
    )
    assert.deepEqual(req.body, {
      model: 'gpt-test',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Explain alerts.' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_7',
              type: 'function',
              function: { name: 'explain_feature', arguments: '{"topic":"alerts"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_7', content: '{"text":"Alerts fire on price."}' },
      ],
      stream: true,
      stream_options: { include_usage: true },
      tools: [
        {
          type: 'function',
          function: { name: 'explain_feature', description: 'Explain a feature', parameters },
        },
      ],
      max_tokens: 300,
      temperature: 0,
    })
  })

  it('yields each content delta as text, then one done with the finish reason, the model and the usage', async () => {
    fake.streamNext({
      text: ['Alerts ', 'fire when ', 'a price ', 'crosses.'],
      usage: { prompt_tokens: 120, completion_tokens: 18, total_tokens: 138 },
    })
    const { events, error } = await collect(llm.stream(ask))
    assert.equal(error, undefined)
    assert.deepEqual(events, [
      { type: 'text', text: 'Alerts ' },
      { type: 'text', text: 'fire when ' },
      { type: 'text', text: 'a price ' },
      { type: 'text', text: 'crosses.' },
      {
        type: 'done',
        finishReason: 'stop',
        model: 'gpt-test-2025-01-01',
        usage: { prompt_tokens: 120, completion_tokens: 18, total_tokens: 138 },
      },
    ])
  })

  it('assembles tool calls from arguments split over several chunks, by index, and yields them once before done', async () => {
    const first = '{"topic":"price alerts","detail":"long"}'
    const second = '{"query":"two-factor"}'
    fake.streamNext({
      toolCalls: [
        { id: 'call_a', name: 'explain_feature', arguments: first, parts: 5 },
        { id: 'call_b', name: 'search_help', arguments: second, parts: 3 },
      ],
    })
    const { events, error } = await collect(llm.stream(ask))
    assert.equal(error, undefined)
    assert.equal(events.length, 2)
    assert.deepEqual(events[0], {
      type: 'tool_calls',
      calls: [
        { id: 'call_a', name: 'explain_feature', arguments: first },
        { id: 'call_b', name: 'search_help', arguments: second },
      ],
    })
    assert.equal(events[1]!.type, 'done')
    assert.equal(events[1]!.type === 'done' && events[1]!.finishReason, 'tool_calls')
  })

  it('reads Ollama-style streams: role on every delta, calls whole in one chunk, finish "stop", no usage', async () => {
    fake.streamNext({
      roleEveryChunk: true,
      text: ['Let me look.'],
      toolCalls: [{ id: 'call_x', name: 'summarise_portfolio', arguments: '{}', parts: 1 }],
      finishReason: 'stop',
      usage: null,
    })
    const { events, error } = await collect(llm.stream(ask))
    assert.equal(error, undefined)
    assert.deepEqual(events, [
      { type: 'text', text: 'Let me look.' },
      { type: 'tool_calls', calls: [{ id: 'call_x', name: 'summarise_portfolio', arguments: '{}' }] },
      { type: 'done', finishReason: 'stop', model: 'gpt-test-2025-01-01', usage: null },
    ])
  })

  it('reports usage as null when the server sends no usage chunk', async () => {
    fake.streamNext({ text: ['Hi.'], usage: null })
    const { events } = await collect(llm.stream(ask))
    const done = events.at(-1)
    assert.equal(done?.type, 'done')
    assert.equal(done?.type === 'done' ? done.usage : 'missing', null)
  })

  it('ends with an UpstreamProtocolError on an error chunk, after the text that came before it', async () => {
    fake.streamNext({ text: ['Alerts ', 'fire ', 'when'], errorAfter: 2 })
    const { events, error } = await collect(llm.stream(ask))
    assert.ok(error instanceof UpstreamProtocolError, String(error))
    assert.match(error.message, /error chunk: The server had an error/)
    assert.equal(textOf(events), 'Alerts fire ')
    assert.ok(!events.some((e) => e.type === 'done'), 'no done after an error')
  })

  it('ends with an UpstreamProtocolError on an `event: error`', async () => {
    fake.streamNext({ text: ['Alerts ', 'fire.'], errorAfter: 1, errorAs: 'event' })
    const { events, error } = await collect(llm.stream(ask))
    assert.ok(error instanceof UpstreamProtocolError, String(error))
    assert.equal(textOf(events), 'Alerts ')
  })

  it('ends with an UpstreamProtocolError when the body ends before a finish reason or [DONE]', async () => {
    fake.streamNext({ text: ['Alerts ', 'fire ', 'when ', 'a price crosses.'], cutAfter: 2 })
    const { events, error } = await collect(llm.stream(ask))
    assert.ok(error instanceof UpstreamProtocolError, String(error))
    assert.match(error.message, /ended before a finish reason/)
    assert.equal(textOf(events), 'Alerts fire ')
    assert.ok(!events.some((e) => e.type === 'done'))
  })

  it('ends with a typed upstream error when the connection is reset mid-stream', async () => {
    fake.streamNext({ text: ['Alerts ', 'fire ', 'when.'], cutAfter: 1, cutAs: 'reset' })
    const { events, error } = await collect(llm.stream(ask))
    assert.ok(error instanceof UpstreamError, String(error))
    assert.ok(!events.some((e) => e.type === 'done'))
  })

  it('accepts a body that ends after its finish reason without [DONE]', async () => {
    fake.streamNext({ text: ['Done.'], done: false, usage: null })
    const { events, error } = await collect(llm.stream(ask))
    assert.equal(error, undefined)
    assert.deepEqual(events.at(-1), {
      type: 'done',
      finishReason: 'stop',
      model: 'gpt-test-2025-01-01',
      usage: null,
    })
  })

  it('stops reading when the caller aborts, with the abort as the error', async () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i} `)
    fake.streamNext({ text: words, delayMs: 25 })
    const ctrl = new AbortController()
    const events: LlmStreamEvent[] = []
    const error = await (async () => {
      try {
        for await (const ev of llm.stream({ ...ask, signal: ctrl.signal })) {
          events.push(ev)
          if (events.length === 2) ctrl.abort()
        }
      } catch (e) {
        return e
      }
      return undefined
    })()
    assert.ok(error instanceof Error && error.name === 'AbortError', String(error))
    assert.equal(events.length, 2, 'nothing is yielded after the abort')
  })

  it('retries a 429 before the stream starts (Retry-After) and then streams', async () => {
    fake.rateLimitNext(1, 1)
    fake.streamNext({ text: ['Hello.'] })
    const { events, error } = await collect(llm.stream(ask))
    assert.equal(error, undefined)
    assert.deepEqual(sleeps, [1000])
    assert.deepEqual(
      fake.requests.map((r) => r.status),
      [429, 200],
    )
    assert.equal(textOf(events), 'Hello.')
  })

  it('raises the typed error of a non-2xx answer before the stream, without retrying a 401', async () => {
    fake.failNext(401)
    const { events, error } = await collect(llm.stream(ask))
    assert.ok(error instanceof UpstreamAuthError, String(error))
    assert.equal(error.status, 401)
    assert.equal(events.length, 0)
    assert.equal(fake.requests.length, 1)
  })

  it('refuses a JSON answer to a streamed request as a protocol error', async () => {
    fake.malformNext('shape')
    const { error } = await collect(llm.stream(ask))
    assert.ok(error instanceof UpstreamProtocolError, String(error))
    assert.match(error.message, /JSON, not server-sent events/)
  })

  it('times out waiting for the answer, and on silence mid-stream', async () => {
    fake.delayNext(400)
    const first = await collect(llm.stream({ ...ask, timeoutMs: 100 }))
    assert.ok(first.error instanceof UpstreamTimeoutError, String(first.error))
    fake.streamNext({ text: ['One ', 'two.'], delayMs: 400 })
    const second = await collect(llm.stream({ ...ask, timeoutMs: 150 }))
    assert.ok(second.error instanceof UpstreamTimeoutError, String(second.error))
    assert.equal(textOf(second.events), 'One ')
  })
})
