/**
 * The facts the gate judges an order by. Those that need a provider or another module's own
 * transaction (the quote, the account's valuation) are gathered before the gate decides, never
 * inside a transaction; the rest (usage, positions, recent orders, whether the account is the
 * tenant's, its trading broker) are read as the gate decides, in one statement (`gateReads`).
 */
import { centsToString } from '../../../../kernel/decimal/index.ts'
import type { RequestScope } from '../../../../platform/auth/scope.ts'
import type { TenantScope } from '../../../../platform/db/index.ts'
import type { Portfolio } from '../../../portfolio/index.ts'
import { gateReadsWith } from './gate-reads.repository.ts'
import type { AccountOrders, Route } from './execution.service.ts'
import { type AgentPolicy, type GateFacts, type GateOrder, priceOf } from './gate.service.ts'
import * as repo from './orders.repository.ts'

const MINUTE_MS = 60_000

export interface FactsDeps {
  portfolio: Pick<Portfolio, 'valuation' | 'accountNames' | 'ownedAccountQuery'>
  brokers: Pick<AccountOrders, 'routeIn' | 'routeQuery'>
}

export type InsideFacts = Pick<
  GateFacts,
  'position' | 'closing' | 'buying' | 'openPositions' | 'passedLastMinute' | 'accountOwned'
> & {
  route: Route | null
}

/** Whether the account's valuation is needed: a buy against a position weight limit. */
export const needsValuation = (policy: AgentPolicy, order: GateOrder) =>
  order.side === 'buy' && policy.limits.maxPositionWeight !== null

export class FactsService {
  /**
   * What the gate decides by, read in one statement as it decides (decide.service.ts): its own rows,
   * and whether the account is the tenant's and its trading route from the modules that own them.
   */
  readonly gateReads: ReturnType<typeof gateReadsWith>

  constructor(private readonly deps: FactsDeps) {
    this.gateReads = gateReadsWith({
      ownedAccount: deps.portfolio.ownedAccountQuery,
      tradingRoute: (db, tenantId, accountId) => deps.brokers.routeQuery(db, tenantId, accountId),
    })
  }

  /** The account's value (holdings and cash, base currency) and its value in the symbol; null when it cannot be valued. */
  async valuation(
    who: { tenantId: number; userId: number },
    order: GateOrder,
  ): Promise<GateFacts['valuation']> {
    const scope: RequestScope = {
      tenantId: who.tenantId,
      userId: who.userId,
      role: 'user',
      plan: '',
      via: 'api_key',
    }
    const v = await this.deps.portfolio.valuation
      .current(scope, { account_id: order.accountId })
      .catch(() => null)
    if (!v) return null
    const value = (h: { value_base: bigint | null; market_value: bigint }) => h.value_base ?? h.market_value
    const held = v.holdings.filter((h) => h.account_id === order.accountId)
    const symbol = held.filter((h) => h.symbol === order.symbol).reduce((a, h) => a + value(h), 0n)
    const cash = v.cash
      .filter((c) => c.account_id === order.accountId)
      .reduce((a, c) => a + (c.value_base ?? c.cents), 0n)
    const total = held.reduce((a, h) => a + value(h), 0n) + cash
    return { symbolValue: centsToString(symbol), accountValue: centsToString(total) }
  }

  /**
   * The simulation's reads, sent together (one round trip on a pipelined connection), whatever the
   * policy turns out to need; the gate reads the same facts in one statement (gate-reads.repository.ts).
   */
  async inside(
    s: TenantScope,
    p: { agentId: number; policy: AgentPolicy; order: GateOrder; quote: string | null; now: Date },
  ): Promise<InsideFacts> {
    const { order } = p
    const side = { agentId: p.agentId, ...order }
    const price = priceOf(order, p.quote).reference
    const [owned, held, passedLastMinute, route, closing, buying] = await Promise.all([
      this.deps.portfolio.accountNames(s, [order.accountId]),
      repo.positions(s, p.agentId),
      repo.passedSince(s, p.agentId, new Date(p.now.getTime() - MINUTE_MS)),
      this.deps.brokers.routeIn(s, order.accountId),
      // Read only for a reducing agent, as the gate does.
      p.policy.agent.tradingState === 'reducing' ? repo.openOrHeldOnSide(s, side) : '0',
      // Every buy: the simulation answers the weight after it, whether a limit applies or not.
      order.side === 'buy' ? repo.openOrHeldBuysValue(s, { ...side, price }) : '0',
    ])
    const mine = held.find((x) => x.account_id === order.accountId && x.symbol === order.symbol)
    return {
      accountOwned: owned.has(order.accountId),
      position: mine?.qty ?? '0',
      closing,
      buying,
      openPositions: held.length,
      passedLastMinute,
      route,
    }
  }
}
