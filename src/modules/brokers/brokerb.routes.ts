/**
 * Broker B (spec §4.9): Schwab through its OAuth code flow — connection and account operations here,
 * market data in brokerb-market.routes.ts. `account_hash` is always a linked account's hashValue.
 */
import { Type } from 'typebox'
import type { App } from '../../platform/http/app-type.ts'
import { scopeOf } from '../../platform/auth/authenticate.ts'
import { problems } from '../../platform/http/problem.ts'
import * as S from './brokera.schemas.ts'
import * as E from './brokerb.examples.ts'
import { brokerBMarketRoutes } from './brokerb-market.routes.ts'
import type { BrokerBMarketService } from './brokerb-market.service.ts'
import * as B from './brokerb.schemas.ts'
import type { BrokerBTransactionsService } from './brokerb-transactions.service.ts'
import type { BrokerBService } from './brokerb.service.ts'
import type { ConnectionsService } from './connections.service.ts'

export const tags = ['broker B']
export const P = '/api/brokerb'
const HASH_RULE =
  ' account_hash is a hashValue from GET /api/brokerb/accounts: the plain account number is a 422 ' +
  '`broker.account_hash_required`; a hash not linked to your connection (another tenant’s) is a 404 ' +
  '`broker.account_not_found`.'
const NOT_CONNECTED =
  ' 422 `broker.not_connected` without a connection, `broker.reconnect_required` past the 7-day authorisation.'

export interface BrokerBRouteDeps {
  brokerb: BrokerBService
  brokerbTransactions: BrokerBTransactionsService
  brokerbMarket: BrokerBMarketService
  connections: ConnectionsService
}

export function brokerBRoutes(app: App, d: BrokerBRouteDeps): void {
  connectRoutes(app, d)
  connectionRoutes(app, d)
  accountRoutes(app, d)
  historyRoutes(app, d)
  brokerBMarketRoutes(app, d)
}

const CallbackQuery = Type.Object({
  code: S.AuthCode('The one-time authorization code (Schwab’s end in `@`, sent as `%40`)'),
  state: Type.Optional(S.State('The state from auth-url, echoed back')),
  session: Type.Optional(Type.String({ maxLength: 128, pattern: '^[A-Za-z0-9-]*$', description: 'Schwab’s session id (unused)' })),
})

function connectRoutes(app: App, { connections }: BrokerBRouteDeps): void {
  app.get(
    `${P}/auth-url`,
    {
      schema: {
        operationId: 'brokerbAuthUrl',
        summary: 'Schwab consent URL and its signed CSRF state',
        description:
          'The Schwab authorization URL for this user. `state` is signed by the server, pinned to the user, broker ' +
          'and tenant, valid 10 minutes and single-use. The registered callback is `$PUBLIC_BASE_URL/api/brokerb/connect`. ' +
          'In the offline sandbox the URL is the sandbox’s consent page under /sandbox/schwab.',
        examples: { 200: { description: 'The consent URL and its state', value: E.AUTH_URL } },
        tags,
        response: { 200: S.AuthUrl, ...problems(401, 503) },
      },
    },
    (req) => connections.authUrl(scopeOf(req), 'brokerb'),
  )

  app.get(
    `${P}/connect`,
    {
      schema: {
        operationId: 'brokerbConnectCallback',
        summary: 'OAuth callback: exchange the code, store the tokens encrypted',
        description:
          'Not in the spec’s list: where Schwab sends the browser back (`code`, `session`, `state`). The code ' +
          'arrives URL-encoded (ending `%40`) and is decoded once before the exchange. State rules as POST /connect ' +
          '(missing, expired, reused, tampered or another user’s: 422). Links every account of the login.',
        examples: { query: E.CONNECT_QUERY, 200: { description: 'Connected', value: E.STATUS } },
        tags,
        querystring: CallbackQuery,
        response: { 200: S.ConnectionStatus, ...problems(401, 422, 502, 503) },
      },
    },
    (req) => connections.connect(scopeOf(req), 'brokerb', { code: req.query.code, state: req.query.state, where: 'query' }),
  )

  app.post(
    `${P}/connect`,
    {
      schema: {
        operationId: 'brokerbConnect',
        summary: 'Connect with the authorization code and the state from auth-url',
        description:
          'Requires the `state` from /auth-url: a missing, mismatched (another user’s), tampered, reused or expired ' +
          'state is a 422. `auth_code` may be sent as received (`…%40`) or decoded. Tokens (access 30 minutes, ' +
          'refresh 7 days) are stored AES-256-GCM encrypted, never returned or logged; each account of the login ' +
          'becomes a portfolio account.',
        examples: { body: E.CONNECT_BODY, 200: { description: 'Connected', value: E.STATUS } },
        tags,
        body: S.ConnectBody,
        response: { 200: S.ConnectionStatus, ...problems(401, 422, 502, 503) },
      },
    },
    (req) => connections.connect(scopeOf(req), 'brokerb', { code: req.body.auth_code, state: req.body.state, where: 'body' }),
  )
}

