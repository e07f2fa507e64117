/**
 * The assistant's tool calls end to end: the real OpenAI-compatible adapter streams from the loopback
 * OpenAI fake (tool-call arguments split over chunks). `summarise_portfolio` hands the model the
 * caller's own figures and never another tenant's; `search_help` / `explain_feature` hand it help
 * passages that become the turn's sources; the tool loop stops offering tools after three rounds;
 * bad arguments come back to the model as `{"error": …}`; the conversation shows the tools used.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, beforeEach, describe, it } from 'node:test'
import { startOpenAiFake, type OpenAiFake, type StreamScript } from '../fakes/openai-fake.ts'
import { json } from '../helpers/assertions.ts'
import { createManualAccount, NoClosesMarket } from '../helpers/portfolio.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { systemClock } from '../../src/platform/clock.ts'
import { BASE, messages, parseSse } from './support-ai-fixtures.ts'

let fake: OpenAiFake
let t: TestApp
before(async () => {
  fake = await startOpenAiFake()
  t = await buildTestApp({
    env: { LLM_BASE_URL: fake.baseUrl, LLM_API_KEY: fake.apiKey, LLM_MODEL: 'gpt-test' },
    // No daily closes: back-dated manual holdings are valued at their book price (market value = cost).
    providers: { market: new NoClosesMarket({ clock: systemClock }) },
  })
})
after(async () => {
  await t.close()
  await fake.close()
})
beforeEach(() => fake.reset())

type Obj = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

async function position(u: Client, account_id: number, symbol: string, quantity: number, cost_basis: number) {
  const res = await u.post('/api/brokers/manual/positions', {
    account_id,
    symbol,
    quantity,
    cost_basis,
    as_of: '2026-11-02',
  })
  assert.equal(res.statusCode, 201, res.body)
}

async function open(u: Client): Promise<number> {
  return json(await u.post(`${BASE}/conversations`, {})).conversation_id as number
}

/** A streamed turn: the SSE events, the token text and the `done` data. */
async function turn(u: Client, id: number, content: string) {
  const res = await u.post(
    `${BASE}/conversations/${id}/messages`,
    { content },
    { accept: 'text/event-stream' },
  )
  assert.equal(res.statusCode, 200, res.body)
  assert.match(String(res.headers['content-type']), /text\/event-stream/)
  const events = parseSse(res.body).events.map((e) => ({ event: e.event, data: JSON.parse(e.data) as Obj }))
  const text = events
    .filter((e) => e.event === 'token')
    .map((e) => e.data.text as string)
    .join('')
  return { events, text, last: events.at(-1)! }
}

/** Each streamed request's wire messages of role `tool`, parsed, with the call ids they answer. */
const toolResults = (request: number) =>
  (fake.requests[request]!.body!.messages as Obj[])
    .filter((m) => m.role === 'tool')
    .map((m) => ({
      id: m.tool_call_id as string,
      content: m.content as string,
      parsed: JSON.parse(m.content),
    }))

const toolCallRows = (u: Client, conversationId: number) =>
  t.c.scopes.withTenant(u.tenantId, ({ db }) =>
    db
      .selectFrom('support_tool_call')
      .select(['message_id', 'call_id', 'name', 'arguments', 'result'])
      .where('tenant_id', '=', u.tenantId)
      .where('conversation_id', '=', conversationId)
      .orderBy('id')
      .execute(),
  )

const usage = (prompt: number, completion: number) => ({
  prompt_tokens: prompt,
  completion_tokens: completion,
  total_tokens: prompt + completion,
})

/** A help article's front matter and its text with whitespace collapsed (read here, not through the index). */
function article(slug: string) {
  const raw = readFileSync(
    new URL(`../../src/modules/support/assistant/help/${slug}.md`, import.meta.url),
    'utf8',
  )
  const title = /^title: (.+)$/m.exec(raw)![1]!.trim()
  return { title, slug, text: raw.replace(/\s+/g, ' ') }
}

