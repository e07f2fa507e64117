/**
 * Turns every failure into an RFC 9457 problem: schema validation → 422 with `errors[]`,
 * AppError → its status, framework errors → their 4xx, anything else → 500 without internals
 * (the request id lets an operator find the logged stack).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isUpstreamError } from '../../providers/shared/upstream-errors.ts'
import { AppError, type FieldError } from './errors.ts'
import { frameworkProblem, installDrainAnswer, PROBLEM_TYPE } from './framework-errors.ts'
import { problem } from './problem.ts'

interface AjvIssue {
  instancePath: string
  keyword: string
  params: Record<string, unknown>
  message?: string
}

const LOCATION: Record<string, string> = {
  querystring: 'query',
  params: 'path',
  body: 'body',
  headers: 'header',
}

/** Maps one Ajv issue to `{loc, msg, type}` with a loc like ["query","page_size"]. */
export function toFieldError(context: string, issue: AjvIssue): FieldError {
  const loc: (string | number)[] = [LOCATION[context] ?? context]
  for (const part of issue.instancePath.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~')
    loc.push(/^\d+$/.test(key) ? Number(key) : key)
  }
  const p = issue.params
  if (issue.keyword === 'required' && typeof p['missingProperty'] === 'string') {
    loc.push(p['missingProperty'])
    return { loc, msg: 'field required', type: 'required' }
  }
  if (issue.keyword === 'additionalProperties' && typeof p['additionalProperty'] === 'string') {
    loc.push(p['additionalProperty'])
    return { loc, msg: 'unknown field', type: 'additional_properties' }
  }
  if (issue.keyword === 'enum' && Array.isArray(p['allowedValues'])) {
    return { loc, msg: `must be one of ${p['allowedValues'].join(', ')}`, type: 'enum' }
  }
  return { loc, msg: issue.message ?? 'invalid value', type: issue.keyword }
}

function describe(errors: FieldError[]): string {
  return errors.map((e) => `${e.loc.slice(1).join('.') || e.loc[0]}: ${e.msg}`).join('; ')
}

function send(reply: FastifyReply, status: number, body: object): FastifyReply {
  return reply.code(status).type(PROBLEM_TYPE).send(body)
}

export function installErrorHandling(app: FastifyInstance): void {
  installDrainAnswer(app)
  app.setErrorHandler((err: FastifyError | AppError | Error, req: FastifyRequest, reply: FastifyReply) => {
    const request_id = req.id
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers)
      const errors = err.errors
      return send(
        reply,
        err.status,
        problem(err.status, err.code, err.message, {
          request_id,
          ...err.extra,
          ...(errors ? { errors } : {}),
        }),
      )
    }
    if (isUpstreamError(err)) {
      // An upstream failure the service did not degrade: say which kind, never leak its details.
      req.log.warn({ err, provider: err.provider, kind: err.kind }, 'upstream failure')
      return send(
        reply,
        502,
        problem(502, `upstream.${err.kind}`, `The ${err.provider} service is unavailable; try again later`, {
          request_id,
        }),
      )
    }
    const fe = err as FastifyError & { validation?: AjvIssue[]; validationContext?: string }
    if (fe.validation) {
      const errors = fe.validation.map((v) => toFieldError(fe.validationContext ?? 'body', v))
      return send(reply, 422, problem(422, 'validation.failed', describe(errors), { request_id, errors }))
    }
    switch (fe.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY': {
        const errors = [{ loc: ['body'], msg: 'body is not valid JSON', type: 'json_invalid' }]
        return send(
          reply,
          422,
          problem(422, 'validation.malformed_body', 'The request body is not valid JSON', {
            request_id,
            errors,
          }),
        )
      }
    }
    const known = frameworkProblem(fe, req)
    if (known) {
      if (known.status >= 500) req.log.error({ err }, 'framework error')
      return send(reply, known.status, known)
    }
    const status = fe.statusCode ?? 500
    if (status === 429) {
      return send(reply, 429, problem(429, 'rate_limit.exceeded', fe.message, { request_id }))
    }
    if (status >= 400 && status < 500) {
      return send(reply, status, problem(status, 'request.invalid', fe.message, { request_id }))
    }
    req.log.error({ err }, 'unhandled error')
    return send(reply, 500, problem(500, 'internal.error', 'An unexpected error occurred', { request_id }))
  })

  app.setNotFoundHandler((req, reply) =>
    send(
      reply,
      404,
      problem(404, 'route.not_found', `No route ${req.method} ${req.url.split('?')[0]}`, {
        request_id: req.id,
      }),
    ),
  )
}
