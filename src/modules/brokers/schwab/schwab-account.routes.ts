/** Broker B's account routes: accounts, balances, purchasing power, positions, orders, activity, transactions. */
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import * as E from './schwab.examples.ts'
import { HASH_RULE, NOT_CONNECTED, P, tags, type BrokerBRouteDeps } from './schwab.routes.ts'
import * as B from './schwab.schemas.ts'

export function brokerBAccountRoutes(app: App, d: BrokerBRouteDeps): void {
  accountRoutes(app, d)
  holdingRoutes(app, d)
  historyRoutes(app, d)
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
          'form every account_hash parameter takes.' +
          NOT_CONNECTED,
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
        description:
          'Schwab’s balance objects as sent (MARGIN or CASH fields: see the schema).' + NOT_CONNECTED,
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
}

function holdingRoutes(app: App, { brokerb }: BrokerBRouteDeps): void {
  app.get(
    `${P}/positions`,
    {
      schema: {
        operationId: 'brokerbPositions',
        summary: 'Positions of every linked account, synced into today’s portfolio snapshots',
        description:
          'Each linked account’s snapshot for today becomes exactly its Schwab positions; one broker sync log row ' +
          'with sync_kind `manual` is written (an `error` row when Schwab fails).' +
          NOT_CONNECTED,
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
          'activity (GET /account-activity).' +
          HASH_RULE +
          NOT_CONNECTED,
        examples: {
          query: { account_hash: E.HASH },
          200: { description: 'Open orders', value: E.OPEN_ORDERS },
        },
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
          'default 30; limit: default 100, at most 100.' +
          NOT_CONNECTED,
        examples: { query: { days: 7, limit: 50 }, 200: { description: 'Activity', value: E.ACTIVITY } },
        tags,
        querystring: B.ActivityQuery,
        response: { 200: B.Activity, ...problems(401, 422) },
      },
    },
    (req) =>
      brokerb.accountActivity(scopeOf(req), { days: req.query.days ?? 30, limit: req.query.limit ?? 100 }),
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
          'merged and de-duplicated, oldest first; TRADE only. A year before 2000 or in the future is a 422. ' +
          'Paged: page, page_size (25, 50, 100; default 100), cursor → next_cursor; `count` is the whole year ' +
          '(Schwab is read for the whole year on each page, the page cut from it).' +
          HASH_RULE +
          NOT_CONNECTED,
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
          'items is one row with item fields null. `types` filters by Schwab’s types (unknown: 422). Rows are ' +
          'ordered by time, account, transaction and item, and paged: page, page_size (25, 50, 100; default ' +
          '100), cursor → next_cursor; `count` counts every row of the year. Schwab has no paging: each page ' +
          'reads the whole year again and cuts the page from the merged rows.' +
          NOT_CONNECTED,
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
