/** Logger options: JSON logs with request ids; credentials never reach a log line. */
import type { FastifyRequest } from 'fastify'
import type { LoggerOptions } from 'pino'

const SECRET_QUERY =
  /([?&](?:token|code|key|api_key|password|secret|access_token|refresh_token|state)=)[^&]*/gi

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.new_password',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.mfa_token',
  '*.api_key',
  '*.key',
  '*.secret',
  '*.code',
]

/** Strips secrets a client put in a query string (one-click unsubscribe tokens, OAuth codes). */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[REDACTED]')
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
        userAgent: req.headers['user-agent'],
      }),
    },
  }
}
