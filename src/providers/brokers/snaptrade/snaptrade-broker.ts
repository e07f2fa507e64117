/**
 * The hosted aggregator: SnapTrade's API (docs/vendor-formats.md#snaptrade). Every call is signed (snaptrade-sign.ts)
 * and carries `clientId` and `timestamp`; user-scoped calls add `userId` and `userSecret`. The path
 * prefix is configurable: `''` (canonical) or the legacy `/api/v1`, whose answers carry a
 * `Deprecation` header. Reads go through the shared client's retries (429 honouring
 * `X-RateLimit-Reset`, 5xx including the retryable 503 sync lock, timeouts); writes are not retried
 * after a timeout or a 5xx.
 *
 * The port's reads take an opaque credential (`credential(user)`): the registered user's id and
 * secret, which the module stores only encrypted. SnapTrade's answers that a connection is gone
 * become BrokerConnectionGoneError: 402 code 3003 (the brokerage connection is disabled), 401
 * code 1083 (the user id or secret is no longer valid: the user was deleted or its secret reset)
 * and, on an account's data, 404 code 1011 (the account's connection was deleted).
 */
import { isUpstreamError, UpstreamNotFoundError } from '../../../platform/upstream-errors.ts'
import { BrokerConnectionGoneError, type GoneReason } from '../connection-gone.ts'
import type { HttpClient } from '../../shared/http.ts'
import type {
  ActivityPage,
  ActivityQuery,
  AggregatorUser,
  BrokerAdapter,
  BrokerBalances,
  HostedAggregator,
} from '../broker.port.ts'
import { decSum } from '../../../kernel/decimal/decimal-string.ts'
import { withoutTokenText } from '../token-errors.ts'
import { snaptradeActivities } from './snaptrade-activities.ts'
import { sign } from './snaptrade-sign.ts'
import {
  array,
  PROVIDER,
  toAccountInfo,
  toAuthorization,
  toCash,
  toCashRows,
  toPortalUrl,
  toPositions,
  toUser,
} from './snaptrade-wire.ts'

export interface SnapTradeBrokerOptions {
  http: HttpClient
  /** https://api.snaptrade.com (or a sandbox's base, which may carry a path of its own). */
  baseUrl: string
  /** `''` (the canonical root paths) or `/api/v1` (legacy, deprecated). */
  pathPrefix: string
  clientId: string
  consumerKey: string
  /** Wall clock for the signed `timestamp` (default: now). */
  now?: () => Date
}

export type Query = Record<string, string | number | undefined>

export interface SnapTradeCall {
  method?: 'GET' | 'POST' | 'DELETE'
  user?: AggregatorUser
  query?: Query
  body?: Record<string, unknown>
  idempotent?: boolean
}

export type SnapTradeRequest = (path: string, c?: SnapTradeCall) => Promise<unknown>

const trim = (u: string) => u.replace(/\/+$/, '')

/** Signs and sends one call; the parsed JSON body. */
export function snaptradeRequest(opts: SnapTradeBrokerOptions): SnapTradeRequest {
  const base = trim(opts.baseUrl) + trim(opts.pathPrefix)
  const now = opts.now ?? (() => new Date())
  return async (path, c = {}) => {
    const params = new URLSearchParams()
    if (c.user) {
      params.set('userId', c.user.userId)
      params.set('userSecret', c.user.userSecret)
    }
    for (const [k, v] of Object.entries(c.query ?? {})) if (v !== undefined) params.set(k, String(v))
    params.set('clientId', opts.clientId)
    params.set('timestamp', String(Math.floor(now().getTime() / 1000)))
    const query = params.toString()
    const url = new URL(`${base}${path}?${query}`)
    // Exactly what goes on the wire: the path and the query string as the URL will send them.
    const signature = sign(opts.consumerKey, {
      content: c.body,
      path: url.pathname,
      query: url.search.slice(1),
    })
    const res = await opts.http.request({
      provider: PROVIDER,
      method: c.method ?? 'GET',
      url: url.toString(),
      headers: { Signature: signature, accept: 'application/json' },
      ...(c.body !== undefined ? { json: c.body } : {}),
      ...(c.idempotent !== undefined ? { idempotent: c.idempotent } : {}),
    })
    return res.body
  }
}

/** The credential the port's reads take: the user's id and secret, opaque to the module. */
export function encodeCredential(user: AggregatorUser): string {
  return JSON.stringify({ u: user.userId, s: user.userSecret })
}

export function decodeCredential(credential: string): AggregatorUser {
  try {
    const o = JSON.parse(credential) as { u?: unknown; s?: unknown }
    if (typeof o.u === 'string' && typeof o.s === 'string') return { userId: o.u, userSecret: o.s }
  } catch {
    // fall through: never echo the credential
  }
  throw new Error('snaptrade: not a SnapTrade user credential')
}

const seg = (v: string) => encodeURIComponent(v)

/** SnapTrade's error code: `code` (402, 425, 5xx) or `default_code` (400–404). */
function vendorCode(body: string | undefined): number | null {
  try {
    const b = JSON.parse(body ?? '') as { code?: unknown; default_code?: unknown }
    const code = Number(b.code ?? b.default_code)
    return Number.isInteger(code) ? code : null
  } catch {
    return null
  }
}

