import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { LlmProvider, LlmStreamEvent, LlmStreamRequest } from '../../../../providers/llm/index.ts'
import { loadHelpIndex } from './help-index.ts'
import { classifyIntent } from './intent.ts'
import { createModelResponder, MAX_TOOL_ROUNDS, SYSTEM_PROMPT } from './model-responder.ts'
import type { ResponderEvent, ToolRunner } from './types.ts'

/** A language model that plays one scripted list of events per request and records the requests. */
function fakeLlm(rounds: LlmStreamEvent[][]): LlmProvider & { requests: LlmStreamRequest[] } {
  const requests: LlmStreamRequest[] = []
  return {
    name: 'fake',
    model: 'fake-model',
    requests,
    complete: () => Promise.reject(new Error('not used')),
    async *stream(req) {
      requests.push(structuredClone({ ...req, signal: undefined }))
      const script = rounds[Math.min(requests.length - 1, rounds.length - 1)]!
      for (const ev of script) {
        if (ev.type === 'text' && ev.text === '<cut>') throw new Error('stream cut')
        yield ev
      }
    },
  }
}

const done = (usage: [number, number] | null, finishReason = 'stop'): LlmStreamEvent => ({
  type: 'done',
  finishReason,
  model: 'fake-model-2026',
  usage: usage && { prompt_tokens: usage[0], completion_tokens: usage[1], total_tokens: usage[0] + usage[1] },
})

const tools: ToolRunner = {
  summarisePortfolio: () => Promise.resolve({ total_value: '1000.00', accounts: 2 }),
}

async function run(
  llm: LlmProvider,
  question = 'how do alerts work',
  history: { role: 'user' | 'assistant'; content: string }[] = [],
) {
  const events: ResponderEvent[] = []
  const responder = createModelResponder(llm, loadHelpIndex())
  assert.equal(responder.kind, 'model')
  for await (const ev of responder.respond({
    question,
    history,
    intent: classifyIntent(question),
    tools,
    signal: new AbortController().signal,
  }))
    events.push(ev)
  return events
}