function connectionRoutes(app: App, { connections }: BrokerBRouteDeps): void {
  app.post(
    `${P}/disconnect`,
    {
      schema: {
        operationId: 'brokerbDisconnect',
        summary: 'Remove the stored tokens; soft-archive the linked accounts',
        description: 'Schwab has no revoke endpoint: the tokens are deleted (revoked is false) and the accounts archived.',
        examples: { 200: { description: 'Disconnected (or was not connected)', value: E.DISCONNECTED } },
        tags,
        response: { 200: S.Disconnected, ...problems(401) },
      },
    },
    (req) => connections.disconnect(scopeOf(req), 'brokerb'),
  )

  app.get(
    `${P}/status`,
    {
      schema: {
        operationId: 'brokerbStatus',
        summary: 'Connected flag, last sync time and the 7-day authorisation limit (never raises)',
        description:
          'BrokerConnectionStatus. `expires_at` is when the refresh token’s hard 7-day limit ends the ' +
          'authorisation; `extra.reauthorize_hint` says to authorise again before then, and past it `connected` ' +
          'is false with `extra.reauthorize_required: true`. `extra.last_sync_at` is the last sync. Never raises: ' +
          'a failure reads `connected: false` with `extra.error`.',
        examples: { 200: { description: 'The status', value: E.STATUS } },
        tags,
        response: { 200: S.ConnectionStatus, ...problems(401) },
      },
    },
    (req) => connections.status(scopeOf(req), 'brokerb'),
  )

  app.post(
    `${P}/refresh`,
    {
      schema: {
        operationId: 'brokerbRefresh',
        summary: 'Force a new access token from the stored refresh token',
        description:
          'Access tokens live 30 minutes and are refreshed ahead of expiry by a job (and on use); this forces one ' +
          'now. The refresh token is kept: its 7-day limit does not move.' + NOT_CONNECTED,
        examples: { 200: { description: 'Refreshed', value: E.REFRESHED } },
        tags,
        response: { 200: S.Refreshed, ...problems(401, 422, 502, 503) },
      },
    },
    (req) => connections.refreshNow(scopeOf(req), 'brokerb'),
  )
}

