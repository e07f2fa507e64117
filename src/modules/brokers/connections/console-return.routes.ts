/**
 * A connect flow started from the web console returns to it (what the callback routes share). The console asks auth-url (or the
 * aggregator's connect) with `return_to`, a path of the console (`/app/...`: same origin, never a
 * host, so nothing here can redirect elsewhere); the signed state carries it; the vendor's callback
 * then answers 303 to that path with `?connected=<broker_type>`, or `?error=<problem code>` when the
 * connect failed (the reason is logged; only the code travels in the URL, which the console turns
 * into its own words). A state without a return path (API clients) keeps the JSON answers.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import { AppError } from '../../../platform/http/errors.ts'
import type { ConnectedBroker } from '../brokers.tables.ts'

export const RETURN_DOC =
  ' Started with `return_to` (the web console), the callback answers 303 to that path with ' +
  '`?connected=<broker_type>`, or `?error=<problem code>` when connecting failed (a refused consent: ' +
  '`broker.authorization_denied`), instead of the JSON answers below.'

/** The problem code of a failed connect, as the JSON answer would carry it. */
function codeOf(err: unknown, vendorRefused: boolean): string {
  if (vendorRefused) return 'broker.authorization_denied'
  if (err instanceof AppError) return err.code
  if (isUpstreamError(err)) return `upstream.${err.kind}`
  if ((err as { validation?: unknown }).validation) return 'validation.failed'
  return 'broker.connect_failed'
}

/** `path` with one query parameter: the outcome. */
export function consoleLocation(path: string, outcome: { connected: string } | { error: string }): string {
  const [key, value] = 'connected' in outcome ? ['connected', outcome.connected] : ['error', outcome.error]
  return `${path}?${key}=${encodeURIComponent(value)}`
}

/**
 * Runs a callback: without a return path as before (its answer, or its error thrown, including a
 * schema validation error the route attached); with one, a 303 to the console either way.
 */
export async function callbackAnswer<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  c: { broker: ConnectedBroker; returnTo: string | undefined; run: () => Promise<T> },
): Promise<T | undefined> {
  const query = req.query as Record<string, unknown>
  if (c.returnTo === undefined) {
    if (req.validationError) throw req.validationError
    return c.run()
  }
  try {
    if (req.validationError) throw req.validationError
    await c.run()
    void reply.redirect(consoleLocation(c.returnTo, { connected: c.broker }), 303)
    return undefined // sent: the redirect is the answer
  } catch (err) {
    const vendorRefused = typeof query['error'] === 'string' && query['code'] === undefined
    const code = codeOf(err, vendorRefused)
    const level = code === 'broker.connect_failed' ? 'error' : 'info'
    req.log[level]({ err, broker: c.broker, code }, 'broker connect failed; back to the console')
    void reply.redirect(consoleLocation(c.returnTo, { error: code }), 303)
    return undefined
  }
}
