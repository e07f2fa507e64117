/**
 * SQL of the gate's deciding transaction, one statement per step: the usage row locked (an upsert
 * that takes the row lock and answers the counters), everything the checks read under that lock
 * (one row), and the outcome written with its usage count (a data-modifying CTE). The reads come
 * after the lock in a statement of their own: under READ COMMITTED each statement sees what was
 * committed when it starts, so only a statement sent after the lock sees the orders of the
 * transaction it waited for.
 */
import { sql } from 'kysely'
import type { TenantScope } from '../../../../platform/db/index.ts'
import type { NewOrder, OrderRow, UsageRow } from './orders.repository.ts'
import { PASSED_EXCLUDED } from './orders.repository.ts'

/**
 * Today's usage row of the agent, created when missing, locked for the rest of the transaction and
 * answered as it is once the lock is held (a concurrent holder's counters included).
 */
export const lockUsageDay = (s: TenantScope, agentId: number, day: string): Promise<UsageRow> =>
  s.db
    .insertInto('bot_usage_day')
    .values({ tenant_id: s.tenantId, agent_id: agentId, trading_day: day })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'agent_id', 'trading_day'])
        .doUpdateSet({ updated_at: (eb) => eb.ref('excluded.updated_at') }),
    )
    .returningAll()
    .executeTakeFirstOrThrow()

export interface GateReadsInput {
  agentId: number
  accountId: number
  symbol: string
  clientOrderId: string
  /** The start of the per-minute window (exclusive). */
  since: Date
}

/**
 * What the checks read under the lock, as one row: the agent (null columns: unknown or archived)
 * and its limits, the order already recorded under the client_order_id, the tenant's threshold and
 * the account's override, the agent's position in the account's symbol and its count of open
 * positions, and the orders that passed in the last minute.
 */
export function gateReads(s: TenantScope, p: GateReadsInput) {
  const t = s.tenantId
  return s.db
    .selectFrom(s.db.selectNoFrom(sql<number>`1`.as('one')).as('one'))
    .leftJoin('bot_agent as a', (j) =>
      j.on('a.tenant_id', '=', t).on('a.id', '=', p.agentId).on('a.archived_at', 'is', null),
    )
    .leftJoin('bot_agent_limits as l', (j) => j.on('l.tenant_id', '=', t).onRef('l.agent_id', '=', 'a.id'))
    .select([
      'a.id',
      'a.name',
      'a.enabled',
      'a.trading_state',
      'a.mode',
      'a.allowed_symbols',
      'a.allowed_hours',
      'a.allowed_accounts',
      'a.created_by',
      'l.max_orders_per_day',
      'l.max_notional_per_day',
      'l.max_order_notional',
      'l.max_position_weight',
      'l.max_open_positions',
      'l.max_orders_per_minute',
    ])
    .select((eb) => [
      eb
        .selectFrom('bot_order')
        .select('id')
        .where('tenant_id', '=', t)
        .where('agent_id', '=', p.agentId)
        .where('client_order_id', '=', p.clientOrderId)
        .as('existing_id'),
      eb
        .selectFrom('bot_threshold_override')
        .select('threshold')
        .where('tenant_id', '=', t)
        .where('account_id', '=', p.accountId)
        .as('override_threshold'),
      eb
        .selectFrom('bot_approval_threshold')
        .select('threshold')
        .where('tenant_id', '=', t)
        .as('tenant_threshold'),
      eb
        .selectFrom('bot_position')
        .select('qty')
        .where('tenant_id', '=', t)
        .where('agent_id', '=', p.agentId)
        .where('account_id', '=', p.accountId)
        .where('symbol', '=', p.symbol)
        .where('qty', '<>', '0')
        .as('position'),
      eb
        .selectFrom('bot_position')
        .select((c) => c.fn.countAll<string>().as('n'))
        .where('tenant_id', '=', t)
        .where('agent_id', '=', p.agentId)
        .where('qty', '<>', '0')
        .as('open_positions'),
      eb
        .selectFrom('bot_order')
        .select((c) => c.fn.countAll<string>().as('n'))
        .where('tenant_id', '=', t)
        .where('agent_id', '=', p.agentId)
        .where('created_at', '>', p.since)
        .where('status', 'not in', PASSED_EXCLUDED)
        .as('passed_last_minute'),
    ])
    .executeTakeFirstOrThrow()
}

export type GateReadsRow = Awaited<ReturnType<typeof gateReads>>

/** What the gate writes beside the order on the day's usage row (locked by this transaction). */
export type UsageChange =
  /** A pass: orders += 1, notional += the order's priced notional. */
  | { passed: string }
  /** A rejection: rejections[reason] += 1. */
  | { rejected: string }

/** The order inserted and the day's usage counted, in one statement; answers the order. */
export async function recordOrder(
  s: TenantScope,
  day: string,
  o: NewOrder,
  change: UsageChange,
): Promise<OrderRow> {
  const set =
    'passed' in change
      ? {
          orders: sql<number>`greatest(orders + 1, 0)`,
          notional: sql<string>`greatest(notional + ${change.passed}::numeric, 0)`,
        }
      : {
          rejections: sql<string>`jsonb_set(rejections, array[${change.rejected}::text], to_jsonb(coalesce((rejections ->> ${change.rejected}::text)::int, 0) + 1))`,
        }
  const row = await s.db
    .with('usage', (db) =>
      db
        .updateTable('bot_usage_day')
        .set({ ...set, updated_at: sql<Date>`now()` })
        .where('tenant_id', '=', s.tenantId)
        .where('agent_id', '=', o.agent_id)
        .where('trading_day', '=', day)
        .returning('agent_id'),
    )
    .insertInto('bot_order')
    .values({ ...o, tenant_id: s.tenantId })
    .returningAll()
    .executeTakeFirstOrThrow()
  return { ...row, approval_id: null }
}
