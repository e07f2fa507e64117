/**
 * An answer being written elsewhere (streamed to another client of the same user), in Chromium: the
 * conversation shows "Writing…" as a polite status in its place, with no feedback form, and reads
 * the conversation again every 2 s; once the answer is stored the text replaces "Writing…", feedback
 * is offered, and the reading stops. The model is held mid-answer by the test.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createParser, type EventSourceMessage } from 'eventsource-parser'
import type { LlmProvider, LlmStreamEvent } from '../../../src/providers/llm/llm.port.ts'
import {
  type ConsoleHarness,
  consoleSkipReason,
  type ConsoleUser,
  startConsole,
} from '../../helpers/console.ts'
import { json, text } from './engagement-helpers.ts'

/** What the held model says next: a piece of text, or null for the end of its answer. */
const feed: (string | null)[] = []
let wake: (() => void) | null = null
const say = (item: string | null) => {
  feed.push(item)
  wake?.()
}
const heard = async () => {
  while (feed.length === 0) await new Promise<void>((r) => (wake = r))
  return feed.shift()!
}
const llm: LlmProvider = {
  name: 'held',
  model: 'held-model',
  complete: () => Promise.reject(new Error('not used')),
  async *stream(): AsyncIterable<LlmStreamEvent> {
    for (let text = await heard(); text !== null; text = await heard()) yield { type: 'text', text }
    yield { type: 'done', finishReason: 'stop', model: 'held-model', usage: null }
  },
}

/** A streamed turn from outside the page (another tab or device); its events are kept as they come. */
async function streamElsewhere(h: ConsoleHarness, user: ConsoleUser, id: number, question: string) {
  const res = await fetch(`${h.base}/api/support/ai/conversations/${id}/messages`, {
    method: 'POST',
    headers: {
      accept: 'text/event-stream',
      'content-type': 'application/json',
      authorization: `Bearer ${user.api.token}`,
    },
    body: JSON.stringify({ content: question }),
  })
  assert.equal(res.status, 200)
  const events: EventSourceMessage[] = []
  const parser = createParser({ onEvent: (e) => events.push(e) })
  const decoder = new TextDecoder()
  const ended = (async () => {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
      parser.feed(decoder.decode(chunk, { stream: true }))
  })()
  return { events, ended }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('console: an answer still being written', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  before(async () => {
    h = await startConsole({ env: { FEATURE_SUPPORT_AI: 'true' }, providers: { llm } })
  })
  after(async () => {
    say(null) // a failure mid-answer still lets the stream end
    await h?.close()
  })

  it('shows "Writing…" while another client streams the answer, polls, then shows the answer and stops', async () => {
    const user = await h.newUser()
    const { current_version } = json<{ current_version: string }>(
      await user.api.get('/api/support/ai/disclosure/status'),
    )
    await user.api.post('/api/support/ai/disclosure/accept', { version: current_version })
    const { conversation_id: id } = json<{ conversation_id: number }>(
      await user.api.post('/api/support/ai/conversations', {}),
    )
    const turn = await streamElsewhere(h, user, id, 'How do price alerts work?')
    say('Price alerts watch a symbol for you. ')
    for (let i = 0; i < 200 && !turn.events.some((e) => e.event === 'token'); i++) await sleep(25)
    assert.ok(
      turn.events.some((e) => e.event === 'token'),
      'the answer started',
    )

    const page = await h.login(user, `/support?c=${id}`)
    const reads: number[] = []
    const path = `/api/support/ai/conversations/${id}`
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === path) reads.push(Date.now())
    })
    const writing = 'li[data-role=assistant] [data-in-progress=true]'
    await page.waitForSelector(writing)
    assert.equal(await text(page, writing), 'Writing…')
    assert.equal(await page.$eval(writing, (e) => e.getAttribute('role')), 'status')
    assert.equal(await page.$('.support-feedback'), null, 'no feedback on an unfinished answer')
    assert.deepEqual(await h.axe(page), [])
    // Read again every 2 s while it is in progress.
    for (let i = 0; i < 160 && reads.length < 2; i++) await sleep(50)
    assert.ok(reads.length >= 2, `read again while writing: ${reads.length}`)

    say('Set one under Alerts.')
    say(null)
    await turn.ended
    assert.equal(turn.events.at(-1)?.event, 'done')
    await page.waitForFunction(`!document.querySelector('[data-in-progress]')`, { timeout: 10_000 })
    const answer = 'Price alerts watch a symbol for you. Set one under Alerts.'
    assert.equal(await text(page, 'li[data-role=assistant] .support-text'), answer)
    await page.waitForSelector('.support-feedback')
    // Nothing in progress any more: the polling stopped.
    const settled = reads.length
    await sleep(4500)
    assert.equal(reads.length, settled, 'no more reads once nothing is in progress')
    await page.close()
  })
})
