/**
 * The 15 s ping of a streaming answer renews its lease, not only its text: a model that stays silent
 * for longer than the 45 s lease keeps its answer in progress as long as the stream pings. The
 * stream pings every 50 ms here (the module's heartbeat, set for this app) and the lease is written
 * by the app's clock, which is the test's, so a ping renews only after the clock has moved 5 s.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { modules, type AnyModule } from '../../src/app/modules.ts'
import type { ModuleContext } from '../../src/modules/module.ts'
import { createSupportAssistant, supportAssistantModule } from '../../src/modules/support/assistant/index.ts'
import { fixedClock } from '../../src/platform/clock.ts'
import type { LlmProvider, LlmStreamEvent } from '../../src/providers/llm/llm.port.ts'
import { json } from '../helpers/assertions.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { BASE, messages, startTurn } from './support-ai-fixtures.ts'

const HEARTBEAT_MS = 50

/** A model silent until `speak` is called, then one sentence and the end of its answer. */
let speak: () => void = () => {}
const silent = new Promise<void>((r) => (speak = r))
const llm: LlmProvider = {
  name: 'silent',
  model: 'silent-1',
  complete: async () => {
    throw new Error('not used')
  },
  async *stream(): AsyncIterable<LlmStreamEvent> {
    await silent
    yield { type: 'text', text: 'Connect it under Brokers. ' }
    yield { type: 'done', finishReason: 'stop', model: 'silent-1', usage: null }
  },
}

const assistant: AnyModule = {
  ...supportAssistantModule,
  build: (ctx: ModuleContext, needs: Parameters<typeof createSupportAssistant>[1]) =>
    createSupportAssistant(ctx, needs, { heartbeatMs: HEARTBEAT_MS }),
}

const START = '2026-11-24T15:00:00.000Z'
const clock = fixedClock(START)
const at = (ms: number) => new Date(Date.parse(START) + ms).toISOString()
let t: TestApp
let url: string
before(async () => {
  t = await buildTestApp({
    clock,
    providers: { llm },
    modules: modules.map((m) => (m.key === supportAssistantModule.key ? assistant : m)),
  })
  url = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
after(async () => {
  speak()
  await t.close()
})

/** Waits (real time, 10 s at most) until `check` holds. */
async function until(what: string, check: () => Promise<boolean> | boolean) {
  const end = Date.now() + 10_000
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

const lease = async (u: Client, id: number) =>
  (await messages(t, u.tenantId, id))[1]?.lease_expires_at?.toISOString() ?? null

async function answer(u: Client, id: number) {
  const res = await u.get(`${BASE}/conversations/${id}`)
  assert.equal(res.statusCode, 200, res.body)
  const m = (json(res).messages as Record<string, unknown>[])[1]!
  return { in_progress: m.in_progress, finish: m.finish, content: m.content }
}

describe('support assistant: the ping renews the lease of a silent answer', () => {
  it('a model silent for longer than the lease: the answer stays in progress while the stream pings', async () => {
    const u = await t.newTenant()
    const id = json(await u.post(`${BASE}/conversations`, {})).conversation_id as number
    const turn = await startTurn(url, u, id)
    await until('the answer row', async () => (await lease(u, id)) === at(45_000))
    await until('a first ping', () => turn.pings.length > 0)
    const inProgress = { in_progress: true, finish: null, content: '' }
    // 50 s on without a word from the model: past the 45 s lease taken at the start.
    clock.advance(50_000)
    await until('the lease renewed by a ping', async () => (await lease(u, id)) === at(95_000))
    assert.deepEqual(await answer(u, id), inProgress)
    // And again: still silent at 94 s, the lease goes on moving with the pings.
    clock.advance(44_000)
    await until('the lease renewed again', async () => (await lease(u, id)) === at(139_000))
    assert.deepEqual(await answer(u, id), inProgress)
    assert.deepEqual(
      turn.events.map((e) => e.event),
      ['meta'],
      'no text came: only pings renewed it',
    )
    speak()
    await turn.ended
    assert.equal(turn.events.at(-1)!.event, 'done')
    assert.deepEqual(await answer(u, id), {
      in_progress: false,
      finish: 'stop',
      content: 'Connect it under Brokers. ',
    })
    assert.equal(await lease(u, id), null, 'cleared once stored')
  })
})
