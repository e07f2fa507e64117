/** Row types of the alert tables (migrations 0044, 0045), merged into `Database`. */
import type { ColumnType, Generated } from 'kysely'
import { type CreatedAt, ownedTables, type UpdatedAt } from '../../../platform/db/index.ts'

type Json<T = unknown> = ColumnType<T, string, string>

/** Tenant (0044): a user's alert preferences document; its rules are rows of `alert_rule`. */
export interface AlertPrefsTable {
  tenant_id: number
  user_id: number
  /** {enabled, start, end, time_zone}, or null when never set. */
  quiet_hours: ColumnType<unknown, string | null, string | null>
  updated_at: UpdatedAt
}

/** Tenant (0044): one rule of a user. */
export interface AlertRuleTable {
  tenant_id: number
  id: Generated<number>
  user_id: number
  alert_type: string
  /** The validated, normalised parameters. */
  params: Json
  /** The symbol a quote tick looks the rule up by (symbol-bound types), else null. */
  symbol: string | null
  channels: Json<string[]>
  frequency: string
  enabled: boolean
  /** (0045) Times the rule was enabled again after being disabled (a fired `once` rule re-armed). */
  rearms: ColumnType<number, number | undefined, number>
  created_at: CreatedAt
  updated_at: UpdatedAt
}

/** Tenant (0044): what evaluations remember of a rule: the every_time arm, last membership, cursors. */
export interface AlertRuleStateTable {
  tenant_id: number
  rule_id: number
  arm: ColumnType<number, number | undefined, number>
  armed: ColumnType<boolean, boolean | undefined, boolean>
  /** screen_membership: the symbols of the last run; null before the baseline run. */
  membership: ColumnType<string[] | null, string | null | undefined, string | null>
  last_values: ColumnType<unknown, string | null | undefined, string | null>
  /** (0045) Why the last evaluation skipped the rule ({at, read, status, code, message}); null once it ran. */
  skipped: ColumnType<unknown, string | null | undefined, string | null>
  updated_at: UpdatedAt
}

/** Tenant (0045): per user, New York date and channel, the firings that took a place under the daily cap. */
export interface AlertChannelDayTable {
  tenant_id: number
  user_id: number
  /** YYYY-MM-DD, New York. */
  day: ColumnType<string, string, string>
  channel: string
  sent: number
}

/** Tenant (0044): one firing of a rule for one occurrence; unique per (rule, occurrence key). */
export interface AlertFiringTable {
  tenant_id: number
  id: Generated<number>
  rule_id: number
  user_id: number
  alert_type: string
  occurrence_key: string
  /** The rule's params and frequency as they were when it fired. */
  condition: Json
  /** What fired it: price, threshold, change, the signal, the symbols gained or lost… */
  fired_values: Json
  /** Channels the notification was asked for (not capped); caps count these. */
  channels: Json<string[]>
  notification_id: number | null
  fired_at: CreatedAt
}

export interface AlertsTables {
  alert_prefs: AlertPrefsTable
  alert_rule: AlertRuleTable
  alert_rule_state: AlertRuleStateTable
  alert_firing: AlertFiringTable
  alert_channel_day: AlertChannelDayTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends AlertsTables {}
}

export const ALERTS_TABLES = ownedTables<AlertsTables>({
  alert_prefs: true,
  alert_rule: true,
  alert_rule_state: true,
  alert_firing: true,
  alert_channel_day: true,
})
