/**
 * Loopback fake of OpenAI's Chat Completions API (docs/vendor-formats.md#openai-compatible-chat): Bearer auth, JSON
 * bodies, `chat.completion` answers and `{"error": {message, type, param, code}}` failures.
 * Failures can be scripted with failNext / rateLimitNext / malformNext.
 * With `stream: true` it answers server-sent chunks (the answer's words, or a script given to
 * streamNext / streamScript: tool calls with split arguments, a cut, an error chunk), and it serves
 * `/v1/moderations` (flag words with `flag`, or script a whole answer with moderationNext).
 *
 *   const openai = await startOpenAiFake()
 *   const llm = createOpenAiCompatible({ http, baseUrl: openai.baseUrl, apiKey: openai.apiKey, model: 'gpt-test' })
 *   openai.requests[0]?.body.messages
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { moderationInputs, moderationResult, type ModerationRule } from './openai-fake-moderation.ts'
import {
  completion,
  isObj,
  validMessages,
  validResponseFormat,
  validTools,
  type Obj,
} from './openai-fake-wire.ts'
import { streamPayloads, wordChunks, writeStream, type StreamScript } from './openai-fake-stream.ts'

export type { FakeToolCall, StreamScript } from './openai-fake-stream.ts'

export interface OpenAiFakeRequest {
  method: string
  path: string
  /** The Authorization header as received (undefined when absent). */
  authorization: string | undefined
  /** The parsed JSON body (null when it was not JSON). */
  body: Record<string, unknown> | null
  status: number
}

export interface OpenAiFake {
  /** e.g. http://127.0.0.1:54321/v1 (stands for https://api.openai.com/v1). */
  readonly baseUrl: string
  readonly apiKey: string
  /** Every request received, including failed ones (to count retries); status 0 while unanswered. */
  readonly requests: OpenAiFakeRequest[]
  /** The text of the next successful answers (default: a fixed sentence). */
  answer: string
  /** The next request fails with this status and an OpenAI error body. */
  failNext(status: number, body?: Record<string, unknown>): void
  /** The next n requests get 429 (rate_limit_exceeded), with Retry-After when given. */
  rateLimitNext(n: number, retryAfterSeconds?: number): void
  /** The next request is answered only after this many milliseconds (to time the client out). */
  delayNext(ms: number): void
  /** The next request answers 200 with a body of the wrong shape ('json': not JSON at all). */
  malformNext(kind?: 'shape' | 'json'): void
  /** The next streamed request follows this script (queued; one per request). */
  streamNext(script: StreamScript): void
  /** Streamed requests without a queued script follow this one (null: the answer's words). */
  streamScript: StreamScript | null
  /** Moderation flags inputs containing `word` in `category` with `score`. */
  flag(word: string, category: string, score: number): void
  /** The next moderation request is answered with exactly these results. */
  moderationNext(results: unknown[]): void
  reset(): void
  close(): Promise<void>
}

type Scripted = { status: number; body: string; headers?: Record<string, string>; delayMs?: number }

export const DEFAULT_ANSWER = 'Revenue grew and guidance was raised.'

export function openAiError(
  message: string,
  type: string,
  code: string | null = null,
): Record<string, unknown> {
  return { error: { message, type, param: null, code } }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function parse(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text)
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null
  } catch {
    return null
  }
}

