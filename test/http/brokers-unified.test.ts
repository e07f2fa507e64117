/**
 * The unified broker routes over Alpaca in the sandbox, the plan gate on connect, and
 * the sync into the portfolio: fills become realized trades by lot matching (checked against an
 * independent FIFO computed here), idempotently, with the cost method chosen per account; the
 * scheduled job and the sync log.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertProblem, json, type Body } from '../helpers/assertions.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { approveAlpaca, connectAlpaca, assertTradesMatchFifo } from '../helpers/brokers.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'

const t = useTestApp()

/** A pro tenant connected to Alpaca through the unified route, its first sync done. */
async function connectedPro(): Promise<Client> {
  const u = await t.newTenant({ plan: 'pro' })
  await connectAlpaca(t, u, 'unified')
  return u
}

const syncRows = (u: Client) =>
  t.c.scopes.withTenant(u.tenantId, ({ db }) =>
    db
      .selectFrom('broker_sync_log')
      .select(['sync_kind', 'status'])
      .where('tenant_id', '=', u.tenantId)
      .orderBy('id')
      .execute(),
  )

describe('unified brokers: types, plans and status', () => {
  it('an unknown broker_type is a 404 problem on every operation', async () => {
    const u = await t.newTenant({ plan: 'pro' })
    assertProblem(await u.get('/api/brokers/robinhood/status'), 404, 'broker.unknown_type')
    assertProblem(await u.get('/api/brokers/robinhood/accounts'), 404, 'broker.unknown_type')
    assertProblem(await u.post('/api/brokers/robinhood/connect', {}), 404, 'broker.unknown_type')
  })

  it('manual holds no connection: status says so, connect is not supported', async () => {
    const u = await t.newTenant({ plan: 'pro' })
    const s = json(await u.get('/api/brokers/manual/status'))
    assert.equal(s.connected, false)
    assert.match(s.extra.hint, /manual/)
    assertProblem(await u.post('/api/brokers/manual/connect', {}), 422, 'broker.not_supported')
  })

  it('connect answers 402 on a plan without broker connectivity; broker A’s own connect does not', async () => {
    const free = await t.newTenant({ plan: 'free' })
    const ent = json(await free.get('/api/auth/me/entitlements'))
    assert.equal(ent.features.broker_connect, false)
    const { code, state } = await approveAlpaca(t, free)
    assertProblem(
      await free.post('/api/brokers/brokera/connect', { auth_code: code, state }),
      402,
      'plan.broker_connect_required',
    )
    const own = await free.post('/api/brokera/connect', { auth_code: code, state })
    assert.equal(own.statusCode, 200, own.body)
  })

  it('status, accounts, positions and transactions of a connected broker; quotes not supported by broker A', async () => {
    const u = await connectedPro()
    assert.equal(json(await u.get('/api/brokers/brokera/status')).connected, true)
    const accounts = json(await u.get('/api/brokers/brokera/accounts')).items as Body[]
    assert.equal(accounts.length, 1)
    assert.equal(typeof accounts[0]!.account_id, 'number')
    const positions = json(await u.get(`/api/brokers/brokera/positions?account_id=${accounts[0]!.id}`))
    assert.ok(positions.items.length > 0)
    assertProblem(
      await u.get('/api/brokers/brokera/positions?account_id=nope'),
      404,
      'broker.account_not_found',
    )
    const year = String(new Date().getUTCFullYear())
    const tx = json(
      await u.get(`/api/brokers/brokera/transactions?account_hash=${accounts[0]!.id}&year=${year}`),
    )
    assert.ok(tx.items.every((i: Body) => i.type === 'FILL' && i.time.startsWith(year)))
    assertProblem(
      await u.get('/api/brokers/brokera/transactions?account_hash=x&year=26'),
      422,
      'validation.failed',
    )
    assertProblem(await u.get('/api/brokers/brokera/quotes?symbols=AAPL'), 422, 'broker.not_supported')
    assert.equal(json(await u.post('/api/brokers/brokera/refresh')).status.connected, true)
  })

  it('status never raises for another tenant, and disconnect through the unified route archives', async () => {
    const u = await connectedPro()
    const res = await u.post('/api/brokers/brokera/disconnect')
    assert.equal(json(res).disconnected, true)
    assert.equal(json(await u.get('/api/brokers/brokera/status')).connected, false)
    assertProblem(await u.get('/api/brokers/brokera/accounts'), 422, 'broker.not_connected')
  })
})

