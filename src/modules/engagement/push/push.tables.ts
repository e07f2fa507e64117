/** Row types of the push target tables (migration 0042), merged into `Database`. */
import type { Generated } from 'kysely'
import { type CreatedAt, ownedTables } from '../../../platform/db/index.ts'

/** Tenant (0042): a browser's web push subscription; one row per endpoint within a tenant. */
export interface PushSubscriptionTable {
  tenant_id: number
  id: Generated<number>
  /** The user it delivers to: whoever last posted the endpoint. */
  user_id: number
  /** The push service's capability URL, stored whole (https; at most 2048 characters). */
  endpoint: string
  /** The browser's P-256 public key, base64url (65 bytes decoded, uncompressed point). */
  p256dh: string
  /** The 16-byte authentication secret, base64url. */
  auth: string
  /** When the push service ends the subscription; null: it did not say. */
  expiration_time: Date | null
  user_agent: string | null
  created_at: CreatedAt
  /** Set by every POST of the endpoint: what the 60-day pruning reads. */
  last_seen_at: Date
  /** The last push the push service accepted. */
  last_success_at: Date | null
}

/** Tenant (0042): a mobile app's device token; unique per user and token. */
export interface PushTokenTable {
  tenant_id: number
  id: Generated<number>
  user_id: number
  device_token: string
  platform: 'ios' | 'android'
  /** iOS bundle id or Android package; null: the configured default app. */
  app_id: string | null
  created_at: CreatedAt
  last_seen_at: Date
}

export interface PushTables {
  push_subscription: PushSubscriptionTable
  push_token: PushTokenTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends PushTables {}
}

export const PUSH_TABLES = ownedTables<PushTables>({ push_subscription: true, push_token: true })
