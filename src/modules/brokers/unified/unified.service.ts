/**
 * The unified broker routes (the non-manual part): one set of operations over every
 * `broker_type`, answered by that broker's adapter. An unknown type is a 404; an operation the broker
 * cannot do is a 422 `broker.not_supported`; connecting needs a plan with broker connectivity (402).
 */
import { DateTime } from 'luxon'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import { UpstreamProtocolError } from '../../../platform/upstream-errors.ts'
import { NotFoundError, PaymentRequiredError, UnprocessableError } from '../../../platform/http/errors.ts'
import type { Clock } from '../../../platform/clock.ts'
import { pageArray, resolvePage, type PageQueryInput } from '../../../platform/http/pagination.ts'
import { BROKER_TYPES, type BrokerType } from '../../../providers/brokers/index.ts'
import type { EntitlementsService } from '../../accounts/tenancy/index.ts'
import type { SnapTradeService } from '../snaptrade/snaptrade.service.ts'
import type { ConnectedBroker } from '../brokers.tables.ts'
import type { ConnectionStatus, ConnectionsService } from '../connections/connections.service.ts'
import { maskNumber } from '../lib/broker-errors.ts'
import type { SyncService } from '../sync/sync.service.ts'
import { taxYear } from '../lib/tax-year.ts'
import { linkedAccount } from '../lib/linked-account.ts'

export interface UnifiedDeps {
  connections: ConnectionsService
  sync: SyncService
  /** Broker-specific refreshes (Alpaca verifies its long-lived token). */
  refreshers: Partial<Record<ConnectedBroker, (scope: RequestScope) => Promise<Refreshed>>>
  entitlements: Pick<EntitlementsService, 'forTenant'>
  /** Now, for the tax-year bounds of transactions. */
  clock: Clock
  /** The hosted aggregator's connect (portal URL), status and disconnect. */
  snaptrade?: SnapTradeService
  /** Brokers that serve quotes (Schwab, with its delayed fallback). */
  quoters?: Partial<Record<ConnectedBroker, (scope: RequestScope, symbols: string) => Promise<BrokerQuotes>>>
}

export interface BrokerQuotes {
  delayed: boolean
  items: Array<{
    symbol: string
    last: number
    bid: number | null
    ask: number | null
    volume: number
    as_of: string
  }>
}

export interface Refreshed {
  refreshed: boolean
  detail: string
  status: ConnectionStatus
}

/** A year of activities is at most this many pages of 100; more means the vendor's cursor loops. */
const MAX_PAGES = 1000
const endlessPages = (broker: string) =>
  new UpstreamProtocolError(`${broker} activities did not end after ${MAX_PAGES} pages`, { provider: broker })
const nyYearStart = (year: number) =>
  DateTime.fromObject({ year, month: 1, day: 1 }, { zone: 'America/New_York' }).toMillis()

const notSupported = (broker: string, what: string) =>
  new UnprocessableError('broker.not_supported', `${broker} does not support ${what}`, [
    { loc: ['path', 'broker_type'], msg: `${broker} does not support ${what}`, type: 'not_supported' },
  ])

export function brokerType(raw: string): BrokerType {
  if (!(BROKER_TYPES as readonly string[]).includes(raw))
    throw new NotFoundError(
      'broker.unknown_type',
      `Unknown broker type "${raw}": one of ${BROKER_TYPES.join(', ')}`,
    )
  return raw as BrokerType
}

/** A type with a connection of its own (everything but `manual`), or 422 for what manual cannot do. */
function connected(raw: string, what: string): ConnectedBroker {
  const type = brokerType(raw)
  if (type === 'manual')
    throw notSupported('manual', `${what} (manual accounts are kept through /api/accounts)`)
  return type
}

export class UnifiedBrokersService {
  constructor(private readonly deps: UnifiedDeps) {}

  /** BrokerConnectionStatus; never raises past the broker type check. */
  async status(scope: RequestScope, raw: string) {
    const type = brokerType(raw)
    if (type === 'manual')
      return {
        connected: false,
        expires_at: null,
        extra: { hint: 'manual accounts hold no connection or token' },
      }
    if (type === 'aggregator' && this.deps.snaptrade) return this.deps.snaptrade.status(scope)
    return this.deps.connections.status(scope, type)
  }

  async connect(
    scope: RequestScope,
    raw: string,
    body: {
      auth_code?: string | undefined
      state?: string | undefined
      broker?: string | undefined
      return_to?: string | undefined
    },
  ) {
    const type = connected(raw, 'connecting')
    const { features } = await this.deps.entitlements.forTenant(scope)
    if (features['broker_connect'] !== true)
      throw new PaymentRequiredError(
        'plan.broker_connect_required',
        'Your plan does not include broker connections; upgrade to connect a brokerage',
        { extra: { feature: 'broker_connect' } },
      )
    if (type === 'aggregator' && this.deps.snaptrade)
      return this.deps.snaptrade.connect(scope, body.broker, body.return_to)
    const adapter = this.deps.connections.adapter(type)
    if (!adapter.oauth) throw notSupported(type, 'connecting with an authorization code')
    if (!body.auth_code)
      throw UnprocessableError.field(['body', 'auth_code'], `required: the code ${adapter.vendor} sent back`)
    return this.deps.connections.connect(scope, type, {
      code: body.auth_code,
      state: body.state,
      where: 'body',
    })
  }

