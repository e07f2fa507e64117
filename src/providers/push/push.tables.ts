/**
 * Row type of the push outbox. It joins `Database` (platform/db/schema.ts) by declaration merging,
 * so the platform's scopes type every query without the platform importing this layer.
 *
 * The table is created by the push module's migration, which spreads `PUSH_OUTBOX_MIGRATION`
 * (push-outbox.migration.ts) so the statement lives beside this type.
 */
import type { ColumnType, Generated } from 'kysely'
import { type CreatedAt, ownedTables } from '../../platform/db/index.ts'

/** What the outbox keeps of a message beyond title and body (the JSON in `payload`). */
export interface PushOutboxPayload {
  url?: string
  tag?: string
  data?: Record<string, string>
  ttl_seconds?: number
  urgency?: string
}

export interface PushOutboxTable {
  tenant_id: number | null
  id: Generated<number>
  platform: 'ios' | 'android'
  device_token: string
  app_id: string | null
  title: string
  body: string
  payload: ColumnType<PushOutboxPayload, string, string>
  created_at: CreatedAt
}

/** The tables this provider alone reads and writes (the table-ownership test holds the code to it). */
export interface PushOutboxTables {
  push_outbox: PushOutboxTable
}

declare module '../../platform/db/schema.ts' {
  interface Database extends PushOutboxTables {}
}

export const PUSH_OUTBOX_TABLES = ownedTables<PushOutboxTables>({
  push_outbox: true,
})
