/**
 * Row types of the email tables. They join `Database` (platform/db/schema.ts) by declaration
 * merging, so the platform's scopes type every query without the platform importing this layer.
 */
import type { ColumnType, Generated } from 'kysely'
import { type CreatedAt, ownedTables } from '../../platform/db/index.ts'

export interface EmailOutboxTable {
  tenant_id: number | null
  id: Generated<number>
  to_address: string
  subject: string
  text_body: string
  html_body: string | null
  headers: ColumnType<Record<string, string>, string | undefined, string>
  created_at: CreatedAt
}

/** The tables this provider alone reads and writes (the table-ownership test holds the code to it). */
export interface EmailOutboxTables {
  email_outbox: EmailOutboxTable
}

declare module '../../platform/db/schema.ts' {
  interface Database extends EmailOutboxTables {}
}

export const EMAIL_OUTBOX_TABLES = ownedTables<EmailOutboxTables>({
  email_outbox: true,
})
