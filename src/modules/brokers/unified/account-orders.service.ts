/**
 * Orders for one portfolio account through the trading broker that links it (Alpaca `brokera`,
 * Schwab `brokerb`): the way another module (bot controls' agent orders) places, cancels and lists
 * orders without knowing brokers. The token comes through each broker's own access path (Alpaca's
 * `withToken`, Schwab's refresh-once `withToken`), so a refused token reads as reconnect_required
 * exactly as on the broker routes. Vendor errors propagate unchanged: the caller tells a refusal
 * (4xx) from an uncertain outcome (timeout, 5xx).
 */
import type { QueryCreator } from 'kysely'
import type { Database, Scopes, TenantScope } from '../../../platform/db/index.ts'
import type { BrokerOrder, OrderListQuery, OrderRequest } from '../../../providers/brokers/index.ts'
import type { AlpacaService } from '../alpaca/alpaca.service.ts'
import * as repo from '../connections/connections.repository.ts'
import type { ConnectionsService } from '../connections/connections.service.ts'
import type { SchwabAccessService } from '../schwab/schwab-access.service.ts'

export type TradingBroker = 'brokera' | 'brokerb'

/** The live connection (its row and fresh grant) an account's orders go through, read ahead of `place`. */
export type OrderConnection = Awaited<ReturnType<ConnectionsService['live']>>

/** Where an account's orders go: the broker and the account's id there. */
export interface AccountRoute {
  broker: TradingBroker
  externalId: string
}

export class AccountOrdersService {
  constructor(
    private readonly deps: {
      scopes: Scopes
      connections: ConnectionsService
      alpaca: AlpacaService
      schwab: SchwabAccessService
    },
  ) {}

  /** The connected trading broker linking the account; null when none does (database only). */
  async route(tenantId: number, accountId: number): Promise<AccountRoute | null> {
    const link = await this.deps.scopes.withTenant(tenantId, (s) => repo.tradingLink(s, accountId))
    if (!link) return null
    return { broker: link.broker_type as TradingBroker, externalId: link.external_id }
  }

  /**
   * `route`'s select for another module's statement to embed as a lateral join (at most one row:
   * `broker_type`, `external_id`): the agent order gate reads it with its own facts, in one statement.
   */
  routeQuery(db: QueryCreator<Database>, tenantId: number, accountId: number) {
    return repo.tradingLinkQuery(db, tenantId, accountId)
  }

  /** `route` in the caller's transaction (the agent order gate's simulation). */
  async routeIn(s: TenantScope, accountId: number): Promise<AccountRoute | null> {
    const link = await repo.tradingLink(s, accountId)
    return link ? { broker: link.broker_type as TradingBroker, externalId: link.external_id } : null
  }

  /**
   * The live connection `place` would read, read now: a caller with a write of its own to make first
   * (the agent order gate's pass) reads it alongside that write rather than after it. Its errors are
   * `place`'s (not connected, token unreadable).
   */
  async connection(tenantId: number, route: AccountRoute): Promise<OrderConnection> {
    if (route.broker === 'brokerb') this.deps.schwab.adapter() // not configured: 503 before any read
    return this.deps.connections.live(tenantId, route.broker)
  }

  /** Places the order; `connection`: the route's live connection read ahead (else read here). */
  async place(
    tenantId: number,
    route: AccountRoute,
    order: OrderRequest,
    connection?: OrderConnection,
  ): Promise<BrokerOrder> {
    const scope = { tenantId }
    if (route.broker === 'brokera') {
      const adapter = this.deps.connections.adapter('brokera')
      return (await this.deps.alpaca.withToken(scope, (t) => adapter.placeOrder!(t, order), connection)).value
    }
    const adapter = this.deps.schwab.adapter()
    const placed = await this.deps.schwab.withToken(
      scope,
      (t) => adapter.placeOrder(t, { ...order, accountId: route.externalId }),
      connection,
    )
    return placed.value
  }

  async cancel(tenantId: number, route: AccountRoute, brokerOrderId: string): Promise<void> {
    const scope = { tenantId }
    if (route.broker === 'brokera') {
      const adapter = this.deps.connections.adapter('brokera')
      await this.deps.alpaca.withToken(scope, (t) => adapter.cancelOrder!(t, brokerOrderId))
      return
    }
    const adapter = this.deps.schwab.adapter()
    await this.deps.schwab.withToken(scope, (t) => adapter.cancelOrder(t, brokerOrderId, route.externalId))
  }

  async list(tenantId: number, route: AccountRoute, q: OrderListQuery): Promise<BrokerOrder[]> {
    const scope = { tenantId }
    if (route.broker === 'brokera') {
      const adapter = this.deps.connections.adapter('brokera')
      return (await this.deps.alpaca.withToken(scope, (t) => adapter.listOrders!(t, q))).value
    }
    const adapter = this.deps.schwab.adapter()
    const listed = await this.deps.schwab.withToken(scope, (t) =>
      adapter.listOrders(t, { ...q, accountId: route.externalId }),
    )
    return listed.value
  }
}
