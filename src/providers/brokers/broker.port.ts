/**
 * The broker port: what the service asks of a brokerage, in domain terms. Each vendor adapter
 * (alpaca/, schwab/, snaptrade/) implements the operations its API offers; an
 * operation it lacks is simply absent, and the module answers 422 `broker.not_supported` for it.
 *
 * Money and quantities cross this port as decimal strings (exact, as the vendors send them where
 * they can); adapters convert JSON numbers with `decimalString` so nothing is lost in between.
 */

/** The broker types the API's paths name (`/api/brokers/{broker_type}/…`). */
export const BROKER_TYPES = ['brokera', 'brokerb', 'aggregator', 'manual'] as const
export type BrokerType = (typeof BROKER_TYPES)[number]

/** Tokens of one connection, as the vendor issued them. Never logged, stored only encrypted. */
export interface BrokerGrant {
  accessToken: string
  refreshToken?: string | undefined
  /** Absent: the vendor documents no expiry (Alpaca's OAuth tokens). */
  accessExpiresAt?: Date | undefined
  refreshExpiresAt?: Date | undefined
  scope?: string | undefined
}

export interface BrokerAccountInfo {
  /** The vendor's id for the account (Alpaca's account id, Schwab's hashValue, SnapTrade's uuid). */
  externalId: string
  /** What a person recognises: the account number, masked by the caller where needed. */
  number: string
  name: string
  currency: string
  accountType: string | null
  /** Aggregators: the brokerage connection (authorization) the account belongs to. */
  connectionId?: string | undefined
}

export interface BrokerPosition {
  symbol: string
  /** Negative for a short. */
  quantity: string
  averagePrice: string
  /** Total paid (long) or received (short), positive. */
  costBasis: string
  price: string | null
  marketValue: string | null
  unrealizedPl: string | null
  assetClass: string
}

export interface BrokerBalances {
  currency: string
  cash: string
  equity: string
  buyingPower: string
  longMarketValue: string
  shortMarketValue: string
}

export type OrderSide = 'buy' | 'sell'
export type OrderType = 'market' | 'limit' | 'stop' | 'stop_limit' | 'trailing_stop'
export type TimeInForce = 'day' | 'gtc' | 'opg' | 'cls' | 'ioc' | 'fok'

export interface OrderRequest {
  symbol: string
  side: OrderSide
  type: OrderType
  timeInForce: TimeInForce
  qty?: string | undefined
  notional?: string | undefined
  limitPrice?: string | undefined
  stopPrice?: string | undefined
  trailPrice?: string | undefined
  trailPercent?: string | undefined
  extendedHours?: boolean | undefined
  clientOrderId?: string | undefined
}

export interface BrokerOrder {
  id: string
  clientOrderId: string | null
  symbol: string
  side: string
  type: string
  timeInForce: string
  status: string
  qty: string | null
  notional: string | null
  filledQty: string
  filledAvgPrice: string | null
  limitPrice: string | null
  stopPrice: string | null
  extendedHours: boolean
  createdAt: string
  submittedAt: string | null
  filledAt: string | null
  canceledAt: string | null
}

export interface OrderListQuery {
  status?: 'open' | 'closed' | 'all' | undefined
  limit?: number | undefined
  after?: string | undefined
  until?: string | undefined
  direction?: 'asc' | 'desc' | undefined
}

/** One account event: a fill (trade) or a cash/corporate activity (dividend, fee, transfer…). */
export interface BrokerActivity {
  id: string
  type: string
  /** ISO 8601: the fill's transaction time, or the activity's date at midnight UTC. */
  time: string
  symbol: string | null
  /** `sell_short` opens a short; `sell` closes what was bought. */
  side: OrderSide | 'sell_short' | null
  qty: string | null
  price: string | null
  netAmount: string | null
  description: string | null
  orderId: string | null
  /** Fees charged with it (a cost, ≥ 0), where the vendor reports them apart from the amount. */
  fee?: string | null | undefined
  /** ISO 4217 code of its amounts, where the vendor says (absent: the account's currency). */
  currency?: string | null | undefined
}

/** The cash an account holds in one currency, as the broker reports it (negative: a debit). */
export interface CashBalance {
  currency: string
  amount: string
}

