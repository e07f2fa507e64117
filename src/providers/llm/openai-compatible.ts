/**
 * OpenAI Chat Completions adapter (docs/vendor-formats.md#openai-compatible-chat): `POST {baseUrl}/chat/completions`
 * with `Authorization: Bearer <key>`. The base URL includes the version segment
 * (https://api.openai.com/v1, http://localhost:11434/v1 for Ollama, http://host:8000/v1 for vLLM).
 * Non-2xx answers become the shared client's typed errors (429 is retried by it, since a rate-limited
 * request was never processed); a 200 whose body is not a chat completion is an UpstreamProtocolError.
 */
import { UpstreamProtocolError, isJsonContentType, type HttpClient } from '../shared/http.ts'
import type {
  LlmJsonSchemaFormat,
  LlmProvider,
  LlmRequest,
  LlmResponse,
  LlmStreamEvent,
  LlmStreamRequest,
} from './llm.port.ts'
import { ChunkReader, readChatStream, streamBody, usageOf } from './openai-stream.ts'

export interface OpenAiCompatibleOptions {
  http: HttpClient
  baseUrl: string
  /** Optional: local servers (Ollama) ignore it, so no Authorization header is sent without one. */
  apiKey?: string
  model: string
  /**
   * `max_tokens` is understood by OpenAI's non-reasoning models, Ollama and vLLM; OpenAI's reasoning
   * models require `max_completion_tokens`.
   */
  maxTokensField?: 'max_tokens' | 'max_completion_tokens'
  /** Completions are slow; the shared client's 10 s default is too short. */
  timeoutMs?: number
}

const PROVIDER = 'openai-compatible'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

function malformed(detail: string, payload: unknown): UpstreamProtocolError {
  return new UpstreamProtocolError(
    `${PROVIDER} POST /chat/completions returned a malformed payload: ${detail}`,
    {
      provider: PROVIDER,
      status: 200,
      body: JSON.stringify(payload) ?? '',
    },
  )
}

/** Reads the first choice's text; anything else (tool calls only, an error object) is malformed. */
export function parseChatCompletion(payload: unknown, fallbackModel: string): LlmResponse {
  if (!isObj(payload)) throw malformed('not an object', payload)
  // Some proxies answer 200 with an error body.
  if (isObj(payload['error'])) throw malformed('error object in a 200 answer', payload)
  const choices = payload['choices']
  if (!Array.isArray(choices) || choices.length === 0)
    throw malformed('choices is not a non-empty array', payload)
  const first: unknown = choices[0]
  const message = isObj(first) ? first['message'] : undefined
  const content = isObj(message) ? message['content'] : undefined
  if (typeof content !== 'string') throw malformed('choices[0].message.content is not a string', payload)
  const model = typeof payload['model'] === 'string' && payload['model'] ? payload['model'] : fallbackModel
  return { text: content, model, usage: usageOf(payload['usage']) }
}

/** `{type: "json_schema", json_schema: {name, description?, schema, strict}}` (Structured Outputs). */
function responseFormat(f: LlmJsonSchemaFormat): Obj {
  const json_schema: Obj = { name: f.name, schema: f.schema, strict: f.strict ?? false }
  if (f.description) json_schema['description'] = f.description
  return { type: 'json_schema', json_schema }
}

export function createOpenAiCompatible(opts: OpenAiCompatibleOptions): LlmProvider {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`
  const maxTokensField = opts.maxTokensField ?? 'max_tokens'
  const timeoutMs = opts.timeoutMs ?? 60_000
  return {
    name: PROVIDER,
    model: opts.model,
    async complete(req: LlmRequest): Promise<LlmResponse> {
      const messages = [...(req.system ? [{ role: 'system', content: req.system }] : []), ...req.messages]
      const body: Obj = { model: opts.model, messages, stream: false }
      if (req.maxTokens !== undefined) body[maxTokensField] = req.maxTokens
      if (req.temperature !== undefined) body['temperature'] = req.temperature
      if (req.responseFormat) body['response_format'] = responseFormat(req.responseFormat)
      const headers: Record<string, string> = opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}
      const payload = await opts.http.postJson<unknown>({
        url,
        json: body,
        headers,
        timeoutMs: req.timeoutMs ?? timeoutMs,
        provider: PROVIDER,
      })
      return parseChatCompletion(payload, opts.model)
    },
    stream(req: LlmStreamRequest): AsyncIterable<LlmStreamEvent> {
      return streamTurn(opts, url, req, timeoutMs, maxTokensField)
    },
  }
}

async function* streamTurn(
  opts: OpenAiCompatibleOptions,
  url: string,
  req: LlmStreamRequest,
  timeoutMs: number,
  maxTokensField: string,
): AsyncGenerator<LlmStreamEvent> {
  const headers: Record<string, string> = { accept: 'text/event-stream' }
  if (opts.apiKey) headers['authorization'] = `Bearer ${opts.apiKey}`
  const res = await opts.http.postStream({
    url,
    json: streamBody(opts.model, maxTokensField, req),
    headers,
    timeoutMs: req.timeoutMs ?? timeoutMs,
    provider: PROVIDER,
    ...(req.signal ? { signal: req.signal } : {}),
  })
  const reader = new ChunkReader(opts.model, PROVIDER, 'POST /chat/completions')
  // A server that ignored `stream: true` (or a proxy's error page) answers JSON, not events.
  if (isJsonContentType(res.headers.get('content-type'))) {
    let text = ''
    for await (const part of res.body) text += part
    throw reader.fail('the answer is JSON, not server-sent events', text)
  }
  yield* readChatStream(res.body, reader)
}
