/**
 * Streams an allowed turn as server-sent events and stores what was sent. The responder's text goes
 * through the output filter; only what the filter releases (text that can no longer change) is sent,
 * and exactly that is stored. Events: `meta`, `token`, `tool`, then `done` or `error`; each has an
 * `id: <assistant_message_id>.<seq>` line; `: ping` comments keep idle proxies from closing the
 * connection. A client that goes away aborts the responder; the turn is stored with the text sent so
 * far and `finish: 'interrupted'`. An upstream failure mid-stream sends `error` and stores `finish:
 * 'error'`. The HTTP status is 200 from the first byte on, whatever happens later. While it streams,
 * the answer's lease is renewed on its text and its heartbeats and cleared when it is stored
 * (answer-lease.service.ts), so a reader of the conversation sees it as in progress.
 */
import type { FastifyReply } from 'fastify'
import type { Logger } from 'pino'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { AnswerLease } from './answer-lease.service.ts'
import type { Finish } from './assistant.tables.ts'
import * as repo from './conversations.repository.ts'
import { recordUsage } from './usage.repository.ts'
import { StreamingFilter } from './lib/output-filter.ts'
import type { Responder, ResponderEvent, Source, ToolRunner } from './lib/types.ts'
import { SSE_HEADERS, sseComment, sseEvent } from '../../../platform/http/sse.ts'
import type { PreparedTurn } from './turn.service.ts'

export const HEARTBEAT_MS = 15_000

export interface StreamDeps {
  scopes: Scopes
  clock: Clock
  log: Logger
  responder: Responder
  tools: (scope: RequestScope) => ToolRunner
  heartbeatMs?: number
}

type Done = Extract<ResponderEvent, { type: 'done' }>
type Tool = Extract<ResponderEvent, { type: 'tool' }>

interface Outcome {
  sent: string
  finish: Finish
  done: Done | null
  tools: Tool[]
}

export async function streamTurn(
  reply: FastifyReply,
  deps: StreamDeps,
  scope: RequestScope,
  turn: PreparedTurn,
) {
  reply.hijack()
  const res = reply.raw
  res.writeHead(200, { ...(reply.getHeaders() as Record<string, string>), ...SSE_HEADERS })
  const abort = new AbortController()
  let gone = false
  res.on('close', () => {
    if (res.writableEnded) return
    gone = true
    abort.abort()
  })
  let seq = 0
  const send = (event: string, data: unknown) => {
    if (!gone) res.write(sseEvent({ id: `${turn.assistantMessageId}.${seq++}`, event, data }))
  }
  const lease = new AnswerLease(deps, scope.tenantId, turn.assistantMessageId, turn.startedAt)
  const ping = setInterval(() => {
    if (gone) return
    res.write(sseComment('ping'))
    void lease.renew()
  }, deps.heartbeatMs ?? HEARTBEAT_MS)
  send('meta', {
    conversation_id: turn.conversationId,
    user_message_id: turn.userMessageId,
    assistant_message_id: turn.assistantMessageId,
    intent: { label: turn.intent.label, allowed: turn.intent.allowed, reason: turn.intent.reason },
  })
  const filter = new StreamingFilter()
  const out = await relay(deps, scope, turn, {
    filter,
    signal: abort.signal,
    gone: () => gone,
    send,
    renew: () => lease.renew(),
  })
  clearInterval(ping)
  await lease.close()
  await store(deps, scope, turn, out, filter.filtered)
  if (!gone && out.finish !== 'error')
    send('done', {
      assistant_message_id: turn.assistantMessageId,
      finish: out.finish,
      filtered: filter.filtered,
      sources: out.done?.sources ?? [],
      usage: out.done?.usage ?? null,
    })
  if (!res.writableEnded) res.end()
}

interface Io {
  filter: StreamingFilter
  signal: AbortSignal
  gone: () => boolean
  send: (event: string, data: unknown) => void
  /** Renews the answer's lease (written at most every few seconds). */
  renew: () => Promise<void>
}

/** Runs the responder, releasing only what the filter passes; says how the turn ended. */
async function relay(deps: StreamDeps, scope: RequestScope, turn: PreparedTurn, io: Io): Promise<Outcome> {
  const out: Outcome = { sent: '', finish: 'stop', done: null, tools: [] }
  const release = (text: string) => {
    if (!text || io.gone()) return
    out.sent += text
    io.send('token', { text })
  }
  try {
    const events = deps.responder.respond({
      question: turn.question,
      history: turn.history,
      intent: turn.intent,
      tools: deps.tools(scope),
      signal: io.signal,
    })
    for await (const ev of events) {
      if (io.gone()) break
      await io.renew()
      if (ev.type === 'text') release(io.filter.push(ev.text))
      else if (ev.type === 'tool') {
        out.tools.push(ev)
        io.send('tool', { name: ev.name })
      } else out.done = ev
    }
    if (io.gone()) out.finish = 'interrupted'
    else {
      release(io.filter.end())
      out.finish = out.done?.finish ?? 'stop'
    }
  } catch (err) {
    out.finish = io.gone() ? 'interrupted' : 'error'
    if (!io.gone()) {
      deps.log.warn(
        { err, conversation_id: turn.conversationId },
        'support assistant: responder failed mid-stream',
      )
      io.send('error', {
        code: 'support.upstream_failed',
        message:
          'The assistant stopped before finishing its answer. Please ask again, or open a support case.',
      })
    }
  }
  return out
}

async function store(
  deps: StreamDeps,
  scope: RequestScope,
  turn: PreparedTurn,
  out: Outcome,
  filtered: boolean,
) {
  const sources: Source[] = out.done?.sources.map((s) => ({ title: s.title, slug: s.slug })) ?? []
  try {
    // Counted on its own: the tokens were spent even if the conversation is deleted meanwhile.
    const tokens = out.done?.usage?.total_tokens ?? 0
    if (tokens)
      await deps.scopes.withTenant(scope.tenantId, (s) =>
        recordUsage(s, { userId: scope.userId, kind: 'tokens', tokens }, deps.clock.now()),
      )
    await deps.scopes.withTenant(scope.tenantId, async (s) => {
      await repo.finishAssistantMessage(s, turn.assistantMessageId, {
        content: out.sent,
        finish: out.finish,
        filtered,
        sources: out.finish === 'stop' || out.finish === 'length' ? sources : [],
        model: out.done?.model ?? deps.responder.kind,
        usage: out.done?.usage ?? null,
      })
      await repo.insertToolCalls(s, turn.assistantMessageId, turn.conversationId, out.tools, deps.clock.now())
      await repo.touchConversation(s, turn.conversationId, deps.clock.now())
    })
  } catch (err) {
    // The conversation may have been deleted meanwhile; the answer has been sent as far as it went.
    deps.log.warn({ err, conversation_id: turn.conversationId }, 'support assistant: storing the turn failed')
  }
}
