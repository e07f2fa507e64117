// Shared HTTP client for provider adapters: timeouts, bounded retries with full-jitter backoff,
// Retry-After handling and typed, secret-free errors.
import { setTimeout as delay } from 'node:timers/promises'
import {
  UpstreamError,
  UpstreamNetworkError,
  UpstreamProtocolError,
  UpstreamTimeoutError,
  errorForStatus,
} from '../../platform/upstream-errors.ts'
import { BodyWatch, type HttpStreamResponse } from './http-stream.ts'

export * from '../../platform/upstream-errors.ts'
export type { HttpStreamResponse } from './http-stream.ts'

export interface HttpClientOptions {
  timeoutMs?: number
  retries?: number
  baseDelayMs?: number
  maxDelayMs?: number
  userAgent?: string
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  random?: () => number
}

export interface HttpRequest {
  method?: string
  url: string | URL
  headers?: Record<string, string>
  query?: Record<string, string | number | boolean | undefined>
  json?: unknown
  form?: Record<string, string>
  body?: string
  timeoutMs?: number
  retries?: number
  idempotent?: boolean
  /** Provider name used in errors and logs, e.g. 'alpaca'. */
  provider: string
}

export interface HttpResponse<T = unknown> {
  status: number
  headers: Headers
  body: T
  text: string
}

export interface HttpStreamRequest extends Omit<HttpRequest, 'method'> {
  /** Aborting cancels the request and its body; the signal's reason is thrown as is. */
  signal?: AbortSignal
}

export interface HttpClient {
  request<T = unknown>(req: HttpRequest): Promise<HttpResponse<T>>
  getJson<T>(req: Omit<HttpRequest, 'method'>): Promise<T>
  postJson<T>(req: Omit<HttpRequest, 'method'>): Promise<T>
  /**
   * A POST whose 2xx body is read as it arrives (server-sent events). Non-2xx answers become the same
   * typed errors as `request`, and a 429 is retried as there, since nothing was read yet; once the
   * body is handed over nothing is retried. `timeoutMs` bounds the wait for the answer and every later
   * silence of the body.
   */
  postStream(req: HttpStreamRequest): Promise<HttpStreamResponse>
}

export const HTTP_DEFAULTS = {
  timeoutMs: 10_000,
  retries: 2,
  baseDelayMs: 200,
  maxDelayMs: 5_000,
  userAgent: 'sextant/0.1',
} as const

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'])
// Gateway-type failures: the upstream likely never acted on the request.
const TRANSIENT_STATUSES = new Set([502, 503, 504])

export function isJsonContentType(contentType: string | null): boolean {
  if (!contentType) return false
  const mime = (contentType.split(';')[0] ?? '').trim().toLowerCase()
  return mime === 'application/json' || mime.endsWith('+json')
}

/** Parses Retry-After (delta-seconds or HTTP-date) into milliseconds; undefined when absent/invalid. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined
  const v = value.trim()
  if (/^\d+$/.test(v)) return Number(v) * 1000
  const at = Date.parse(v)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - now)
}

/**
 * `X-RateLimit-Reset` of a 429 without Retry-After (SnapTrade: seconds until the window resets). A
 * value too large to be a delay is read as epoch seconds, as some vendors send it.
 */
export function parseRateLimitReset(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || !/^\d+$/.test(value.trim())) return undefined
  const n = Number(value.trim())
  return n < 1e9 ? n * 1000 : Math.max(0, n * 1000 - now)
}

