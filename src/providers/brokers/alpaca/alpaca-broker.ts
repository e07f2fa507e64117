/**
 * Alpaca's Trading API v2 reached through Alpaca Connect OAuth (docs/vendor-formats.md#alpaca-trading). The code
 * flow gives one long-lived bearer token (no refresh token, no documented expiry); revocation goes
 * to the third-party-observed `/oauth/revoke` and tolerates 404.
 */
import { UpstreamNotFoundError } from '../../../platform/upstream-errors.ts'
import type { HttpClient } from '../../shared/http.ts'
import { consentUrl } from '../consent-url.ts'
import { withoutTokenText } from '../token-errors.ts'
import type {
  ActivityQuery,
  BrokerAdapter,
  BrokerGrant,
  OAuthBroker,
  OrderListQuery,
} from '../broker.port.ts'
import {
  array,
  orderBody,
  PROVIDER,
  toAccountInfo,
  toActivity,
  toBalances,
  toGrant,
  toOrder,
  toPosition,
} from './alpaca-wire.ts'

export interface AlpacaBrokerOptions {
  http: HttpClient
  /** Trading API host: https://api.alpaca.markets (live) or https://paper-api.alpaca.markets. */
  tradingBaseUrl: string
  /** Where /oauth/token and /oauth/revoke live: https://api.alpaca.markets. */
  oauthBaseUrl: string
  /** The consent page: https://app.alpaca.markets/oauth/authorize. */
  authorizeUrl: string
  clientId: string
  clientSecret: string
  /** Registered with the OAuth app; the callback (`GET /api/brokera/connect`). */
  redirectUri: string
  /** Space-separated; `account:write trading` lets the connection place orders. */
  scope?: string
}

const trim = (u: string) => u.replace(/\/+$/, '')

export function createAlpacaBroker(opts: AlpacaBrokerOptions): BrokerAdapter {
  const trading = trim(opts.tradingBaseUrl)
  const oauthBase = trim(opts.oauthBaseUrl)
  const auth = (token: string) => ({ authorization: `Bearer ${token}`, accept: 'application/json' })

  const get = async (token: string, path: string, query?: Record<string, string | number | undefined>) =>
    (await opts.http.request({ provider: PROVIDER, url: `${trading}${path}`, headers: auth(token), query }))
      .body

  const oauth = alpacaOAuth(opts, oauthBase)

  return {
    type: 'brokera',
    vendor: 'Alpaca',
    oauth,
    async accounts(token) {
      return [toAccountInfo(await get(token, '/v2/account'))]
    },
    async balances(token) {
      return toBalances(await get(token, '/v2/account'))
    },
    async cash(token) {
      // The account's `cash` (a string, negative when borrowing), in its one currency.
      const b = toBalances(await get(token, '/v2/account'))
      return [{ currency: b.currency, amount: b.cash }]
    },
    async positions(token) {
      return array(await get(token, '/v2/positions'), 'positions').map(toPosition)
    },
    async placeOrder(token, order) {
      const res = await opts.http.request({
        provider: PROVIDER,
        method: 'POST',
        url: `${trading}/v2/orders`,
        headers: auth(token),
        json: orderBody(order),
        // Never retried after a timeout: the first attempt may have placed it, and a retry would then be
        // refused (a duplicate client_order_id) or place it twice. A 429 is still retried (not processed).
        idempotent: false,
      })
      return toOrder(res.body)
    },
    async listOrders(token, q: OrderListQuery) {
      const body = await get(token, '/v2/orders', {
        status: q.status,
        limit: q.limit,
        after: q.after,
        until: q.until,
        direction: q.direction,
      })
      return array(body, 'orders').map((o, i) => toOrder(o, `orders[${i}]`))
    },
    async cancelOrder(token, orderId) {
      await opts.http.request({
        provider: PROVIDER,
        method: 'DELETE',
        url: `${trading}/v2/orders/${encodeURIComponent(orderId)}`,
        headers: auth(token),
        // A retry after a timed-out cancel that did reach Alpaca answers 422 (no longer cancelable),
        // which would report a cancelled order as not cancelable: only a 429 is retried.
        idempotent: false,
      })
    },
    async activities(token, q: ActivityQuery) {
      const body = await get(token, '/v2/account/activities', {
        activity_types: q.types?.length ? q.types.join(',') : undefined,
        after: q.after,
        until: q.until,
        direction: q.direction ?? 'desc',
        page_size: q.pageSize,
        page_token: q.pageToken,
      })
      const items = array(body, 'activities').map(toActivity)
      // No next-token field: a full page means there may be more, continuing after its last id.
      const last = items.at(-1)
      return { items, nextPageToken: items.length >= q.pageSize && last ? last.id : null }
    },
    async ping(token) {
      if (token) await get(token, '/v2/account')
      else
        await opts.http
          .request({ provider: PROVIDER, url: `${oauthBase}/oauth/token`, retries: 0 })
          .catch(ok405)
    },
  }
}

/** The token endpoint answers a GET with an error status: that still proves it is reachable. */
function ok405(err: unknown): void {
  const status = (err as { status?: number }).status
  if (status === undefined || status >= 500) throw err
}

/** Alpaca Connect's code flow: consent URL, code exchange, revocation (404 tolerated). */
function alpacaOAuth(opts: AlpacaBrokerOptions, oauthBase: string): OAuthBroker {
  return {
    authorizationUrl: (state) =>
      consentUrl(opts.authorizeUrl, {
        clientId: opts.clientId,
        redirectUri: opts.redirectUri,
        state,
        scope: opts.scope ?? 'account:write trading',
      }),
    async exchangeCode(code) {
      const res = await opts.http
        .request({
          provider: PROVIDER,
          method: 'POST',
          url: `${oauthBase}/oauth/token`,
          form: {
            grant_type: 'authorization_code',
            code,
            client_id: opts.clientId,
            client_secret: opts.clientSecret,
            redirect_uri: opts.redirectUri,
          },
          retries: 0, // a code is single-use: a retried exchange would only fail
        })
        .catch(withoutTokenText)
      return toGrant(res.body) // its own refusals name fields, never values
    },
    async revoke(grant: BrokerGrant) {
      try {
        await opts.http.request({
          provider: PROVIDER,
          method: 'POST',
          url: `${oauthBase}/oauth/revoke`,
          form: { token: grant.accessToken, client_id: opts.clientId, client_secret: opts.clientSecret },
        })
      } catch (err) {
        if (!(err instanceof UpstreamNotFoundError)) throw err // 404: nothing to revoke there
      }
    },
  }
}
