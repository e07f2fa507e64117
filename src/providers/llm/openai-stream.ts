/**
 * A streamed Chat Completions turn (docs/vendor-formats.md#openai-compatible-chat-streaming): the
 * request body with tools and tool turns, and the reader of the server-sent chunks. Text deltas are
 * yielded as they arrive; tool calls are assembled by their `index` (the first fragment names the call,
 * later ones append to `arguments`; Ollama sends each call whole) and yielded once; `done` carries the
 * finish reason, the answering model and the usage chunk (null when the server sent none).
 * A chunk with an `error` object, an `event: error`, a chunk that is not JSON, or a body that ends
 * before a finish reason or `[DONE]`, ends the iteration with an UpstreamProtocolError.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser'
import { UpstreamProtocolError } from '../shared/http.ts'
import type { LlmChatMessage, LlmStreamEvent, LlmStreamRequest, LlmToolCall, LlmUsage } from './llm.port.ts'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0

export function usageOf(v: unknown): LlmUsage | null {
  if (!isObj(v) || !isCount(v['prompt_tokens']) || !isCount(v['completion_tokens'])) return null
  const total = isCount(v['total_tokens']) ? v['total_tokens'] : v['prompt_tokens'] + v['completion_tokens']
  return { prompt_tokens: v['prompt_tokens'], completion_tokens: v['completion_tokens'], total_tokens: total }
}

/** The system prompt first, then each turn in the vendor's shape (tool calls and tool results included). */
export function wireMessages(system: string | undefined, messages: LlmChatMessage[]): Obj[] {
  const out: Obj[] = system ? [{ role: 'system', content: system }] : []
  for (const m of messages) {
    if (m.role === 'tool') out.push({ role: 'tool', tool_call_id: m.toolCallId, content: m.content })
    else if ('toolCalls' in m) {
      out.push({
        role: 'assistant',
        content: m.content,
        tool_calls: m.toolCalls.map((c) => ({
          id: c.id,
          type: 'function',
          function: { name: c.name, arguments: c.arguments },
        })),
      })
    } else out.push({ role: m.role, content: m.content })
  }
  return out
}

export function streamBody(model: string, maxTokensField: string, req: LlmStreamRequest): Obj {
  const body: Obj = {
    model,
    messages: wireMessages(req.system, req.messages),
    stream: true,
    stream_options: { include_usage: true },
  }
  if (req.tools && req.tools.length > 0) {
    body['tools'] = req.tools.map((t) => ({
      type: 'function',
      function: { name: t.name, description: t.description, parameters: t.parameters },
    }))
  }
  if (req.maxTokens !== undefined) body[maxTokensField] = req.maxTokens
  if (req.temperature !== undefined) body['temperature'] = req.temperature
  return body
}

interface PartialCall {
  id: string
  name: string
  arguments: string
}

/** The state of one streamed turn, fed chunk by chunk. */
export class ChunkReader {
  model: string
  usage: LlmUsage | null = null
  finishReason: string | null = null
  ended = false
  private readonly calls = new Map<number, PartialCall>()
  private callsSent = false

  constructor(
    fallbackModel: string,
    private readonly provider: string,
    private readonly target: string,
  ) {
    this.model = fallbackModel
  }

  fail(detail: string, body: string): UpstreamProtocolError {
    return new UpstreamProtocolError(`${this.provider} ${this.target} stream failed: ${detail}`, {
      provider: this.provider,
      status: 200,
      body,
    })
  }

  /** The events one server-sent event produces (throws on an error event or chunk). */
  read(ev: EventSourceMessage): LlmStreamEvent[] {
    if (this.ended) return []
    if (ev.event === 'error') throw this.fail('error event', ev.data)
    if (ev.data.trim() === '[DONE]') {
      this.ended = true
      return []
    }
    let chunk: unknown
    try {
      chunk = JSON.parse(ev.data)
    } catch {
      throw this.fail('a chunk is not JSON', ev.data)
    }
    if (!isObj(chunk)) throw this.fail('a chunk is not an object', ev.data)
    if (isObj(chunk['error'])) {
      const message = chunk['error']['message']
      throw this.fail(`error chunk${typeof message === 'string' ? `: ${message}` : ''}`, ev.data)
    }
    if (typeof chunk['model'] === 'string' && chunk['model']) this.model = chunk['model']
    const usage = usageOf(chunk['usage'])
    if (usage) this.usage = usage
    const choices = Array.isArray(chunk['choices']) ? (chunk['choices'] as unknown[]) : []
    const out: LlmStreamEvent[] = []
    for (const choice of choices) {
      if (!isObj(choice) || (choice['index'] !== undefined && choice['index'] !== 0)) continue
      const delta = choice['delta']
      if (isObj(delta)) this.readDelta(delta, ev.data, out)
      const finish = choice['finish_reason']
      if (typeof finish === 'string' && finish) {
        this.finishReason = finish
        if (finish === 'tool_calls') out.push(...this.flushCalls(ev.data))
      }
    }
    return out
  }

  private readDelta(delta: Obj, raw: string, out: LlmStreamEvent[]): void {
    const content = delta['content']
    if (typeof content === 'string' && content !== '') out.push({ type: 'text', text: content })
    const calls = delta['tool_calls']
    if (!Array.isArray(calls)) return
    calls.forEach((c: unknown, position) => {
      if (!isObj(c)) throw this.fail('a tool call fragment is not an object', raw)
      const index = isCount(c['index']) ? c['index'] : position
      const fn = isObj(c['function']) ? c['function'] : {}
      const call = this.calls.get(index) ?? { id: '', name: '', arguments: '' }
      if (typeof c['id'] === 'string' && c['id'] && !call.id) call.id = c['id']
      if (typeof fn['name'] === 'string' && fn['name'] && !call.name) call.name = fn['name']
      if (typeof fn['arguments'] === 'string') call.arguments += fn['arguments']
      this.calls.set(index, call)
    })
  }

  /** The assembled calls, once (an empty list when there are none). */
  flushCalls(raw: string): LlmStreamEvent[] {
    if (this.callsSent || this.calls.size === 0) return []
    this.callsSent = true
    const calls: LlmToolCall[] = [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, c]) => {
        if (!c.name) throw this.fail(`tool call ${index} has no function name`, raw)
        return { id: c.id || `call_${index}`, name: c.name, arguments: c.arguments }
      })
    return [{ type: 'tool_calls', calls }]
  }
}

/** Reads a server-sent body into the port's events; see the module comment for the failures. */
export async function* readChatStream(
  body: AsyncIterable<string>,
  reader: ChunkReader,
): AsyncGenerator<LlmStreamEvent> {
  const pending: EventSourceMessage[] = []
  const parser = createParser({ onEvent: (ev) => void pending.push(ev) })
  for await (const text of body) {
    parser.feed(text)
    while (pending.length > 0) {
      for (const event of reader.read(pending.shift()!)) yield event
    }
    if (reader.ended) break
  }
  if (!reader.ended && reader.finishReason === null) {
    throw reader.fail('the body ended before a finish reason or [DONE]', '')
  }
  yield* reader.flushCalls('')
  yield { type: 'done', finishReason: reader.finishReason, model: reader.model, usage: reader.usage }
}