export async function startOpenAiFake(opts: { apiKey?: string } = {}): Promise<OpenAiFake> {
  const apiKey = opts.apiKey ?? `sk-test-${randomBytes(12).toString('hex')}`
  const requests: OpenAiFakeRequest[] = []
  let scripted: Scripted[] = []
  let seq = 0
  const state: { answer: string; streamScript: StreamScript | null } = {
    answer: DEFAULT_ANSWER,
    streamScript: null,
  }
  const streamQueue: StreamScript[] = []
  const moderationQueue: unknown[][] = []
  const rules: ModerationRule[] = []

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req)
    const body = parse(text)
    // Listed on arrival, so a request answered late (delayNext) lands in the test that sent it,
    // not in the next one after a reset.
    const seen: OpenAiFakeRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      authorization: req.headers.authorization,
      body,
      status: 0,
    }
    requests.push(seen)
    const record = (status: number) => {
      seen.status = status
    }
    const send = (status: number, payload: string, headers: Record<string, string> = {}) => {
      record(status)
      res.writeHead(status, {
        'content-type': 'application/json',
        'x-request-id': `req_${++seq}`,
        ...headers,
      })
      res.end(payload)
    }
    const fail = (status: number, message: string, type: string, code: string | null = null) =>
      send(status, JSON.stringify(openAiError(message, type, code)))

    const path = new URL(req.url ?? '/', 'http://x').pathname
    const known = ['/v1/chat/completions', '/v1/moderations'].includes(path)
    if (!known || req.method !== 'POST') {
      return fail(404, `Unknown request URL: ${req.method} ${path}`, 'invalid_request_error', 'unknown_url')
    }
    const next = scripted.shift()
    if (next?.delayMs) await new Promise((resolve) => setTimeout(resolve, next.delayMs))
    else if (next) return send(next.status, next.body, next.headers)
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return fail(401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key')
    }
    if (!body) return fail(400, 'We could not parse the JSON body of your request.', 'invalid_request_error')
    if (typeof body['model'] !== 'string' || !body['model']) {
      return fail(400, 'you must provide a model parameter', 'invalid_request_error')
    }
    if (path === '/v1/moderations') return moderate(body, send, fail)
    if (!validMessages(body['messages'])) {
      return fail(400, "Invalid value for 'messages'.", 'invalid_request_error')
    }
    if (body['tools'] !== undefined && !validTools(body['tools'])) {
      return fail(400, "Invalid value for 'tools'.", 'invalid_request_error')
    }
    if (body['stream_options'] !== undefined && body['stream'] !== true) {
      return fail(
        400,
        'The stream_options parameter is only allowed when stream is enabled.',
        'invalid_request_error',
      )
    }
    const format = body['response_format']
    if (format !== undefined && !validResponseFormat(format)) {
      return fail(400, "Invalid value for 'response_format'.", 'invalid_request_error')
    }
    const promptTokens = Math.ceil(text.length / 4)
    if (body['stream'] === true) {
      record(200)
      const script = streamQueue.shift() ?? state.streamScript ?? { text: wordChunks(state.answer) }
      const includeUsage = isObj(body['stream_options']) && body['stream_options']['include_usage'] === true
      const payloads = streamPayloads(script, `${body['model']}-2025-01-01`, includeUsage, promptTokens)
      return writeStream(res, script, payloads)
    }
    send(200, JSON.stringify(completion(state.answer, String(body['model']), promptTokens, seq + 1)))
  }

  function moderate(
    body: Obj,
    send: (status: number, payload: string) => void,
    fail: (status: number, message: string, type: string) => void,
  ): void {
    const inputs = moderationInputs(body['input'])
    if (!inputs) return fail(400, "Invalid value for 'input'.", 'invalid_request_error')
    const model = String(body['model'])
    const results = moderationQueue.shift() ?? inputs.map((input) => moderationResult(input, model, rules))
    const answeredModel = model.endsWith('-latest') ? model.replace(/-latest$/, '-2024-09-26') : model
    send(200, JSON.stringify({ id: `modr-${seq + 1}`, model: answeredModel, results }))
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify(openAiError(e instanceof Error ? e.message : 'internal error', 'server_error')))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    get answer() {
      return state.answer
    },
    set answer(text: string) {
      state.answer = text
    },
    failNext(status, body) {
      const type = status >= 500 ? 'server_error' : 'invalid_request_error'
      scripted.push({ status, body: JSON.stringify(body ?? openAiError(`HTTP ${status}`, type)) })
    },
    rateLimitNext(n, retryAfterSeconds) {
      const headers =
        retryAfterSeconds === undefined ? undefined : { 'retry-after': String(retryAfterSeconds) }
      const body = JSON.stringify(
        openAiError('Rate limit reached for requests', 'requests', 'rate_limit_exceeded'),
      )
      for (let i = 0; i < n; i++) scripted.push({ status: 429, body, ...(headers ? { headers } : {}) })
    },
    delayNext(ms) {
      scripted.push({ status: 0, body: '', delayMs: ms })
    },
    malformNext(kind = 'shape') {
      const body =
        kind === 'json' ? '{"choices": [' : JSON.stringify({ object: 'chat.completion', choices: [] })
      scripted.push({ status: 200, body })
    },
    streamNext(script) {
      streamQueue.push(script)
    },
    get streamScript() {
      return state.streamScript
    },
    set streamScript(script: StreamScript | null) {
      state.streamScript = script
    },
    flag(word, category, score) {
      rules.push({ word, category, score })
    },
    moderationNext(results) {
      moderationQueue.push(results)
    },
    reset() {
      requests.length = 0
      scripted = []
      state.answer = DEFAULT_ANSWER
      state.streamScript = null
      streamQueue.length = 0
      moderationQueue.length = 0
      rules.length = 0
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((e) => (e ? reject(e) : resolve()))
      }),
  }
}
