/** Shared by the briefing tests: verifying an address, switching a plan, a manual holding. */
import assert from 'node:assert/strict'
import { principalCacheKey } from '../../src/platform/auth/authenticator.ts'
import type { Client, TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'

export async function verifyEmail(t: TestApp, u: Client): Promise<void> {
  await t.c.scopes.withSystem('test: verify e-mail', ({ db }) =>
    db.updateTable('app_user').set({ email_verified_at: new Date() }).where('id', '=', u.userId).execute(),
  )
}

/** What `npm run admin set-plan` does, and the authenticator's cached plan forgotten. */
export async function setPlan(t: TestApp, u: Client, plan: string): Promise<void> {
  await t.c.tenancy.tenants.setPlan(u.tenantId, plan)
  await t.c.cache.delete(principalCacheKey(u.tenantId, u.userId))
}

/** A manual account holding 10 AAPL; answers its id. */
export async function holdAapl(u: Client): Promise<number> {
  const account = await u.post('/api/accounts', { name: 'Main', broker_type: 'manual' })
  assert.equal(account.statusCode, 201, account.body)
  const id = json(account).id as number
  const p = await u.post('/api/brokers/manual/positions', {
    account_id: id,
    symbol: 'AAPL',
    quantity: 10,
    cost_basis: 1500,
  })
  assert.equal(p.statusCode, 201, p.body)
  return id
}
