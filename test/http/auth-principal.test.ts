/**
 * The request principal (role, plan, active) comes from identity's hook, which reads the tenant
 * through tenancy: a suspended tenant's tokens stop working and a plan change shows up.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { useTestApp } from '../helpers/test-app.ts'

const t = useTestApp()

describe('request principal', () => {
  it("follows the tenant's plan and status once the cached principal is dropped", async () => {
    const u = await t.newTenant()
    const me = async () => u.get('/api/auth/me/entitlements')
    assert.equal(JSON.parse((await me()).body).plan, 'free')
    const set = (values: { plan_code?: string; status?: 'active' | 'suspended' }) =>
      t.c.scopes.withSystem('test: tenant change', ({ db }) =>
        db.updateTable('tenant').set(values).where('id', '=', u.tenantId).execute(),
      )
    await set({ plan_code: 'pro' })
    await t.c.authenticator.invalidateUser(u.tenantId, u.userId)
    assert.equal(JSON.parse((await me()).body).plan, 'pro')
    await set({ status: 'suspended' })
    await t.c.authenticator.invalidateUser(u.tenantId, u.userId)
    assert.equal((await me()).statusCode, 401)
  })
})
