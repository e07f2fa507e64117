/**
 * The streamed answers of the OpenAI fake (docs/vendor-formats.md#openai-compatible-chat-streaming):
 * `data: <chat.completion.chunk>` events, a usage chunk with `choices: []` when asked for, then
 * `data: [DONE]`. A script can split tool-call arguments over several chunks, cut the connection, send
 * an error chunk or an `event: error`, and pace the chunks.
 */
import type { ServerResponse } from 'node:http'

export interface FakeToolCall {
  id: string
  name: string
  /** The JSON text the model "produces". */
  arguments: string
  /** Fragments the arguments are split into (1: whole in one chunk, as Ollama sends them). Default 3. */
  parts?: number
}

export interface StreamScript {
  /** Content fragments, one chunk each. */
  text?: string[]
  toolCalls?: FakeToolCall[]
  /** Default: tool_calls when there are calls, else stop; null sends no finish chunk. */
  finishReason?: string | null
  /** Default: counted from the request and the text; null: no usage chunk even when asked. */
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null
  /** Stop after this many data events (no finish, no [DONE]): end the body cleanly, or reset the connection. */
  cutAfter?: number
  cutAs?: 'end' | 'reset'
  /** After this many data events, send `{error: {...}}` as a chunk ('chunk') or as `event: error`. */
  errorAfter?: number
  errorAs?: 'chunk' | 'event'
  /** Wait between events (to abort or time out mid-stream). */
  delayMs?: number
  /** Send `data: [DONE]` at the end (default true). */
  done?: boolean
  /** Every delta carries role: "assistant" (Ollama) — default false (only the first). */
  roleEveryChunk?: boolean
}

/** Splits `s` into `n` non-empty fragments (fewer when it is shorter). */
export function splitInto(s: string, n: number): string[] {
  if (n <= 1 || s.length <= 1) return [s]
  const size = Math.ceil(s.length / n)
  const out: string[] = []
  for (let i = 0; i < s.length; i += size) out.push(s.slice(i, i + size))
  return out
}

/** The words of `answer` with their spaces, a few per chunk (the default stream of a plain answer). */
export function wordChunks(answer: string): string[] {
  return answer.match(/\S+\s*/g) ?? [answer]
}

type Obj = Record<string, unknown>

function toolCallDeltas(calls: FakeToolCall[]): Obj[] {
  const out: Obj[] = []
  calls.forEach((c, index) => {
    const parts = splitInto(c.arguments, c.parts ?? 3)
    if ((c.parts ?? 3) === 1) {
      out.push({
        tool_calls: [
          { index, id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } },
        ],
      })
      return
    }
    out.push({
      tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } }],
    })
    for (const p of parts) out.push({ tool_calls: [{ index, function: { arguments: p } }] })
  })
  return out
}

/** The data payloads of one scripted stream, in order ('[DONE]' last when sent). */
export function streamPayloads(
  script: StreamScript,
  model: string,
  includeUsage: boolean,
  promptTokens: number,
): string[] {
  const id = 'chatcmpl-stream'
  const created = Math.floor(Date.now() / 1000)
  const chunk = (choices: Obj[], usage: Obj | null = null) =>
    JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      system_fingerprint: 'fp_fake',
      choices,
      ...(includeUsage ? { usage } : {}),
    })
  const deltas: Obj[] = [
    ...(script.text ?? []).map((content) => ({ content })),
    ...toolCallDeltas(script.toolCalls ?? []),
  ]
  const out = deltas.map((d, i) =>
    chunk([
      {
        index: 0,
        delta: i === 0 || script.roleEveryChunk ? { role: 'assistant', ...d } : d,
        logprobs: null,
        finish_reason: null,
      },
    ]),
  )
  const finish =
    script.finishReason === undefined
      ? (script.toolCalls ?? []).length > 0
        ? 'tool_calls'
        : 'stop'
      : script.finishReason
  if (finish !== null) out.push(chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: finish }]))
  const text = (script.text ?? []).join('') + (script.toolCalls ?? []).map((c) => c.arguments).join('')
  const completion = Math.ceil(text.length / 4)
  const usage =
    script.usage === undefined
      ? {
          prompt_tokens: promptTokens,
          completion_tokens: completion,
          total_tokens: promptTokens + completion,
        }
      : script.usage
  if (includeUsage && usage !== null) out.push(chunk([], usage))
  if (script.done ?? true) out.push('[DONE]')
  return out
}

/** Writes the stream; resolves when it is sent, cut or the client went away. */
export async function writeStream(
  res: ServerResponse,
  script: StreamScript,
  payloads: string[],
): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' })
  const pause = () => new Promise((resolve) => setTimeout(resolve, script.delayMs ?? 0))
  const write = (text: string) => new Promise<void>((resolve) => res.write(text, () => resolve()))
  for (let i = 0; i < payloads.length; i++) {
    if (res.destroyed) return
    if (script.cutAfter === i) {
      if (script.cutAs === 'reset') res.socket?.destroy()
      else res.end()
      return
    }
    if (script.errorAfter === i) {
      const error = JSON.stringify({
        error: {
          message: 'The server had an error while processing your request.',
          type: 'server_error',
          param: null,
          code: null,
        },
      })
      res.end(script.errorAs === 'event' ? `event: error\ndata: ${error}\n\n` : `data: ${error}\n\n`)
      return
    }
    await write(`data: ${payloads[i]}\n\n`)
    if (script.delayMs) await pause()
  }
  res.end()
}
