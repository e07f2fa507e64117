/**
 * The hosted aggregator (SnapTrade) through HTTP, end to end through the real adapter and the
 * in-process SnapTrade sandbox (which verifies every signature): connect → portal → callback →
 * accounts, positions, transactions and the sync into the portfolio (realized trades checked against
 * a FIFO computed here); the callback's validation; the plan gate; secrets never in an answer, a log
 * line or a column; status with the vendor down; disconnect; another tenant's account.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertProblem, json, type Body } from '../helpers/assertions.ts'
import { assertTradesMatchFifo } from '../helpers/brokers.ts'
import { capturedLog, useTestApp, type Client } from '../helpers/test-app.ts'

const { log, lines } = capturedLog('trace')
const t = useTestApp({ log })
const snap = () => t.c.providers.brokers.sandbox!.snaptrade!
/** Every answer our API gave in this file: none may carry a user secret. */
const answers: string[] = []

async function call(u: Client, method: 'get' | 'post', url: string, body?: unknown) {
  const res = method === 'get' ? await u.get(url) : await u.post(url, body)
  answers.push(res.body, JSON.stringify(res.headers))
  return res
}

/** POST connect, then the portal as a browser completes it: the callback URL it redirects to. */
async function portal(u: Client, decision = 'allow', broker = 'ALPACA'): Promise<URL> {
  const res = await call(u, 'post', '/api/brokers/aggregator/connect', { broker })
  assert.equal(res.statusCode, 200, res.body)
  const link = new URL(json(res).redirect_url as string)
  assert.equal(link.pathname, '/sandbox/snaptrade/snapTrade/redeemToken')
  const page = await t.anon.get(link.pathname + link.search)
  assert.equal(page.statusCode, 200)
  assert.match(page.body, /<form method="post"/)
  // A deny posts to the link itself, its token in the query (as README's curl line does).
  const deny = decision === 'deny'
  const form = new URLSearchParams({ decision, broker })
  if (!deny) form.set('token', link.searchParams.get('token')!)
  const back = await t.anon.inject({
    method: 'POST',
    url: deny ? link.pathname + link.search : link.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  })
  assert.equal(back.statusCode, 302, back.body)
  return new URL(String(back.headers['location']))
}

async function connected(plan = 'pro'): Promise<{ u: Client; status: Body }> {
  const u = await t.newTenant({ plan })
  const back = await portal(u)
  assert.equal(back.pathname, '/api/brokers/aggregator/callback')
  const res = await call(u, 'get', back.pathname + back.search)
  assert.equal(res.statusCode, 200, res.body)
  await t.c.jobs.drain()
  return { u, status: json(res) }
}

