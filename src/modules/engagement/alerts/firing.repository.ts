/**
 * SQL of evaluation and firing: the rules a tick or a source touches (read across tenants in an
 * audited system scope), their state, and the firing rows — unique per (rule, occurrence key), so
 * `insertFiring` answers a row only to the one evaluator whose insert created it.
 */
import { sql } from 'kysely'
import type { SystemScope, TenantScope } from '../../../platform/db/index.ts'

export interface LiveRule {
  tenant_id: number
  id: number
  user_id: number
  alert_type: string
  params: Record<string, unknown>
  symbol: string | null
  channels: string[]
  frequency: string
  /** Times re-enabled after being disabled: a `once` rule's generation. */
  rearms: number
  created_at: Date
}

const LIVE = [
  'tenant_id',
  'id',
  'user_id',
  'alert_type',
  'params',
  'symbol',
  'channels',
  'frequency',
  'rearms',
  'created_at',
] as const

// `enabled` is a literal in these reads, not a parameter: a cached plan can then use the enabled
// rules' partial indexes.

/** Enabled rules bound to any of the symbols, every tenant. */
export const rulesForSymbols = (s: SystemScope, symbols: string[]): Promise<LiveRule[]> =>
  symbols.length
    ? (s.db
        .selectFrom('alert_rule')
        .select(LIVE)
        .where('enabled', '=', sql.lit(true))
        .where('symbol', 'in', symbols)
        .execute() as Promise<LiveRule[]>)
    : Promise.resolve([])

/** Enabled rules of the types, every tenant (the scheduled evaluation). */
export const rulesOfTypes = (s: SystemScope, types: string[]): Promise<LiveRule[]> =>
  s.db
    .selectFrom('alert_rule')
    .select(LIVE)
    .where('enabled', '=', sql.lit(true))
    .where('alert_type', 'in', types)
    .orderBy('tenant_id')
    .orderBy('id')
    .execute() as Promise<LiveRule[]>

/** Every enabled symbol-bound rule's symbol, every tenant (the scheduled quote fetch). */
export const ruleSymbols = async (s: SystemScope): Promise<string[]> =>
  (
    await s.db
      .selectFrom('alert_rule')
      .select('symbol')
      .distinct()
      .where('enabled', '=', sql.lit(true))
      .where('symbol', 'is not', null)
      .execute()
  ).map((r) => r.symbol!)

export interface StateRow {
  rule_id: number
  arm: number
  armed: boolean
  membership: string[] | null
}

export const statesOf = (s: TenantScope, ruleIds: number[]): Promise<StateRow[]> =>
  ruleIds.length
    ? s.db
        .selectFrom('alert_rule_state')
        .select(['rule_id', 'arm', 'armed', 'membership'])
        .where('tenant_id', '=', s.tenantId)
        .where('rule_id', 'in', ruleIds)
        .execute()
    : Promise.resolve([])

/** Writes the arm state; `rearmFrom` makes the re-arm conditional (two evaluators move it once). */
export const saveArm = (s: TenantScope, ruleId: number, arm: number, armed: boolean, now: Date) =>
  s.db
    .insertInto('alert_rule_state')
    .values({ tenant_id: s.tenantId, rule_id: ruleId, arm, armed, updated_at: now })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'rule_id'])
        .doUpdateSet({ arm, armed, updated_at: now })
        .where('alert_rule_state.arm', '<=', arm),
    )
    .execute()

export const saveMembership = (s: TenantScope, ruleId: number, symbols: string[], now: Date) =>
  s.db
    .insertInto('alert_rule_state')
    .values({ tenant_id: s.tenantId, rule_id: ruleId, membership: JSON.stringify(symbols), updated_at: now })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'rule_id'])
        .doUpdateSet({ membership: JSON.stringify(symbols), updated_at: now }),
    )
    .execute()

