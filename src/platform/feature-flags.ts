/**
 * Feature flags: a configured default per flag, which each tenant may override in
 * `feature_flag_override`. A tenant's overrides are read in one query and cached for 30 s;
 * set/clear invalidate that entry, so this process never reads its own stale write. Other
 * processes on the memory cache may lag by up to the TTL (Redis is shared, so they do not).
 */
import { sql } from 'kysely'
import type { Cache } from './cache/index.ts'
import type { Config } from './config.ts'
import type { Scopes, TenantId } from './db/index.ts'

/** Flag name → the config key holding its default. */
export const FEATURE_FLAGS = {
  stock_screener_ai: 'FEATURE_STOCK_SCREENER_AI',
  support_ai: 'FEATURE_SUPPORT_AI',
  refresh_rotation: 'REFRESH_ROTATION_ENABLED',
} as const satisfies Record<string, keyof Config>

export type FeatureFlag = keyof typeof FEATURE_FLAGS

export interface FeatureFlags {
  /** The tenant's override, else the configured default. */
  isEnabled(tenantId: TenantId, flag: FeatureFlag): Promise<boolean>
  all(tenantId: TenantId): Promise<Record<FeatureFlag, boolean>>
  /** Upserts the tenant's override. */
  setOverride(tenantId: TenantId, flag: FeatureFlag, enabled: boolean): Promise<void>
  /** Removes the override, so the configured default applies again. */
  clearOverride(tenantId: TenantId, flag: FeatureFlag): Promise<void>
}

export const FEATURE_FLAG_CACHE_TTL_MS = 30_000

const FLAG_NAMES = Object.keys(FEATURE_FLAGS) as FeatureFlag[]

export const isFeatureFlag = (name: string): name is FeatureFlag => Object.hasOwn(FEATURE_FLAGS, name)

export const featureFlagCacheKey = (tenantId: TenantId) => `ff:${tenantId}`

/** Callers may pass strings from requests or jobs: fail loudly instead of reading a default. */
function assertFlag(flag: string): asserts flag is FeatureFlag {
  if (!isFeatureFlag(flag)) throw new RangeError(`unknown feature flag "${flag}"`)
}

export function createFeatureFlags(deps: { config: Config; scopes: Scopes; cache: Cache }): FeatureFlags {
  const { config, scopes, cache } = deps

  /** The tenant's overrides as plain JSON (cacheable on both engines). */
  async function overrides(tenantId: TenantId): Promise<Partial<Record<FeatureFlag, boolean>>> {
    const { value } = await cache.wrap(featureFlagCacheKey(tenantId), FEATURE_FLAG_CACHE_TTL_MS, () =>
      scopes.withTenant(tenantId, async ({ db }) => {
        const rows = await db
          .selectFrom('feature_flag_override')
          .select(['flag', 'enabled'])
          .where('tenant_id', '=', tenantId)
          .execute()
        const out: Partial<Record<FeatureFlag, boolean>> = {}
        // Rows of retired flags may linger in the table; they must not leak into results.
        for (const row of rows) if (isFeatureFlag(row.flag)) out[row.flag] = row.enabled
        return out
      }),
    )
    return value
  }

  const resolve = (flag: FeatureFlag, found: Partial<Record<FeatureFlag, boolean>>): boolean =>
    found[flag] ?? config[FEATURE_FLAGS[flag]]

  return {
    async isEnabled(tenantId, flag) {
      assertFlag(flag)
      return resolve(flag, await overrides(tenantId))
    },

    async all(tenantId) {
      const found = await overrides(tenantId)
      const out = {} as Record<FeatureFlag, boolean>
      for (const flag of FLAG_NAMES) out[flag] = resolve(flag, found)
      return out
    },

    async setOverride(tenantId, flag, enabled) {
      assertFlag(flag)
      await scopes.withTenant(tenantId, ({ db }) =>
        db
          .insertInto('feature_flag_override')
          .values({ tenant_id: tenantId, flag, enabled })
          .onConflict((oc) =>
            oc.columns(['tenant_id', 'flag']).doUpdateSet({ enabled, updated_at: sql`now()` }),
          )
          .execute(),
      )
      // Invalidate after the commit, so whoever refills the entry reads the new row.
      await cache.delete(featureFlagCacheKey(tenantId))
    },

    async clearOverride(tenantId, flag) {
      assertFlag(flag)
      await scopes.withTenant(tenantId, ({ db }) =>
        db
          .deleteFrom('feature_flag_override')
          .where('tenant_id', '=', tenantId)
          .where('flag', '=', flag)
          .execute(),
      )
      await cache.delete(featureFlagCacheKey(tenantId))
    },
  }
}