export interface ActivityQuery {
  types?: string[] | undefined
  after?: string | undefined
  until?: string | undefined
  pageSize: number
  /** The vendor's continuation token from the previous page. */
  pageToken?: string | undefined
  /** Brokers with several accounts per connection: whose activities. */
  accountId?: string | undefined
  direction?: 'asc' | 'desc' | undefined
}

export interface ActivityPage {
  items: BrokerActivity[]
  /** The vendor's token for the next page; null on the last page. */
  nextPageToken: string | null
}

/** An OAuth code-flow broker: the operations its connect, refresh and disconnect need. */
export interface OAuthBroker {
  /** The vendor's consent page for `state`. */
  authorizationUrl(state: string): string
  exchangeCode(code: string): Promise<BrokerGrant>
  /** Absent for vendors whose tokens do not expire (Alpaca). */
  refresh?(grant: BrokerGrant): Promise<BrokerGrant>
  /** Best effort: resolves when the vendor has revoked it or does not know it (404). */
  revoke?(grant: BrokerGrant): Promise<void>
}

/** A user registered with a hosted aggregator: the secret is stored only encrypted, never logged. */
export interface AggregatorUser {
  userId: string
  userSecret: string
}

/** One brokerage connection made through the aggregator's portal. */
export interface AggregatorAuthorization {
  id: string
  /** The brokerage's slug at the aggregator (`ALPACA`, `SCHWAB`). */
  slug: string
  name: string
  disabled: boolean
  createdAt: string | null
}

/**
 * A hosted connection aggregator (SnapTrade): users registered with the vendor, whose hosted portal
 * connects brokerages. The port's reads take `credential(user)` as their access token.
 */
export interface HostedAggregator {
  registerUser(userId: string): Promise<AggregatorUser>
  /** Best effort at the caller: resolves when deleted or unknown (404). */
  deleteUser(userId: string): Promise<void>
  /** The portal URL (short-lived) that sends the browser back to `redirect`. */
  portalUrl(user: AggregatorUser, opts: { broker?: string | undefined; redirect: string }): Promise<string>
  authorizations(user: AggregatorUser): Promise<AggregatorAuthorization[]>
  /** Resolves when removed or unknown (404). */
  removeAuthorization(user: AggregatorUser, authorizationId: string): Promise<void>
  /** The opaque access token the port's reads take for this user. */
  credential(user: AggregatorUser): string
}

/** What every trading broker offers once connected; the access token is the caller's to supply. */
export interface BrokerAdapter {
  readonly type: BrokerType
  /** Human name for messages ("Alpaca"). */
  readonly vendor: string
  readonly oauth?: OAuthBroker
  readonly aggregator?: HostedAggregator
  accounts?(accessToken: string): Promise<BrokerAccountInfo[]>
  /** One account's positions (`accountId`: an externalId from `accounts`; brokers with one account ignore it). */
  positions?(accessToken: string, accountId?: string): Promise<BrokerPosition[]>
  balances?(accessToken: string, accountId?: string): Promise<BrokerBalances>
  /** The account's cash, one row per currency it holds (a sync stores it with the day's snapshot). */
  cash?(accessToken: string, accountId?: string): Promise<CashBalance[]>
  placeOrder?(accessToken: string, order: OrderRequest): Promise<BrokerOrder>
  listOrders?(accessToken: string, q: OrderListQuery): Promise<BrokerOrder[]>
  cancelOrder?(accessToken: string, orderId: string): Promise<void>
  activities?(accessToken: string, q: ActivityQuery): Promise<ActivityPage>
  /** A cheap authenticated call that proves the vendor is reachable (health checks). */
  ping?(accessToken: string | null): Promise<void>
}

/** A vendor number as an exact decimal string (vendors send strings, or JSON numbers). */
export function decimalString(v: unknown): string | null {
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return v.trim()
  if (typeof v !== 'number' || !Number.isFinite(v)) return null
  return plainDecimal(String(v))
}

/** `1.5e-7` → `0.00000015`, `2.5e22` → `25000000000000000000000`: the same digits, no exponent. */
function plainDecimal(s: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(s)
  if (!m) return s
  const [, sign, int, frac = '', exp] = m as unknown as [string, string, string, string | undefined, string]
  const digits = int + frac
  const point = int.length + Number(exp)
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`.replace(/0+$/, '')
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length)
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`
}
