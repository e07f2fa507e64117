/**
 * Fastify's own errors as problem documents. Some reach `setErrorHandler` (body parsing), others are
 * raised by the router before any route runs (`frameworkErrors`), by Node's HTTP parser
 * (`clientErrorHandler`) or while the server drains (`return503OnClosing`, replaced by a hook here
 * because Fastify writes its own JSON there). Each gets a stable `code`.
 */
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify'
import { ServiceUnavailableError } from './errors.ts'
import { problem, type Problem } from './problem.ts'
import { SECURITY_HEADERS } from './security.ts'

export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8'

/** Fastify error codes → the problem the service answers (the JSON-body ones stay in the handler). */
interface Known {
  status: number
  code: string
  detail: (req: FastifyRequest) => string
  extra?: (req: FastifyRequest) => Record<string, unknown>
}
const KNOWN: Record<string, Known> = {
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'request.bad_url',
    detail: () => 'The URL is not valid: a percent-encoded sequence (%XX) does not decode to UTF-8',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: 'request.path_param_too_long',
    detail: () => 'A path parameter is longer than the service accepts',
  },
  FST_ERR_ASYNC_CONSTRAINT: {
    status: 500,
    code: 'internal.error',
    detail: () => 'An unexpected error occurred',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'request.body_too_large',
    detail: () => 'The request body is larger than this operation accepts',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'request.unsupported_media_type',
    detail: (req) => unsupportedMediaType(req),
    extra: (req) => ({ accepted: acceptedMediaTypes(req) }),
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'request.invalid_content_length',
    detail: () => 'The Content-Length header does not match the body that was sent',
  },
  FST_ERR_CTP_INVALID_TYPE: {
    status: 400,
    code: 'request.invalid_content_type',
    detail: () => 'The Content-Type header is not a valid media type',
  },
}

/** What a route's body may be: its schema's `consumes` (as documented), else JSON. */
export function acceptedMediaTypes(req: FastifyRequest): string[] {
  const consumes = (req.routeOptions?.schema as { consumes?: string[] } | undefined)?.consumes
  return consumes?.length ? consumes : ['application/json']
}

/** The one wording of a 415: what the operation reads, and what was sent. */
export function unsupportedMediaType(req: FastifyRequest): string {
  const sent = req.headers['content-type']
  const accepted = acceptedMediaTypes(req)
  const got = sent ? `got ${sent.split(';')[0]}` : 'no Content-Type header was sent'
  return (
    `This operation accepts a body of type ${accepted.join(' or ')} ` +
    `(send Content-Type: ${accepted[0]}); ${got}`
  )
}

/** The problem for a Fastify error this module knows, else undefined. */
export function frameworkProblem(err: FastifyError, req: FastifyRequest): Problem | undefined {
  const known = err.code ? KNOWN[err.code] : undefined
  if (!known) return undefined
  return problem(known.status, known.code, known.detail(req), { request_id: req.id, ...known.extra?.(req) })
}

/** Router errors (bad percent-encoding, over-long path parameter) before any route or hook runs. */
function onFrameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const body =
    frameworkProblem(err, req) ??
    problem(500, 'internal.error', 'An unexpected error occurred', { request_id: req.id })
  if (body.status >= 500) req.log.error({ err }, 'framework error')
  // No hook ran: the headers installSecurity's hook would have set go on here.
  void reply
    .code(body.status)
    .headers(SECURITY_HEADERS)
    .header('x-request-id', req.id)
    .type(PROBLEM_TYPE)
    .send(body)
}

const CLIENT_ERRORS: Record<string, { status: number; code: string; detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'request.timeout',
    detail: 'The request took too long to arrive',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'request.headers_too_large',
    detail: 'The request headers are too large',
  },
}

/** Requests Node's HTTP parser rejects never reach Fastify: answer them as problems too. */
function onClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const known = (err.code && CLIENT_ERRORS[err.code]) || {
    status: 400,
    code: 'request.malformed',
    detail: 'The request is not valid HTTP',
  }
  const body = JSON.stringify(problem(known.status, known.code, known.detail))
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status] ?? 'Error'}\r\n` +
        `Content-Type: ${PROBLEM_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy(err)
}

/** Options for `Fastify({...})`: the router's and the HTTP parser's errors become problems. */
export function frameworkErrorOptions(): Pick<
  FastifyServerOptions,
  'frameworkErrors' | 'clientErrorHandler' | 'return503OnClosing'
> {
  return { frameworkErrors: onFrameworkError, clientErrorHandler: onClientError, return503OnClosing: false }
}

/** While the server drains, new requests answer a 503 problem (Fastify's own 503 is plain JSON). */
export function installDrainAnswer(app: FastifyInstance): void {
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  // Callback style: a hook on every request should not allocate a promise for the common case.
  app.addHook('onRequest', (_req, reply, done) => {
    if (!closing) return done()
    reply.header('connection', 'close')
    done(
      new ServiceUnavailableError('service.closing', 'The service is shutting down; retry shortly', {
        headers: { 'retry-after': '1' },
      }),
    )
  })
}