function accountRoutes(app: App, { brokerb }: BrokerBRouteDeps): void {
  app.get(
    `${P}/accounts`,
    {
      schema: {
        operationId: 'brokerbAccounts',
        summary: 'Your Schwab accounts: display numbers and the hashValues account_hash takes',
        description:
          '`accountNumber` is for display (masked to its last four); `hashValue` is Schwab’s encrypted id, the only ' +
          'form every account_hash parameter takes.' + NOT_CONNECTED,
        examples: { 200: { description: 'The accounts', value: E.ACCOUNTS } },
        tags,
        response: { 200: B.Accounts, ...problems(401, 422, 502, 503) },
      },
    },
    (req) => brokerb.accounts(scopeOf(req)),
  )

  app.get(
    `${P}/balance`,
    {
      schema: {
        operationId: 'brokerbBalance',
        summary: 'currentBalances and projectedBalances of each linked account',
        description: 'Schwab’s balance objects as sent (MARGIN or CASH fields: see the schema).' + NOT_CONNECTED,
        examples: { 200: { description: 'Balances', value: E.BALANCE } },
        tags,
        response: { 200: B.Balance, ...problems(401, 422, 502, 503) },
      },
    },
    (req) => brokerb.balance(scopeOf(req)),
  )

  app.get(
    `${P}/purchasing-power`,
    {
      schema: {
        operationId: 'brokerbPurchasingPower',
        summary: 'Buying power summed across the linked accounts (degraded zeros when Schwab fails)',
        description:
          'MARGIN accounts count currentBalances.buyingPower, CASH accounts cashAvailableForTrading, summed exactly as ' +
          'decimal strings. When Schwab fails the answer is still 200: zeros with `degraded: true` and a `reason`.' +
          NOT_CONNECTED,
        examples: { 200: { description: 'Buying power', value: E.PURCHASING_POWER } },
        tags,
        response: { 200: B.PurchasingPower, ...problems(401, 422, 503) },
      },
    },
    (req) => brokerb.purchasingPower(scopeOf(req)),
  )

  app.get(
    `${P}/positions`,
    {
      schema: {
        operationId: 'brokerbPositions',
        summary: 'Positions of every linked account, synced into today’s portfolio snapshots',
        description:
          'Each linked account’s snapshot for today becomes exactly its Schwab positions; one broker sync log row ' +
          'with sync_kind `manual` is written (an `error` row when Schwab fails).' + NOT_CONNECTED,
        examples: { 200: { description: 'Positions, as synced', value: E.POSITIONS } },
        tags,
        response: { 200: B.Positions, ...problems(401, 422, 502, 503) },
      },
    },
    (req) => brokerb.positions(scopeOf(req)),
  )

  app.get(
    `${P}/open-orders`,
    {
      schema: {
        operationId: 'brokerbOpenOrders',
        summary: 'Open orders of one account (account_hash) or of every linked account',
        description:
          'Working orders of the last 60 days (Schwab lists no older). Each order seen is recorded as account ' +
          'activity (GET /account-activity).' + HASH_RULE + NOT_CONNECTED,
        examples: { query: { account_hash: E.HASH }, 200: { description: 'Open orders', value: E.OPEN_ORDERS } },
        tags,
        querystring: B.OpenOrdersQuery,
        response: { 200: B.OpenOrders, ...problems(401, 404, 422, 502, 503) },
      },
    },
    (req) => brokerb.openOrders(scopeOf(req), req.query.account_hash),
  )

  app.get(
    `${P}/account-activity`,
    {
      schema: {
        operationId: 'brokerbAccountActivity',
        summary: 'Stored account activity (observed order events and synced trades), newest first',
        description:
          'Reads only what is stored, so it works after the close and when Schwab is down: order status changes the ' +
          'service observed and the TRADE transactions stored by syncs. Schwab’s streamer (ACCT_ACTIVITY over ' +
          'WebSocket) is not used: events are persisted when the service sees them — the activity job polls each ' +
          'connection’s orders every 5 minutes on weekdays, and GET /open-orders records what it lists. days: ' +
          'default 30; limit: default 100.' + NOT_CONNECTED,
        examples: { query: { days: 7, limit: 50 }, 200: { description: 'Activity', value: E.ACTIVITY } },
        tags,
        querystring: B.ActivityQuery,
        response: { 200: B.Activity, ...problems(401, 422) },
      },
    },
    (req) => brokerb.accountActivity(scopeOf(req), { days: req.query.days ?? 30, limit: req.query.limit ?? 100 }),
  )
}

function historyRoutes(app: App, { brokerbTransactions }: BrokerBRouteDeps): void {
  app.get(
    `${P}/transactions`,
    {
      schema: {
        operationId: 'brokerbTransactions',
        summary: 'One account’s TRADE transactions of a full tax year',
        description:
          'The New York tax year (up to now for the current one), fetched in Schwab’s windows of at most 60 days, ' +
          'merged and de-duplicated, oldest first; TRADE only. A year before 2000 or in the future is a 422.' +
          HASH_RULE + NOT_CONNECTED,
        examples: {
          query: { account_hash: E.HASH, year: '2026' },
          200: { description: 'The year’s trades', value: E.TRANSACTIONS },
        },
        tags,
        querystring: B.TransactionsQuery,
        response: { 200: B.Transactions, ...problems(401, 404, 422, 502, 503) },
      },
    },
    (req) => brokerbTransactions.transactions(scopeOf(req), req.query),
  )

  app.get(
    `${P}/transactions-auto`,
    {
      schema: {
        operationId: 'brokerbTransactionsAuto',
        summary: 'Every linked account’s transactions of a year, one row per transfer item',
        description:
          'All linked accounts, no account_hash needed. Each transaction’s transferItems become individual rows ' +
          'carrying the transaction’s fields (a security leg, each fee, the cash leg); a transaction without ' +
          'items is one row with item fields null. `types` filters by Schwab’s types (unknown: 422).' + NOT_CONNECTED,
        examples: {
          query: { year: '2026', types: 'TRADE' },
          200: { description: 'Flattened rows', value: E.TRANSACTIONS_AUTO },
        },
        tags,
        querystring: B.TransactionsAutoQuery,
        response: { 200: B.TransactionsAuto, ...problems(401, 422, 502, 503) },
      },
    },
    (req) => brokerbTransactions.transactionsAuto(scopeOf(req), req.query),
  )
}
