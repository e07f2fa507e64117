/**
 * Typed application errors. Services throw these; the error handler turns them into RFC 9457
 * `application/problem+json` bodies with a stable, namespaced `code` (e.g. `auth.invalid_credentials`).
 */

/** One field-level problem of a 422: where (`["query","page_size"]`), what, and which rule. */
export interface FieldError {
  loc: (string | number)[]
  msg: string
  type: string
  /** The closest valid value, when there is one (e.g. the catalog field an unknown name is nearest to). */
  hint?: string
}

export interface AppErrorOptions {
  errors?: FieldError[]
  headers?: Record<string, string>
  /** Extra members of the problem body (RFC 9457 extension members). */
  extra?: Record<string, unknown>
}

export class AppError extends Error {
  readonly errors: FieldError[] | undefined
  readonly headers: Record<string, string> | undefined
  readonly extra: Record<string, unknown> | undefined

  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    opts: AppErrorOptions = {},
  ) {
    super(detail)
    this.name = 'AppError'
    this.errors = opts.errors
    this.headers = opts.headers
    this.extra = opts.extra
  }
}

export class UnauthorizedError extends AppError {
  constructor(code = 'auth.unauthenticated', detail = 'Authentication is required', opts?: AppErrorOptions) {
    super(401, code, detail, opts)
  }
}

export class PaymentRequiredError extends AppError {
  constructor(code: string, detail: string, opts?: AppErrorOptions) {
    super(402, code, detail, opts)
  }
}

export class ForbiddenError extends AppError {
  constructor(code = 'auth.forbidden', detail = 'Not allowed', opts?: AppErrorOptions) {
    super(403, code, detail, opts)
  }
}

/** Also what another tenant's resource answers: existence is never revealed. */
export class NotFoundError extends AppError {
  constructor(code = 'resource.not_found', detail = 'Not found', opts?: AppErrorOptions) {
    super(404, code, detail, opts)
  }
}

export class ConflictError extends AppError {
  constructor(code: string, detail: string, opts?: AppErrorOptions) {
    super(409, code, detail, opts)
  }
}

/** Input that is well-formed but breaks a rule: 422 with field errors. */
export class UnprocessableError extends AppError {
  constructor(code: string, detail: string, errors?: FieldError[], opts?: Omit<AppErrorOptions, 'errors'>) {
    super(422, code, detail, { ...opts, errors: errors ?? [] })
  }

  /** A single-field validation failure, shaped like the schema validator's. */
  static field(loc: (string | number)[], msg: string, type = 'value_error'): UnprocessableError {
    return new UnprocessableError('validation.failed', `${loc.slice(1).join('.') || loc[0]}: ${msg}`, [
      { loc, msg, type },
    ])
  }
}

export class TooManyRequestsError extends AppError {
  constructor(code: string, detail: string, retryAfterSeconds: number) {
    super(429, code, detail, {
      headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
      extra: { retry_after: Math.max(1, Math.ceil(retryAfterSeconds)) },
    })
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(code: string, detail: string, opts?: AppErrorOptions) {
    super(503, code, detail, opts)
  }
}
