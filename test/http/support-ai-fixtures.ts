/** Shared helpers of the support assistant's HTTP tests: row counts, SSE parsing, a scripted model. */
import { createParser, type EventSourceMessage } from 'eventsource-parser'
import type { LlmProvider, LlmStreamEvent, LlmStreamRequest } from '../../src/providers/llm/llm.port.ts'
import assert from 'node:assert/strict'
import type { Client, TestApp } from '../helpers/test-app.ts'

export const BASE = '/api/support/ai'
export const ALLOWED = 'How do I connect my broker account?'
export const ADVICE = 'Which stock should I buy this week to make money?'

export const TABLES = [
  'support_conversation',
  'support_message',
  'support_intent',
  'support_tool_call',
  'support_feedback',
  'support_training_candidate',
] as const

/** Rows of each assistant table for the tenant. */
export async function counts(t: TestApp, tenantId: number): Promise<Record<string, number>> {
  return t.c.scopes.withTenant(tenantId, async ({ db }) => {
    const out: Record<string, number> = {}
    for (const table of TABLES) {
      const r = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow()
      out[table] = Number(r.n)
    }
    return out
  })
}

export const messages = (t: TestApp, tenantId: number, conversationId: number) =>
  t.c.scopes.withTenant(tenantId, ({ db }) =>
    db
      .selectFrom('support_message')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('conversation_id', '=', conversationId)
      .orderBy('id')
      .execute(),
  )

/** Parses a whole SSE body with eventsource-parser; comments are kept apart. */
export function parseSse(text: string): { events: EventSourceMessage[]; comments: string[] } {
  const events: EventSourceMessage[] = []
  const comments: string[] = []
  const parser = createParser({ onEvent: (e) => events.push(e), onComment: (c) => comments.push(c) })
  parser.feed(text)
  return { events, comments }
}

export interface Script {
  /** Text fragments the model streams, in order. */
  chunks: string[]
  /** Wait between fragments, ms. */
  delayMs?: number
  /** Throw after this many fragments (an upstream cut mid-stream). */
  failAfter?: number
}

/** A language model that streams `script` (and records whether it was aborted). */
export function scriptedModel(script: () => Script) {
  const seen = { calls: 0, aborted: false }
  const llm: LlmProvider = {
    name: 'scripted',
    model: 'scripted-1',
    complete: async () => {
      throw new Error('not used')
    },
    async *stream(req: LlmStreamRequest): AsyncIterable<LlmStreamEvent> {
      seen.calls++
      const s = script()
      for (const [i, text] of s.chunks.entries()) {
        if (s.failAfter !== undefined && i === s.failAfter) throw new Error('upstream cut the stream')
        if (s.delayMs) await new Promise((r) => setTimeout(r, s.delayMs))
        if (req.signal?.aborted) {
          seen.aborted = true
          throw new DOMException('aborted', 'AbortError')
        }
        yield { type: 'text', text }
      }
      yield {
        type: 'done',
        finishReason: 'stop',
        model: 'scripted-1',
        usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 },
      }
    },
  }
  return { llm, seen }
}

/**
 * Starts a streamed turn over a real socket (`url`: the listening app); its events and ping
 * comments are collected as they arrive. `seen(name, n)` waits (real time, 10 s at most) until `n`
 * events named `name` have arrived.
 */
export async function startTurn(url: string, u: Client, id: number) {
  const res = await fetch(`${url}${BASE}/conversations/${id}/messages`, {
    method: 'POST',
    headers: {
      accept: 'text/event-stream',
      'content-type': 'application/json',
      authorization: `Bearer ${u.token}`,
    },
    body: JSON.stringify({ content: ALLOWED }),
  })
  assert.equal(res.status, 200)
  const events: EventSourceMessage[] = []
  const pings: string[] = []
  const parser = createParser({ onEvent: (e) => events.push(e), onComment: (c) => pings.push(c) })
  const decoder = new TextDecoder()
  const ended = (async () => {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
      parser.feed(decoder.decode(chunk, { stream: true }))
  })()
  const seen = async (name: string, n = 1) => {
    const end = Date.now() + 10_000
    while (events.filter((e) => e.event === name).length < n) {
      if (Date.now() > end) throw new Error(`no ${name} #${n}: ${events.map((e) => e.event).join()}`)
      await new Promise((r) => setTimeout(r, 10))
    }
  }
  return { events, pings, ended, seen }
}
