/**
 * The entitlements service (tenancy): a plan's features merged with the tenant's feature-flag
 * overrides, its limits, and the 402 answers of a cap or a gated feature.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { EntitlementsService } from '../../src/modules/accounts/tenancy/index.ts'
import { AppError } from '../../src/platform/http/errors.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'

let t: TestApp
let ent: EntitlementsService
before(async () => {
  t = await buildTestApp()
  ent = new EntitlementsService({ scopes: t.c.scopes, flags: t.c.flags, clock: t.c.clock })
})
after(() => t.close())

const scopeOf = (u: Client, plan: string) => ({ tenantId: u.tenantId, plan })

/** The error a call rejects with, as the problem document would carry it. */
async function problem(p: Promise<unknown>) {
  const err = await p.then(
    () => assert.fail('expected a 402'),
    (e: unknown) => e,
  )
  assert.ok(err instanceof AppError)
  return { status: err.status, code: err.code, detail: err.message, extra: err.extra }
}

describe('EntitlementsService', () => {
  it("forTenant: the plan's features, overridden by the tenant's flags, and its limits", async () => {
    const u = await t.newTenant({ plan: 'pro' })
    const before = await ent.forTenant(scopeOf(u, 'pro'))
    assert.equal(before.plan, 'pro')
    assert.equal(before.features.broker_connect, true)
    assert.equal(before.features.committee_model, false)
    assert.equal(before.features.support_ai, true) // flag default
    assert.deepEqual(before.limits, {
      manual_accounts: 20,
      watchlist_symbols: 500,
      saved_screens: 50,
      alerts: 200,
      support_ai_messages_per_day: 500,
      support_ai_tokens_per_day: 500000,
      support_ai_messages_per_minute: 15,
      agents: 20,
    })
    await t.c.flags.setOverride(u.tenantId, 'support_ai', false)
    assert.equal((await ent.forTenant(scopeOf(u, 'pro'))).features.support_ai, false)
  })

  it('limit: the plan value; undefined for a limit the plan does not set', async () => {
    const u = await t.newTenant()
    assert.equal(await ent.limit(scopeOf(u, 'free'), 'alerts'), 10)
    assert.equal(await ent.limit(scopeOf(u, 'premium'), 'alerts'), 1000)
    assert.equal(await ent.limit(scopeOf(u, 'free'), 'no_such_limit'), undefined)
  })

  it('requireWithinLimit: room below the cap; at the cap a 402 worded like the account cap', async () => {
    const u = await t.newTenant()
    await ent.requireWithinLimit(scopeOf(u, 'free'), 'manual_accounts', 2)
    await ent.requireWithinLimit(scopeOf(u, 'free'), 'no_such_limit', 1e9)
    assert.deepEqual(await problem(ent.requireWithinLimit(scopeOf(u, 'free'), 'manual_accounts', 3)), {
      status: 402,
      code: 'plan.limit_reached',
      detail: 'Your plan allows 3 active manual accounts; upgrade or close one',
      extra: { limit: 'manual_accounts', allowed: 3 },
    })
    const other = await problem(ent.requireWithinLimit(scopeOf(u, 'free'), 'watchlist_symbols', 50))
    assert.equal(other.status, 402)
    assert.deepEqual(other.extra, { limit: 'watchlist_symbols', allowed: 50 })
  })

  it('the manual-account cap over HTTP answers the same 402 as the service', async () => {
    const u = await t.newTenant()
    for (let i = 0; i < 3; i++) await createManualAccount(u, `A${i}`)
    const res = await u.post('/api/accounts', { name: 'One too many', broker_type: 'manual' })
    assert.equal(res.statusCode, 402, res.body)
    const body = JSON.parse(res.body) as Record<string, unknown>
    assert.equal(body.code, 'plan.limit_reached')
    assert.equal(body.detail, 'Your plan allows 3 active manual accounts; upgrade or close one')
  })

  it('requireFeature: 402 when the plan lacks it; a flag override can grant or take it', async () => {
    const free = await t.newTenant()
    const scope = scopeOf(free, 'free')
    assert.deepEqual(await problem(ent.requireFeature(scope, 'broker_connect')), {
      status: 402,
      code: 'plan.feature_unavailable',
      detail: 'Your plan does not include broker connect; upgrade to use it',
      extra: { feature: 'broker_connect' },
    })
    await ent.requireFeature(scope, 'support_ai')
    await t.c.flags.setOverride(free.tenantId, 'support_ai', false)
    assert.equal((await problem(ent.requireFeature(scope, 'support_ai'))).code, 'plan.feature_unavailable')
    assert.equal((await problem(ent.requireFeature(scope, 'no_such_feature'))).status, 402)
  })
})
