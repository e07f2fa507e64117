/**
 * What the order gate reads about an agent, in the gate's own transaction: its settings and
 * limits, camelCase, decimals as exact strings, null meaning "no limit" or "any".
 */
import type { TenantScope } from '../../../platform/db/index.ts'
import { findAgent } from './agents/agents.repository.ts'
import { limitsOf } from './agents/controls.repository.ts'
import { money, shortDecimal } from './agents/lib/values.ts'
import type { AgentPolicy } from './agents/lib/types.ts'

export class PolicyReader {
  /** The agent's policy; null for an unknown or archived agent. */
  async read(s: TenantScope, agentId: number): Promise<AgentPolicy | null> {
    const a = await findAgent(s, agentId)
    if (!a) return null
    const l = await limitsOf(s, agentId)
    return {
      agent: {
        id: Number(a.id),
        name: a.name,
        enabled: a.enabled,
        tradingState: a.trading_state,
        mode: a.mode,
        allowedSymbols: a.allowed_symbols,
        allowedHours: a.allowed_hours,
        allowedAccounts: a.allowed_accounts,
        createdBy: Number(a.created_by),
      },
      limits: {
        maxOrdersPerDay: l?.max_orders_per_day ?? null,
        maxNotionalPerDay: l?.max_notional_per_day == null ? null : money(l.max_notional_per_day),
        maxOrderNotional: l?.max_order_notional == null ? null : money(l.max_order_notional),
        maxPositionWeight: l?.max_position_weight == null ? null : shortDecimal(l.max_position_weight),
        maxOpenPositions: l?.max_open_positions ?? null,
        maxOrdersPerMinute: l?.max_orders_per_minute ?? null,
      },
    }
  }
}
