/**
 * Charles Schwab's Trader API and Market Data API through Schwab's OAuth code flow
 * (docs/vendor-formats.md#schwab-trader). A login holds several accounts, each addressed by its hashValue (the port's
 * `externalId`), so account-scoped operations take an `accountId`. Besides the port's operations it
 * offers Schwab's own reads under the vendor's names (account numbers, account details, a range of
 * transactions, quotes, price history, option chains, movers, market hours, instruments), each
 * returned as sent with only its outer shape checked.
 */
import type {
  BrokerAccountInfo,
  BrokerAdapter,
  BrokerBalances,
  BrokerOrder,
  BrokerPosition,
  CashBalance,
  OrderRequest,
} from '../broker.port.ts'
import { activities, type SchwabActivityPage, type SchwabActivityQuery } from './schwab-activities.ts'
import { schwabHttp, segment, type SchwabHttp } from './schwab-http.ts'
import * as market from './schwab-market.ts'
import { schwabOAuth, type SchwabOAuth, type SchwabOAuthOptions } from './schwab-oauth.ts'
import { cancelOrder, listOrders, placeOrder, type SchwabOrderListQuery } from './schwab-orders.ts'
import { fetchTransactions, type SchwabTransactionQuery } from './schwab-transactions.ts'
import {
  array,
  idOf,
  malformed,
  PROVIDER,
  toAccountDetails,
  toAccountInfo,
  toAccountNumbers,
  toBalances,
  toPosition,
  type SchwabAccountDetails,
  type SchwabAccountNumber,
  type SchwabJson,
} from './schwab-wire.ts'

export type { SchwabActivity, SchwabActivityPage, SchwabActivityQuery } from './schwab-activities.ts'
export type * from './schwab-market.ts'
export type { SchwabOAuth } from './schwab-oauth.ts'
export type { SchwabOrderListQuery } from './schwab-orders.ts'
export type { SchwabTransactionQuery } from './schwab-transactions.ts'
export type { SchwabAccountDetails, SchwabAccountNumber, SchwabJson } from './schwab-wire.ts'

/** The adapter's options are its OAuth client's: the API base URL serves OAuth, trader and market data. */
export type SchwabBrokerOptions = SchwabOAuthOptions

export interface SchwabBroker extends BrokerAdapter {
  readonly type: 'brokerb'
  readonly vendor: 'Schwab'
  readonly oauth: SchwabOAuth
  accounts(accessToken: string): Promise<BrokerAccountInfo[]>
  /** `accountId`: a hashValue; absent: the login's first account. */
  positions(accessToken: string, accountId?: string): Promise<BrokerPosition[]>
  balances(accessToken: string, accountId?: string): Promise<BrokerBalances>
  cash(accessToken: string, accountId?: string): Promise<CashBalance[]>
  listOrders(accessToken: string, q: SchwabOrderListQuery): Promise<BrokerOrder[]>
  placeOrder(accessToken: string, order: OrderRequest & { accountId: string }): Promise<BrokerOrder>
  /** Without `accountId` the order's account is looked up among the orders of the last 60 days. */
  cancelOrder(accessToken: string, orderId: string, accountId?: string): Promise<void>
  activities(accessToken: string, q: SchwabActivityQuery): Promise<SchwabActivityPage>
  ping(accessToken: string | null): Promise<void>

  /** GET /trader/v1/accounts/accountNumbers. */
  accountNumbers(accessToken: string): Promise<SchwabAccountNumber[]>
  /** GET /trader/v1/accounts (hash undefined) or /accounts/{hash}; `fields=positions` when asked. */
  accountDetails(
    accessToken: string,
    hash: string | undefined,
    withPositions: boolean,
  ): Promise<SchwabAccountDetails[]>
  /** Every transaction of the range (≤ 60-day windows, merged, de-duplicated), oldest first. */
  transactions(accessToken: string, hash: string, q: SchwabTransactionQuery): Promise<SchwabJson[]>
  quotes(
    accessToken: string,
    symbols: readonly string[],
    opts?: market.SchwabQuoteOptions,
  ): Promise<market.SchwabQuotes>
  priceHistory(accessToken: string, q: market.SchwabPriceHistoryQuery): Promise<market.SchwabPriceHistory>
  optionChain(accessToken: string, q: market.SchwabChainQuery): Promise<market.SchwabOptionChain>
  /** The index's top movers (`$SPX` is sent as `%24SPX`): the answer's `screeners`. */
  movers(accessToken: string, index: string, opts?: market.SchwabMoversOptions): Promise<SchwabJson[]>
  marketHours(
    accessToken: string,
    markets: readonly string[],
    date?: string,
  ): Promise<market.SchwabMarketHours>
  /** The answer's `instruments`. */
  instruments(accessToken: string, symbol: string, projection: market.SchwabProjection): Promise<SchwabJson[]>
  instrumentByCusip(accessToken: string, cusip: string): Promise<SchwabJson | null>
}

