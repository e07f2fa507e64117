/** The security audit log (`audit_log`, a platform table): one row per event, in the caller's transaction. */
import type { Transaction } from 'kysely'
import type { Database } from './db/index.ts'

export interface AuditEvent {
  tenantId: number | null
  userId: number | null
  event: string
  ip?: string | null
  userAgent?: string | null
  detail?: Record<string, unknown>
}

export function insertAudit(db: Transaction<Database>, e: AuditEvent) {
  return db
    .insertInto('audit_log')
    .values({
      tenant_id: e.tenantId,
      user_id: e.userId,
      event: e.event,
      ip: e.ip ?? null,
      user_agent: e.userAgent?.slice(0, 512) ?? null,
      detail: JSON.stringify(e.detail ?? {}),
    })
    .execute()
}