describe('createModelResponder', () => {
  it('forwards text and ends with the model, the finish and the usage', async () => {
    const llm = fakeLlm([[{ type: 'text', text: 'Alerts ' }, { type: 'text', text: 'fire.' }, done([12, 3])]])
    const events = await run(llm, 'how do alerts work', [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'Hello!' },
    ])
    assert.deepEqual(events, [
      { type: 'text', text: 'Alerts ' },
      { type: 'text', text: 'fire.' },
      {
        type: 'done',
        finish: 'stop',
        sources: [],
        usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 },
        model: 'fake-model-2026',
      },
    ])
    const req = llm.requests[0]!
    assert.equal(req.system, SYSTEM_PROMPT)
    assert.deepEqual(req.messages, [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'Hello!' },
      { role: 'user', content: 'how do alerts work' },
    ])
    assert.deepEqual(
      req.tools?.map((t) => t.name),
      ['explain_feature', 'search_help', 'summarise_portfolio'],
    )
    assert.match(SYSTEM_PROMPT, /Never give personalised investment advice/)
  })

  it('runs the tools, yields each call with its result, sends the results back and sums the usage', async () => {
    const llm = fakeLlm([
      [
        { type: 'text', text: 'Let me look. ' },
        {
          type: 'tool_calls',
          calls: [
            { id: 'c1', name: 'search_help', arguments: '{"query":"alert delivery trace"}' },
            { id: 'c2', name: 'summarise_portfolio', arguments: '{}' },
          ],
        },
        done([100, 20], 'tool_calls'),
      ],
      [{ type: 'text', text: 'Open the delivery trace.' }, done([150, 30])],
    ])
    const events = await run(llm, 'why did my alert not arrive')
    const toolEvents = events.filter((e) => e.type === 'tool')
    assert.equal(toolEvents.length, 2)
    const [search, summary] = toolEvents
    assert.equal(search!.id, 'c1')
    assert.equal(search!.arguments, '{"query":"alert delivery trace"}')
    const results = (JSON.parse(search!.result) as { results: { slug: string; passage: string }[] }).results
    assert.equal(results[0]!.slug, 'alerts')
    assert.deepEqual(JSON.parse(summary!.result), { portfolio: { total_value: '1000.00', accounts: 2 } })
    const last = events.at(-1) as Extract<ResponderEvent, { type: 'done' }>
    assert.deepEqual(last.usage, { prompt_tokens: 250, completion_tokens: 50, total_tokens: 300 })
    assert.equal(last.sources[0]?.slug, 'alerts')
    assert.equal(
      events
        .filter((e) => e.type === 'text')
        .map((e) => (e as { text: string }).text)
        .join(''),
      'Let me look. Open the delivery trace.',
    )
    const second = llm.requests[1]!.messages
    assert.deepEqual(second.at(-3), {
      role: 'assistant',
      content: 'Let me look. ',
      toolCalls: [
        { id: 'c1', name: 'search_help', arguments: '{"query":"alert delivery trace"}' },
        { id: 'c2', name: 'summarise_portfolio', arguments: '{}' },
      ],
    })
    assert.deepEqual(second.at(-2), { role: 'tool', toolCallId: 'c1', content: search!.result })
    assert.deepEqual(second.at(-1), { role: 'tool', toolCallId: 'c2', content: summary!.result })
  })

  it(`stops offering tools after ${MAX_TOOL_ROUNDS} rounds`, async () => {
    const call = { id: 'x', name: 'explain_feature', arguments: '{"feature":"watchlists"}' }
    const llm = fakeLlm([
      [{ type: 'tool_calls', calls: [call] }, done([1, 1], 'tool_calls')],
      [{ type: 'tool_calls', calls: [call] }, done([1, 1], 'tool_calls')],
      [{ type: 'tool_calls', calls: [call] }, done([1, 1], 'tool_calls')],
      [{ type: 'text', text: 'Watchlists are lists.' }, done([1, 1])],
    ])
    const events = await run(llm, 'what is a watchlist')
    assert.equal(llm.requests.length, MAX_TOOL_ROUNDS + 1)
    assert.ok(llm.requests.slice(0, MAX_TOOL_ROUNDS).every((r) => r.tools?.length === 3))
    assert.equal(llm.requests[MAX_TOOL_ROUNDS]!.tools, undefined)
    assert.equal(events.filter((e) => e.type === 'tool').length, MAX_TOOL_ROUNDS)
    const last = events.at(-1) as Extract<ResponderEvent, { type: 'done' }>
    assert.deepEqual(last.usage, { prompt_tokens: 4, completion_tokens: 4, total_tokens: 8 })
    assert.deepEqual(last.sources, [{ title: 'Watchlists', slug: 'watchlists' }])
  })

  it('answers bad tool calls with an error the model can read', async () => {
    const llm = fakeLlm([
      [
        {
          type: 'tool_calls',
          calls: [
            { id: 'a', name: 'search_help', arguments: '{"query":' },
            { id: 'b', name: 'delete_account', arguments: '{}' },
            { id: 'c', name: 'explain_feature', arguments: '{"feature":"  "}' },
            { id: 'd', name: 'summarise_portfolio', arguments: '{"account_id":3}' },
            { id: 'e', name: 'summarise_portfolio', arguments: '[]' },
            { id: 'f', name: 'summarise_portfolio', arguments: '' },
          ],
        },
        done(null, 'tool_calls'),
      ],
      [{ type: 'text', text: 'Sorry.' }, done(null)],
    ])
    const events = await run(llm)
    const results = events
      .filter((e) => e.type === 'tool')
      .map((e) => JSON.parse((e as { result: string }).result))
    assert.deepEqual(results, [
      { error: '"query" (a non-empty string) is required' },
      { error: 'unknown tool delete_account' },
      { error: '"feature" (a non-empty string) is required' },
      { error: 'summarise_portfolio takes no arguments; call it with {}' },
      { error: 'summarise_portfolio takes no arguments; call it with {}' },
      { portfolio: { total_value: '1000.00', accounts: 2 } },
    ])
    const last = events.at(-1) as Extract<ResponderEvent, { type: 'done' }>
    assert.equal(last.usage, null)
    assert.deepEqual(last.sources, [])
  })

  it('reports a length stop, and lets a failure mid-stream end the iteration with the error', async () => {
    const cut = await run(fakeLlm([[{ type: 'text', text: 'Long' }, done([5, 800], 'length')]]))
    assert.equal((cut.at(-1) as { finish: string }).finish, 'length')
    const seen: ResponderEvent[] = []
    await assert.rejects(async () => {
      const responder = createModelResponder(
        fakeLlm([
          [
            { type: 'text', text: 'Half' },
            { type: 'text', text: '<cut>' },
          ],
        ]),
        loadHelpIndex(),
      )
      for await (const ev of responder.respond({
        question: 'q',
        history: [],
        intent: classifyIntent('how do alerts work'),
        tools,
        signal: new AbortController().signal,
      }))
        seen.push(ev)
    }, /stream cut/)
    assert.deepEqual(seen, [{ type: 'text', text: 'Half' }])
  })
})

describe('createModelResponder text across tool rounds', () => {
  it('keeps a round that ended mid-line apart from the next round, and adds nothing when it ended in a space', async () => {
    const call = { id: 'c1', name: 'search_help', arguments: '{"query":"alerts"}' }
    const text = (rounds: LlmStreamEvent[][]) =>
      run(fakeLlm(rounds)).then((evs) => evs.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join(''))
    const answer: LlmStreamEvent[] = [{ type: 'text', text: 'Alerts fire once.' }, done(null)]
    assert.equal(
      await text([
        [{ type: 'text', text: 'Let me look.' }, { type: 'tool_calls', calls: [call] }, done(null)],
        answer,
      ]),
      'Let me look.\n\nAlerts fire once.',
    )
    assert.equal(
      await text([
        [{ type: 'text', text: 'Let me look. ' }, { type: 'tool_calls', calls: [call] }, done(null)],
        answer,
      ]),
      'Let me look. Alerts fire once.',
    )
    assert.equal(
      await text([[{ type: 'tool_calls', calls: [call] }, done(null)], answer]),
      'Alerts fire once.',
    )
  })
})
