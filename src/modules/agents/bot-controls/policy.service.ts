/**
 * What the order gate reads about an agent, in the gate's own transaction: its settings and
 * limits, camelCase, decimals as exact strings, null meaning "no limit" or "any".
 */
import type { Selectable } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'
import { findAgent } from './agents/agents.repository.ts'
import { limitsOf } from './agents/controls.repository.ts'
import { money, shortDecimal } from './agents/lib/values.ts'
import type { AgentPolicy } from './agents/lib/types.ts'
import type { BotAgentLimitsTable, BotAgentTable } from './controls.tables.ts'

type AgentColumns = Pick<
  Selectable<BotAgentTable>,
  | 'id'
  | 'name'
  | 'enabled'
  | 'trading_state'
  | 'mode'
  | 'allowed_symbols'
  | 'allowed_hours'
  | 'allowed_accounts'
  | 'created_by'
>
type LimitColumns = Pick<
  Selectable<BotAgentLimitsTable>,
  | 'max_orders_per_day'
  | 'max_notional_per_day'
  | 'max_order_notional'
  | 'max_position_weight'
  | 'max_open_positions'
  | 'max_orders_per_minute'
>
type Nullable<T> = { [K in keyof T]: T[K] | null }

/** The policy of an agent row and its limits row (a missing limits row, or null columns: no limit). */
export function policyOf(a: AgentColumns, l: Nullable<LimitColumns> | undefined): AgentPolicy {
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

export class PolicyReader {
  /** The agent's policy; null for an unknown or archived agent. */
  async read(s: TenantScope, agentId: number): Promise<AgentPolicy | null> {
    const a = await findAgent(s, agentId)
    if (!a) return null
    return policyOf(a, await limitsOf(s, agentId))
  }
}
