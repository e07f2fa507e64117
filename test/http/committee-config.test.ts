/** GET/PATCH /committee/config: defaults, merging, validation and the model status. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { assertFieldError, json } from '../helpers/assertions.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'

const CONFIG = '/api/trading-intel/committee/config'
let t: TestApp
before(async () => {
  t = await buildTestApp({ providers: { llm: null } })
})
after(() => t.close())

describe('committee config', () => {
  it('answers the documented defaults until the first change', async () => {
    const u = await t.newTenant()
    const c = json(await u.get(CONFIG))
    assert.deepEqual(c.members.technical, { enabled: true, weight: 1 })
    assert.deepEqual(c.members.news_sentiment, { enabled: true, weight: 0.5 })
    assert.deepEqual(c.risk, { max_position_weight: 0.1, max_size_per_decision: 0.05, min_conviction: 0.2 })
    assert.equal(c.model, false)
    assert.equal(c.is_default, true)
    assert.equal(c.updated_at, null)
    assert.equal(c.model_status.active, false)
  })

  it('merges a change field by field and keeps it per tenant', async () => {
    const u = await t.newTenant()
    const res = await u.patch(CONFIG, { members: { flow: { weight: 2 } }, risk: { min_conviction: 0.4 } })
    assert.equal(res.statusCode, 200, res.body)
    const c = json(await u.get(CONFIG))
    assert.deepEqual(c.members.flow, { enabled: true, weight: 2 })
    assert.equal(c.risk.min_conviction, 0.4)
    assert.equal(c.risk.max_position_weight, 0.1)
    assert.equal(c.is_default, false)
    const other = await t.newTenant()
    assert.deepEqual(json(await other.get(CONFIG)).members.flow, { enabled: true, weight: 0.5 })
  })

  it('refuses negative weights, no voting analyst left, a disabled portfolio manager and unknown fields', async () => {
    const u = await t.newTenant()
    assert.equal((await u.patch(CONFIG, { members: { technical: { weight: -1 } } })).statusCode, 422)
    const zero = { weight: 0 }
    assertFieldError(
      await u.patch(CONFIG, {
        members: { technical: zero, fundamental: zero, news_sentiment: zero, flow: zero, risk_manager: zero },
      }),
      ['body', 'members'],
      'committee_rule',
    )
    assertFieldError(await u.patch(CONFIG, { members: { portfolio_manager: { enabled: false } } }), [
      'body',
      'members',
      'portfolio_manager',
      'enabled',
    ])
    assert.equal((await u.patch(CONFIG, { members: { oracle: { weight: 1 } } })).statusCode, 422)
    assert.equal((await u.patch(CONFIG, { risk: { min_conviction: 2 } })).statusCode, 422)
    assert.equal(json(await u.get(CONFIG)).is_default, true, 'nothing was stored')
  })

  it('accepts model: true without a configured model and says it is unavailable', async () => {
    const u = await t.newTenant({ plan: 'premium' })
    const c = json(await u.patch(CONFIG, { model: true }))
    assert.equal(c.model, true)
    assert.deepEqual(c.model_status, {
      requested: true,
      provider_configured: false,
      plan_allows: true,
      active: false,
      reason: 'model unavailable: no language model is configured; the rules decide',
    })
  })
})
