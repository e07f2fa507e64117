/** The unified broker routes (non-manual) and the sync operations (ours: see descriptions). */
import { Type } from 'typebox'
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import * as S from '../connections/connections.schemas.ts'
import * as E from './unified.examples.ts'
import type { SyncLogService } from '../sync/sync-log.service.ts'
import * as U from './unified.schemas.ts'
import type { UnifiedBrokersService } from './unified.service.ts'

const tags = ['brokers']
const P = '/api/brokers/:broker_type'
const params = U.BrokerTypeParams
const typeExample = { broker_type: 'brokera' }
const UNKNOWN =
  ' An unknown broker_type is a 404; an operation the broker cannot do, a 422 `broker.not_supported`;' +
  ' a connection the vendor no longer has (disabled or deleted at the aggregator, its user gone), a 422' +
  ' `broker.reconnect_required` whose detail says how to reconnect (not a 502: retrying cannot help).'

const STATUS_DOC =
  'connected, expires_at and extra. Errors never raise: `connected: false` with `extra.error`; a ' +
  'connection the vendor no longer has reads `connected: false` with `extra.reconnect_required` and ' +
  '`extra.reason` (how to reconnect); brokers without token status (manual) say connected false with a ' +
  'hint in `extra`. An unknown broker_type is a 404.'

export interface UnifiedRouteDeps {
  unified: UnifiedBrokersService
  syncLog: SyncLogService
}

export function unifiedRoutes(app: App, d: UnifiedRouteDeps): void {
  connectionRoutes(app, d)
  dataRoutes(app, d)
  historyRoutes(app, d)
  syncRoutes(app, d)
}

function connectionRoutes(app: App, { unified }: UnifiedRouteDeps): void {
  app.get(
    `${P}/status`,
    {
      schema: {
        operationId: 'brokerStatus',
        summary: 'BrokerConnectionStatus of a broker (never raises)',
        description: STATUS_DOC,
        examples: { params: typeExample, 200: { description: 'The status', value: E.STATUS } },
        tags,
        params,
        response: { 200: S.ConnectionStatus, ...problems(401, 404, 422) },
      },
    },
    (req) => unified.status(scopeOf(req), req.params.broker_type),
  )

  app.post(
    `${P}/connect`,
    {
      schema: {
        operationId: 'brokerConnect',
        summary: 'Connect a broker (plans with broker connectivity)',
        description:
          'The body depends on the broker: OAuth code-flow brokers take `auth_code` and `state` (from their ' +
          'auth-url operation); the aggregator takes `broker` (a brokerage slug) and answers `{redirect_url}`, ' +
          'its connection portal, which returns to GET /api/brokers/aggregator/callback. 402 `plan.broker_connect_required` on plans without broker connectivity (the ' +
          '`broker_connect` feature of GET /api/auth/me/entitlements).' +
          UNKNOWN,
        examples: {
          params: typeExample,
          body: E.CONNECT_BODY,
          200: { description: 'Connected', value: E.STATUS },
        },
        tags,
        params,
        body: U.UnifiedConnectBody,
        response: {
          200: Type.Union([S.ConnectionStatus, U.PortalRedirect]),
          ...problems(401, 402, 404, 422, 502, 503),
        },
      },
    },
    (req) => unified.connect(scopeOf(req), req.params.broker_type, req.body ?? {}),
  )

  app.post(
    `${P}/disconnect`,
    {
      schema: {
        operationId: 'brokerDisconnect',
        summary: 'Disconnect a broker: tokens removed, accounts soft-archived',
        description: 'As the broker-specific disconnect operations.' + UNKNOWN,
        examples: { params: typeExample, 200: { description: 'Disconnected', value: E.DISCONNECTED } },
        tags,
        params,
        response: { 200: S.Disconnected, ...problems(401, 404, 422) },
      },
    },
    (req) => unified.disconnect(scopeOf(req), req.params.broker_type),
  )

  app.post(
    `${P}/refresh`,
    {
      schema: {
        operationId: 'brokerRefresh',
        summary: 'Refresh a broker’s access token',
        description:
          'As the broker-specific refresh operations (broker A verifies its long-lived token; broker B gets a new ' +
          '30-minute access token).' +
          UNKNOWN,
        examples: { params: typeExample, 200: { description: 'Refreshed or verified', value: E.REFRESHED } },
        tags,
        params,
        response: { 200: S.Refreshed, ...problems(401, 404, 422, 502, 503) },
      },
    },
    (req) => unified.refresh(scopeOf(req), req.params.broker_type),
  )
}

