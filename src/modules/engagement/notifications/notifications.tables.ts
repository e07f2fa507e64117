/** Row types of the notification tables (migration 0043), merged into `Database`. */
import type { ColumnType, Generated } from 'kysely'
import { type CreatedAt, ownedTables, type UpdatedAt } from '../../../platform/db/index.ts'

export const CHANNELS = ['in_app', 'email', 'web_push', 'mobile_push'] as const
export type Channel = (typeof CHANNELS)[number]
export const DELIVERY_STATUSES = [
  'pending',
  'retrying',
  'sent',
  'suppressed',
  'quiet_hours',
  'capped',
  'skipped',
  'failed',
] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]
export const SUPPRESSION_REASONS = ['unsubscribe', 'hard_bounce', 'complaint', 'push_gone', 'manual'] as const
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number]
export type Source = 'api' | 'alert' | 'system'

type Json<T> = ColumnType<T, string | T, string | T>

/** Tenant (0043): one message to one recipient; `dedupe_key` makes a repeat the same notification. */
export interface NotificationTable {
  tenant_id: number
  id: Generated<number>
  /** The recipient (for the API: the caller, who is also the sender). */
  user_id: number
  /** `idem:<Idempotency-Key>` for the API, the caller's key (`alert:<firing id>`) for dispatch. */
  dedupe_key: string
  /** The request fingerprint of an API notification; null for dispatched ones. */
  fingerprint: string | null
  source: Source
  /** The unsubscribe list the message belongs to (alerts, briefing, digest, api, system…). */
  list: string
  title: string
  body: string
  url: string | null
  data: Json<Record<string, string>>
  created_at: CreatedAt
}

/** Tenant (0043): one channel of one notification to one user — the delivery trace. */
export interface NotificationDeliveryTable {
  tenant_id: number
  id: Generated<number>
  notification_id: number
  user_id: number
  channel: Channel
  status: DeliveryStatus
  /** Why the status is what it is: suppression, provider answer, hold, cap, targets. */
  detail: Json<Record<string, unknown>>
  attempts: ColumnType<number, number | undefined, number>
  next_attempt_at: Date | null
  /** Set while a worker holds the delivery (the claim); null otherwise. */
  claimed_until: Date | null
  sent_at: Date | null
  dead_lettered_at: Date | null
  updated_at: UpdatedAt
}

/** Tenant (0043): the answer a POST gave under an Idempotency-Key, for 24 hours. */
export interface IdempotencyKeyTable {
  tenant_id: number
  user_id: number
  route: string
  key: string
  /** SHA-256 of method, route and the canonical JSON of the body. */
  fingerprint: string
  state: 'processing' | 'done'
  response_status: number | null
  response_body: Json<unknown> | null
  /** The claim's generation: set anew when an expired key is taken over. */
  created_at: ColumnType<Date, Date | string | undefined, Date>
  /** While processing: a request holding the key; after it passes, a retry may take the key over. */
  locked_until: Date | null
}

/** Tenant (0043): nothing is delivered to `recipient` on `channel` (for `list`, or every list when null). */
export interface NotificationSuppressionTable {
  tenant_id: number
  id: Generated<number>
  user_id: number
  channel: Channel
  /** Lower-cased e-mail address, push endpoint or device token, or the user id for in_app. */
  recipient: string
  reason: SuppressionReason
  list: string | null
  created_at: CreatedAt
}

/** Tenant (0043): an item of a user's in-app inbox. */
export interface InAppItemTable {
  tenant_id: number
  id: Generated<number>
  user_id: number
  notification_id: number
  title: string
  body: string
  url: string | null
  data: Json<Record<string, string>>
  read_at: Date | null
  created_at: CreatedAt
}

export interface NotificationsTables {
  notification: NotificationTable
  notification_delivery: NotificationDeliveryTable
  idempotency_key: IdempotencyKeyTable
  notification_suppression: NotificationSuppressionTable
  in_app_item: InAppItemTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends NotificationsTables {}
}

export const NOTIFICATIONS_TABLES = ownedTables<NotificationsTables>({
  notification: true,
  notification_delivery: true,
  idempotency_key: true,
  notification_suppression: true,
  in_app_item: true,
})