describe('aggregator: connect, portal, callback, data', () => {
  it('connects through the portal and syncs into the portfolio (realized trades = FIFO by hand)', async () => {
    const { u, status } = await connected()
    assert.equal(status.connected, true)
    assert.equal(status.expires_at, null)
    assert.deepEqual(
      status.extra.authorizations.map((a: Body) => a.slug),
      ['ALPACA'],
    )
    const accounts = json(await call(u, 'get', '/api/brokers/aggregator/accounts')).items as Body[]
    assert.equal(accounts.length, 1)
    assert.equal(typeof accounts[0]!.account_id, 'number')
    const id = accounts[0]!.id as string
    const positions = json(await call(u, 'get', `/api/brokers/aggregator/positions?account_id=${id}`))
    assert.ok(positions.items.length > 0)
    for (const p of positions.items as Body[]) {
      assert.equal((Number(p.quantity) * Number(p.price)).toFixed(2), Number(p.market_value).toFixed(2))
      assert.equal((Number(p.quantity) * Number(p.average_price)).toFixed(4), Number(p.cost_basis).toFixed(4))
    }
    const year = String(new Date().getUTCFullYear())
    const tx = json(
      await call(u, 'get', `/api/brokers/aggregator/transactions?account_hash=${id}&year=${year}`),
    )
    assert.ok(tx.items.every((i: Body) => i.type === 'FILL' && i.time.startsWith(year)))
    const times = tx.items.map((i: Body) => Date.parse(i.time))
    assert.deepEqual(
      times,
      [...times].sort((a: number, b: number) => a - b),
      'oldest first',
    )

    const log = json(await call(u, 'get', '/api/brokers/sync-log?broker_type=aggregator')).items as Body[]
    assert.deepEqual(
      log.map((r) => [r.sync_kind, r.status]),
      [['connect', 'ok']],
    )
    await assertTradesMatchFifo(t, u.tenantId)

    const again = json(await call(u, 'post', '/api/brokers/aggregator/sync'))
    assert.equal(again.fills_new, 0, 'idempotent: the vendor ids are natural keys')
    const refreshed = json(await call(u, 'post', '/api/brokers/aggregator/refresh'))
    assert.equal(refreshed.status.connected, true)
    assert.ok((await t.c.brokers.enqueueAll()) >= 1, 'the evening job includes the aggregator')
    await t.c.jobs.drain()
    const kinds = json(await call(u, 'get', '/api/brokers/sync-log?broker_type=aggregator')).items.map(
      (r: Body) => `${r.sync_kind}:${r.status}`,
    )
    assert.deepEqual(kinds, ['scheduled:ok', 'manual:ok', 'connect:ok'])
  })

  it('a second brokerage through the portal joins the same connection', async () => {
    const { u } = await connected()
    const back = await portal(u, 'allow', 'SCHWAB')
    const status = json(await call(u, 'get', back.pathname + back.search))
    assert.deepEqual(status.extra.authorizations.map((a: Body) => a.slug).sort(), ['ALPACA', 'SCHWAB'])
    assert.equal(json(await call(u, 'get', '/api/brokers/aggregator/accounts')).items.length, 2)
  })
  it('accounts the vendor had not populated at the callback are linked at the next sync', async () => {
    const { u } = await connected()
    await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db.deleteFrom('broker_linked_account').where('tenant_id', '=', u.tenantId).execute(),
    )
    assert.equal(json(await call(u, 'get', '/api/brokers/aggregator/accounts')).items[0].account_id, null)
    const r = json(await call(u, 'post', '/api/brokers/aggregator/sync'))
    assert.equal(r.accounts, 1)
    assert.equal(r.fills_new, 0, 'the same portfolio account: its fills were stored before')
    const items = json(await call(u, 'get', '/api/brokers/aggregator/accounts')).items
    assert.equal(typeof items[0].account_id, 'number')
  })
})

describe('aggregator: the callback refuses what it cannot trust', () => {
  it('subbroker_slug missing → 422; no connection id → 422; any of the four names is accepted', async () => {
    const u = await t.newTenant({ plan: 'pro' })
    const back = await portal(u)
    const q = back.searchParams
    const id = q.get('connection_id')!
    const without = (drop: string[], add: Record<string, string> = {}) => {
      const p = new URLSearchParams(q)
      for (const d of drop) p.delete(d)
      for (const [k, v] of Object.entries(add)) p.set(k, v)
      return `${back.pathname}?${p.toString()}`
    }
    assertProblem(await call(u, 'get', without(['subbroker_slug'])), 422, 'validation.failed')
    assertProblem(await call(u, 'get', without(['connection_id'])), 422, 'broker.connection_id_required')
    const res = await call(u, 'get', without(['connection_id'], { brokerageAuthorizationId: id }))
    assert.equal(res.statusCode, 200, res.body)
  })

  it('a missing, forged, reused or another user’s state → 422', async () => {
    const u = await t.newTenant({ plan: 'pro' })
    const back = await portal(u)
    const url = (state: string | null) => {
      const p = new URLSearchParams(back.searchParams)
      if (state === null) p.delete('state')
      else p.set('state', state)
      return `${back.pathname}?${p.toString()}`
    }
    const state = back.searchParams.get('state')!
    assertProblem(await call(u, 'get', url(null)), 422, 'broker.state_missing')
    assertProblem(await call(u, 'get', url(`${state.split('.')[0]}.AAAA`)), 422, 'broker.state_tampered')
    const other = await t.newTenant({ plan: 'pro' })
    assertProblem(await call(other, 'get', url(state)), 422, 'broker.state_mismatch')
    assert.equal((await call(u, 'get', url(state))).statusCode, 200)
    assertProblem(await call(u, 'get', url(state)), 422, 'broker.state_reused')
  })

  it('a portal abandoned (deny) comes back ABANDONED → 422, nothing connected', async () => {
    const u = await t.newTenant({ plan: 'pro' })
    const back = await portal(u, 'deny')
    assert.equal(back.searchParams.get('status'), 'ABANDONED')
    assertProblem(await call(u, 'get', back.pathname + back.search), 422, 'broker.portal_not_completed')
    assert.equal(json(await call(u, 'get', '/api/brokers/aggregator/status')).connected, false)
  })

  it('connect: 402 on the free plan; 422 without a brokerage slug', async () => {
    const free = await t.newTenant({ plan: 'free' })
    assertProblem(
      await call(free, 'post', '/api/brokers/aggregator/connect', { broker: 'ALPACA' }),
      402,
      'plan.broker_connect_required',
    )
    const pro = await t.newTenant({ plan: 'pro' })
    assertProblem(await call(pro, 'post', '/api/brokers/aggregator/connect', {}), 422, 'validation.failed')
  })
})

