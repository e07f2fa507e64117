/**
 * An in-process Alpaca (Trading API v2 via OAuth, wire-facts §1): the app's offline sandbox at
 * /sandbox/alpaca, and the loopback fake adapters are tested against (test/fakes/alpaca-broker-fake.ts).
 *
 *   const sandbox = createAlpacaSandbox({ clientId, clientSecret, redirectUris, secret, quotes })
 *   await app.register(sandbox.plugin, { prefix: '/sandbox/alpaca' })
 *
 * Codes and access tokens are self-validating (HMAC with `secret`), so tokens survive a restart;
 * accounts are generated deterministically from their id. Orders, used codes, revocations and chaos
 * live in memory.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { createAccounts, type Quotes } from './accounts.ts'
import { apiError, type Chaos, createChaos, oauthError } from './chaos.ts'
import type { SandboxContext } from './context.ts'
import { oauthRoutes } from './oauth.ts'
import { createSigner } from './sandbox-tokens.ts'
import { tradingRoutes } from './trading.ts'

export type { Chaos } from './chaos.ts'
export { DEFAULT_SYMBOLS } from './universe.ts'

export interface AlpacaSandboxOptions {
  /** The OAuth app's client id the sandbox accepts. */
  clientId: string
  clientSecret: string
  /** Exact-match list of registered redirect URIs. */
  redirectUris: string[]
  /** HMAC key of the self-validating codes and tokens. */
  secret: string
  /** Current prices (the app passes its simulated market; tests a fixed map). */
  quotes: Quotes
  /** The universe positions are drawn from (default: ~40 liquid US tickers). */
  symbols?: string[]
  /** Positions per account (default 8). */
  positions?: number
  /** FILL activities per account over the year before it was connected (default 60). */
  fills?: number
  now?: () => Date
}

export interface SandboxRequest {
  method: string
  /** Relative to where the plugin is registered, without the query string. */
  path: string
  query: Record<string, string>
  status: number
  authorization?: string
  body?: unknown
}

export interface AlpacaSandbox {
  /** The routes, relative to wherever it is registered. */
  plugin: FastifyPluginAsync
  chaos: Chaos
  /** Every request received, recorded before its answer goes out. */
  requests: SandboxRequest[]
  /** Clears requests, chaos, orders (accounts return to their generated state) and revocations. */
  reset(): void
}

export function createAlpacaSandbox(opts: AlpacaSandboxOptions): AlpacaSandbox {
  const now = opts.now ?? (() => new Date())
  const requests: SandboxRequest[] = []
  let prefix = ''
  const pathOf = (req: FastifyRequest) => {
    const path = req.url.split('?')[0] ?? '/'
    return prefix && path.startsWith(prefix) ? path.slice(prefix.length) || '/' : path
  }
  const isOauth = (req: FastifyRequest) => pathOf(req).startsWith('/oauth/')
  const chaos = createChaos(isOauth)
  const ctx: SandboxContext = {
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
    redirectUris: [...opts.redirectUris],
    now,
    signer: createSigner(opts.secret),
    chaos,
    accounts: createAccounts({ ...opts, now }),
    usedCodes: new Set(),
    revoked: new Set(),
  }

  const plugin: FastifyPluginAsync = async (app) => {
    prefix = app.prefix
    if (!app.hasContentTypeParser('application/x-www-form-urlencoded'))
      app.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body.toString()))),
      )
    chaos.install(app, (req) => pathOf(req) !== '/oauth/authorize')
    app.addHook('onSend', (req, reply, _payload, done) => {
      const query = Object.fromEntries(new URL(req.url, 'http://sandbox').searchParams)
      const seen: SandboxRequest = { method: req.method, path: pathOf(req), query, status: reply.statusCode }
      if (req.headers.authorization !== undefined) seen.authorization = req.headers.authorization
      if (req.body !== undefined) seen.body = req.body
      requests.push(seen)
      done()
    })
    app.setErrorHandler((err: { statusCode?: number; message?: string }, req, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500
      const message = status >= 500 ? 'internal server error' : (err.message ?? 'bad request')
      if (isOauth(req))
        return reply
          .code(status)
          .send(oauthError(status >= 500 ? 'server_error' : 'invalid_request', message))
      return reply.code(status).send(apiError(status * 100_000 + 10_000, message))
    })
    oauthRoutes(app, ctx)
    await app.register(async (api) => tradingRoutes(api, ctx))
  }

  return {
    plugin,
    chaos: chaos.controls,
    requests,
    reset() {
      requests.length = 0
      chaos.clear()
      ctx.accounts.clear()
      ctx.revoked.clear()
    },
  }
}