function dataRoutes(app: App, { unified }: UnifiedRouteDeps): void {
  app.get(
    `${P}/accounts`,
    {
      schema: {
        operationId: 'brokerAccounts',
        summary: 'The broker’s accounts, as it lists them, with the portfolio account each syncs into',
        description: 'Numbers are masked. 422 `broker.not_connected` without a connection.' + UNKNOWN,
        examples: { params: typeExample, 200: { description: 'The accounts', value: E.BROKER_ACCOUNTS } },
        tags,
        params,
        response: { 200: U.BrokerAccounts, ...problems(401, 404, 422, 502, 503) },
      },
    },
    (req) => unified.accounts(scopeOf(req), req.params.broker_type),
  )

  app.get(
    `${P}/positions`,
    {
      schema: {
        operationId: 'brokerPositions',
        summary: 'Positions of one linked account, live from the broker (decimal strings)',
        description: 'account_id is the broker’s id (GET …/accounts `id`); unknown → 404.' + UNKNOWN,
        examples: {
          params: typeExample,
          query: { account_id: E.BROKER_POSITIONS.account_id },
          200: { description: 'The positions', value: E.BROKER_POSITIONS },
        },
        tags,
        params,
        querystring: U.PositionsQuery,
        response: { 200: U.BrokerPositions, ...problems(401, 404, 422, 502, 503) },
      },
    },
    (req) => unified.positions(scopeOf(req), req.params.broker_type, req.query.account_id),
  )

  app.get(
    `${P}/quotes`,
    {
      schema: {
        operationId: 'brokerQuotes',
        summary: 'Quotes through the broker’s market data (brokers that offer it)',
        description:
          'Broker B answers Schwab’s quotes, or 15-minute delayed market data (`delayed: true`) when Schwab is ' +
          'unavailable (as GET /api/brokerb/quotes). Broker A’s OAuth grant covers trading, not market data: it ' +
          'answers 422 `broker.not_supported`; GET /api/quotes serves quotes for every plan.' +
          UNKNOWN,
        examples: {
          params: { broker_type: 'brokerb' },
          query: { symbols: 'AAPL,MSFT' },
          200: { description: 'Quotes', value: E.BROKER_QUOTES },
        },
        tags,
        params,
        querystring: U.QuotesQuery,
        response: { 200: U.BrokerQuotes, ...problems(401, 404, 422, 502, 503) },
      },
    },
    (req) => unified.quotes(scopeOf(req), req.params.broker_type, req.query.symbols),
  )
}

function historyRoutes(app: App, { unified }: UnifiedRouteDeps): void {
  app.get(
    `${P}/transactions`,
    {
      schema: {
        operationId: 'brokerTransactions',
        summary: 'One linked account’s trades of a tax year',
        description:
          'account_hash is the broker’s account id (broker B: the hashValue; a plain account number is 422 ' +
          '`broker.account_hash_required`); year is 2000 to this year (else 422). Paged: page, page_size (25, 50, ' +
          '100; default 100), cursor → next_cursor; the broker is read for the whole year on each page.' +
          UNKNOWN,
        examples: {
          params: typeExample,
          query: { account_hash: E.BROKER_TRANSACTIONS.account_hash, year: '2026' },
          200: { description: 'The trades', value: E.BROKER_TRANSACTIONS },
        },
        tags,
        params,
        querystring: U.TransactionsQuery,
        response: { 200: U.BrokerTransactions, ...problems(401, 404, 422, 502, 503) },
      },
    },
    (req) => unified.transactions(scopeOf(req), req.params.broker_type, req.query),
  )
}

function syncRoutes(app: App, { unified, syncLog }: UnifiedRouteDeps): void {
  app.post(
    `${P}/sync`,
    {
      schema: {
        operationId: 'brokerSync',
        summary: 'Sync now: positions into today’s snapshot, fills into realized trades',
        description:
          'Not among the required operations; what the evening job does for every connection, on request. Positions replace ' +
          'today’s snapshot of each linked account; fills since the last sync are stored under their vendor ids ' +
          '(a repeat is idempotent) and matched into realized trades, FIFO or average cost per account ' +
          '(PATCH /api/accounts/{account_id} `cost_method`). Writes a sync log row.' +
          UNKNOWN,
        examples: { params: typeExample, 200: { description: 'What the sync did', value: E.SYNC_RESULT } },
        tags,
        params,
        response: { 200: U.SyncResult, ...problems(401, 404, 422, 502, 503) },
      },
    },
    (req) => unified.sync(scopeOf(req), req.params.broker_type),
  )

  app.get(
    '/api/brokers/sync-log',
    {
      schema: {
        operationId: 'brokerSyncLog',
        summary: 'Your broker sync log: who, when, kind, counts, errors (newest first)',
        description:
          'Not among the required operations: every sync of the tenant’s connections, manual, scheduled or on connect. ' +
          'Paged like every list: page, page_size (25, 50 or 100), cursor → next_cursor.',
        examples: {
          query: { broker_type: 'brokera', page_size: 25 },
          200: { description: 'One page', value: E.SYNC_LOG },
        },
        tags,
        querystring: U.SyncLogQuery,
        response: { 200: U.SyncLog, ...problems(401, 422) },
      },
    },
    (req) => syncLog.list(scopeOf(req), req.query),
  )
}