describe('summarise_portfolio through the real adapter', () => {
  it('the model gets the caller’s own figures (never another tenant’s), the tool is announced, stored, summed', async () => {
    const owner = await t.newTenant()
    const mine = await createManualAccount(owner, 'Main')
    await position(owner, mine, 'AAPL', 10, 1500)
    await position(owner, mine, 'MSFT', 3, 1000.5)
    const other = await t.newTenant()
    await position(other, await createManualAccount(other, 'Theirs'), 'TSLA', 7, 4321.09)

    const id = await open(owner)
    fake.streamNext({
      text: ['Let me look. '],
      toolCalls: [{ id: 'call_pf', name: 'summarise_portfolio', arguments: '{}', parts: 2 }],
      usage: usage(100, 9),
    })
    fake.streamNext({
      text: ['You hold 2 positions worth 2500.50 USD. ', 'AAPL is the largest, at 59.99 %.'],
      usage: usage(180, 20),
    })
    const { events, text, last } = await turn(owner, id, 'How is my portfolio doing?')

    assert.deepEqual(
      events.map((e) => e.event).filter((e) => e !== 'token'),
      ['meta', 'tool', 'done'],
    )
    assert.deepEqual(events.find((e) => e.event === 'tool')!.data, { name: 'summarise_portfolio' })
    assert.equal(
      text,
      'Let me look. You hold 2 positions worth 2500.50 USD. AAPL is the largest, at 59.99 %.',
    )
    assert.equal(last.event, 'done')
    assert.equal(last.data.finish, 'stop')
    assert.deepEqual(last.data.sources, [])
    assert.deepEqual(last.data.usage, usage(280, 29))

    // Two requests: the first offers the three tools; the second carries the call and its result.
    assert.equal(fake.requests.length, 2)
    const offered = (fake.requests[0]!.body!.tools as Obj[]).map((x) => x.function.name).sort()
    assert.deepEqual(offered, ['explain_feature', 'search_help', 'summarise_portfolio'])
    const wire = fake.requests[1]!.body!.messages as Obj[]
    const call = wire.find((m) => m.role === 'assistant' && m.tool_calls)!
    assert.equal(call.content, 'Let me look. ')
    assert.deepEqual(call.tool_calls, [
      { id: 'call_pf', type: 'function', function: { name: 'summarise_portfolio', arguments: '{}' } },
    ])
    const [result] = toolResults(1)
    assert.equal(result!.id, 'call_pf')
    // 1500 + 1000.50 = 2500.50; weights 1500 / 2500.50 = 59.988 %, 1000.50 / 2500.50 = 40.012 %.
    assert.deepEqual(result!.parsed, {
      portfolio: {
        positions: 2,
        market_value_usd: '2500.50',
        largest: [
          { symbol: 'AAPL', quantity: 10, market_value_usd: '1500.00', weight_pct: '59.99' },
          { symbol: 'MSFT', quantity: 3, market_value_usd: '1000.50', weight_pct: '40.01' },
        ],
        more_positions: 0,
      },
    })
    assert.doesNotMatch(result!.content, /TSLA|4321/)

    const [assistant] = (await messages(t, owner.tenantId, id)).filter((m) => m.role === 'assistant')
    assert.equal(assistant!.content, text)
    assert.equal(assistant!.total_tokens, 309)
    assert.equal(assistant!.finish, 'stop')
    assert.deepEqual(await toolCallRows(owner, id), [
      {
        message_id: assistant!.id,
        call_id: 'call_pf',
        name: 'summarise_portfolio',
        arguments: '{}',
        result: result!.content,
      },
    ])

    // The other tenant's turn gets its own figures only.
    fake.reset()
    fake.streamNext({ toolCalls: [{ id: 'call_o', name: 'summarise_portfolio', arguments: '' }] })
    fake.streamNext({ text: ['You hold TSLA.'] })
    const theirs = await turn(other, await open(other), 'Summarise my holdings please')
    assert.equal(theirs.last.event, 'done')
    const [otherResult] = toolResults(1)
    assert.deepEqual(otherResult!.parsed.portfolio.largest, [
      { symbol: 'TSLA', quantity: 7, market_value_usd: '4321.09', weight_pct: '100.00' },
    ])
    assert.doesNotMatch(otherResult!.content, /AAPL|MSFT|2500/)
  })
})

describe('help tools through the real adapter', () => {
  it('search_help and explain_feature return help passages; done and the conversation name them as sources', async () => {
    const u = await t.newTenant()
    const id = await open(u)
    fake.streamNext({
      toolCalls: [
        { id: 'call_s', name: 'search_help', arguments: '{"query": "price alert rule"}', parts: 4 },
      ],
    })
    fake.streamNext({
      toolCalls: [{ id: 'call_e', name: 'explain_feature', arguments: '{"feature":"watchlists"}', parts: 3 }],
    })
    fake.streamNext({ text: ['Open Alerts and use New rule. ', 'See the help article on alerts.'] })
    const { events, text, last } = await turn(u, id, 'How do I set up a price alert?')

    assert.deepEqual(
      events.filter((e) => e.event === 'tool').map((e) => e.data.name),
      ['search_help', 'explain_feature'],
    )
    assert.equal(text, 'Open Alerts and use New rule. See the help article on alerts.')
    assert.equal(fake.requests.length, 3)

    const alerts = article('alerts')
    const watchlists = article('watchlists')
    const [search] = toolResults(1)
    assert.equal(search!.id, 'call_s')
    const hits = search!.parsed.results as { title: string; slug: string; passage: string }[]
    assert.ok(hits.length >= 1 && hits.length <= 4)
    assert.deepEqual({ title: hits[0]!.title, slug: hits[0]!.slug }, { title: alerts.title, slug: 'alerts' })
    // The passage is the article's own text (a section, its heading first).
    const body = hits[0]!.passage.replace(/\s+/g, ' ')
    assert.ok(alerts.text.includes(body.slice(body.indexOf(': ') + 2, body.indexOf(': ') + 120)), body)

    const explain = toolResults(2).find((r) => r.id === 'call_e')!
    const explained = explain.parsed.results as { title: string; slug: string; passage: string }[]
    assert.ok(explained.length >= 1 && explained.length <= 2)
    assert.deepEqual(
      { title: explained[0]!.title, slug: explained[0]!.slug },
      { title: watchlists.title, slug: 'watchlists' },
    )

    // Sources: every article a tool returned, once each, in the order first returned.
    const expected: { title: string; slug: string }[] = []
    for (const h of [...hits, ...explained])
      if (!expected.some((s) => s.slug === h.slug)) expected.push({ title: h.title, slug: h.slug })
    assert.equal(last.event, 'done')
    assert.deepEqual(last.data.sources, expected)

    const rows = await toolCallRows(u, id)
    assert.deepEqual(
      rows.map((r) => [r.call_id, r.name, r.arguments]),
      [
        ['call_s', 'search_help', '{"query": "price alert rule"}'],
        ['call_e', 'explain_feature', '{"feature":"watchlists"}'],
      ],
    )
    assert.equal(rows[0]!.result, search!.content)
    assert.equal(rows[1]!.result, explain.content)

    const conversation = json(await u.get(`${BASE}/conversations/${id}`))
    const answer = conversation.messages.find((m: Obj) => m.role === 'assistant')
    assert.equal(answer.content, text)
    assert.deepEqual(answer.sources, expected)
    assert.deepEqual(answer.tools, [{ name: 'search_help' }, { name: 'explain_feature' }])
    const question = conversation.messages.find((m: Obj) => m.role === 'user')
    assert.deepEqual(question.tools, [])
  })
})

