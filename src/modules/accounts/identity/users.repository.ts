/** SQL for users (their tenant row is tenancy's; the audit log is the platform's). */
import { sql } from 'kysely'
import type { Transaction } from 'kysely'
import type { Database, SystemScope, TenantScope } from '../../../platform/db/index.ts'

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
] as const

function users(db: Tx) {
  return db.selectFrom('app_user as u').select(USER_COLUMNS)
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

/** The owner of a tenant just created in the same transaction (registration, admin bootstrap). */
export async function insertUser(
  scope: SystemScope,
  input: {
    tenantId: number
    email: string
    passwordHash: string
    fullName: string | null
    role?: 'user' | 'admin'
    /** Only the demo seed creates an account whose address is already verified. */
    emailVerified?: boolean
  },
) {
  const user = await scope.db
    .insertInto('app_user')
    .values({
      tenant_id: input.tenantId,
      email: input.email,
      password_hash: input.passwordHash,
      full_name: input.fullName,
      role: input.role ?? 'user',
      password_changed_at: sql<Date>`now()`,
      email_verified_at: input.emailVerified ? sql<Date>`now()` : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return user.id
}

/** Name and address only, for other modules (portfolio names the owner investor after them). */
export function findUserContact(scope: TenantScope, userId: number) {
  return scope.db
    .selectFrom('app_user')
    .select(['full_name', 'email'])
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', userId)
    .executeTakeFirst()
}

/** The address and whether it is verified, for other modules (notifications mail only verified ones). */
export function findUserMailbox(scope: TenantScope, userId: number) {
  return scope.db
    .selectFrom('app_user')
    .select(['email', 'email_verified_at'])
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', userId)
    .executeTakeFirst()
}

/**
 * The users of any tenant whose verified address is one of `addresses` (lower case, as addresses
 * are stored): a mail provider's bounce names a mailbox, not a tenant.
 */
export function findVerifiedByAddresses(scope: SystemScope, addresses: string[]) {
  return scope.db
    .selectFrom('app_user')
    .select(['tenant_id', 'id', 'email'])
    .where('email', 'in', addresses)
    .where('email_verified_at', 'is not', null)
    .orderBy('tenant_id')
    .orderBy('id')
    .execute()
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

/** The operator CLI's promotion of an existing account (system scope: it knows only the address). */
export function promoteToAdmin(scope: SystemScope, tenantId: number, userId: number) {
  return scope.db
    .updateTable('app_user')
    .set({ role: 'admin', updated_at: sql<Date>`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirst()
}
