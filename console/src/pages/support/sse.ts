/**
 * One turn of the support chat: POST …/messages with `Accept: text/event-stream`, read as it arrives
 * (fetch + ReadableStream: EventSource cannot POST) and parsed by eventsource-parser. The service
 * answers an allowed question with a stream of events; every other outcome (a refusal, the assistant
 * switched off, a spent quota, no runtime) is one JSON body, and a problem (409, 429, 422) an error.
 */
import { createParser } from 'eventsource-parser'
import { refreshSession } from '../../api/client.ts'
import { ApiError, type Problem } from '../../api/problem.ts'

export interface SourceRef {
  title: string
  slug: string
}
export interface Usage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
}
export interface IntentRef {
  label: string
  allowed: boolean
  reason: string
}

/** The events a streamed turn carries, as the service names them. */
export type StreamEvent =
  | {
      type: 'meta'
      conversation_id: number
      user_message_id: number
      assistant_message_id: number
      intent: IntentRef
    }
  | { type: 'token'; text: string }
  | { type: 'tool'; name: string }
  | {
      type: 'done'
      assistant_message_id: number
      finish: 'stop' | 'length'
      filtered: boolean
      sources: SourceRef[]
      usage: Usage | null
    }
  | { type: 'error'; code: string; message: string }

/** The JSON outcomes of a turn that did not stream. */
export interface TurnOutcome {
  outcome: 'refused' | 'master_flag_off' | 'quota_exhausted' | 'cost_cap_reached' | 'runtime_not_wired'
  degraded: boolean
  message: string
  user_message_id?: number
  intent?: IntentRef
  quota?: { used: number; limit: number; resets_at: string }
}

const EVENTS = new Set(['meta', 'token', 'tool', 'done', 'error'])

/** The path of a conversation's messages. */
const messagesUrl = (conversationId: number) =>
  `/api/support/ai/conversations/${encodeURIComponent(String(conversationId))}/messages`

async function post(conversationId: number, content: string, signal: AbortSignal): Promise<Response> {
  const send = () =>
    fetch(messagesUrl(conversationId), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ content }),
      signal,
    })
  const res = await send()
  // An expired access cookie: renew the session once and send the turn again (nothing was stored).
  if (res.status === 401 && (await refreshSession())) return send()
  return res
}

/**
 * Sends `content` and hands each streamed event to `onEvent` as soon as it is parsed. Resolves with
 * the JSON outcome when the service answered with one, or null once the stream has ended. Throws an
 * ApiError for a problem answer; an abort (the stop button) rejects with the AbortError.
 */
export async function sendTurn(
  conversationId: number,
  content: string,
  signal: AbortSignal,
  onEvent: (e: StreamEvent) => void,
): Promise<TurnOutcome | null> {
  const res = await post(conversationId, content, signal)
  const type = res.headers.get('content-type') ?? ''
  if (!res.ok) {
    const problem = type.includes('json')
      ? ((await res.json().catch(() => undefined)) as Problem | undefined)
      : undefined
    throw new ApiError(res.status, problem)
  }
  if (!type.startsWith('text/event-stream')) return (await res.json()) as TurnOutcome
  if (!res.body) throw new ApiError(res.status, { detail: 'The answer arrived without a body.' })
  const parser = createParser({
    onEvent(message) {
      if (!message.event || !EVENTS.has(message.event)) return
      const body = JSON.parse(message.data) as object
      onEvent({ ...body, type: message.event } as StreamEvent)
    },
  })
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    parser.feed(value)
  }
  return null
}
