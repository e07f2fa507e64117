/**
 * The RLS backstop, checked in the catalog: every table with a tenant_id column has row-level
 * security enabled and forced, and a policy; requests run as a role that cannot bypass it; and the
 * policy really hides another tenant's rows.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { useTestApp } from '../helpers/test-app.ts'

const t = useTestApp()

describe('row-level security catalog', () => {
  it('every tenant table has RLS enabled, forced and a policy', async () => {
    const { rows } = await t.c.database.raw(`
      select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
             (select count(*) from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policies
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p')
         and (exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
              or c.relname = 'tenant')
       order by 1`)
    assert.ok(rows.length >= 3, 'the catalog query found the tenant tables')
    const bad = rows.filter((r) => !r['enabled'] || !r['forced'] || Number(r['policies']) < 1)
    assert.deepEqual(bad, [])
  })

  it('tenant-scoped work runs as sextant_app, which is neither superuser nor BYPASSRLS', async () => {
    const u = await t.newTenant()
    const row = await t.c.scopes.withTenant(u.tenantId, async ({ db }) => {
      const { sql } = await import('kysely')
      const r = await sql<{ usr: string; sup: boolean; bypass: boolean }>`
        select current_user as usr, r.rolsuper as sup, r.rolbypassrls as bypass
          from pg_roles r where r.rolname = current_user`.execute(db)
      return r.rows[0]
    })
    assert.deepEqual(row, { usr: 'sextant_app', sup: false, bypass: false })
  })

  it('a tenant scope cannot read or write another tenant’s rows, whatever the SQL says', async () => {
    const a = await t.newTenant()
    const b = await t.newTenant()
    const seen = await t.c.scopes.withTenant(a.tenantId, ({ db }) =>
      db.selectFrom('app_user').select(['tenant_id']).execute(),
    )
    assert.deepEqual([...new Set(seen.map((r) => r.tenant_id))], [a.tenantId])
    const tenants = await t.c.scopes.withTenant(a.tenantId, ({ db }) =>
      db.selectFrom('tenant').select('id').execute(),
    )
    assert.deepEqual(
      tenants.map((r) => r.id),
      [a.tenantId],
    )
    await assert.rejects(
      t.c.scopes.withTenant(a.tenantId, ({ db }) =>
        db
          .insertInto('feature_flag_override')
          .values({ tenant_id: b.tenantId, flag: 'support_ai', enabled: false })
          .execute(),
      ),
      /row-level security/,
    )
    const updated = await t.c.scopes.withTenant(a.tenantId, ({ db }) =>
      db
        .updateTable('app_user')
        .set({ full_name: 'hijacked' })
        .where('tenant_id', '=', b.tenantId)
        .executeTakeFirst(),
    )
    assert.equal(Number(updated.numUpdatedRows), 0)
  })

  it('global scope sees global tables only', async () => {
    await t.newTenant()
    const [plans, users] = await t.c.scopes.withGlobal(async (db) => [
      await db.selectFrom('plan').select('code').execute(),
      await db.selectFrom('app_user').select('id').execute(),
    ])
    assert.equal(plans.length, 3)
    assert.equal(users.length, 0)
  })
})
