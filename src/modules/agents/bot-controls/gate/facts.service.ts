/**
 * The facts the gate judges an order by. Those that need a provider or another module's own
 * transaction (the quote, whether the account is the tenant's, its trading broker, its valuation)
 * are gathered before the gate's transaction, never inside the lock; those the lock protects (usage,
 * positions, recent orders) are read inside it.
 */
import { centsToString } from '../../../../kernel/decimal/index.ts'
import type { RequestScope } from '../../../../platform/auth/scope.ts'
import type { TenantScope } from '../../../../platform/db/index.ts'
import { AppError } from '../../../../platform/http/errors.ts'
import type { Portfolio } from '../../../portfolio/index.ts'
import type { AccountOrders, Route } from './execution.service.ts'
import type { AgentPolicy, GateFacts, GateOrder } from './gate.service.ts'
import * as repo from './orders.repository.ts'
import type { PricingService } from './pricing.service.ts'

const MINUTE_MS = 60_000

export interface OutsideFacts {
  quote: string | null
  accountOwned: boolean
  route: Route | null
  valuation: GateFacts['valuation']
}

export interface FactsDeps {
  pricing: PricingService
  portfolio: Pick<Portfolio, 'holdings' | 'valuation'>
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
    const [quote, accountOwned, route, valuation] = await Promise.all([
      order.type === 'market' ? this.deps.pricing.quote(order.symbol) : Promise.resolve(null),
      this.owned(who.tenantId, order.accountId),
      policy.agent.mode === 'live' ? this.deps.brokers.route(who.tenantId, order.accountId) : Promise.resolve(null),
      wantValuation && order.side === 'buy' ? this.valuation(who, order) : Promise.resolve(null),
    ])
    return { quote, accountOwned, route, valuation: accountOwned ? valuation : null }
  }

  /** Whether the account is the tenant's (another tenant's or none: false). */
  private async owned(tenantId: number, accountId: number): Promise<boolean> {
    try {
      await this.deps.portfolio.holdings.latest(tenantId, { accountId, limit: 1 })
      return true
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return false
      throw err
    }
  }

  /** The account's value (holdings and cash, base currency) and its value in the symbol. */
  private async valuation(who: { tenantId: number; userId: number }, order: GateOrder) {
    const scope: RequestScope = { tenantId: who.tenantId, userId: who.userId, role: 'user', plan: '', via: 'api_key' }
    const v = await this.deps.portfolio.valuation.current(scope, { account_id: order.accountId }).catch(() => null)
    if (!v) return null
    const value = (h: { value_base: bigint | null; market_value: bigint }) => h.value_base ?? h.market_value
    const held = v.holdings.filter((h) => h.account_id === order.accountId)
    const symbol = held.filter((h) => h.symbol === order.symbol).reduce((a, h) => a + value(h), 0n)
    const cash = v.cash.filter((c) => c.account_id === order.accountId).reduce((a, c) => a + (c.value_base ?? c.cents), 0n)
    const total = held.reduce((a, h) => a + value(h), 0n) + cash
    return { symbolValue: centsToString(symbol), accountValue: centsToString(total) }
  }

  /** Read inside the gate's transaction. */
  async inside(
    s: TenantScope,
    agentId: number,
    order: GateOrder,
    now: Date,
  ): Promise<Pick<GateFacts, 'position' | 'openPositions' | 'passedLastMinute'>> {
    const held = await repo.positions(s, agentId)
    const mine = held.find((p) => p.account_id === order.accountId && p.symbol === order.symbol)
    return {
      position: mine?.qty ?? '0',
      openPositions: held.length,
      passedLastMinute: await repo.passedSince(s, agentId, new Date(now.getTime() - MINUTE_MS)),
    }
  }
}
