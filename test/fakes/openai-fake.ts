/**
 * Loopback fake of OpenAI's Chat Completions API (docs/vendor-formats.md#openai-compatible-chat): Bearer auth, JSON
 * bodies, `chat.completion` answers and `{"error": {message, type, param, code}}` failures.
 * Failures can be scripted with failNext / rateLimitNext / malformNext.
 *
 *   const openai = await startOpenAiFake()
 *   const llm = createOpenAiCompatible({ http, baseUrl: openai.baseUrl, apiKey: openai.apiKey, model: 'gpt-test' })
 *   openai.requests[0]?.body.messages
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

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
  /** Every request received, including failed ones (to count retries). */
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

const validMessages = (v: unknown): boolean =>
  Array.isArray(v) &&
  v.length > 0 &&
  v.every(
    (m: unknown) =>
      typeof m === 'object' &&
      m !== null &&
      ['system', 'user', 'assistant'].includes(String((m as Record<string, unknown>)['role'])) &&
      typeof (m as Record<string, unknown>)['content'] === 'string',
  )

/** `{type: "text" | "json_object"}` or `{type: "json_schema", json_schema: {name, schema, strict?}}`. */
function validResponseFormat(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return false
  const f = v as Record<string, unknown>
  if (f['type'] === 'text' || f['type'] === 'json_object') return true
  const js = f['json_schema']
  if (f['type'] !== 'json_schema' || typeof js !== 'object' || js === null) return false
  const { name, schema, strict } = js as Record<string, unknown>
  return (
    typeof name === 'string' &&
    /^[A-Za-z0-9_-]{1,64}$/.test(name) &&
    typeof schema === 'object' &&
    schema !== null &&
    (strict === undefined || typeof strict === 'boolean')
  )
}

export async function startOpenAiFake(opts: { apiKey?: string } = {}): Promise<OpenAiFake> {
  const apiKey = opts.apiKey ?? `sk-test-${randomBytes(12).toString('hex')}`
  const requests: OpenAiFakeRequest[] = []
  let scripted: Scripted[] = []
  let seq = 0
  const state = { answer: DEFAULT_ANSWER }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req)
    const body = parse(text)
    const send = (status: number, payload: string, headers: Record<string, string> = {}) => {
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body,
        status,
      })
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
    if (path !== '/v1/chat/completions' || req.method !== 'POST') {
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
    if (!validMessages(body['messages'])) {
      return fail(400, "Invalid value for 'messages'.", 'invalid_request_error')
    }
    const format = body['response_format']
    if (format !== undefined && !validResponseFormat(format)) {
      return fail(400, "Invalid value for 'response_format'.", 'invalid_request_error')
    }
    const answer = state.answer
    const promptTokens = Math.ceil(text.length / 4)
    const completionTokens = Math.ceil(answer.length / 4)
    send(
      200,
      JSON.stringify({
        id: `chatcmpl-${seq + 1}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: `${body['model']}-2025-01-01`,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: answer, refusal: null },
            logprobs: null,
            finish_reason: 'stop',
          },
        ],
        usage: {
          prompt_tokens: promptTokens,
          completion_tokens: completionTokens,
          total_tokens: promptTokens + completionTokens,
        },
        system_fingerprint: 'fp_fake',
      }),
    )
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
    reset() {
      requests.length = 0
      scripted = []
      state.answer = DEFAULT_ANSWER
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((e) => (e ? reject(e) : resolve()))
      }),
  }
}
