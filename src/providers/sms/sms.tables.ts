/**
 * Row types of the sms tables. They join `Database` (platform/db/schema.ts) by declaration
 * merging, so the platform's scopes type every query without the platform importing this layer.
 */
import type { Generated } from 'kysely'
import { type CreatedAt, ownedTables } from '../../platform/db/index.ts'

export interface SmsOutboxTable {
  tenant_id: number | null
  id: Generated<number>
  to_number: string
  body: string
  created_at: CreatedAt
}

/** The tables this provider alone reads and writes (the table-ownership test holds the code to it). */
export interface SmsOutboxTables {
  sms_outbox: SmsOutboxTable
}

declare module '../../platform/db/schema.ts' {
  interface Database extends SmsOutboxTables {}
}

export const SMS_OUTBOX_TABLES = ownedTables<SmsOutboxTables>({
  sms_outbox: true,
})
