/**
 * An answer being streamed reads as in progress: from another request the conversation lists it
 * with `in_progress: true, finish: null`, and takes no feedback on it (409); once it ends it reads
 * `in_progress: false` with how it ended. The stream renews the answer's lease as it goes on, at
 * most every 5 s; one whose lease ran out without finishing reads as interrupted. The model is held
 * mid-answer by the test, and the app's clock is the test's.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import type { LlmProvider, LlmStreamEvent } from '../../src/providers/llm/llm.port.ts'
import { assertProblem, json } from '../helpers/assertions.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { ALLOWED, BASE, messages, startTurn } from './support-ai-fixtures.ts'

/** What the held model says next: a piece of text, or null for the end of its answer. */
class Feed {
  private items: (string | null)[] = []
  private wake: (() => void) | null = null
  push(item: string | null) {
    this.items.push(item)
    this.wake?.()
    this.wake = null
  }
  async next(): Promise<string | null> {
    while (this.items.length === 0) await new Promise<void>((r) => (this.wake = r))
    return this.items.shift()!
  }
}

let feed = new Feed()
/** Every feed handed out, so a test that fails mid-answer still lets its stream end. */
const feeds: Feed[] = []
const fresh = () => {
  feed = new Feed()
  feeds.push(feed)
}
const llm: LlmProvider = {
  name: 'held',
  model: 'held-1',
  complete: async () => {
    throw new Error('not used')
  },
  async *stream(): AsyncIterable<LlmStreamEvent> {
    const mine = feed
    for (let text = await mine.next(); text !== null; text = await mine.next()) yield { type: 'text', text }
    yield { type: 'done', finishReason: 'stop', model: 'held-1', usage: null }
  },
}

const START = '2026-11-24T15:00:00.000Z'
const clock = fixedClock(START)
const at = (ms: number) => new Date(Date.parse(START) + ms)
let t: TestApp
let url: string
before(async () => {
  t = await buildTestApp({ clock, providers: { llm } })
  url = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
after(async () => {
  for (const f of feeds) f.push(null)
  await t.close()
})

async function conversation(u: Client, id: number) {
  const res = await u.get(`${BASE}/conversations/${id}`)
  assert.equal(res.statusCode, 200, res.body)
  return json(res)
}

async function lease(tenantId: number, id: number) {
  return (await messages(t, tenantId, id))[1]!.lease_expires_at?.toISOString() ?? null
}

const view = (m: Record<string, unknown>) => ({
  role: m.role,
  in_progress: m.in_progress,
  finish: m.finish,
  content: m.content,
})

describe('support assistant: an answer in progress', () => {
  it('reads in_progress: true, finish: null while it streams; in_progress: false, finish: stop once it ends', async () => {
    clock.set(START)
    fresh()
    const u = await t.newTenant()
    const id = json(await u.post(`${BASE}/conversations`, {})).conversation_id as number
    const turn = await startTurn(url, u, id)
    feed.push('Alerts fire when the price crosses your level. ')
    await turn.seen('token')
    const during = (await conversation(u, id)).messages as Record<string, unknown>[]
    assert.deepEqual(during.map(view), [
      { role: 'user', in_progress: false, finish: null, content: ALLOWED },
      { role: 'assistant', in_progress: true, finish: null, content: '' },
    ])
    // Feedback judges a whole answer: not yet, whether it is named or meant as the latest.
    const answerId = during[1]!.message_id as number
    for (const body of [{ helpful: true, message_id: answerId }, { rating: 1 }])
      assertProblem(
        await u.post(`${BASE}/conversations/${id}/feedback`, body),
        409,
        'support.answer_in_progress',
      )
    feed.push('Set one under Alerts.')
    feed.push(null)
    await turn.ended
    assert.equal(turn.events.at(-1)!.event, 'done')
    const afterwards = (await conversation(u, id)).messages as Record<string, unknown>[]
    assert.deepEqual(view(afterwards[1]!), {
      role: 'assistant',
      in_progress: false,
      finish: 'stop',
      content: 'Alerts fire when the price crosses your level. Set one under Alerts.',
    })
    assert.equal(await lease(u.tenantId, id), null, 'the lease is cleared')
    const fb = await u.post(`${BASE}/conversations/${id}/feedback`, { helpful: true, message_id: answerId })
    assert.equal(fb.statusCode, 200, fb.body)
  })

  it('the stream renews the lease as the answer goes on, at most every 5 s', async () => {
    clock.set(START)
    fresh()
    const u = await t.newTenant()
    const id = json(await u.post(`${BASE}/conversations`, {})).conversation_id as number
    const turn = await startTurn(url, u, id)
    feed.push('First sentence here. ')
    await turn.seen('token')
    assert.equal(await lease(u.tenantId, id), at(45_000).toISOString(), 'taken for 45 s')
    clock.advance(40_000)
    feed.push('Second one. ')
    await turn.seen('token', 2)
    assert.equal(await lease(u.tenantId, id), at(85_000).toISOString(), 'renewed at 40 s')
    clock.advance(4_000)
    feed.push('Third one. ')
    await turn.seen('token', 3)
    assert.equal(await lease(u.tenantId, id), at(85_000).toISOString(), 'not again within 5 s')
    clock.advance(36_000) // 80 s after the start: past the first lease, within the renewed one
    const during = (await conversation(u, id)).messages as Record<string, unknown>[]
    assert.deepEqual(view(during[1]!), { role: 'assistant', in_progress: true, finish: null, content: '' })
    feed.push(null)
    await turn.ended
    assert.deepEqual(view(((await conversation(u, id)).messages as Record<string, unknown>[])[1]!), {
      role: 'assistant',
      in_progress: false,
      finish: 'stop',
      content: 'First sentence here. Second one. Third one. ',
    })
  })

  it('an answer whose lease ran out without finishing reads as interrupted', async () => {
    clock.set(START)
    fresh()
    const u = await t.newTenant()
    const id = json(await u.post(`${BASE}/conversations`, {})).conversation_id as number
    const turn = await startTurn(url, u, id)
    feed.push('Alerts fire when the price crosses your level. ')
    await turn.seen('token')
    // Nothing renews it (the model is silent and the stream does not write): as if it had died.
    clock.advance(44_999)
    assert.equal(((await conversation(u, id)).messages as Record<string, unknown>[])[1]!.in_progress, true)
    clock.advance(1)
    const lapsed = (await conversation(u, id)).messages as Record<string, unknown>[]
    assert.deepEqual(view(lapsed[1]!), {
      role: 'assistant',
      in_progress: false,
      finish: 'interrupted',
      content: '',
    })
    // Cut off is finished: it takes feedback.
    const fb = await u.post(`${BASE}/conversations/${id}/feedback`, { rating: 4 })
    assert.equal(fb.statusCode, 200, fb.body)
    feed.push(null)
    await turn.ended
  })
})
