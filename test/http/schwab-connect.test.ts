/**
 * Schwab through HTTP, end to end through the real Schwab adapter and the in-process
 * sandbox: the consent page, the `%40` code, every way a state can be forged, encrypted tokens,
 * status, disconnect.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertProblem, json } from '../helpers/assertions.ts'
import { approveSchwab, connectSchwab, sandboxTokens } from '../helpers/schwab.ts'
import { assertStateRules } from '../helpers/brokers.ts'
import { useTestApp } from '../helpers/test-app.ts'

const t = useTestApp()

describe('broker B: connecting through Schwab’s OAuth code flow', () => {
  it('connects through the callback, links both accounts and stores the tokens encrypted', async () => {
    const u = await t.newTenant()
    const status = await connectSchwab(t, u)
    assert.equal(status.connected, true)
    assert.equal(status.extra.accounts.length, 2)
    assert.match(status.expires_at, /^\d{4}-/)
    assert.equal(status.extra.reauthorize_required, false)
    assert.match(status.extra.reauthorize_hint, /authorise again/)

    const accounts = json(await u.get('/api/accounts')).items
    assert.deepEqual(
      accounts.map((a: { broker_type: string }) => a.broker_type),
      ['brokerb', 'brokerb'],
    )
    const tokens = sandboxTokens(t)
    assert.ok(tokens.length > 0)
    const stored = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .selectFrom('broker_connection')
        .select(['access_token_enc', 'refresh_token_enc'])
        .where('tenant_id', '=', u.tenantId)
        .execute(),
    )
    assert.equal(stored.length, 1)
    for (const token of tokens) {
      assert.ok(!stored[0]!.access_token_enc!.includes(token), 'the access column is not a token')
      assert.ok(!stored[0]!.refresh_token_enc!.includes(token), 'the refresh column is not a token')
      assert.ok(!JSON.stringify(status).includes(token), 'no token in the answer')
    }
  })

  it('POST /connect takes the code as received (…%40) or decoded', async () => {
    const u = await t.newTenant()
    const { code, state } = await approveSchwab(t, u)
    assert.ok(code.endsWith('@'))
    const res = await u.post('/api/brokerb/connect', { auth_code: encodeURIComponent(code), state })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(json(await u.get('/api/brokerb/status')).connected, true)
  })

  it('rejects a missing, tampered, malformed, reused, expired or another user’s state with 422', async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    const { code, state } = await approveSchwab(t, u)
    // A Alpaca state does not connect Schwab.
    const { state: stateA } = json(await u.get('/api/brokera/auth-url'))
    assertProblem(
      await u.post('/api/brokerb/connect', { auth_code: code, state: stateA }),
      422,
      'broker.state_mismatch',
    )
    await assertStateRules(t, { u, other, broker: 'brokerb', code, state, via: 'body' })
  })

  it('a code Schwab refuses is a 422 naming the code', async () => {
    const u = await t.newTenant()
    const { state } = await approveSchwab(t, u)
    assertProblem(
      await u.post('/api/brokerb/connect', { auth_code: 'made-up-code@', state }),
      422,
      'broker.code_rejected',
    )
  })

  it('status is per tenant and never raises, even with Schwab down', async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    await connectSchwab(t, u)
    assert.equal(json(await other.get('/api/brokerb/status')).connected, false)
    const sb = t.c.providers.brokers.sandbox!.schwab!
    sb.chaos.failNext(503)
    sb.chaos.failNext(503)
    for (const path of ['/api/brokerb/status', '/api/brokers/brokerb/status']) {
      const res = await u.get(path)
      assert.equal(res.statusCode, 200, res.body)
      assert.equal(json(res).connected, true)
    }
    sb.reset()
  })

  it('disconnect removes the tokens and archives both accounts', async () => {
    const u = await t.newTenant()
    await connectSchwab(t, u)
    const body = json(await u.post('/api/brokerb/disconnect'))
    assert.equal(body.disconnected, true)
    assert.equal(body.revoked, false, 'Schwab has no revoke endpoint')
    assert.equal(body.archived_account_ids.length, 2)
    const rows = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .selectFrom('broker_connection')
        .select(['status', 'access_token_enc', 'refresh_token_enc'])
        .execute(),
    )
    assert.deepEqual(rows, [{ status: 'disconnected', access_token_enc: null, refresh_token_enc: null }])
    assertProblem(await u.get('/api/brokerb/accounts'), 422, 'broker.not_connected')
  })
})