const GONE: Record<GoneReason, string> = {
  connection_disabled: 'the brokerage connection is disabled at SnapTrade',
  connection_deleted: 'the brokerage connection no longer exists at SnapTrade',
  user_unknown: 'SnapTrade no longer accepts the registered user (deleted, or its secret reset)',
}

/**
 * A user-scoped call's refusal that means the connection is gone, as BrokerConnectionGoneError;
 * `accountRead`: a 404 on an account's data means its connection was deleted. Anything else as is.
 */
export function goneOr(err: unknown, accountRead = false): never {
  if (isUpstreamError(err)) {
    const code = vendorCode(err.body)
    const reason: GoneReason | null =
      err.status === 402 && code === 3003
        ? 'connection_disabled'
        : err.status === 401 && code === 1083
          ? 'user_unknown'
          : accountRead && err.status === 404 && code === 1011
            ? 'connection_deleted'
            : null
    if (reason)
      throw new BrokerConnectionGoneError(reason, `${PROVIDER}: ${GONE[reason]}`, {
        provider: err.provider,
        ...(err.status === undefined ? {} : { status: err.status }),
      })
  }
  throw err
}

/** 404: already gone at the vendor. */
function okIfGone(err: unknown): void {
  if (!(err instanceof UpstreamNotFoundError)) throw err
}

function hostedAggregator(call: SnapTradeRequest): HostedAggregator {
  return {
    async registerUser(userId) {
      const body = await call('/snapTrade/registerUser', { method: 'POST', body: { userId } }).catch(
        withoutTokenText,
      )
      return toUser(body)
    },
    async deleteUser(userId) {
      await call('/snapTrade/deleteUser', { method: 'DELETE', query: { userId } }).catch(okIfGone)
    },
    async portalUrl(user, o) {
      const body = await call('/snapTrade/login', {
        method: 'POST',
        user,
        body: {
          ...(o.broker ? { broker: o.broker } : {}),
          customRedirect: o.redirect,
          immediateRedirect: true,
          connectionType: 'read',
        },
        idempotent: true, // a repeated login only mints another link
      }).catch((e: unknown) => goneOr(e))
      return toPortalUrl(body)
    },
    async authorizations(user) {
      const body = await call('/authorizations', { user }).catch((e: unknown) => goneOr(e))
      return array(body, 'authorizations').map(toAuthorization)
    },
    async removeAuthorization(user, id) {
      await call(`/connection/${seg(id)}`, { method: 'DELETE', user }).catch(okIfGone)
    },
    credential: encodeCredential,
  }
}

export function createSnapTradeBroker(opts: SnapTradeBrokerOptions): BrokerAdapter {
  const raw = snaptradeRequest(opts)
  // Reads: a refusal meaning the connection is gone is typed as such (an account's 404 included).
  const call: SnapTradeRequest = (path, c) =>
    raw(path, c).catch((e: unknown) => goneOr(e, path.startsWith('/accounts/')))
  const user = decodeCredential
  const accounts = async (token: string) =>
    array(await call('/accounts', { user: user(token) }), 'accounts').map(toAccountInfo)
  const firstAccount = async (token: string, accountId?: string) =>
    accountId ?? (await accounts(token))[0]?.externalId ?? null
  const positions = async (token: string, accountId: string) =>
    toPositions(await call(`/accounts/${seg(accountId)}/positions/all`, { user: user(token) })).positions

  return {
    type: 'aggregator',
    vendor: 'SnapTrade',
    aggregator: hostedAggregator(raw),
    accounts,
    async positions(token, accountId) {
      const id = await firstAccount(token, accountId)
      return id === null ? [] : positions(token, id)
    },
    async balances(token, accountId): Promise<BrokerBalances> {
      const id = await firstAccount(token, accountId)
      if (id === null) throw new UpstreamNotFoundError('snaptrade: no accounts', { provider: PROVIDER })
      const held = await positions(token, id)
      const cash = toCash(await call(`/accounts/${seg(id)}/balances`, { user: user(token) }), 'USD')
      const long = decSum(
        held.flatMap((p) => (p.marketValue && !p.marketValue.startsWith('-') ? [p.marketValue] : [])),
      )
      const short = decSum(
        held.flatMap((p) => (p.marketValue?.startsWith('-') ? [p.marketValue.slice(1)] : [])),
      )
      return {
        currency: cash.currency,
        cash: cash.cash,
        equity: decSum([cash.cash, long, short === '0' ? '0' : `-${short}`]),
        buyingPower: cash.buyingPower,
        longMarketValue: long,
        shortMarketValue: short,
      }
    },
    async cash(token, accountId) {
      const id = await firstAccount(token, accountId)
      if (id === null) throw new UpstreamNotFoundError('snaptrade: no accounts', { provider: PROVIDER })
      return toCashRows(await call(`/accounts/${seg(id)}/balances`, { user: user(token) }))
    },
    async activities(token, q: ActivityQuery): Promise<ActivityPage> {
      const id = await firstAccount(token, q.accountId)
      if (id === null) return { items: [], nextPageToken: null }
      return snaptradeActivities(call, user(token), id, q)
    },
    async ping(token) {
      if (token) await call('/authorizations', { user: user(token) })
    },
  }
}
