/** Alpaca (broker type `brokera`) through Alpaca Connect OAuth, all twelve operations. */
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import * as E from './alpaca.examples.ts'
import * as C from '../connections/connections.schemas.ts'
import * as S from './alpaca.schemas.ts'
import type { AlpacaService } from './alpaca.service.ts'
import type { ConnectionsService } from '../connections/connections.service.ts'
import { oauthRoutes, type OAuthDocs } from '../connections/oauth.routes.ts'

const tags = ['broker A']
const ALPACA_PREFIX = '/api/brokera'

export interface AlpacaRouteDeps {
  alpaca: AlpacaService
  connections: ConnectionsService
}

export function alpacaRoutes(app: App, d: AlpacaRouteDeps): void {
  connectionRoutes(app, d)
  accountRoutes(app, d)
  orderRoutes(app, d)
}

const docs: OAuthDocs = {
  authUrl: {
    examples: { 200: { description: 'The consent URL and its state', value: E.AUTH_URL } },
    summary: 'Alpaca consent URL and its signed CSRF state',
    description:
      'The Alpaca Connect authorization URL for this user. `state` is signed by the server, pinned to the ' +
      'user, broker and tenant, valid 10 minutes and single-use. In the offline sandbox the URL is the ' +
      "sandbox's consent page under /sandbox/alpaca.",
  },
  connectCallback: {
    examples: {
      query: E.CONNECT_QUERY,
      200: { description: 'Connected: the connection status', value: E.STATUS },
    },
    summary: 'OAuth redirect target: exchange the code, store the tokens encrypted',
    description:
      'Where Alpaca sends the browser back (`code` and `state`). The state must be the one auth-url issued ' +
      'to this user (a missing, expired, reused, tampered or another user\u2019s state is a 422). The tokens ' +
      'are stored AES-256-GCM encrypted and a broker account row is created (or revived).',
  },
  connect: {
    examples: {
      body: E.CONNECT_BODY,
      200: { description: 'Connected: the connection status', value: E.STATUS },
    },
    summary: 'Connect for single-page clients: the code and state in a JSON body',
    description: 'As the GET callback, with `auth_code` and `state` in the body.',
  },
  disconnect: {
    examples: { 200: { description: 'Disconnected (or was not connected)', value: E.DISCONNECTED } },
    summary: 'Revoke (best effort), delete the tokens, soft-archive the account',
    description:
      'Revokes the token at Alpaca (a 404 or an unreachable vendor does not stop it), deletes the stored ' +
      'tokens and soft-archives the broker account (hidden from GET /api/accounts unless include_archived=true).',
  },
  status: {
    examples: { 200: { description: 'The connection status', value: E.STATUS } },
    description:
      "BrokerConnectionStatus of broker A for the caller's tenant. Never raises: a failure to read it answers " +
      '`connected: false` with `extra.error`; without a connection, `extra.hint` says how to connect.',
    summary: 'Whether broker A is connected for your tenant (never raises)',
  },
  refresh: {
    examples: { 200: { description: 'The token was verified', value: E.REFRESHED } },
    summary: 'Force a token refresh (Alpaca: verify the long-lived token)',
    description:
      'Alpaca Connect tokens do not expire and come without a refresh token, so this verifies the stored ' +
      'token against the account. 422 `broker.not_connected` without a connection, 422 ' +
      '`broker.reconnect_required` when Alpaca no longer accepts it.',
  },
}

function connectionRoutes(app: App, { connections, alpaca }: AlpacaRouteDeps): void {
  oauthRoutes(app, connections, {
    broker: 'brokera',
    prefix: ALPACA_PREFIX,
    tags,
    callbackQuery: C.ConnectQuery,
    refresh: (scope) => alpaca.refresh(scope),
    docs,
  })

  app.get(
    `${ALPACA_PREFIX}/health`,
    {
      schema: {
        operationId: 'brokeraHealth',
        examples: { 200: { description: 'Whether Alpaca answers', value: E.HEALTH } },
        description:
          'Calls Alpaca (the account with your token when connected, the OAuth host otherwise) and reports ' +
          '`ok` with the latency; any failure is `ok: false` with `error`, never an error status.',
        summary: 'Whether Alpaca answers (and your connection works); never raises',
        tags,
        response: { 200: S.Health, ...problems(401) },
      },
    },
    (req) => alpaca.health(scopeOf(req)),
  )
}

