/**
 * Failure-mode controls of the sandbox. Scripted failures form one queue: each request to the
 * trading API or the OAuth endpoints (not the browser-facing consent page) takes the next entry.
 * Token expiry and the revoke endpoint's answer are standing settings until `reset()`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'

export interface Chaos {
  /** The next request fails with this status and body (default: the vendor's error body for it). */
  failNext(status: number, body?: unknown): void
  /** The next n requests get 429 with `Retry-After` (seconds; default 1, null for no header). */
  rateLimitNext(n: number, retryAfterSeconds?: number | null): void
  /** The next request answers 200, `content-type: application/json`, with a truncated body. */
  malformNext(): void
  /** The next request is answered only after `ms` milliseconds. */
  slowNext(ms: number): void
  /** Every access token issued so far gets 401 from now on. */
  expireTokens(): void
  /** What POST /oauth/revoke answers from now on (200 revokes; any other status revokes nothing). */
  revokeAnswers(status: number): void
}

type Scripted =
  | { kind: 'fail'; status: number; body: unknown }
  | { kind: 'rate'; retryAfter: number | null }
  | { kind: 'malform' }
  | { kind: 'slow'; ms: number }

export interface ChaosState {
  readonly controls: Chaos
  /** Tokens of a lower generation are expired. */
  generation(): number
  isExpired(tokenGeneration: number): boolean
  revokeStatus(): number
  clear(): void
  /** Installs the hooks on the sandbox's scope; `applies` says which requests chaos may touch. */
  install(app: FastifyInstance, applies: (req: FastifyRequest) => boolean): void
}

export const apiError = (code: number, message: string) => ({ code, message })
export const oauthError = (error: string, description: string) => ({ error, error_description: description })
export const RATE_LIMITED = apiError(42910000, 'rate limit exceeded')

const STATUS_TEXT: Record<number, string> = {
  400: 'bad request',
  401: 'request is not authorized',
  403: 'forbidden',
  404: 'not found',
  500: 'internal server error',
  502: 'bad gateway',
  503: 'service unavailable',
  504: 'gateway timeout',
}

const OAUTH_ERROR: Record<number, string> = { 401: 'invalid_client', 503: 'temporarily_unavailable' }

/** Alpaca's error body for a status: `{code, message}` on the API, RFC 6749 on /oauth/*. */
export function defaultErrorBody(status: number, oauth: boolean): unknown {
  const text = STATUS_TEXT[status] ?? `HTTP ${status}`
  if (!oauth) return apiError(status * 100_000 + 10_000, text)
  return oauthError(OAUTH_ERROR[status] ?? (status >= 500 ? 'server_error' : 'invalid_request'), text)
}

/** The vendor's bodies for scripted failures (each vendor's sandbox has its own error shapes). */
export interface ChaosBodies {
  /** The body of a `failNext(status)` without a body of its own. */
  error(status: number, req: FastifyRequest): unknown
  /** The body of a `rateLimitNext` answer (429). */
  rateLimited(req: FastifyRequest): unknown
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** `isOauth` picks Alpaca's OAuth or API error body, unless another vendor's `bodies` are given. */
export function createChaos(isOauth: (req: FastifyRequest) => boolean, bodies?: ChaosBodies): ChaosState {
  const vendor: ChaosBodies = bodies ?? {
    error: (status, req) => defaultErrorBody(status, isOauth(req)),
    rateLimited: () => RATE_LIMITED,
  }
  let queue: Scripted[] = []
  let generation = 0
  let expiredBelow = 0
  let revokeStatus = 200
  const malformed = new WeakSet<FastifyRequest>()

  const controls: Chaos = {
    failNext: (status, body) => void queue.push({ kind: 'fail', status, body }),
    rateLimitNext(n, retryAfterSeconds = 1) {
      for (let i = 0; i < n; i++) queue.push({ kind: 'rate', retryAfter: retryAfterSeconds })
    },
    malformNext: () => void queue.push({ kind: 'malform' }),
    slowNext: (ms) => void queue.push({ kind: 'slow', ms }),
    expireTokens() {
      generation += 1
      expiredBelow = generation
    },
    revokeAnswers(status) {
      revokeStatus = status
    },
  }

  function install(app: FastifyInstance, applies: (req: FastifyRequest) => boolean): void {
    app.addHook('onRequest', async (req, reply) => {
      if (!applies(req)) return
      const next = queue.shift()
      if (!next) return
      if (next.kind === 'slow') return sleep(next.ms)
      if (next.kind === 'malform') return void malformed.add(req)
      if (next.kind === 'rate') {
        if (next.retryAfter !== null) reply.header('retry-after', String(next.retryAfter))
        return reply.code(429).send(vendor.rateLimited(req))
      }
      return reply.code(next.status).send(next.body ?? vendor.error(next.status, req))
    })
    app.addHook('onSend', (req, reply, payload, done) => {
      if (!malformed.has(req)) return done(null, payload)
      malformed.delete(req)
      const text = typeof payload === 'string' && payload.length > 1 ? payload : '{"code":'
      reply.code(200).header('content-type', 'application/json; charset=utf-8')
      done(null, text.slice(0, Math.max(1, Math.floor(text.length / 2))))
    })
  }

  return {
    controls,
    generation: () => generation,
    isExpired: (g) => g < expiredBelow,
    revokeStatus: () => revokeStatus,
    clear() {
      queue = []
      expiredBelow = 0
      revokeStatus = 200
    },
    install,
  }
}
