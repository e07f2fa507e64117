/** SQL for limits, thresholds and the usage view; every query takes the tenant scope. */
import type { Selectable } from 'kysely'
import { oneOf, type TenantScope } from '../../../../platform/db/index.ts'
import type { BotAgentLimitsTable } from '../controls.tables.ts'

export type LimitsRow = Selectable<BotAgentLimitsTable>

export interface LimitValues {
  max_orders_per_day: number | null
  max_notional_per_day: string | null
  max_order_notional: string | null
  max_position_weight: string | null
  max_open_positions: number | null
  max_orders_per_minute: number | null
}

export const limitsOf = (s: TenantScope, agentId: number) =>
  s.db
    .selectFrom('bot_agent_limits')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('agent_id', '=', agentId)
    .executeTakeFirst()

export const saveLimits = (s: TenantScope, agentId: number, v: LimitValues, userId: number, now: Date) =>
  s.db
    .insertInto('bot_agent_limits')
    .values({ ...v, tenant_id: s.tenantId, agent_id: agentId, updated_by: userId, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'agent_id']).doUpdateSet({ ...v, updated_by: userId, updated_at: now }),
    )
    .returningAll()
    .executeTakeFirstOrThrow()

export const tenantThreshold = (s: TenantScope) =>
  s.db.selectFrom('bot_approval_threshold').selectAll().where('tenant_id', '=', s.tenantId).executeTakeFirst()

export const saveTenantThreshold = (s: TenantScope, threshold: string | null, userId: number, now: Date) =>
  s.db
    .insertInto('bot_approval_threshold')
    .values({ tenant_id: s.tenantId, threshold, updated_by: userId, updated_at: now })
    .onConflict((oc) =>
      oc.column('tenant_id').doUpdateSet({ threshold, updated_by: userId, updated_at: now }),
    )
    .execute()

/**
 * Marks the tenant's thresholds changed at `now` without changing the tenant threshold (a row with
 * none is created if there is no row yet): removing an override leaves no row of its own to date
 * the change by.
 */
export const touchTenantThreshold = (s: TenantScope, userId: number, now: Date) =>
  s.db
    .insertInto('bot_approval_threshold')
    .values({ tenant_id: s.tenantId, threshold: null, updated_by: userId, updated_at: now })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ updated_by: userId, updated_at: now }))
    .execute()

export const overrides = (s: TenantScope) =>
  s.db
    .selectFrom('bot_threshold_override')
    .select(['account_id', 'threshold', 'updated_at'])
    .where('tenant_id', '=', s.tenantId)
    .orderBy('account_id')
    .execute()

export const accountOverride = (s: TenantScope, accountId: number) =>
  s.db
    .selectFrom('bot_threshold_override')
    .select('threshold')
    .where('tenant_id', '=', s.tenantId)
    .where('account_id', '=', accountId)
    .executeTakeFirst()

export const saveOverride = (
  s: TenantScope,
  accountId: number,
  threshold: string,
  userId: number,
  now: Date,
) =>
  s.db
    .insertInto('bot_threshold_override')
    .values({ tenant_id: s.tenantId, account_id: accountId, threshold, updated_by: userId, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'account_id']).doUpdateSet({ threshold, updated_by: userId, updated_at: now }),
    )
    .execute()

/** Removes an account's override; true when there was one. */
export const deleteOverride = async (s: TenantScope, accountId: number): Promise<boolean> => {
  const r = await s.db
    .deleteFrom('bot_threshold_override')
    .where('tenant_id', '=', s.tenantId)
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  return r.numDeletedRows > 0n
}

export const usageDay = (s: TenantScope, agentId: number, day: string) =>
  s.db
    .selectFrom('bot_usage_day')
    .select(['orders', 'notional', 'rejections'])
    .where('tenant_id', '=', s.tenantId)
    .where('agent_id', '=', agentId)
    .where('trading_day', '=', day)
    .executeTakeFirst()

/** Pending approvals still inside their window (a past-due one is expired, whatever the job has done). */
export const pendingApprovals = (s: TenantScope, agentId: number, now: Date) =>
  s.db
    .selectFrom('bot_approval')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', s.tenantId)
    .where('agent_id', '=', agentId)
    // Written into the statement: the pending approvals' partial index names the status (`oneOf`).
    .where(oneOf('status', ['pending']))
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n))

export const openPositions = (s: TenantScope, agentId: number) =>
  s.db
    .selectFrom('bot_position')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', s.tenantId)
    .where('agent_id', '=', agentId)
    .where('qty', '<>', '0')
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n))
