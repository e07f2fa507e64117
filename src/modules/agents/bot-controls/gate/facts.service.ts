/**
 * The facts the gate judges an order by. Those that need a provider or another module's own
 * transaction (the quote, the account's trading broker, its valuation) are gathered before the
 * gate's transaction, never inside the lock; those the lock protects (usage, positions, recent
 * orders) and whether the account is the tenant's are read inside it.
 */
import { centsToString } from '../../../../kernel/decimal/index.ts'
import type { RequestScope } from '../../../../platform/auth/scope.ts'
import type { TenantScope } from '../../../../platform/db/index.ts'
import type { Portfolio } from '../../../portfolio/index.ts'
import type { AccountOrders, Route } from './execution.service.ts'
import type { AgentPolicy, GateFacts, GateOrder } from './gate.service.ts'
import * as repo from './orders.repository.ts'
import type { PricingService } from './pricing.service.ts'

const MINUTE_MS = 60_000

export interface OutsideFacts {
  quote: string | null
  route: Route | null
  valuation: GateFacts['valuation']
}

export interface FactsDeps {
  pricing: PricingService
  portfolio: Pick<Portfolio, 'valuation' | 'accountNames'>
  brokers: Pick<AccountOrders, 'route'>
}

export class FactsService {
  constructor(private readonly deps: FactsDeps) {}

  /** Gathered outside the lock. `wantValuation`: the weight limit applies (or a simulation shows it). */
  async outside(
    who: { tenantId: number; userId: number },
    policy: AgentPolicy,
    order: GateOrder,
    wantValuation: boolean,
  ): Promise<OutsideFacts> {
    const [quote, route, valuation] = await Promise.all([
      order.type === 'market' ? this.deps.pricing.quote(order.symbol) : Promise.resolve(null),
      policy.agent.mode === 'live'
        ? this.deps.brokers.route(who.tenantId, order.accountId)
        : Promise.resolve(null),
      wantValuation && order.side === 'buy' ? this.valuation(who, order) : Promise.resolve(null),
    ])
    return { quote, route, valuation }
  }

  /** The account's value (holdings and cash, base currency) and its value in the symbol. */
  private async valuation(who: { tenantId: number; userId: number }, order: GateOrder) {
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

  /** Read inside the gate's transaction. */
  async inside(
    s: TenantScope,
    agentId: number,
    order: GateOrder,
    now: Date,
  ): Promise<Pick<GateFacts, 'position' | 'openPositions' | 'passedLastMinute' | 'accountOwned'>> {
    const owned = await this.deps.portfolio.accountNames(s, [order.accountId])
    const held = await repo.positions(s, agentId)
    const mine = held.find((p) => p.account_id === order.accountId && p.symbol === order.symbol)
    return {
      accountOwned: owned.has(order.accountId),
      position: mine?.qty ?? '0',
      openPositions: held.length,
      passedLastMinute: await repo.passedSince(s, agentId, new Date(now.getTime() - MINUTE_MS)),
    }
  }
}