type AccountOps = Pick<
  SchwabBroker,
  'accounts' | 'positions' | 'balances' | 'cash' | 'accountNumbers' | 'accountDetails' | 'ping'
>

function accountOps(api: SchwabHttp): AccountOps {
  const accountNumbers = async (token: string) =>
    toAccountNumbers(await api.get(token, '/trader/v1/accounts/accountNumbers'))
  const accountDetails = async (token: string, hash: string | undefined, withPositions: boolean) => {
    const query = { fields: withPositions ? 'positions' : undefined }
    if (hash !== undefined)
      return [
        toAccountDetails(await api.get(token, `/trader/v1/accounts/${segment(hash)}`, query), 'account'),
      ]
    const body = await api.get(token, '/trader/v1/accounts', query)
    return array(body, 'accounts').map((v, i) => toAccountDetails(v, `accounts[${i}]`))
  }
  const one = async (token: string, hash: string | undefined, withPositions: boolean) => {
    const [first] = await accountDetails(token, hash, withPositions)
    if (!first) throw malformed('the login lists no account')
    return first
  }
  return {
    accountNumbers,
    accountDetails,
    async accounts(token) {
      const numbers = await accountNumbers(token)
      const details = await accountDetails(token, undefined, false)
      const byNumber = new Map(
        details.map((d, i) => [idOf(d.securitiesAccount, 'accountNumber', `accounts[${i}]`), d]),
      )
      return numbers.map((n) => toAccountInfo(n, byNumber.get(n.accountNumber)))
    },
    async positions(token, hash) {
      const { securitiesAccount } = await one(token, hash, true)
      return array(securitiesAccount['positions'] ?? [], 'positions').map(toPosition)
    },
    async balances(token, hash) {
      return toBalances(await one(token, hash, false))
    },
    async cash(token, hash) {
      // `currentBalances.cashBalance` (less a margin debit): Schwab accounts hold US dollars.
      const b = toBalances(await one(token, hash, false))
      return [{ currency: b.currency, amount: b.cash }]
    },
    async ping(token) {
      if (token) await accountNumbers(token)
      else
        await api.http
          .request({ provider: PROVIDER, url: `${api.base}/v1/oauth/token`, retries: 0 })
          .catch(reachable)
    },
  }
}

/** The token endpoint answers a GET with an error status: that still proves it is reachable. */
function reachable(err: unknown): void {
  const status = (err as { status?: number }).status
  if (status === undefined || status >= 500) throw err
}

type MarketOps = Pick<
  SchwabBroker,
  'quotes' | 'priceHistory' | 'optionChain' | 'movers' | 'marketHours' | 'instruments' | 'instrumentByCusip'
>

function marketOps(api: SchwabHttp): MarketOps {
  return {
    quotes: (token, symbols, opts) => market.quotes(api, token, symbols, opts),
    priceHistory: (token, q) => market.priceHistory(api, token, q),
    optionChain: (token, q) => market.optionChain(api, token, q),
    movers: (token, index, opts) => market.movers(api, token, index, opts),
    marketHours: (token, markets, date) => market.marketHours(api, token, markets, date),
    instruments: (token, symbol, projection) => market.instruments(api, token, symbol, projection),
    instrumentByCusip: (token, cusip) => market.instrumentByCusip(api, token, cusip),
  }
}

export function createSchwabBroker(opts: SchwabBrokerOptions): SchwabBroker {
  const api = schwabHttp(opts.http, opts.apiBaseUrl, opts.clock)
  return {
    type: 'brokerb',
    vendor: 'Schwab',
    oauth: schwabOAuth(opts),
    ...accountOps(api),
    listOrders: (token, q) => listOrders(api, token, q),
    placeOrder: (token, order) => placeOrder(api, token, order),
    cancelOrder: (token, orderId, accountId) => cancelOrder(api, token, orderId, accountId),
    activities: (token, q) => activities(api, token, q),
    transactions: (token, hash, q) => fetchTransactions(api, token, hash, q),
    ...marketOps(api),
  }
}