describe('unified brokers: sync into the portfolio', () => {
  it('the first sync runs on connect; fills become realized trades matching an independent FIFO', async () => {
    const u = await connectedPro()
    assert.deepEqual(await syncRows(u), [{ sync_kind: 'connect', status: 'ok' }])
    await assertTradesMatchFifo(t, u.tenantId)
  })

  it('a repeated sync stores nothing new and leaves the trades as they were', async () => {
    const u = await connectedPro()
    const count = () =>
      t.c.scopes.withTenant(u.tenantId, ({ db }) =>
        db
          .selectFrom('realized_trade')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', u.tenantId)
          .executeTakeFirstOrThrow(),
      )
    const before = Number((await count()).n)
    const res = await u.post('/api/brokers/brokera/sync')
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res)
    assert.equal(body.fills_new, 0)
    assert.ok(body.fills_received > 0, 'the overlap window re-reads recent fills')
    assert.equal(Number((await count()).n), before)
  })

  it('average cost per account: changing the method recomputes every trade at the next sync', async () => {
    const u = await connectedPro()
    const accountId = json(await u.get('/api/brokers/brokera/accounts')).items[0].account_id as number
    const trades = () =>
      t.c.scopes.withTenant(u.tenantId, ({ db }) =>
        db
          .selectFrom('realized_trade')
          .select(['external_id', 'proceeds', 'cost_basis'])
          .where('tenant_id', '=', u.tenantId)
          .orderBy('external_id')
          .execute(),
      )
    const fifo = await trades()
    const patch = await u.patch(`/api/accounts/${accountId}`, { cost_method: 'average' })
    assert.equal(json(patch).cost_method, 'average')
    await u.post('/api/brokers/brokera/sync')
    const avg = await trades()
    assert.deepEqual(
      avg.map((r) => [r.external_id, r.proceeds]),
      fifo.map((r) => [r.external_id, r.proceeds]),
    )
    const basis = (rows: typeof fifo) => rows.reduce((s, r) => s + Number(r.cost_basis), 0)
    assert.notEqual(
      basis(avg).toFixed(2),
      basis(fifo).toFixed(2),
      'pooled cost moves the basis of partial sales',
    )
  })

  it('the evening job syncs every live connection once a day; the sync log pages newest first', async () => {
    const u = await connectedPro()
    const queued = await t.c.brokers.enqueueAll()
    assert.ok(queued >= 1)
    await t.c.brokers.enqueueAll() // the same day: deduplicated
    await t.c.jobs.drain()
    assert.deepEqual(
      (await syncRows(u)).map((r) => r.sync_kind),
      ['connect', 'scheduled'],
    )
    await u.post('/api/brokers/brokera/sync')
    const first = json(await u.get('/api/brokers/sync-log?limit=2'))
    assert.deepEqual(
      first.items.map((r: Body) => r.sync_kind),
      ['manual', 'scheduled'],
    )
    assert.equal(first.items[0].user_id, u.userId)
    assert.equal(first.items[1].user_id, null)
    const second = json(await u.get(`/api/brokers/sync-log?limit=2&cursor=${first.next_cursor}`))
    assert.deepEqual(
      second.items.map((r: Body) => r.sync_kind),
      ['connect'],
    )
    assert.equal(second.next_cursor, null)
    assertProblem(await u.get('/api/brokers/sync-log?cursor=bm90LWEtY3Vyc29y'), 422, 'validation.failed')
    const other = await t.newTenant()
    assert.deepEqual(json(await other.get('/api/brokers/sync-log')).items, [])
  })
})

describe('unified brokers: synced trades are the broker’s', () => {
  it('the manual routes cannot edit, move or delete a broker account’s trades', async () => {
    const u = await connectedPro()
    const trade = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .selectFrom('realized_trade')
        .select(['id', 'proceeds'])
        .where('tenant_id', '=', u.tenantId)
        .where('source', '=', 'broker')
        .executeTakeFirstOrThrow(),
    )
    const path = `/api/brokers/manual/transactions/${trade.id}`
    const patched = await u.patch(path, { proceeds: 99999 })
    assertProblem(patched, 422, 'validation.failed')
    assert.deepEqual(json(patched).errors[0].loc, ['path', 'transaction_id'])
    assertProblem(await u.delete(path), 422, 'validation.failed')

    // A manual trade cannot be moved onto the broker account either.
    const brokerAccount = json(await u.get('/api/brokers/brokera/accounts')).items[0].account_id as number
    const manual = await createManualAccount(u)
    const created = await u.post('/api/brokers/manual/transactions', {
      account_id: manual,
      symbol: 'AAPL',
      quantity: 1,
      date_acquired: '2025-01-02',
      date_sold: '2025-02-03',
      proceeds: 200,
      cost_basis: 150,
    })
    assert.equal(created.statusCode, 201, created.body)
    const moved = await u.patch(`/api/brokers/manual/transactions/${json(created).transaction_id}`, {
      account_id: brokerAccount,
    })
    assertProblem(moved, 422, 'validation.failed')
    assert.deepEqual(json(moved).errors[0].loc, ['body', 'account_id'])

    const after = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .selectFrom('realized_trade')
        .select(['proceeds', 'deleted_at'])
        .where('id', '=', trade.id)
        .executeTakeFirstOrThrow(),
    )
    assert.equal(after.proceeds, trade.proceeds)
    assert.equal(after.deleted_at, null)
  })
})