describe('aggregator: secrets, status, disconnect, tenants', () => {
  it('the user secret is never in an answer, a log line or a column', async () => {
    const { u } = await connected()
    await call(u, 'get', '/api/brokers/aggregator/status')
    const secrets = [
      ...new Set(
        snap()
          .requests.map((r) => r.query['userSecret'])
          .filter(Boolean),
      ),
    ] as string[]
    assert.ok(secrets.length > 0, 'the adapter sent user secrets to the vendor')
    const [user, conn] = await t.c.scopes.withTenant(u.tenantId, async ({ db }) => [
      await db
        .selectFrom('broker_aggregator_user')
        .selectAll()
        .where('tenant_id', '=', u.tenantId)
        .executeTakeFirstOrThrow(),
      await db
        .selectFrom('broker_connection')
        .select('access_token_enc')
        .where('tenant_id', '=', u.tenantId)
        .executeTakeFirstOrThrow(),
    ])
    for (const s of secrets) {
      assert.ok(!user.user_secret_enc.includes(s) && user.user_secret_enc !== s)
      assert.ok(!String(conn.access_token_enc).includes(s))
      for (const a of answers) assert.ok(!a.includes(s), 'a secret in an answer')
      for (const l of lines) assert.ok(!l.includes(s), `a secret in a log line: ${l.slice(0, 200)}`)
    }
    assert.ok(lines.length > 0, 'the log was captured')
  })

  it('status with the vendor down: connected false and extra.error, never a 500', async () => {
    const { u } = await connected()
    for (let i = 0; i < 3; i++) snap().chaos.failNext(500)
    const down = await call(u, 'get', '/api/brokers/aggregator/status')
    assert.equal(down.statusCode, 200)
    assert.equal(json(down).connected, false)
    assert.match(json(down).extra.error, /snaptrade server \(HTTP 500\)/)
    snap().chaos.malformNext()
    assert.equal(json(await call(u, 'get', '/api/brokers/aggregator/status')).connected, false)
    assert.equal(json(await call(u, 'get', '/api/brokers/aggregator/status')).connected, true)
  })

  it('disconnect: the vendor connection deleted, the secret erased, the accounts archived', async () => {
    const { u } = await connected()
    const res = json(await call(u, 'post', '/api/brokers/aggregator/disconnect'))
    assert.equal(res.disconnected, true)
    assert.equal(res.revoked, true)
    assert.equal(res.archived_account_ids.length, 1)
    assert.ok(snap().requests.some((r) => r.method === 'DELETE' && r.path.startsWith('/connection/')))
    const rows = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db.selectFrom('broker_aggregator_user').selectAll().where('tenant_id', '=', u.tenantId).execute(),
    )
    assert.deepEqual(rows, [])
    const status = json(await call(u, 'get', '/api/brokers/aggregator/status'))
    assert.equal(status.connected, false)
    assert.match(status.extra.hint, /POST \/api\/brokers\/aggregator\/connect/)
    assertProblem(await call(u, 'get', '/api/brokers/aggregator/accounts'), 422, 'broker.not_connected')
    // Connecting again registers a new user and works.
    const back = await portal(u)
    assert.equal((await call(u, 'get', back.pathname + back.search)).statusCode, 200)
  })

  it('another tenant’s broker account is a 404', async () => {
    const a = await connected()
    const b = await connected()
    const id = json(await call(a.u, 'get', '/api/brokers/aggregator/accounts')).items[0].id as string
    assertProblem(
      await call(b.u, 'get', `/api/brokers/aggregator/positions?account_id=${id}`),
      404,
      'broker.account_not_found',
    )
    assertProblem(
      await call(b.u, 'get', `/api/brokers/aggregator/transactions?account_hash=${id}&year=2026`),
      404,
      'broker.account_not_found',
    )
  })
})
