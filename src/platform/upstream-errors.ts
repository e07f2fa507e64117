// Typed errors for calls to third-party providers. Messages are built by the HTTP client from
// method + origin + pathname only, so they are safe to log; the raw body is kept in a field.
// In the platform, not providers/, so the HTTP error handler can map them without looking up a layer.

export type UpstreamErrorKind =
  'timeout' | 'network' | 'rate_limited' | 'auth' | 'not_found' | 'bad_request' | 'server' | 'protocol'

export interface UpstreamErrorInit {
  provider: string
  status?: number
  retryAfterMs?: number
  body?: string
  cause?: unknown
}

/** Upstream bodies can be large (HTML error pages); keep enough to debug, not enough to bloat logs. */
export const MAX_ERROR_BODY_CHARS = 2048

export function truncateBody(body: string | undefined): string | undefined {
  if (body === undefined || body.length <= MAX_ERROR_BODY_CHARS) return body
  return `${body.slice(0, MAX_ERROR_BODY_CHARS)}…[truncated]`
}

export class UpstreamError extends Error {
  readonly provider: string
  readonly kind: UpstreamErrorKind
  readonly status?: number
  readonly retryAfterMs?: number
  readonly body?: string

  constructor(kind: UpstreamErrorKind, message: string, init: UpstreamErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause })
    this.name = new.target.name
    this.kind = kind
    this.provider = init.provider
    if (init.status !== undefined) this.status = init.status
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs
    const body = truncateBody(init.body)
    if (body !== undefined) this.body = body
  }
}

export class UpstreamTimeoutError extends UpstreamError {
  constructor(message: string, init: UpstreamErrorInit) {
    super('timeout', message, init)
  }
}

export class UpstreamNetworkError extends UpstreamError {
  constructor(message: string, init: UpstreamErrorInit) {
    super('network', message, init)
  }
}

export class UpstreamRateLimitError extends UpstreamError {
  constructor(message: string, init: UpstreamErrorInit) {
    super('rate_limited', message, { status: 429, ...init })
  }
}

export class UpstreamAuthError extends UpstreamError {
  constructor(message: string, init: UpstreamErrorInit) {
    super('auth', message, init)
  }
}

export class UpstreamNotFoundError extends UpstreamError {
  constructor(message: string, init: UpstreamErrorInit) {
    super('not_found', message, { status: 404, ...init })
  }
}

export class UpstreamClientError extends UpstreamError {
  constructor(message: string, init: UpstreamErrorInit) {
    super('bad_request', message, init)
  }
}

export class UpstreamServerError extends UpstreamError {
  constructor(message: string, init: UpstreamErrorInit) {
    super('server', message, init)
  }
}

export class UpstreamProtocolError extends UpstreamError {
  constructor(message: string, init: UpstreamErrorInit) {
    super('protocol', message, init)
  }
}

export function isUpstreamError(e: unknown): e is UpstreamError {
  return e instanceof UpstreamError
}

/** Maps a non-2xx/3xx HTTP status to the matching error class. */
export function errorForStatus(status: number, message: string, init: UpstreamErrorInit): UpstreamError {
  const full = { ...init, status }
  if (status === 429) return new UpstreamRateLimitError(message, full)
  if (status === 401 || status === 403) return new UpstreamAuthError(message, full)
  if (status === 404) return new UpstreamNotFoundError(message, full)
  if (status >= 500) return new UpstreamServerError(message, full)
  return new UpstreamClientError(message, full)
}