  disconnect(scope: RequestScope, raw: string) {
    const type = connected(raw, 'disconnecting')
    if (type === 'aggregator' && this.deps.snaptrade) return this.deps.snaptrade.disconnect(scope)
    return this.deps.connections.disconnect(scope, type)
  }

  async accounts(scope: RequestScope, raw: string) {
    const type = connected(raw, 'listing broker accounts')
    const adapter = this.deps.connections.adapter(type)
    if (!adapter.accounts) throw notSupported(type, 'listing accounts')
    const live = await this.deps.connections.live(scope.tenantId, type)
    const vendor = await adapter.accounts(live.grant.accessToken)
    return {
      broker_type: type,
      items: vendor.map((a) => ({
        id: a.externalId,
        account_id: live.accounts.find((l) => l.external_id === a.externalId)?.account_id ?? null,
        number: maskNumber(a.number),
        name: a.name,
        currency: a.currency,
        account_type: a.accountType,
      })),
    }
  }

  async positions(scope: RequestScope, raw: string, accountId: string | undefined) {
    const type = connected(raw, 'broker positions')
    const adapter = this.deps.connections.adapter(type)
    if (!adapter.positions) throw notSupported(type, 'positions')
    const live = await this.deps.connections.live(scope.tenantId, type)
    const account = accountId ?? live.accounts[0]?.external_id
    if (accountId !== undefined) linkedAccount(type, live.accounts, accountId, 'account_id')
    const items = await adapter.positions(live.grant.accessToken, account)
    return {
      broker_type: type,
      account_id: account ?? null,
      items: items.map((p) => ({
        symbol: p.symbol,
        quantity: p.quantity,
        average_price: p.averagePrice,
        cost_basis: p.costBasis,
        price: p.price,
        market_value: p.marketValue,
        unrealized_pl: p.unrealizedPl,
      })),
    }
  }

  async quotes(scope: RequestScope, raw: string, symbols: string) {
    const type = brokerType(raw)
    const quoter = type === 'manual' ? undefined : this.deps.quoters?.[type]
    if (!quoter) throw notSupported(type, 'quotes (market data for any symbol: GET /api/quotes)')
    const r = await quoter(scope, symbols)
    return {
      broker_type: type,
      delayed: r.delayed,
      items: r.items.map((q) => ({
        symbol: q.symbol,
        last: q.last,
        bid: q.bid,
        ask: q.ask,
        volume: q.volume,
        as_of: q.as_of,
      })),
    }
  }

  async refresh(scope: RequestScope, raw: string) {
    const type = connected(raw, 'token refresh')
    const refresh = this.deps.refreshers[type]
    if (!refresh) throw notSupported(type, 'token refresh')
    return refresh(scope)
  }

  /**
   * The year's trades of one linked account, oldest first, as the broker reports them; one page of
   * them (the vendor is read for the whole year, the page cut from it).
   */
  async transactions(
    scope: RequestScope,
    raw: string,
    q: PageQueryInput & { account_hash: string; year: string },
  ) {
    const type = connected(raw, 'transactions')
    // The same bounds as Schwab's own route, for every broker.
    const { start } = taxYear(q.year, this.deps.clock.now())
    const page = resolvePage(q, 100)
    const adapter = this.deps.connections.adapter(type)
    if (!adapter.activities) throw notSupported(type, 'transactions')
    const live = await this.deps.connections.live(scope.tenantId, type)
    linkedAccount(type, live.accounts, q.account_hash, 'account_hash')
    const items = []
    let pageToken: string | undefined
    for (let page = 0; page < MAX_PAGES; page++) {
      const r = await adapter.activities(live.grant.accessToken, {
        types: ['FILL'],
        // The tax year in New York (the trade dates the sync records); both bounds are exclusive
        // at the vendor: the instants just outside the year.
        after: new Date(start.getTime() - 1).toISOString(),
        until: new Date(nyYearStart(Number(q.year) + 1)).toISOString(),
        pageSize: 100,
        pageToken,
        accountId: q.account_hash,
        direction: 'asc',
      })
      items.push(...r.items)
      if (r.nextPageToken === null) break
      if (page === MAX_PAGES - 1) throw endlessPages(type)
      pageToken = r.nextPageToken
    }
    const served = pageArray(items, page)
    return {
      broker_type: type,
      account_hash: q.account_hash,
      year: q.year,
      ...served,
      items: served.items.map((a) => ({
        id: a.id,
        type: a.type,
        time: a.time,
        symbol: a.symbol,
        side: a.side,
        quantity: a.qty,
        price: a.price,
        net_amount: a.netAmount,
      })),
    }
  }

  /** Positions and fills now (what the scheduled job does each evening); answers the counts. */
  async sync(scope: RequestScope, raw: string) {
    const type = connected(raw, 'syncing')
    return this.deps.sync.sync(scope.tenantId, scope.userId, type, 'manual')
  }
}
