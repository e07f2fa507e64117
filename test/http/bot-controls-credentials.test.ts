/**
 * Agent credentials: POST /api/bot-controls/agents/{agent_id}/credentials shows the key once,
 * stores only its SHA-256, binds it to the agent and its scopes; issuing again rotates it and the
 * old key stops at once. A live key on a person's operation is a 403 that says where agent keys
 * work; a bad, replaced or archived agent's key stays a 401.
 */
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { assertFieldError, assertProblem, json } from '../helpers/assertions.ts'
import { useTestApp } from '../helpers/test-app.ts'
import { BOT, createAgent } from './bot-controls-fixtures.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
const t = useTestApp({ clock })
const resolve = (key: string) => t.c.botControls.credentials.resolve(key)

describe('bot-controls credentials', () => {
  it('issues a key shown once with the default scopes; the agent then shows only its prefix', async () => {
    const u = await t.newTenant()
    const a = await createAgent(u)
    const res = await u.post(`${BOT}/agents/${a.agent_id}/credentials`, {})
    assert.equal(res.statusCode, 201, res.body)
    assert.equal(res.headers['cache-control'], 'no-store')
    const c = json(res)
    assert.match(c.key, new RegExp(`^sxa_${u.tenantId}\\.[A-Za-z0-9_-]{43}$`))
    assert.deepEqual(
      { ...c, key: undefined },
      {
        agent_id: a.agent_id,
        key: undefined,
        prefix: c.key.slice(0, c.key.indexOf('.') + 5),
        scopes: ['portfolio:read', 'market:read', 'orders:read', 'orders:propose'],
        created_at: clock.now().toISOString(),
      },
    )
    const agent = json(await u.get(`${BOT}/agents/${a.agent_id}`))
    assert.deepEqual(agent.credential, {
      prefix: c.prefix,
      scopes: c.scopes,
      created_at: c.created_at,
      last_used_at: null,
    })
    assert.ok(
      !JSON.stringify(json(await u.get(`${BOT}/agents`))).includes(c.key),
      'the key is never shown again',
    )
    const stored = await t.c.scopes.withTenant(u.tenantId, (s) =>
      s.db
        .selectFrom('bot_agent_credential')
        .selectAll()
        .where('agent_id', '=', a.agent_id)
        .executeTakeFirstOrThrow(),
    )
    assert.equal(stored.key_hash, createHash('sha256').update(c.key).digest('hex'))
    assert.ok(!JSON.stringify(stored).includes(c.key))
    assert.deepEqual(await resolve(c.key), {
      tenantId: u.tenantId,
      agentId: a.agent_id,
      userId: u.userId,
      scopes: ['portfolio:read', 'market:read', 'orders:read', 'orders:propose'],
    })
    assert.equal(
      json(await u.get(`${BOT}/agents/${a.agent_id}`)).credential.last_used_at,
      clock.now().toISOString(),
    )
  })

  it('rotates: the old key stops at once, the new one carries the scopes asked for', async () => {
    const u = await t.newTenant()
    const a = await createAgent(u)
    const url = `${BOT}/agents/${a.agent_id}/credentials`
    const first = json(await u.post(url, {})).key as string
    assert.ok(await resolve(first))
    clock.advance(1000)
    const second = json(await u.post(url, { scopes: ['orders:execute', 'portfolio:read'] }))
    assert.deepEqual(second.scopes, ['portfolio:read', 'orders:execute'])
    assert.equal(await resolve(first), null)
    assert.deepEqual((await resolve(second.key))?.scopes, ['portfolio:read', 'orders:execute'])
    assert.equal(
      json(await u.get(`${BOT}/agents/${a.agent_id}`)).credential.created_at,
      clock.now().toISOString(),
    )
  })

  it('resolves nothing for a malformed key, another tenant’s number in a key, or a forged key', async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    const a = await createAgent(u)
    const key = json(await u.post(`${BOT}/agents/${a.agent_id}/credentials`, {})).key as string
    const random = key.slice(key.indexOf('.') + 1)
    for (const bad of [
      '',
      'sxa_',
      'Bearer x',
      random,
      `sxa_${other.tenantId}.${random}`,
      `sxk_${u.tenantId}.${random}`,
      `${key}x`,
    ]) {
      assert.equal(await resolve(bad), null, bad)
    }
    assert.ok(await resolve(key))
  })

  it('refuses unknown or repeated scopes and an empty list with 422', async () => {
    const u = await t.newTenant()
    const a = await createAgent(u)
    const url = `${BOT}/agents/${a.agent_id}/credentials`
    assertFieldError(await u.post(url, { scopes: ['orders:write'] }), ['body', 'scopes', 0])
    assertFieldError(await u.post(url, { scopes: [] }), ['body', 'scopes'])
    assertFieldError(await u.post(url, { scopes: ['market:read', 'market:read'] }), ['body', 'scopes'])
    assertFieldError(await u.post(url, { key: 'mine' }), ['body', 'key'])
    assert.equal(json(await u.get(`${BOT}/agents/${a.agent_id}`)).credential, null)
  })

  it('refuses a live agent key on a person’s operation with 403 naming where it works; a dead key stays 401', async () => {
    const u = await t.newTenant()
    const a = await createAgent(u)
    const url = `${BOT}/agents/${a.agent_id}/credentials`
    const old = json(await u.post(url, {})).key as string
    const key = json(await u.post(url, {})).key as string
    const bearer = { authorization: `Bearer ${key}` }
    for (const res of [
      await t.anon.get('/api/accounts', bearer),
      await t.anon.get('/api/accounts', { 'x-api-key': key }),
      await t.anon.post(`${BOT}/agents`, { name: 'Other' }, bearer),
    ]) {
      const p = assertProblem(res, 403, 'auth.agent_key_not_allowed')
      assert.match(p.detail, /agent order path .*\/mcp/)
    }
    assert.equal(json(await u.get(`${BOT}/agents/${a.agent_id}`)).credential.last_used_at, null)
    const unknown = `sxa_${u.tenantId}.${'A'.repeat(43)}`
    for (const dead of [old, unknown, 'sxa_nonsense'])
      assertProblem(
        await t.anon.get('/api/accounts', { authorization: `Bearer ${dead}` }),
        401,
        'auth.unauthenticated',
      )
    assert.equal((await u.delete(`${BOT}/agents/${a.agent_id}`)).statusCode, 200)
    assertProblem(await t.anon.get('/api/accounts', bearer), 401, 'auth.unauthenticated')
    assertProblem(await t.anon.get('/api/accounts', { 'x-api-key': key }), 401, 'auth.unauthenticated')
  })
})
