/** SQL for one-time tokens and codes, TOTP, recovery codes and API keys. */
import { sql } from 'kysely'
import type { OneTimePurpose } from './identity.tables.ts'
import type { TenantScope } from '../../../platform/db/index.ts'

/** Issues a token/code, invalidating the earlier unused ones of the same purpose (one valid at a time). */
export async function replaceOneTime(
  scope: TenantScope,
  t: { userId: number; purpose: OneTimePurpose; hash: string; target: string | null; expiresAt: Date },
) {
  await scope.db
    .updateTable('one_time_token')
    .set({ used_at: sql<Date>`now()` })
    .where('tenant_id', '=', scope.tenantId)
    .where('user_id', '=', t.userId)
    .where('purpose', '=', t.purpose)
    .where('used_at', 'is', null)
    .execute()
  await scope.db
    .insertInto('one_time_token')
    .values({
      tenant_id: scope.tenantId,
      user_id: t.userId,
      purpose: t.purpose,
      token_hash: t.hash,
      target: t.target,
      expires_at: t.expiresAt,
    })
    .execute()
}

export function findOneTimeByHash(scope: TenantScope, purpose: OneTimePurpose, hash: string) {
  return scope.db
    .selectFrom('one_time_token')
    .select(['id', 'user_id', 'target', 'attempts', 'expires_at', 'used_at'])
    .where('tenant_id', '=', scope.tenantId)
    .where('purpose', '=', purpose)
    .where('token_hash', '=', hash)
    .executeTakeFirst()
}

/** The current (latest unused) code of a purpose for a user. */
export function currentCode(scope: TenantScope, userId: number, purpose: OneTimePurpose) {
  return scope.db
    .selectFrom('one_time_token')
    .select(['id', 'token_hash', 'target', 'attempts', 'expires_at'])
    .where('tenant_id', '=', scope.tenantId)
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst()
}

export function countAttempt(scope: TenantScope, id: number) {
  return scope.db
    .updateTable('one_time_token')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
    .execute()
}

export async function consumeOneTime(scope: TenantScope, id: number): Promise<boolean> {
  const r = await scope.db
    .updateTable('one_time_token')
    .set({ used_at: sql<Date>`now()` })
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

export function findTotp(scope: TenantScope, userId: number) {
  return scope.db
    .selectFrom('mfa_totp')
    .select(['secret_enc', 'verified_at', 'last_step'])
    .where('tenant_id', '=', scope.tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

export function upsertPendingTotp(scope: TenantScope, userId: number, secretEnc: string) {
  return scope.db
    .insertInto('mfa_totp')
    .values({ tenant_id: scope.tenantId, user_id: userId, secret_enc: secretEnc })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'user_id'])
        .doUpdateSet({ secret_enc: secretEnc, verified_at: null, last_step: null }),
    )
    .execute()
}

/** Records the step a code used, only if it is later than the last one (no replay). */
export async function advanceTotpStep(
  scope: TenantScope,
  userId: number,
  step: number,
  verify: boolean,
): Promise<boolean> {
  const r = await scope.db
    .updateTable('mfa_totp')
    .set({ last_step: step, ...(verify ? { verified_at: sql<Date>`now()` } : {}) })
    .where('tenant_id', '=', scope.tenantId)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

export async function deleteTotp(scope: TenantScope, userId: number) {
  await scope.db
    .deleteFrom('mfa_recovery_code')
    .where('tenant_id', '=', scope.tenantId)
    .where('user_id', '=', userId)
    .execute()
  await scope.db
    .deleteFrom('mfa_totp')
    .where('tenant_id', '=', scope.tenantId)
    .where('user_id', '=', userId)
    .execute()
}

export async function replaceRecoveryCodes(scope: TenantScope, userId: number, hashes: string[]) {
  await scope.db
    .deleteFrom('mfa_recovery_code')
    .where('tenant_id', '=', scope.tenantId)
    .where('user_id', '=', userId)
    .execute()
  await scope.db
    .insertInto('mfa_recovery_code')
    .values(hashes.map((h) => ({ tenant_id: scope.tenantId, user_id: userId, code_hash: h })))
    .execute()
}

export async function useRecoveryCode(scope: TenantScope, userId: number, hash: string): Promise<boolean> {
  const r = await scope.db
    .updateTable('mfa_recovery_code')
    .set({ used_at: sql<Date>`now()` })
    .where('tenant_id', '=', scope.tenantId)
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

export function findApiKey(scope: TenantScope, userId: number) {
  return scope.db
    .selectFrom('api_key')
    .select(['prefix', 'created_at', 'last_used_at'])
    .where('tenant_id', '=', scope.tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

export function findApiKeyByHash(scope: TenantScope, hash: string) {
  return scope.db
    .selectFrom('api_key')
    .select(['user_id', 'last_used_at'])
    .where('tenant_id', '=', scope.tenantId)
    .where('key_hash', '=', hash)
    .executeTakeFirst()
}

export function upsertApiKey(scope: TenantScope, userId: number, prefix: string, hash: string) {
  return scope.db
    .insertInto('api_key')
    .values({ tenant_id: scope.tenantId, user_id: userId, prefix, key_hash: hash })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'user_id'])
        .doUpdateSet({ prefix, key_hash: hash, created_at: sql<Date>`now()`, last_used_at: null }),
    )
    .returning(['prefix', 'created_at', 'last_used_at'])
    .executeTakeFirstOrThrow()
}

export function touchApiKey(scope: TenantScope, userId: number) {
  return scope.db
    .updateTable('api_key')
    .set({ last_used_at: sql<Date>`now()` })
    .where('tenant_id', '=', scope.tenantId)
    .where('user_id', '=', userId)
    .execute()
}

/** Removes the user's API key (a password reset); the next GET /api/auth/api-key creates a new one. */
export async function deleteApiKey(scope: TenantScope, userId: number): Promise<boolean> {
  const r = await scope.db
    .deleteFrom('api_key')
    .where('tenant_id', '=', scope.tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}
