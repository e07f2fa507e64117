/**
 * An in-process Charles Schwab (Trader API, Market Data API and OAuth, docs/vendor-formats.md#schwab-trader): the app's
 * offline sandbox at /sandbox/schwab, and the loopback fake adapters are tested against
 * (test/fakes/schwab-broker-fake.ts).
 *
 *   const sandbox = createSchwabSandbox({ appKey, appSecret, redirectUris, secret, market })
 *   await app.register(sandbox.plugin, { prefix: '/sandbox/schwab' })
 *
 * Codes and tokens are self-validating (HMAC with `secret`), so they survive a restart; each consent
 * creates a login with a MARGIN and a CASH account generated deterministically from it. Placed
 * orders, used codes and chaos live in memory. Shares the Alpaca sandbox's chaos controls, signer,
 * consent page, ledger replay and decimal helpers.
 */
import { randomUUID } from 'node:crypto'
import type { FastifyPluginAsync, FastifyRequest, onSendHookHandler } from 'fastify'
import { type Chaos, type ChaosBodies, type ChaosState, createChaos } from '../chaos.ts'
import {
  acceptForms,
  createMount,
  errorMessage,
  errorStatus,
  requestRecord,
  type SandboxRequest,
} from '../plugin-kit.ts'
import { createSigner } from '../sandbox-tokens.ts'
import { DEFAULT_SYMBOLS } from '../universe.ts'
import { createCatalog, type SchwabMarket } from './catalog.ts'
import type { SchwabContext } from './context.ts'
import { isWeekday } from './hours.ts'
import { createLogins } from './logins.ts'
import { marketDataRoutes } from './marketdata.ts'
import { oauthRoutes } from './oauth.ts'
import { schwabTokens } from './tokens.ts'
import { traderRoutes } from './trader.ts'
import { apiOf, errorBody } from './wire.ts'

export type { SandboxRequest } from '../plugin-kit.ts'
export type { SchwabMarket } from './catalog.ts'

export interface SchwabSandboxOptions {
  /** The OAuth app's key (client_id) the sandbox accepts. */
  appKey: string
  appSecret: string
  /** Exact-match list of registered callback URLs. */
  redirectUris: string[]
  /** HMAC key of the self-validating codes and tokens. */
  secret: string
  /** Prices, bars, chains and instruments (the app passes its simulated market; tests a small fixed one). */
  market: SchwabMarket
  /** The universe positions are drawn from and movers ranked in (default: ~40 liquid US tickers). */
  symbols?: string[]
  /** Positions per account (default 8). */
  positions?: number
  /** TRADE transactions per account and year, over the three years before the login (default 60). */
  transactionsPerYear?: number
  now?: () => Date
  /** Whether the markets open on a date (YYYY-MM-DD) for GET /marketdata/v1/markets (default: weekdays). */
  isOpen?: (date: string) => boolean
}

/** Alpaca's controls without the revoke endpoint (Schwab has none), plus refresh-token expiry. */
export type SchwabChaos = Omit<Chaos, 'revokeAnswers'> & {
  /** Every refresh token issued so far is past its 7 days from now on (the user must consent again). */
  expireRefreshTokens(): void
}

export interface SchwabSandbox {
  /** The routes, relative to wherever it is registered. */
  plugin: FastifyPluginAsync
  chaos: SchwabChaos
  /** Every request received, recorded before its answer goes out. */
  requests: SandboxRequest[]
  /** Clears requests, chaos, refresh-token expiry and placed orders (accounts return to their generated state). */
  reset(): void
}

function createContext(opts: SchwabSandboxOptions, chaos: ChaosState): SchwabContext {
  const signer = createSigner(opts.secret)
  const universe = opts.symbols ?? [...DEFAULT_SYMBOLS]
  return {
    appKey: opts.appKey,
    appSecret: opts.appSecret,
    redirectUris: [...opts.redirectUris],
    now: opts.now ?? (() => new Date()),
    signer,
    tokens: schwabTokens(signer),
    chaos,
    refresh: { generation: 0, expiredBelow: 0 },
    logins: createLogins({
      signer,
      market: opts.market,
      universe,
      positions: opts.positions ?? 8,
      perYear: opts.transactionsPerYear ?? 60,
    }),
    catalog: createCatalog(opts.market),
    market: opts.market,
    universe,
    usedCodes: new Set(),
    isOpen: opts.isOpen ?? isWeekday,
    prefix: '',
  }
}

/** The shared controls (but the revoke endpoint's) and refresh-token expiry. */
function schwabChaos(ctx: SchwabContext): SchwabChaos {
  const c = ctx.chaos.controls
  return {
    failNext: (status, body) => c.failNext(status, body),
    rateLimitNext: (n, retryAfterSeconds) => c.rateLimitNext(n, retryAfterSeconds),
    malformNext: () => c.malformNext(),
    slowNext: (ms) => c.slowNext(ms),
    expireTokens: () => c.expireTokens(),
    expireRefreshTokens() {
      ctx.refresh.generation += 1
      ctx.refresh.expiredBelow = ctx.refresh.generation
    },
  }
}

/** Records every request and stamps Schwab's response headers. */
function recordHook(requests: SandboxRequest[], pathOf: (req: FastifyRequest) => string): onSendHookHandler {
  return (req, reply, _payload, done) => {
    void reply.header('schwab-client-correlid', randomUUID())
    if (apiOf(pathOf(req)) !== 'oauth') void reply.header('schwab-resource-version', '1.0')
    requests.push(requestRecord(req, reply, pathOf(req)))
    done()
  }
}

export function createSchwabSandbox(opts: SchwabSandboxOptions): SchwabSandbox {
  const requests: SandboxRequest[] = []
  const mount = createMount()
  const { pathOf } = mount
  const bodies: ChaosBodies = {
    error: (status, req) => errorBody(apiOf(pathOf(req)), status),
    rateLimited: (req) => errorBody(apiOf(pathOf(req)), 429, 'rate limit exceeded'),
  }
  const chaos = createChaos((req) => apiOf(pathOf(req)) === 'oauth', bodies)
  const ctx = createContext(opts, chaos)

  const plugin: FastifyPluginAsync = async (app) => {
    mount.prefix = ctx.prefix = app.prefix
    acceptForms(app)
    chaos.install(app, (req) => pathOf(req) !== '/v1/oauth/authorize')
    app.addHook('onSend', recordHook(requests, pathOf))
    app.setErrorHandler((err: { statusCode?: number; message?: string }, req, reply) => {
      const status = errorStatus(err)
      return reply.code(status).send(errorBody(apiOf(pathOf(req)), status, errorMessage(status, err)))
    })
    app.setNotFoundHandler((req, reply) =>
      reply.code(404).send(errorBody(apiOf(pathOf(req)), 404, `${req.method} ${pathOf(req)} not found`)),
    )
    oauthRoutes(app, ctx)
    await app.register(async (api) => traderRoutes(api, ctx))
    await app.register(async (api) => marketDataRoutes(api, ctx))
  }

  return {
    plugin,
    chaos: schwabChaos(ctx),
    requests,
    reset() {
      requests.length = 0
      chaos.clear()
      ctx.refresh.expiredBelow = 0
      ctx.logins.clear()
    },
  }
}
