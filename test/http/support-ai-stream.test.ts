/**
 * The streamed turn over a real port, with a scripted language model: a real EventSource client
 * receives meta, tokens and done; a forbidden phrase the model splits across chunks never reaches
 * the client and is not stored; tool calls are announced and stored; an upstream failure mid-stream
 * ends with `event: error` and a stored `finish: 'error'`; a client that disconnects leaves the turn
 * stored with what was sent and `finish: 'interrupted'`.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { EventSource } from 'eventsource'
import { createParser, type EventSourceMessage } from 'eventsource-parser'
import { json } from '../helpers/assertions.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { ALLOWED, BASE, counts, messages, scriptedModel, type Script } from './support-ai-fixtures.ts'

let script: Script = { chunks: [] }
const model = scriptedModel(() => script)
let t: TestApp
let url: string
before(async () => {
  t = await buildTestApp({ providers: { llm: model.llm } })
  url = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
after(() => t.close())

const ADVICE_SPLIT = {
  chunks: [
    'Alerts fire when the price crosses your level. ',
    'You sho',
    'uld buy A',
    'APL before earnings. ',
    'Set one under Alerts.',
  ],
}

async function open(u: Client): Promise<number> {
  return json(await u.post(`${BASE}/conversations`, {})).conversation_id as number
}

/** POSTs a turn and yields each SSE event as it arrives; `stop(e)` true → the client disconnects. */
async function turn(u: Client, id: number, stop: (e: EventSourceMessage) => boolean = () => false) {
  const ac = new AbortController()
  const res = await fetch(`${url}${BASE}/conversations/${id}/messages`, {
    method: 'POST',
    headers: {
      accept: 'text/event-stream',
      'content-type': 'application/json',
      authorization: `Bearer ${u.token}`,
    },
    body: JSON.stringify({ content: ALLOWED }),
    signal: ac.signal,
  })
  const events: EventSourceMessage[] = []
  let stopped = false
  const parser = createParser({
    onEvent: (e) => {
      events.push(e)
      if (!stopped && stop(e)) {
        stopped = true
        ac.abort()
      }
    },
  })
  const decoder = new TextDecoder()
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      parser.feed(decoder.decode(chunk, { stream: true }))
      if (stopped) break
    }
  } catch (err) {
    if (!stopped) throw err
  }
  return { res, events }
}
const tokens = (events: EventSourceMessage[]) =>
  events.filter((e) => e.event === 'token').map((e) => JSON.parse(e.data).text as string)

async function until<T>(f: () => Promise<T | undefined>, ms = 5000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await f()
    if (v !== undefined) return v
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('support assistant stream', () => {
  it('a real EventSource receives meta, tokens and done; the split forbidden phrase never arrives nor is stored', async () => {
    script = ADVICE_SPLIT
    const u = await t.newTenant()
    const id = await open(u)
    const got: { event: string; id: string; data: Record<string, unknown> }[] = []
    // EventSource only GETs: its fetch option turns the request into the POST of a turn.
    const es = new EventSource(`${url}${BASE}/conversations/${id}/messages`, {
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          method: 'POST',
          headers: {
            ...(init?.headers as Record<string, string>),
            authorization: `Bearer ${u.token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ content: ALLOWED }),
        }),
    })
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`stuck after ${got.length} events`)), 10_000)
      for (const name of ['meta', 'token', 'tool', 'done', 'error'])
        es.addEventListener(name, (e) => {
          got.push({ event: name, id: e.lastEventId, data: JSON.parse(e.data) })
          if (name === 'done' || name === 'error') {
            clearTimeout(timer)
            es.close() // else it would reconnect and send the turn again
            resolve()
          }
        })
    })
    assert.deepEqual([got[0]!.event, got.at(-1)!.event], ['meta', 'done'])
    const assistantId = got[0]!.data.assistant_message_id as number
    assert.deepEqual(
      got.map((g) => g.id),
      got.map((_, i) => `${assistantId}.${i}`),
    )
    const text = got.filter((g) => g.event === 'token').map((g) => g.data.text as string)
    assert.ok(text.length >= 2, 'several token events')
    assert.doesNotMatch(text.join(''), /should\s*buy|buy\s*aapl/i)
    for (const piece of text) assert.doesNotMatch(piece, /sho$|uld|APL before/)
    assert.match(text.join(''), /^Alerts fire when the price crosses your level\./)
    const done = got.at(-1)!.data
    assert.equal(done.filtered, true)
    assert.equal(done.finish, 'stop')
    assert.deepEqual(done.usage, { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 })
    const rows = await messages(t, u.tenantId, id)
    assert.equal(rows.length, 2)
    assert.equal(rows[1]!.content, text.join(''))
    assert.equal(rows[1]!.filtered, true)
    assert.equal(rows[1]!.finish, 'stop')
    assert.equal(rows[1]!.total_tokens, 150)
    const quota = json(await u.get(`${BASE}/quota`))
    assert.equal(quota.tokens_used, 150)
  })

  it('tokens arrive while the model is still streaming (not buffered to the end)', async () => {
    script = { chunks: ['First sentence here. ', 'Second one. ', 'Third one. ', 'Last one.'], delayMs: 150 }
    const u = await t.newTenant()
    const id = await open(u)
    const start = Date.now()
    let firstTokenAt = 0
    const { events } = await turn(u, id, (e) => {
      if (e.event === 'token' && !firstTokenAt) firstTokenAt = Date.now()
      return false
    })
    const total = Date.now() - start
    assert.ok(firstTokenAt - start < total - 200, `first token ${firstTokenAt - start} ms of ${total} ms`)
    assert.equal(tokens(events).join(''), script.chunks.join(''))
  })

  it('a client that disconnects mid-stream leaves the turn stored with what was sent, finish interrupted', async () => {
    script = { chunks: Array.from({ length: 40 }, (_, i) => `Sentence number ${i}. `), delayMs: 25 }
    const u = await t.newTenant()
    const id = await open(u)
    let seen = 0
    const { events } = await turn(u, id, (e) => e.event === 'token' && ++seen === 3)
    const received = tokens(events).join('')
    // The answer's row is stored interrupted, empty and without a model before the stream starts (a
    // crash leaves an honest record): the stream's own record is the one that names the model.
    const row = await until(async () => {
      const rows = await messages(t, u.tenantId, id)
      const stored = rows[1]?.finish === 'interrupted' && rows[1].model !== null
      return stored && model.seen.aborted ? rows[1] : undefined
    })
    assert.ok(row.content.startsWith(received), 'stored what was sent')
    assert.ok(row.content.length < script.chunks.join('').length, 'not the whole answer')
    assert.ok(!events.some((e) => e.event === 'done'))
  })

  it('an upstream failure mid-stream → event error, stored finish error with the text sent', async () => {
    script = { chunks: ['One sentence. ', 'Two sentences. ', 'Three.'], failAfter: 2 }
    const u = await t.newTenant()
    const id = await open(u)
    const { res, events } = await turn(u, id)
    assert.equal(res.status, 200)
    const last = events.at(-1)!
    assert.equal(last.event, 'error')
    assert.equal(JSON.parse(last.data).code, 'support.upstream_failed')
    const rows = await messages(t, u.tenantId, id)
    assert.equal(rows[1]!.finish, 'error')
    assert.equal(rows[1]!.content, tokens(events).join(''))
    assert.equal((await counts(t, u.tenantId)).support_message, 2)
  })
})
