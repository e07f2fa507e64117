/**
 * Alpaca through HTTP, end to end through the real Alpaca adapter and the offline sandbox (the
 * test app runs with BROKER_SANDBOX on): the consent page, the code exchange, every way a state can
 * be forged, encrypted tokens, status, disconnect.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { issueState } from '../../src/modules/brokers/connections/lib/oauth-state.ts'
import { assertProblem, json } from '../helpers/assertions.ts'
import { approveAlpaca, assertStateRules, connectAlpaca } from '../helpers/brokers.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'

const t = useTestApp()

/** auth-url, then the consent page read and approved: the code and state the callback receives. */
const approve = (u: Client) => approveAlpaca(t, u, { checkPage: true })
/** Connected through the GET callback, the first sync the connect queued drained. */
const connect = (u: Client) => connectAlpaca(t, u)

/** The bearer tokens the sandbox has seen: what must never appear in our answers or columns. */
function issuedTokens(): string[] {
  const seen = t.c.providers.brokers
    .sandbox!.alpaca!.requests.map((r) => r.authorization?.replace(/^Bearer /, ''))
    .filter((v): v is string => typeof v === 'string' && v.length > 0)
  return [...new Set(seen)]
}

describe('broker A: connecting through the OAuth code flow', () => {
  it('connects through the consent page, stores the token encrypted and links an account', async () => {
    const u = await t.newTenant()
    const status = await connect(u)
    assert.equal(status.connected, true)
    assert.equal(status.expires_at, null, 'Alpaca tokens carry no expiry')
    assert.equal(status.extra.accounts.length, 1)

    const accounts = json(await u.get('/api/accounts')).items
    assert.deepEqual(
      accounts.map((a: { broker_type: string }) => a.broker_type),
      ['brokera'],
    )

    const tokens = issuedTokens()
    assert.ok(tokens.length > 0, 'the adapter called the sandbox with a bearer token')
    const stored = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .selectFrom('broker_connection')
        .select(['access_token_enc'])
        .where('tenant_id', '=', u.tenantId)
        .execute(),
    )
    assert.equal(stored.length, 1)
    for (const token of tokens)
      assert.ok(!stored[0]!.access_token_enc!.includes(token), 'column is not the token')
    for (const token of tokens) assert.ok(!JSON.stringify(status).includes(token), 'no token in the answer')
  })

  it('POST /connect takes auth_code and state in a JSON body', async () => {
    const u = await t.newTenant()
    const { code, state } = await approve(u)
    const res = await u.post('/api/brokera/connect', { auth_code: code, state })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(json(res).connected, true)
    assert.equal(json(await u.get('/api/brokera/status')).connected, true)
  })

  it('rejects a missing, tampered, reused, expired or another user’s state with 422', async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    const { code, state } = await approve(u)

    // A validly signed state whose nonce this server never recorded counts as used.
    const unknown = issueState(
      t.c.cipher,
      { tenantId: u.tenantId, userId: u.userId, broker: 'brokera', nonce: 'x'.repeat(32) },
      new Date(),
    )
    assertProblem(
      await u.post('/api/brokera/connect', { auth_code: code, state: unknown.state }),
      422,
      'broker.state_reused',
    )
    await assertStateRules(t, { u, other, broker: 'brokera', code, state, via: 'query' })
  })

  it('a code the vendor refuses is a 422 naming the code', async () => {
    const u = await t.newTenant()
    const { state } = await approve(u)
    const res = await u.post('/api/brokera/connect', { auth_code: 'made-up-code', state })
    assertProblem(res, 422, 'broker.code_rejected')
  })

  it('status is per tenant and never raises', async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    await connect(u)
    const mine = json(await u.get('/api/brokera/status'))
    const theirs = json(await other.get('/api/brokera/status'))
    assert.equal(mine.connected, true)
    assert.equal(theirs.connected, false)
    assert.match(theirs.extra.hint, /auth-url/)
  })
})

describe('broker A: disconnect', () => {
  it('the disconnected account’s holdings leave what is held now and today’s AUM', async () => {
    const u = await t.newTenant()
    await connect(u)
    const held = await t.c.portfolio.holdings.latest(u.tenantId)
    assert.ok(held.length > 0, 'the first sync wrote holdings')
    assert.ok((await t.c.portfolio.holdings.tenantsWithHoldings('test: scheduled jobs')).includes(u.tenantId))
    const before = json(await u.get('/api/analytics/aum')).current
    assert.notEqual(before.market_value, 0)
    assert.equal((await u.post('/api/brokera/disconnect')).statusCode, 200)
    assert.deepEqual(await t.c.portfolio.holdings.latest(u.tenantId), [])
    const scanned = () => t.c.portfolio.holdings.tenantsWithHoldings('test: scheduled jobs')
    assert.ok(!(await scanned()).includes(u.tenantId), 'scheduled per-tenant jobs skip it')
    const after = json(await u.get('/api/analytics/aum')).current
    assert.deepEqual([after.market_value, after.unrealized], [0, 0])
  })

  it('revokes, erases the tokens and soft-archives the account (shown only with include_archived)', async () => {
    const u = await t.newTenant()
    await connect(u)
    const res = await u.post('/api/brokera/disconnect')
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res)
    assert.equal(body.disconnected, true)
    assert.equal(body.revoked, true)
    assert.equal(body.archived_account_ids.length, 1)
    assert.deepEqual(json(await u.get('/api/accounts')).items, [])
    const all = json(await u.get('/api/accounts?include_archived=true')).items
    assert.equal(all.length, 1)
    assert.equal(all[0].archived, true)
    assert.equal(json(await u.get('/api/brokera/status')).connected, false)
    const rows = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .selectFrom('broker_connection')
        .select(['status', 'access_token_enc'])
        .where('tenant_id', '=', u.tenantId)
        .execute(),
    )
    assert.deepEqual(rows, [{ status: 'disconnected', access_token_enc: null }])
    assertProblem(await u.get('/api/brokera/positions'), 422, 'broker.not_connected')
  })

  it('tolerates a vendor that answers the revoke with 404', async () => {
    const u = await t.newTenant()
    await connect(u)
    t.c.providers.brokers.sandbox!.alpaca!.chaos.revokeAnswers(404)
    try {
      const body = json(await u.post('/api/brokera/disconnect'))
      assert.equal(body.disconnected, true)
    } finally {
      t.c.providers.brokers.sandbox!.alpaca!.chaos.revokeAnswers(200)
    }
    assert.equal(json(await u.get('/api/brokera/status')).connected, false)
  })

  it('reconnecting links the new account and leaves the old one archived', async () => {
    const u = await t.newTenant()
    await connect(u)
    await u.post('/api/brokera/disconnect')
    const again = await connect(u)
    assert.equal(again.connected, true)
    assert.equal(json(await u.get('/api/accounts')).items.length, 1)
    assert.equal(json(await u.get('/api/accounts?include_archived=true')).items.length, 2)
  })
})
