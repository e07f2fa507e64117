/**
 * SQL for mobile device tokens. Every query takes the tenant scope first and filters by tenant_id
 * (row-level security backs it) and, for the caller's own, by user. Pruning is system work.
 */
import { sql } from 'kysely'
import type { SystemScope, TenantScope } from '../../../platform/db/index.ts'

export interface TokenRow {
  id: number
  device_token: string
  platform: 'ios' | 'android'
  app_id: string | null
  created_at: Date
  last_seen_at: Date
}

export interface TokenValues {
  userId: number
  deviceToken: string
  platform: 'ios' | 'android'
  appId: string | null
  now: Date
}

const COLUMNS = ['id', 'device_token', 'platform', 'app_id', 'created_at', 'last_seen_at'] as const

const normal = <R extends { id: number | string }>(r: R) => ({ ...r, id: Number(r.id) })

/**
 * One statement, atomic under concurrent calls on either engine: a new (user, token) pair is
 * inserted, an existing one gets the posted platform, app and `last_seen_at`. `inserted` comes
 * from the row version: `xmax` is 0 on a row this statement inserted, the locking
 * transaction's id on one it updated.
 */
export async function upsertToken(s: TenantScope, v: TokenValues): Promise<TokenRow & { inserted: boolean }> {
  const row = await s.db
    .insertInto('push_token')
    .values({
      tenant_id: s.tenantId,
      user_id: v.userId,
      device_token: v.deviceToken,
      platform: v.platform,
      app_id: v.appId,
      created_at: v.now,
      last_seen_at: v.now,
    })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'user_id', 'device_token']).doUpdateSet((eb) => ({
        platform: eb.ref('excluded.platform'),
        app_id: eb.ref('excluded.app_id'),
        last_seen_at: sql`greatest(push_token.last_seen_at, excluded.last_seen_at)`,
      })),
    )
    .returning(COLUMNS)
    .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
    .executeTakeFirstOrThrow()
  return normal(row)
}

/** The device now belongs to `userId`: the same token registered by colleagues is dropped. */
export async function releaseFromOthers(s: TenantScope, userId: number, deviceToken: string): Promise<void> {
  await s.db
    .deleteFrom('push_token')
    .where('tenant_id', '=', s.tenantId)
    .where('device_token', '=', deviceToken)
    .where('user_id', '<>', userId)
    .execute()
}

/** Keeps the user's `keep` tokens seen most recently; answers how many it dropped. */
export async function capTokens(s: TenantScope, userId: number, keep: number): Promise<number> {
  const res = await s.db
    .deleteFrom('push_token')
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('push_token')
        .select('id')
        .where('tenant_id', '=', s.tenantId)
        .where('user_id', '=', userId)
        .orderBy('last_seen_at', 'desc')
        .orderBy('id', 'desc')
        .limit(keep),
    )
    .executeTakeFirst()
  return Number(res.numDeletedRows)
}

export async function listTokens(s: TenantScope, userId: number): Promise<TokenRow[]> {
  const rows = await s.db
    .selectFrom('push_token')
    .select(COLUMNS)
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map(normal)
}

export async function deleteOwnToken(s: TenantScope, userId: number, id: number): Promise<boolean> {
  const res = await s.db
    .deleteFrom('push_token')
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst()
  return res.numDeletedRows > 0n
}

export async function deleteGoneToken(s: TenantScope, id: number, deviceToken: string): Promise<void> {
  await s.db
    .deleteFrom('push_token')
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .where('device_token', '=', deviceToken)
    .execute()
}

export async function pruneTokens(s: SystemScope, seenBefore: Date): Promise<number> {
  const res = await s.db.deleteFrom('push_token').where('last_seen_at', '<', seenBefore).executeTakeFirst()
  return Number(res.numDeletedRows)
}