/** Full jitter: uniform in [0, min(max, base * 2^attempt)]. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** attempt)
  return Math.floor(random() * ceiling)
}

function describeTarget(method: string, url: URL): string {
  return `${method} ${url.origin}${url.pathname}`
}

function buildUrl(req: HttpRequest): URL {
  const url = new URL(req.url)
  for (const [k, v] of Object.entries(req.query ?? {})) {
    if (v !== undefined) url.searchParams.append(k, String(v))
  }
  return url
}

function buildBody(req: HttpRequest, headers: Headers): string | undefined {
  const given = [req.json !== undefined, req.form !== undefined, req.body !== undefined].filter(Boolean)
  if (given.length > 1) throw new Error('HttpRequest: set only one of json, form or body')
  if (req.json !== undefined) {
    if (!headers.has('content-type')) headers.set('content-type', 'application/json')
    return JSON.stringify(req.json)
  }
  if (req.form !== undefined) {
    if (!headers.has('content-type')) headers.set('content-type', 'application/x-www-form-urlencoded')
    return new URLSearchParams(req.form).toString()
  }
  return req.body
}

function errorCode(e: unknown): string | undefined {
  if (typeof e !== 'object' || e === null) return undefined
  const code = (e as { code?: unknown }).code
  return typeof code === 'string' ? code : undefined
}

function isTimeout(e: unknown): boolean {
  return e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')
}

function statusError(res: Response, text: string, provider: string, target: string): UpstreamError {
  const retryAfterMs =
    parseRetryAfter(res.headers.get('retry-after')) ??
    (res.status === 429 ? parseRateLimitReset(res.headers.get('x-ratelimit-reset')) : undefined)
  const msg = `${provider} ${target} failed with HTTP ${res.status}`
  return errorForStatus(res.status, msg, { provider, body: text, retryAfterMs })
}

// One streamed attempt: the response with its body still unread, or a classified UpstreamError.
async function streamAttempt(
  doFetch: typeof fetch,
  req: HttpStreamRequest,
  url: URL,
  target: string,
  init: RequestInit,
  ms: number,
): Promise<HttpStreamResponse | UpstreamError> {
  const watch = new BodyWatch(req.provider, target, ms, req.signal)
  let res: Response
  try {
    res = await doFetch(url, { ...init, signal: watch.signal })
  } catch (e) {
    const err = watch.classify(e)
    if (err instanceof UpstreamError) return err
    throw err
  }
  if (res.status >= 400) return statusError(res, await watch.text(res), req.provider, target)
  return { status: res.status, headers: res.headers, body: watch.chunks(res) }
}

// One attempt: returns the response or a classified UpstreamError (never throws one).
async function attempt(
  doFetch: typeof fetch,
  req: HttpRequest,
  url: URL,
  target: string,
  init: RequestInit,
  ms: number,
): Promise<HttpResponse | UpstreamError> {
  const provider = req.provider
  let res: Response
  let text: string
  try {
    // The signal also covers reading the body, so a stalled stream still times out.
    res = await doFetch(url, { ...init, signal: AbortSignal.timeout(ms) })
    text = await res.text()
  } catch (e) {
    if (isTimeout(e)) {
      return new UpstreamTimeoutError(`${provider} ${target} timed out after ${ms} ms`, {
        provider,
        cause: e,
      })
    }
    const code = errorCode(e instanceof Error ? e.cause : undefined) ?? errorCode(e) ?? 'fetch failed'
    return new UpstreamNetworkError(`${provider} ${target} network error: ${code}`, { provider, cause: e })
  }

  if (res.status >= 400) return statusError(res, text, provider, target)

  let body: unknown = text
  if (isJsonContentType(res.headers.get('content-type'))) {
    try {
      body = text === '' ? null : JSON.parse(text)
    } catch (e) {
      return new UpstreamProtocolError(`${provider} ${target} returned invalid JSON`, {
        provider,
        status: res.status,
        body: text,
        cause: e,
      })
    }
  }
  return { status: res.status, headers: res.headers, body, text }
}

function shouldRetry(err: UpstreamError, idempotent: boolean): boolean {
  // A 429 means the request was rejected before processing, so it is safe for any method.
  if (err.kind === 'rate_limited') return true
  if (!idempotent) return false
  if (err.kind === 'timeout' || err.kind === 'network') return true
  return err.status !== undefined && (err.status === 500 || TRANSIENT_STATUSES.has(err.status))
}

export function createHttpClient(opts: HttpClientOptions = {}): HttpClient {
  const timeoutMs = opts.timeoutMs ?? HTTP_DEFAULTS.timeoutMs
  const retries = opts.retries ?? HTTP_DEFAULTS.retries
  const baseDelayMs = opts.baseDelayMs ?? HTTP_DEFAULTS.baseDelayMs
  const maxDelayMs = opts.maxDelayMs ?? HTTP_DEFAULTS.maxDelayMs
  const userAgent = opts.userAgent ?? HTTP_DEFAULTS.userAgent
  const doFetch = opts.fetch ?? globalThis.fetch
  const sleep = opts.sleep ?? ((ms: number) => delay(ms).then(() => undefined))
  const random = opts.random ?? Math.random

  function prepare(req: HttpRequest) {
    const method = (req.method ?? 'GET').toUpperCase()
    const url = buildUrl(req)
    // Only origin + path in messages: the query string and headers may carry credentials.
    const target = describeTarget(method, url)
    const headers = new Headers(req.headers)
    if (!headers.has('user-agent')) headers.set('user-agent', userAgent)
    const body = buildBody(req, headers)
    const init: RequestInit = { method, headers }
    if (body !== undefined) init.body = body
    const idempotent = req.idempotent ?? IDEMPOTENT_METHODS.has(method)
    return {
      url,
      target,
      init,
      idempotent,
      maxRetries: req.retries ?? retries,
      ms: req.timeoutMs ?? timeoutMs,
    }
  }

  async function request<T = unknown>(req: HttpRequest): Promise<HttpResponse<T>> {
    const { url, target, init, idempotent, maxRetries, ms } = prepare(req)
    return withRetries(() => attempt(doFetch, req, url, target, init, ms), idempotent, maxRetries) as Promise<
      HttpResponse<T>
    >
  }

  async function postStream(req: HttpStreamRequest): Promise<HttpStreamResponse> {
    const { url, target, init, idempotent, maxRetries, ms } = prepare({ ...req, method: 'POST' })
    return withRetries(() => streamAttempt(doFetch, req, url, target, init, ms), idempotent, maxRetries)
  }

  async function withRetries<R>(
    once: () => Promise<R | UpstreamError>,
    idempotent: boolean,
    maxRetries: number,
  ): Promise<R> {
    for (let n = 0; ; n++) {
      const out = await once()
      if (!(out instanceof UpstreamError)) return out
      if (n >= maxRetries || !shouldRetry(out, idempotent)) throw out
      if (out.retryAfterMs !== undefined) {
        // Waiting longer than the cap would stall the caller; surface it and let them reschedule.
        if (out.retryAfterMs > maxDelayMs) throw out
        await sleep(out.retryAfterMs)
      } else {
        await sleep(backoffDelay(n, baseDelayMs, maxDelayMs, random))
      }
    }
  }

  async function expectJson<T>(req: HttpRequest): Promise<T> {
    const hasAccept = Object.keys(req.headers ?? {}).some((k) => k.toLowerCase() === 'accept')
    const headers = hasAccept ? req.headers : { ...req.headers, accept: 'application/json' }
    const res = await request<unknown>({ ...req, headers })
    if (isJsonContentType(res.headers.get('content-type'))) return res.body as T
    // Some providers send JSON as text/plain; accept it if it parses.
    try {
      return JSON.parse(res.text) as T
    } catch (e) {
      const target = describeTarget(req.method ?? 'GET', new URL(req.url))
      throw new UpstreamProtocolError(`${req.provider} ${target} did not return JSON`, {
        provider: req.provider,
        status: res.status,
        body: res.text,
        cause: e,
      })
    }
  }

  return {
    request,
    getJson: <T>(req: Omit<HttpRequest, 'method'>) => expectJson<T>({ ...req, method: 'GET' }),
    postJson: <T>(req: Omit<HttpRequest, 'method'>) => expectJson<T>({ ...req, method: 'POST' }),
    postStream,
  }
}
