/**
 * What the three sandbox plugins (alpaca.ts, schwab/schwab.ts, snaptrade/snaptrade.ts) share: the
 * path a request has below the plugin's mount prefix, the urlencoded body parser, the status an
 * uncaught error answers with, and the request log's entry. The error bodies, chaos predicates and
 * vendor headers stay with each vendor.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

const FORM = 'application/x-www-form-urlencoded'

/** Where the plugin is registered (set when it is), and a request's path below it, without the query. */
export interface Mount {
  prefix: string
  pathOf(this: void, req: FastifyRequest): string
}

export function createMount(): Mount {
  const mount: Mount = {
    prefix: '',
    pathOf: (req) => {
      const path = req.url.split('?')[0] ?? '/'
      const { prefix } = mount
      return prefix && path.startsWith(prefix) ? path.slice(prefix.length) || '/' : path
    },
  }
  return mount
}

/** Parses urlencoded bodies into a record (unless the app already does). */
export function acceptForms(app: FastifyInstance): void {
  if (!app.hasContentTypeParser(FORM))
    app.addContentTypeParser(FORM, { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body.toString()))),
    )
}

/** An uncaught error's status: its own when a 4xx or 5xx, else 500. */
export const errorStatus = (err: { statusCode?: number }): number =>
  err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500

/** An uncaught error's message: 'internal server error' for a 5xx, else its own. */
export const errorMessage = (status: number, err: { message?: string }): string =>
  status >= 500 ? 'internal server error' : (err.message ?? 'bad request')

export interface SandboxRequest {
  method: string
  /** Relative to where the plugin is registered, without the query string. */
  path: string
  query: Record<string, string>
  status: number
  authorization?: string
  body?: unknown
}

/** The request log's entry for a request about to be answered. */
export function requestRecord(req: FastifyRequest, reply: FastifyReply, path: string): SandboxRequest {
  const query = Object.fromEntries(new URL(req.url, 'http://sandbox').searchParams)
  const seen: SandboxRequest = { method: req.method, path, query, status: reply.statusCode }
  if (req.headers.authorization !== undefined) seen.authorization = req.headers.authorization
  if (req.body !== undefined) seen.body = req.body
  return seen
}