describe('the tool loop', () => {
  it('after three rounds of tool calls the next request offers no tools, and the turn ends with done', async () => {
    const u = await t.newTenant()
    const id = await open(u)
    const round = (n: number): StreamScript => ({
      toolCalls: [{ id: `call_${n}`, name: 'search_help', arguments: `{"query":"watchlist ${n}"}` }],
      usage: usage(50, 5),
    })
    fake.streamNext(round(1))
    fake.streamNext(round(2))
    fake.streamNext(round(3))
    fake.streamNext({ text: ['Watchlists are on the Watchlists page.'], usage: usage(70, 10) })
    // A model that would go on calling tools for ever, had it been offered them.
    fake.streamScript = round(9)
    const { events, text, last } = await turn(u, id, 'How do I create a watchlist?')

    assert.equal(fake.requests.length, 4)
    assert.deepEqual(
      fake.requests.map((r) => Array.isArray(r.body!.tools)),
      [true, true, true, false],
    )
    assert.equal(fake.requests[3]!.body!.tool_choice, undefined)
    assert.deepEqual(
      toolResults(3).map((r) => r.id),
      ['call_1', 'call_2', 'call_3'],
    )
    assert.equal(events.filter((e) => e.event === 'tool').length, 3)
    assert.equal(text, 'Watchlists are on the Watchlists page.')
    assert.equal(last.event, 'done')
    assert.equal(last.data.finish, 'stop')
    assert.deepEqual(last.data.usage, usage(220, 25))
    assert.equal((await toolCallRows(u, id)).length, 3)
  })
})

describe('bad tool arguments', () => {
  it('the model receives {"error": …} for each bad call and the turn completes', async () => {
    const u = await t.newTenant()
    const id = await open(u)
    fake.streamNext({
      toolCalls: [
        { id: 'bad_type', name: 'search_help', arguments: '{"query": 42}' },
        { id: 'bad_json', name: 'explain_feature', arguments: '{"feature": "ale', parts: 2 },
        { id: 'unknown', name: 'delete_account', arguments: '{}' },
        { id: 'bad_pf', name: 'summarise_portfolio', arguments: '{"account_id": 7}' },
      ],
    })
    fake.streamNext({ text: ['I could not look that up. ', 'Please open a support case.'] })
    const { events, text, last } = await turn(u, id, 'How do alerts work?')

    assert.equal(last.event, 'done')
    assert.equal(last.data.finish, 'stop')
    assert.deepEqual(last.data.sources, [])
    assert.equal(text, 'I could not look that up. Please open a support case.')
    assert.equal(events.filter((e) => e.event === 'tool').length, 4)
    const results = toolResults(1)
    assert.deepEqual(
      results.map((r) => r.id),
      ['bad_type', 'bad_json', 'unknown', 'bad_pf'],
    )
    for (const r of results) {
      assert.deepEqual(Object.keys(r.parsed), ['error'], r.content)
      assert.equal(typeof r.parsed.error, 'string')
    }
    assert.match(results[0]!.parsed.error, /query/)
    assert.match(results[1]!.parsed.error, /feature/)
    assert.match(results[2]!.parsed.error, /delete_account/)
    assert.match(results[3]!.parsed.error, /no arguments/)
    const rows = await toolCallRows(u, id)
    assert.deepEqual(
      rows.map((r) => [r.call_id, r.arguments, r.result]),
      results.map((r, i) => [r.id, rows[i]!.arguments, r.content]),
    )
    assert.equal(rows[1]!.arguments, '{"feature": "ale')
  })
})
