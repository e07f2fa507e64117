import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { pino } from 'pino'
import { createMemoryCache, type Cache } from './cache/index.ts'
import { testConfig, type Config } from './config.ts'
import {
  createDatabase,
  createScopes,
  type DatabaseHandle,
  migrateToLatest,
  platformMigrations,
  type Scopes,
} from './db/index.ts'
import { createFeatureFlags, featureFlagCacheKey, type FeatureFlags } from './feature-flags.ts'

describe('feature flags', () => {
  let handle: DatabaseHandle
  let scopes: Scopes
  /** Tenant-scope transactions opened, i.e. override queries plus writes. */
  let tenantQueries = 0

  before(async () => {
    handle = await createDatabase(testConfig())
    // The platform's own tables (tenant, feature_flag_override) come from its first migration.
    await migrateToLatest(handle, platformMigrations.slice(0, 1))
    const real = createScopes(handle.db, pino({ level: 'silent' }))
    scopes = {
      ...real,
      withTenant: (tenantId, work) => {
        tenantQueries++
        return real.withTenant(tenantId, work)
      },
    }
  })
  after(async () => {
    await handle.close()
  })

  const newTenant = async (): Promise<number> => {
    const row = await scopes.withSystem('test', ({ db }) =>
      db
        .insertInto('tenant')
        .values({ name: 'x', plan_code: 'free', status: 'active' })
        .returning('id')
        .executeTakeFirstOrThrow(),
    )
    return row.id
  }

  const setup = (config: Config = testConfig()): { flags: FeatureFlags; cache: Cache } => {
    const cache = createMemoryCache()
    return { flags: createFeatureFlags({ config, scopes, cache }), cache }
  }

  it('defaults to the configured values', async () => {
    const tenant = await newTenant()
    const { flags } = setup(testConfig({ FEATURE_SUPPORT_AI: 'false' }))
    assert.equal(await flags.isEnabled(tenant, 'support_ai'), false)
    assert.equal(await flags.isEnabled(tenant, 'stock_screener_ai'), true)
    assert.deepEqual(await flags.all(tenant), {
      stock_screener_ai: true,
      support_ai: false,
      refresh_rotation: true,
    })

    const { flags: allOff } = setup(
      testConfig({
        FEATURE_STOCK_SCREENER_AI: '0',
        FEATURE_SUPPORT_AI: 'no',
        REFRESH_ROTATION_ENABLED: 'false',
      }),
    )
    assert.deepEqual(await allOff.all(tenant), {
      stock_screener_ai: false,
      support_ai: false,
      refresh_rotation: false,
    })
  })

  it('lets a tenant override win over the default, both ways', async () => {
    const tenant = await newTenant()
    const { flags } = setup(testConfig({ FEATURE_SUPPORT_AI: 'false' }))
    await flags.setOverride(tenant, 'support_ai', true)
    await flags.setOverride(tenant, 'refresh_rotation', false)
    assert.equal(await flags.isEnabled(tenant, 'support_ai'), true)
    assert.equal(await flags.isEnabled(tenant, 'refresh_rotation'), false)
    assert.deepEqual(await flags.all(tenant), {
      stock_screener_ai: true,
      support_ai: true,
      refresh_rotation: false,
    })
  })

  it('upserts: a second override of a flag replaces the first', async () => {
    const tenant = await newTenant()
    const { flags } = setup()
    await flags.setOverride(tenant, 'stock_screener_ai', false)
    await flags.setOverride(tenant, 'stock_screener_ai', true)
    await flags.setOverride(tenant, 'stock_screener_ai', false)
    assert.equal(await flags.isEnabled(tenant, 'stock_screener_ai'), false)
    const rows = await scopes.withSystem('test', ({ db }) =>
      db.selectFrom('feature_flag_override').selectAll().where('tenant_id', '=', tenant).execute(),
    )
    assert.equal(rows.length, 1)
  })

  it("keeps one tenant's override away from another tenant", async () => {
    const a = await newTenant()
    const b = await newTenant()
    const { flags } = setup()
    await flags.setOverride(a, 'support_ai', false)
    assert.equal(await flags.isEnabled(a, 'support_ai'), false)
    assert.equal(await flags.isEnabled(b, 'support_ai'), true)
    assert.deepEqual(await flags.all(b), {
      stock_screener_ai: true,
      support_ai: true,
      refresh_rotation: true,
    })
  })

  it('reverts to the default when the override is cleared', async () => {
    const tenant = await newTenant()
    const { flags } = setup(testConfig({ FEATURE_SUPPORT_AI: 'false' }))
    await flags.setOverride(tenant, 'support_ai', true)
    assert.equal(await flags.isEnabled(tenant, 'support_ai'), true)
    await flags.clearOverride(tenant, 'support_ai')
    assert.equal(await flags.isEnabled(tenant, 'support_ai'), false)
    await flags.clearOverride(tenant, 'support_ai') // clearing twice is harmless
    assert.equal(await flags.isEnabled(tenant, 'support_ai'), false)
  })

  it('reads all overrides of a tenant in one cached query', async () => {
    const a = await newTenant()
    const b = await newTenant()
    const { flags, cache } = setup()
    await flags.setOverride(a, 'support_ai', false)
    tenantQueries = 0
    await flags.all(a)
    await flags.isEnabled(a, 'support_ai')
    await flags.isEnabled(a, 'stock_screener_ai')
    await Promise.all([flags.isEnabled(b, 'refresh_rotation'), flags.all(b)])
    assert.equal(tenantQueries, 2, 'one query per tenant')
    assert.deepEqual(await cache.get(featureFlagCacheKey(a)), { support_ai: false })
    assert.deepEqual(await cache.get(featureFlagCacheKey(b)), {})
  })

  it('invalidates the cache on set and clear (no stale read)', async () => {
    const tenant = await newTenant()
    const { flags, cache } = setup()
    assert.equal(await flags.isEnabled(tenant, 'refresh_rotation'), true) // now cached
    await flags.setOverride(tenant, 'refresh_rotation', false)
    assert.equal(await flags.isEnabled(tenant, 'refresh_rotation'), false)
    await flags.setOverride(tenant, 'refresh_rotation', true)
    assert.equal(await flags.isEnabled(tenant, 'refresh_rotation'), true)
    await flags.setOverride(tenant, 'refresh_rotation', false)
    assert.equal(await flags.isEnabled(tenant, 'refresh_rotation'), false)
    await flags.clearOverride(tenant, 'refresh_rotation')
    assert.equal(await flags.isEnabled(tenant, 'refresh_rotation'), true)
    assert.deepEqual(await cache.get(featureFlagCacheKey(tenant)), {})
  })

  it('ignores stored overrides of flags that no longer exist', async () => {
    const tenant = await newTenant()
    await scopes.withSystem('test', ({ db }) =>
      db
        .insertInto('feature_flag_override')
        .values({ tenant_id: tenant, flag: 'retired_flag', enabled: false })
        .execute(),
    )
    const { flags } = setup()
    assert.deepEqual(await flags.all(tenant), {
      stock_screener_ai: true,
      support_ai: true,
      refresh_rotation: true,
    })
  })

  it('rejects an unknown flag (at type level, and at run time for untyped callers)', async () => {
    const tenant = await newTenant()
    const { flags } = setup()
    // @ts-expect-error 'no_such_flag' is not a FeatureFlag
    await assert.rejects(flags.isEnabled(tenant, 'no_such_flag'), RangeError)
    // @ts-expect-error 'no_such_flag' is not a FeatureFlag
    await assert.rejects(flags.setOverride(tenant, 'no_such_flag', true), RangeError)
  })
})
