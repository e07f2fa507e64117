/** SQL of the prefs document: quiet hours and the user's rules. Tenant scope first, filtered by user. */
import { sql, type Selectable } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'
import type { AlertRuleTable } from './alerts.tables.ts'

export type RuleRow = Selectable<AlertRuleTable>

export interface RuleValues {
  alert_type: string
  params: Record<string, unknown>
  symbol: string | null
  channels: string[]
  frequency: string
  enabled: boolean
}

export const quietHoursOf = async (s: TenantScope, userId: number): Promise<unknown> =>
  (
    await s.db
      .selectFrom('alert_prefs')
      .select('quiet_hours')
      .where('tenant_id', '=', s.tenantId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.quiet_hours ?? null

export const upsertQuietHours = (s: TenantScope, userId: number, qh: unknown, now: Date) =>
  s.db
    .insertInto('alert_prefs')
    .values({
      tenant_id: s.tenantId,
      user_id: userId,
      quiet_hours: qh === null ? null : JSON.stringify(qh),
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'user_id']).doUpdateSet({
        quiet_hours: qh === null ? null : JSON.stringify(qh),
        updated_at: now,
      }),
    )
    .execute()

export const listRules = (s: TenantScope, userId: number): Promise<RuleRow[]> =>
  s.db
    .selectFrom('alert_rule')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute()

/** The skip notes of the user's rules (why the last evaluation skipped them), by rule id. */
export const skipNotes = async (s: TenantScope, userId: number): Promise<Map<number, unknown>> =>
  new Map(
    (
      await s.db
        .selectFrom('alert_rule_state as st')
        .innerJoin('alert_rule as r', (j) =>
          j.onRef('r.tenant_id', '=', 'st.tenant_id').onRef('r.id', '=', 'st.rule_id'),
        )
        .select(['st.rule_id', 'st.skipped'])
        .where('st.tenant_id', '=', s.tenantId)
        .where('r.user_id', '=', userId)
        .where('st.skipped', 'is not', null)
        .execute()
    ).map((r) => [Number(r.rule_id), r.skipped]),
  )

/** The owners of the given rule ids in this tenant (ids of no rule are absent). */
export const ruleOwners = (s: TenantScope, ids: number[]) =>
  ids.length
    ? s.db
        .selectFrom('alert_rule')
        .select(['id', 'user_id'])
        .where('tenant_id', '=', s.tenantId)
        .where('id', 'in', ids)
        .execute()
    : Promise.resolve([])

export const deleteRulesExcept = (s: TenantScope, userId: number, keep: number[]) => {
  let q = s.db.deleteFrom('alert_rule').where('tenant_id', '=', s.tenantId).where('user_id', '=', userId)
  if (keep.length) q = q.where('id', 'not in', keep)
  return q.execute()
}

/** Flat params with their keys sorted: jsonb does not keep the order they were written in. */
const canon = (p: unknown) => JSON.stringify(p, Object.keys(p as object).sort())

const row = (v: RuleValues) => ({
  ...v,
  params: JSON.stringify(v.params),
  channels: JSON.stringify(v.channels),
})

export const insertRule = (s: TenantScope, userId: number, v: RuleValues, now: Date) =>
  s.db
    .insertInto('alert_rule')
    .values({ ...row(v), tenant_id: s.tenantId, user_id: userId, created_at: now, updated_at: now })
    .execute()

/**
 * Updates a rule of the user. A changed condition (type or params) starts its state afresh: the
 * every_time arm and a screen's baseline belong to the old condition. A disabled rule enabled again
 * counts a re-arm (a fired `once` rule fires under a new key).
 */
export async function updateRule(s: TenantScope, userId: number, id: number, v: RuleValues, now: Date) {
  const before = await s.db
    .selectFrom('alert_rule')
    .select(['alert_type', 'params', 'enabled'])
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
  await s.db
    .updateTable('alert_rule')
    .set({
      ...row(v),
      updated_at: now,
      ...(before && !before.enabled && v.enabled ? { rearms: sql<number>`rearms + 1` } : {}),
    })
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute()
  const same = before?.alert_type === v.alert_type && canon(before.params) === canon(v.params)
  if (!same)
    await s.db
      .deleteFrom('alert_rule_state')
      .where('tenant_id', '=', s.tenantId)
      .where('rule_id', '=', id)
      .execute()
}
