/**
 * An in-process Alpaca (Trading API v2 via OAuth, docs/vendor-formats.md#alpaca-trading): the app's offline sandbox at
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
import { createAccounts, type SandboxAccountsOptions, type ScriptedHistory } from './accounts.ts'
import { apiError, type Chaos, createChaos, oauthError } from './chaos.ts'
import type { SandboxContext } from './context.ts'
import { oauthRoutes } from './oauth.ts'
import {
  acceptForms,
  createMount,
  errorMessage,
  errorStatus,
  requestRecord,
  type SandboxRequest,
} from './plugin-kit.ts'
import { createSigner } from './sandbox-tokens.ts'
import { tradingRoutes } from './trading.ts'

export type { ScriptedHistory } from './accounts.ts'
export type { Chaos } from './chaos.ts'
export type { SandboxRequest } from './plugin-kit.ts'
export { DEFAULT_SYMBOLS } from './universe.ts'

export interface AlpacaSandboxOptions extends SandboxAccountsOptions {
  /** The OAuth app's client id the sandbox accepts. */
  clientId: string
  clientSecret: string
  /** Exact-match list of registered redirect URIs. */
  redirectUris: string[]
  /** HMAC key of the self-validating codes and tokens. */
  secret: string
}

export interface AlpacaSandbox {
  /** The routes, relative to wherever it is registered. */
  plugin: FastifyPluginAsync
  chaos: Chaos
  /** Every request received, recorded before its answer goes out. */
  requests: SandboxRequest[]
  /** Clears requests, chaos, orders (accounts return to their generated state) and revocations. */
  reset(): void
  /**
   * Tests only: accounts first used from now on have the history `build` answers (deposits, fills,
   * dividends, withdrawals a test scripts) instead of a generated one; null generates again.
   */
  script(build: ScriptedHistory | null): void
}

export function createAlpacaSandbox(opts: AlpacaSandboxOptions): AlpacaSandbox {
  const now = opts.now ?? (() => new Date())
  const requests: SandboxRequest[] = []
  const mount = createMount()
  const { pathOf } = mount
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
    mount.prefix = app.prefix
    acceptForms(app)
    chaos.install(app, (req) => pathOf(req) !== '/oauth/authorize')
    app.addHook('onSend', (req, reply, _payload, done) => {
      requests.push(requestRecord(req, reply, pathOf(req)))
      done()
    })
    app.setErrorHandler((err: { statusCode?: number; message?: string }, req, reply) => {
      const status = errorStatus(err)
      const message = errorMessage(status, err)
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
    script(build) {
      ctx.accounts.script(build)
      if (build) ctx.accounts.clear()
    },
  }
}
