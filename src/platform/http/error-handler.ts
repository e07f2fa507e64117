/**
 * Turns every failure into an RFC 9457 problem: schema validation → 422 with `errors[]`,
 * AppError → its status, framework errors → their 4xx, anything else → 500 without internals
 * (the request id lets an operator find the logged stack).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isUpstreamError } from '../upstream-errors.ts'
import { AppError, type FieldError } from './errors.ts'
import { frameworkProblem, installDrainAnswer, PROBLEM_TYPE } from './framework-errors.ts'
import { toFieldErrors, type AjvIssue } from './field-errors.ts'
import { problem } from './problem.ts'

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
      const errors = toFieldErrors(fe.validationContext ?? 'body', fe.validation)
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