function accountRoutes(app: App, { alpaca }: AlpacaRouteDeps): void {
  app.get(
    `${ALPACA_PREFIX}/positions`,
    {
      schema: {
        operationId: 'brokeraPositions',
        examples: { 200: { description: 'The positions, as synced', value: E.POSITIONS } },
        summary: 'Positions from Alpaca, synced into today\u2019s portfolio snapshot',
        description:
          'Reads the positions (a read-only sync): today\u2019s snapshot of the linked account becomes exactly ' +
          'these holdings, and a broker sync log row with sync_kind `manual` is written. Quantities and ' +
          'prices are decimal strings.',
        tags,
        response: { 200: S.Positions, ...problems(401, 422, 502, 503) },
      },
    },
    (req) => alpaca.positions(scopeOf(req)),
  )

  app.get(
    `${ALPACA_PREFIX}/activities`,
    {
      schema: {
        operationId: 'brokeraActivities',
        examples: {
          query: E.ACTIVITIES_QUERY,
          200: { description: 'One page of activities', value: E.ACTIVITIES },
        },
        summary: 'Account activities (fills, dividends, transfers, fees), newest first',
        description:
          'Alpaca account activities; `next_cursor` carries Alpaca\u2019s page token and is tied to the filters.',
        tags,
        querystring: S.ActivitiesQuery,
        response: { 200: S.Activities, ...problems(401, 422, 502, 503) },
      },
    },
    (req) => alpaca.activities(scopeOf(req), { ...req.query, page_size: req.query.page_size ?? 100 }),
  )
}

function orderRoutes(app: App, { alpaca }: AlpacaRouteDeps): void {
  app.get(
    `${ALPACA_PREFIX}/orders`,
    {
      schema: {
        operationId: 'brokeraListOrders',
        examples: { query: E.ORDER_QUERY, 200: { description: 'The orders', value: { items: [E.ORDER] } } },
        description:
          'Orders at Alpaca filtered by status (open, closed or all; default open), submission time (after, until: ' +
          'exclusive) and direction (default desc); limit defaults to 50, at most 100. Decimals are strings.',
        summary: 'Orders at Alpaca (open by default)',
        tags,
        querystring: S.OrderListQuery,
        response: { 200: S.OrderList, ...problems(401, 422, 502, 503) },
      },
    },
    (req) => alpaca.listOrders(scopeOf(req), req.query),
  )

  app.post(
    `${ALPACA_PREFIX}/orders`,
    {
      schema: {
        operationId: 'brokeraPlaceOrder',
        examples: {
          body: E.ORDER_BODY,
          200: { description: 'The order as Alpaca accepted it', value: E.ORDER },
        },
        summary: 'Place an order; decimal-strict (quantities and prices are JSON strings)',
        description:
          'qty, notional, limit_price, stop_price, trail_price and trail_percent are decimal strings in and out; ' +
          'a JSON number is a 422. Exactly one of qty and notional; the prices each type needs. Alpaca\u2019s ' +
          'refusals (buying power, invalid parameters) are a 422 `broker.order_rejected` with its message.',
        tags,
        body: S.OrderBody,
        response: { 200: S.Order, ...problems(401, 422, 502, 503) },
      },
    },
    (req) => alpaca.placeOrder(scopeOf(req), req.body),
  )

  app.delete(
    `${ALPACA_PREFIX}/orders/:order_id`,
    {
      schema: {
        operationId: 'brokeraCancelOrder',
        examples: {
          params: { order_id: E.ORDER.id },
          200: { description: 'Cancellation requested', value: E.CANCELLED },
        },
        summary: 'Request the cancellation of an order',
        description:
          '404 for an order Alpaca does not know; 422 `broker.order_not_cancelable` when filled or canceled.',
        tags,
        params: S.OrderIdParams,
        response: { 200: S.Cancelled, ...problems(401, 404, 422, 502, 503) },
      },
    },
    (req) => alpaca.cancelOrder(scopeOf(req), req.params.order_id),
  )
}
