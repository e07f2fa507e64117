/** Schwab's account routes: accounts, balances, purchasing power, positions, orders, activity, transactions. */
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import * as E from './schwab.examples.ts'
import type { SchwabRouteDeps } from './schwab.routes.ts'
import * as B from './schwab.schemas.ts'
import { HASH_RULE, NOT_CONNECTED, SCHWAB_PREFIX, SCHWAB_TAGS } from './schwab.schemas.ts'

export function schwabAccountRoutes(app: App, d: SchwabRouteDeps): void {
  accountRoutes(app, d)
  holdingRoutes(app, d)
  historyRoutes(app, d)
}

function accountRoutes(app: App, { schwab }: SchwabRouteDeps): void {
  app.get(
    `${SCHWAB_PREFIX}/accounts`,
    {
      schema: {
        operationId: 'brokerbAccounts',
        summary: 'Your Schwab accounts: display numbers and the hashValues account_hash takes',
        description:
          '`accountNumber` is for display (masked to its last four); `hashValue` is Schwab’s encrypted id, the only ' +
          'form every account_hash parameter takes.' +
          NOT_CONNECTED,
        examples: { 200: { description: 'The accounts', value: E.ACCOUNTS } },
        tags: SCHWAB_TAGS,
        response: { 200: B.Accounts, ...problems(401, 422, 502, 503) },
      },
    },
    (req) => schwab.accounts(scopeOf(req)),
  )

  app.get(
    `${SCHWAB_PREFIX}/balance`,
    {
      schema: {
        operationId: 'brokerbBalance',
        summary: 'currentBalances and projectedBalances of each linked account',
        description:
          'Schwab’s balance objects as sent (MARGIN or CASH fields: see the schema).' + NOT_CONNECTED,
        examples: { 200: { description: 'Balances', value: E.BALANCE } },
        tags: SCHWAB_TAGS,
        response: { 200: B.Balance, ...problems(401, 422, 502, 503) },
      },
    },
    (req) => schwab.balance(scopeOf(req)),
  )

  app.get(
    `${SCHWAB_PREFIX}/purchasing-power`,
    {
      schema: {
        operationId: 'brokerbPurchasingPower',
        summary: 'Buying power summed across the linked accounts (degraded zeros when Schwab fails)',
        description:
          'MARGIN accounts count currentBalances.buyingPower, CASH accounts cashAvailableForTrading, summed exactly as ' +
          'decimal strings. When Schwab fails the answer is still 200: zeros with `degraded: true` and a `reason`.' +
          NOT_CONNECTED,
        examples: { 200: { description: 'Buying power', value: E.PURCHASING_POWER } },
        tags: SCHWAB_TAGS,
        response: { 200: B.PurchasingPower, ...problems(401, 422, 503) },
      },
    },
    (req) => schwab.purchasingPower(scopeOf(req)),
  )
}

function holdingRoutes(app: App, { schwab }: SchwabRouteDeps): void {
  app.get(
    `${SCHWAB_PREFIX}/positions`,
    {
      schema: {
        operationId: 'brokerbPositions',
        summary: 'Positions of every linked account, synced into today’s portfolio snapshots',
        description:
          'Each linked account’s snapshot for today becomes exactly its Schwab positions; one broker sync log row ' +
          'with sync_kind `manual` is written (an `error` row when Schwab fails).' +
          NOT_CONNECTED,
        examples: { 200: { description: 'Positions, as synced', value: E.POSITIONS } },
        tags: SCHWAB_TAGS,
        response: { 200: B.Positions, ...problems(401, 422, 502, 503) },
      },
    },
    (req) => schwab.positions(scopeOf(req)),
  )

  app.get(
    `${SCHWAB_PREFIX}/open-orders`,
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
        tags: SCHWAB_TAGS,
        querystring: B.OpenOrdersQuery,
        response: { 200: B.OpenOrders, ...problems(401, 404, 422, 502, 503) },
      },
    },
    (req) => schwab.openOrders(scopeOf(req), req.query.account_hash),
  )

  app.get(
    `${SCHWAB_PREFIX}/account-activity`,
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
        tags: SCHWAB_TAGS,
        querystring: B.ActivityQuery,
        response: { 200: B.Activity, ...problems(401, 422) },
      },
    },
    (req) =>
      schwab.accountActivity(scopeOf(req), { days: req.query.days ?? 30, limit: req.query.limit ?? 100 }),
  )
}

function historyRoutes(app: App, { schwabTransactions }: SchwabRouteDeps): void {
  app.get(
    `${SCHWAB_PREFIX}/transactions`,
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
        tags: SCHWAB_TAGS,
        querystring: B.TransactionsQuery,
        response: { 200: B.Transactions, ...problems(401, 404, 422, 502, 503) },
      },
    },
    (req) => schwabTransactions.transactions(scopeOf(req), req.query),
  )

  app.get(
    `${SCHWAB_PREFIX}/transactions-auto`,
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
        tags: SCHWAB_TAGS,
        querystring: B.TransactionsAutoQuery,
        response: { 200: B.TransactionsAuto, ...problems(401, 422, 502, 503) },
      },
    },
    (req) => schwabTransactions.transactionsAuto(scopeOf(req), req.query),
  )
}
