/** SQL for users, tenants created at registration, and the audit log. */
import { sql } from 'kysely'
import type { Transaction } from 'kysely'
import type { Database } from '../../platform/db/schema.ts'
import type { SystemScope, TenantScope } from '../../platform/db/tenant-scope.ts'

type Tx = Transaction<Database>

const USER_COLUMNS = [
  'u.id',
  'u.tenant_id',
  'u.email',
  'u.full_name',
  'u.role',
  'u.status',
  'u.password_hash',
  'u.email_verified_at',
  'u.phone',
  'u.phone_verified_at',
  'u.created_at',
  't.plan_code',
] as const

function users(db: Tx) {
  return db.selectFrom('app_user as u').innerJoin('tenant as t', 't.id', 'u.tenant_id').select(USER_COLUMNS)
}

export type UserRow = Awaited<ReturnType<typeof findUser>> & object

export function findUser(scope: TenantScope, userId: number) {
  return users(scope.db)
    .where('u.tenant_id', '=', scope.tenantId)
    .where('u.id', '=', userId)
    .executeTakeFirst()
}

/** Login and e-mail flows know only the address: a cross-tenant lookup (system scope). */
export function findUserByEmail(scope: SystemScope, email: string) {
  return users(scope.db).where('u.email', '=', email).executeTakeFirst()
}

export async function createTenantWithOwner(
  scope: SystemScope,
  input: { email: string; passwordHash: string; fullName: string | null; role?: 'user' | 'admin' },
) {
  const tenant = await scope.db
    .insertInto('tenant')
    .values({ name: input.fullName ? `${input.fullName}'s workspace` : input.email, plan_code: 'free' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const user = await scope.db
    .insertInto('app_user')
    .values({
      tenant_id: tenant.id,
      email: input.email,
      password_hash: input.passwordHash,
      full_name: input.fullName,
      role: input.role ?? 'user',
      password_changed_at: sql<Date>`now()`,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { tenantId: tenant.id, userId: user.id }
}

export function updateUser(
  scope: TenantScope,
  userId: number,
  changes: Partial<{
    full_name: string | null
    phone: string | null
    phone_verified_at: Date | null
    email_verified_at: Date | null
    password_hash: string
    password_changed_at: Date
    status: 'active' | 'deactivated'
    deactivated_at: Date | null
    role: 'user' | 'admin'
  }>,
) {
  return scope.db
    .updateTable('app_user')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', userId)
    .executeTakeFirst()
}

export interface AuditEvent {
  tenantId: number | null
  userId: number | null
  event: string
  ip?: string | null
  userAgent?: string | null
  detail?: Record<string, unknown>
}

export function insertAudit(db: Tx, e: AuditEvent) {
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
