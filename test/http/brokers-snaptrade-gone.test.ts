/**
 * The aggregator's connections outlive a restart of the service (the sandbox keeps them in the
 * database), and a connection the vendor no longer has — disabled by the brokerage, deleted by its
 * user, or the vendor's user gone — reads as `connected: false` with a reason that says to
 * reconnect, while the data routes answer 422 broker.reconnect_required, not 502.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, describe, it } from 'node:test'
import pino from 'pino'
import { buildApp } from '../../src/app/build-app.ts'
import { createContainer } from '../../src/app/container.ts'
import { assertProblem, json, type Body } from '../helpers/assertions.ts'
import { connectSnapTrade } from '../helpers/brokers.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'

// The service's keys are configured, as a server that restarts keeps them (sessions, sealed secrets).
const t = useTestApp({
  env: { JWT_SECRET: randomBytes(32).toString('hex'), SECRETS_KEY: randomBytes(32).toString('base64') },
})
const snap = () => t.c.providers.brokers.sandbox!.snaptrade!
const closing: Array<() => Promise<void>> = []
after(async () => {
  for (const close of closing) await close()
})

/** The service started again on the same database: a new container, new providers, a new sandbox. */
async function restarted() {
  const c = await createContainer(t.db.config, { database: t.db.handle, log: pino({ level: 'silent' }) })
  const app = await buildApp(c)
  await app.ready()
  closing.push(async () => {
    await app.close()
    await c.close()
  })
  return (u: Client, url: string) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${u.token}` } })
}

const authorizationOf = (status: Body) => (status.extra.authorizations as Body[])[0]!.id as string

describe('aggregator connections', () => {
  it('survive a restart: status, accounts and positions are served by the restarted service', async () => {
    const u = await t.newTenant({ plan: 'pro' })
    const before = await connectSnapTrade(t, u)
    assert.equal(before.connected, true)
    const get = await restarted()
    const status = json(await get(u, '/api/brokers/aggregator/status'))
    assert.equal(status.connected, true, JSON.stringify(status))
    assert.deepEqual(status.extra.authorizations, before.extra.authorizations)
    const accounts = await get(u, '/api/brokers/aggregator/accounts')
    assert.equal(accounts.statusCode, 200, accounts.body)
    const id = json(accounts).items[0].id as string
    const positions = await get(u, `/api/brokers/aggregator/positions?account_id=${id}`)
    assert.equal(positions.statusCode, 200, positions.body)
    assert.ok(json(positions).items.length > 0)
  })

  it('disabled by the brokerage: connected false with a reason to reconnect; data routes 422, not 502', async () => {
    const u = await t.newTenant({ plan: 'pro' })
    const auth = authorizationOf(await connectSnapTrade(t, u))
    const id = json(await u.get('/api/brokers/aggregator/accounts')).items[0].id as string
    assert.equal(await snap().connections.disable(auth), true)

    const status = json(await u.get('/api/brokers/aggregator/status'))
    assert.equal(status.connected, false, JSON.stringify(status))
    assert.equal(status.extra.reconnect_required, true)
    assert.match(status.extra.reason, /disabled.*reconnect.*POST \/api\/brokers\/aggregator\/connect/)
    const positions = await u.get(`/api/brokers/aggregator/positions?account_id=${id}`)
    assertProblem(positions, 422, 'broker.reconnect_required')
    assert.match(json(positions).detail, /disabled.*reconnect/)
  })

  it('deleted at the vendor: connected false, reconnect; its account’s data 422', async () => {
    const u = await t.newTenant({ plan: 'pro' })
    const auth = authorizationOf(await connectSnapTrade(t, u))
    const id = json(await u.get('/api/brokers/aggregator/accounts')).items[0].id as string
    assert.equal(await snap().connections.remove(auth), true)

    const status = json(await u.get('/api/brokers/aggregator/status'))
    assert.equal(status.connected, false, JSON.stringify(status))
    assert.equal(status.extra.reconnect_required, true)
    assert.match(status.extra.reason, /no longer has.*reconnect/)
    const positions = await u.get(`/api/brokers/aggregator/positions?account_id=${id}`)
    assertProblem(positions, 422, 'broker.reconnect_required')
    const balances = await u.get(
      `/api/brokers/aggregator/transactions?account_hash=${id}&year=${new Date().getUTCFullYear()}`,
    )
    assertProblem(balances, 422, 'broker.reconnect_required')
  })

  it('the vendor no longer knows the user (401 code 1083): connected false, disconnect and connect again', async () => {
    const u = await t.newTenant({ plan: 'pro' })
    await connectSnapTrade(t, u)
    snap().chaos.expireTokens() // every user secret issued so far is refused from now on (the last test)
    const status = json(await u.get('/api/brokers/aggregator/status'))
    assert.equal(status.connected, false, JSON.stringify(status))
    assert.equal(status.extra.reconnect_required, true)
    assert.match(status.extra.reason, /disconnect and connect again/)
    const accounts = await u.get('/api/brokers/aggregator/accounts')
    assertProblem(accounts, 422, 'broker.reconnect_required')
    assert.match(json(accounts).detail, /disconnect and connect again/)
  })
})