/** Notes why the last evaluation skipped the rule (nothing when the rule was deleted meanwhile). */
export const saveSkipped = (s: TenantScope, ruleId: number, note: unknown, now: Date) =>
  s.db
    .insertInto('alert_rule_state')
    .columns(['tenant_id', 'rule_id', 'skipped', 'updated_at'])
    .expression(
      s.db
        .selectFrom('alert_rule')
        .select([
          'tenant_id',
          'id',
          sql<string>`${JSON.stringify(note)}::jsonb`.as('skipped'),
          sql<Date>`${now}::timestamptz`.as('updated_at'),
        ])
        .where('tenant_id', '=', s.tenantId)
        .where('id', '=', ruleId),
    )
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'rule_id']).doUpdateSet({ skipped: JSON.stringify(note), updated_at: now }),
    )
    .execute()

/** Clears the skip notes of rules that evaluated (a no-op for the rules without one). */
export const clearSkipped = async (s: TenantScope, ruleIds: number[]): Promise<void> => {
  if (!ruleIds.length) return
  await s.db
    .updateTable('alert_rule_state')
    .set({ skipped: null })
    .where('tenant_id', '=', s.tenantId)
    .where('rule_id', 'in', ruleIds)
    .where('skipped', 'is not', null)
    .execute()
}

export interface FiringInput {
  rule_id: number
  user_id: number
  alert_type: string
  occurrence_key: string
  condition: unknown
  values: unknown
  channels: string[]
  fired_at: Date
}

/** The new firing's id, or undefined when that occurrence already fired. */
export const insertFiring = async (s: TenantScope, f: FiringInput): Promise<number | undefined> => {
  const row = await s.db
    .insertInto('alert_firing')
    .values({
      tenant_id: s.tenantId,
      rule_id: f.rule_id,
      user_id: f.user_id,
      alert_type: f.alert_type,
      occurrence_key: f.occurrence_key,
      condition: JSON.stringify(f.condition),
      fired_values: JSON.stringify(f.values),
      channels: JSON.stringify(f.channels),
      fired_at: f.fired_at,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'rule_id', 'occurrence_key']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return row ? Number(row.id) : undefined
}

export const setFiringDispatch = (s: TenantScope, id: number, notificationId: number) =>
  s.db
    .updateTable('alert_firing')
    .set({ notification_id: notificationId })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .execute()

/** The channels a firing asked the notification for (its capped ones left out). */
export const setFiringChannels = (s: TenantScope, id: number, channels: string[]) =>
  s.db
    .updateTable('alert_firing')
    .set({ channels: JSON.stringify(channels) })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .execute()

/**
 * Takes one of the user's `limit` places on the channel for the New York `day`: true when taken.
 * One statement — insert the counter at 1, or add 1 where it is still under the limit — so that
 * concurrent firings queue on the counter row and never take more places than the limit.
 */
export async function takeDailyPlace(
  s: TenantScope,
  userId: number,
  day: string,
  channel: string,
  limit: number,
): Promise<boolean> {
  if (limit <= 0) return false
  const row = await s.db
    .insertInto('alert_channel_day')
    .values({ tenant_id: s.tenantId, user_id: userId, day, channel, sent: 1 })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'user_id', 'day', 'channel'])
        .doUpdateSet({ sent: sql<number>`alert_channel_day.sent + 1` })
        .where('alert_channel_day.sent', '<', limit),
    )
    .returning('sent')
    .executeTakeFirst()
  return row !== undefined
}

export const disableRule = (s: TenantScope, ruleId: number, now: Date) =>
  s.db
    .updateTable('alert_rule')
    .set({ enabled: false, updated_at: now })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', ruleId)
    .execute()

export const listFirings = (
  s: TenantScope,
  userId: number,
  q: { limit: number; alertType?: string | undefined },
) => {
  let query = s.db
    .selectFrom('alert_firing')
    .select(['id', 'rule_id', 'alert_type', 'condition', 'fired_values', 'notification_id', 'fired_at'])
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
  if (q.alertType) query = query.where('alert_type', '=', q.alertType)
  return query.orderBy('fired_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute()
}
