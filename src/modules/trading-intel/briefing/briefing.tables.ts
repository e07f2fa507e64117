/** Row types of the briefing subscription table (migration 0019), merged into `Database`. */
import type { ColumnType, Generated } from 'kysely'
import { ownedTables } from '../../../platform/db/index.ts'

/** Tenant (0019): one daily-briefing subscription per user. */
export interface BriefingSubscriptionTable {
  tenant_id: number
  id: Generated<number>
  user_id: number
  enabled: boolean
  /** One account of the tenant's, or null for all of them. */
  account_id: number | null
  /** New York wall-clock time, HH:MM. */
  send_at: string
  /** SHA-256 of the one-click unsubscribe token (the lookup key). */
  unsub_token_hash: string
  /** The token itself, encrypted (SecretCipher, bound to the tenant), to write it into each mail. */
  unsub_token_enc: string
  /** The New York date of the last scheduled send: the job sends at most once per day. */
  last_sent_on: ColumnType<string | null, string | null | undefined, string | null>
  last_message_id: string | null
  unsubscribed_at: Date | null
  created_at: Date
  updated_at: Date
}

export interface BriefingTables {
  briefing_subscription: BriefingSubscriptionTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends BriefingTables {}
}

export const BRIEFING_TABLES = ownedTables<BriefingTables>({ briefing_subscription: true })
