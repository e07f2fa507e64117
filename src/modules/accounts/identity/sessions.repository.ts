/** SQL for access-token sessions, refresh-token families and the user status a refresh checks. */
import { sql } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'

export function insertSession(
  scope: TenantScope,
  s: { id: string; userId: number; expiresAt: Date; ip: string | null; userAgent: string | null },
) {
  return scope.db
    .insertInto('auth_session')
    .values({
      tenant_id: scope.tenantId,
      id: s.id,
      user_id: s.userId,
      expires_at: s.expiresAt,
      ip: s.ip,
      user_agent: s.userAgent?.slice(0, 512) ?? null,
    })
    .execute()
}

export function findSession(scope: TenantScope, sessionId: string) {
  return scope.db
    .selectFrom('auth_session')
    .select(['id', 'user_id', 'expires_at', 'revoked_at'])
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', sessionId)
    .executeTakeFirst()
}

/** Revokes sessions (one, or all of a user's) and every refresh token issued for them. */
export async function revokeSessions(
  scope: TenantScope,
  where: { sessionId: string } | { userId: number },
): Promise<string[]> {
  let q = scope.db
    .updateTable('auth_session')
    .set({ revoked_at: sql<Date>`now()` })
    .where('tenant_id', '=', scope.tenantId)
    .where('revoked_at', 'is', null)
  q = 'sessionId' in where ? q.where('id', '=', where.sessionId) : q.where('user_id', '=', where.userId)
  const revoked = await q.returning('id').execute()
  const ids = revoked.map((r) => r.id)
  if (ids.length) {
    await scope.db
      .updateTable('refresh_token')
      .set({ revoked_at: sql<Date>`now()` })
      .where('tenant_id', '=', scope.tenantId)
      .where('session_id', 'in', ids)
      .where('revoked_at', 'is', null)
      .execute()
  }
  return ids
}

export function insertRefreshToken(
  scope: TenantScope,
  t: { familyId: string; sessionId: string; userId: number; hash: string; expiresAt: Date },
) {
  return scope.db
    .insertInto('refresh_token')
    .values({
      tenant_id: scope.tenantId,
      family_id: t.familyId,
      session_id: t.sessionId,
      user_id: t.userId,
      token_hash: t.hash,
      expires_at: t.expiresAt,
    })
    .execute()
}

export function findRefreshToken(scope: TenantScope, hash: string) {
  return scope.db
    .selectFrom('refresh_token')
    .select(['id', 'family_id', 'session_id', 'user_id', 'expires_at', 'used_at', 'revoked_at'])
    .where('tenant_id', '=', scope.tenantId)
    .where('token_hash', '=', hash)
    .executeTakeFirst()
}

/** Marks a token used only if it still is unused (a concurrent refresh loses the race). */
export async function markRefreshUsed(scope: TenantScope, id: number): Promise<boolean> {
  const r = await scope.db
    .updateTable('refresh_token')
    .set({ used_at: sql<Date>`now()` })
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** Revokes a whole family and the sessions it belongs to; returns those session ids. */
export async function revokeFamily(scope: TenantScope, familyId: string): Promise<string[]> {
  const tokens = await scope.db
    .updateTable('refresh_token')
    .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
    .where('tenant_id', '=', scope.tenantId)
    .where('family_id', '=', familyId)
    .returning('session_id')
    .execute()
  const sessionIds = [...new Set(tokens.map((t) => t.session_id))]
  if (sessionIds.length) {
    await scope.db
      .updateTable('auth_session')
      .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
      .where('tenant_id', '=', scope.tenantId)
      .where('id', 'in', sessionIds)
      .execute()
  }
  return sessionIds
}

export function extendSession(scope: TenantScope, sessionId: string, expiresAt: Date) {
  return scope.db
    .updateTable('auth_session')
    .set({ expires_at: expiresAt })
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', sessionId)
    .execute()
}

/** A user's role and status, for the refresh grant's check that the account is still active. */
export function findUserStatus(scope: TenantScope, userId: number) {
  return scope.db
    .selectFrom('app_user')
    .select(['role', 'status'])
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', userId)
    .executeTakeFirst()
}
