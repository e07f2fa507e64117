/**
 * Portfolio through HTTP: broker accounts (archiving, plan limits, admin tenant access), manual
 * positions (per-day holding snapshots) and manual transactions (realized trades, exact gain/loss).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import {
  assertAllNeedCredentials,
  assertFieldError,
  assertProblem,
  json,
  type Body,
} from '../helpers/assertions.ts'

const t = useTestApp()

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

async function createAccount(
  u: Client,
  name = 'Brokerage',
  extra: Record<string, unknown> = {},
): Promise<Body> {
  const res = await u.post('/api/accounts', { name, broker_type: 'manual', ...extra })
  assert.equal(res.statusCode, 201, res.body)
  return json(res.body)
}

async function listAccounts(u: Client, query = ''): Promise<Body[]> {
  const res = await u.get(`/api/accounts${query}`)
  assert.equal(res.statusCode, 200, res.body)
  return json(res.body).items as Body[]
}

/** A broker-connected (non-manual) account: the API cannot create one, so straight into the table. */
async function insertBrokerAccount(u: Client, name = 'Schwab brokerage'): Promise<number> {
  const row = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
    db
      .insertInto('broker_account')
      .values({ tenant_id: u.tenantId, name, broker_type: 'schwab' })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
  return Number(row.id)
}

async function putPosition(u: Client, body: Record<string, unknown>): Promise<Body> {
  const res = await u.post('/api/brokers/manual/positions', body)
  assert.equal(res.statusCode, 201, res.body)
  return json(res.body)
}

async function listPositions(u: Client, query = ''): Promise<Body[]> {
  const res = await u.get(`/api/brokers/manual/positions${query}`)
  assert.equal(res.statusCode, 200, res.body)
  return json(res.body).items as Body[]
}

async function createTrade(u: Client, body: Record<string, unknown>): Promise<Body> {
  const res = await u.post('/api/brokers/manual/transactions', body)
  assert.equal(res.statusCode, 201, res.body)
  return json(res.body)
}

async function listTrades(u: Client, query = ''): Promise<Body[]> {
  const res = await u.get(`/api/brokers/manual/transactions${query}`)
  assert.equal(res.statusCode, 200, res.body)
  return json(res.body).items as Body[]
}

/** A trade with every required field; `over` replaces any of them. */
const trade = (accountId: number, over: Record<string, unknown> = {}) => ({
  account_id: accountId,
  symbol: 'AAPL',
  quantity: 10,
  date_acquired: '2023-01-10',
  date_sold: '2023-06-01',
  proceeds: 1100,
  cost_basis: 1000,
  ...over,
})

const nyToday = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at)

describe('accounts', () => {
  it('creates a manual account with defaults, trims the name and lists it', async () => {
    const u = await t.newTenant()
    const a = await createAccount(u, '  Taxable at home  ')
    assert.equal(typeof a.id, 'number')
    assert.equal(a.name, 'Taxable at home')
    assert.equal(a.broker_type, 'manual')
    assert.equal(a.account_type, null)
    assert.equal(a.currency, 'USD')
    assert.equal(a.status, 'active')
    assert.equal(a.archived, false)
    assert.equal(a.archived_at, null)
    assert.match(a.created_at, ISO_INSTANT)
    assert.match(a.updated_at, ISO_INSTANT)
    const b = await createAccount(u, 'Roth', { account_type: 'roth_ira', currency: 'EUR' })
    assert.equal(b.account_type, 'roth_ira')
    assert.equal(b.currency, 'EUR')
    assert.ok(b.id > a.id)
    assert.deepEqual(await listAccounts(u), [a, b])
  })

  it('rejects invalid bodies with 422 naming the field and creates nothing', async () => {
    const u = await t.newTenant()
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{ name: 'x', broker_type: 'schwab' }, ['body', 'broker_type']],
      [{ name: 'x' }, ['body', 'broker_type']],
      [{ broker_type: 'manual' }, ['body', 'name']],
      [{ name: '', broker_type: 'manual' }, ['body', 'name']],
      [{ name: 'x'.repeat(121), broker_type: 'manual' }, ['body', 'name']],
      [{ name: 'x', broker_type: 'manual', currency: 'usd' }, ['body', 'currency']],
      [{ name: 'x', broker_type: 'manual', account_type: '' }, ['body', 'account_type']],
    ]
    for (const [body, loc] of cases) assertFieldError(await u.post('/api/accounts', body), loc)
    assert.deepEqual(await listAccounts(u, '?include_archived=true'), [])
  })

  it('a name of blanks only → 422, not a server error', async () => {
    const u = await t.newTenant()
    const res = await u.post('/api/accounts', { name: '   ', broker_type: 'manual' })
    assertFieldError(res, ['body', 'name'])
    assert.deepEqual(await listAccounts(u, '?include_archived=true'), [])
  })

  it('closed and inactive accounts are archived: hidden unless include_archived=true', async () => {
    const u = await t.newTenant()
    const open = await createAccount(u, 'Open')
    const closed = await createAccount(u, 'Closed')
    const inactive = await createAccount(u, 'Inactive')

    const c = await u.patch(`/api/accounts/${closed.id}`, { status: 'closed' })
    assert.equal(c.statusCode, 200, c.body)
    assert.equal(json(c.body).status, 'closed')
    assert.equal(json(c.body).archived, true)
    const i = await u.patch(`/api/accounts/${inactive.id}`, { status: 'inactive' })
    assert.equal(i.statusCode, 200, i.body)
    assert.equal(json(i.body).archived, true)

    assert.deepEqual(
      (await listAccounts(u)).map((a) => a.id),
      [open.id],
    )
    assert.deepEqual(
      (await listAccounts(u, '?include_archived=false')).map((a) => a.id),
      [open.id],
    )
    const all = await listAccounts(u, '?include_archived=true')
    assert.deepEqual(
      all.map((a) => [a.id, a.status, a.archived]),
      [
        [open.id, 'active', false],
        [closed.id, 'closed', true],
        [inactive.id, 'inactive', true],
      ],
    )

    // Reopening brings it back.
    const back = await u.patch(`/api/accounts/${closed.id}`, { status: 'active' })
    assert.equal(json(back.body).archived, false)
    assert.deepEqual(
      (await listAccounts(u)).map((a) => a.id),
      [open.id, closed.id],
    )
  })

  it('PATCH renames (trimmed), sets and clears the account type; bad patches → 422/404', async () => {
    const u = await t.newTenant()
    const a = await createAccount(u, 'Old name')
    const r1 = await u.patch(`/api/accounts/${a.id}`, { name: '  New name ', account_type: 'ira' })
    assert.equal(r1.statusCode, 200, r1.body)
    const p1 = json(r1.body)
    assert.equal(p1.name, 'New name')
    assert.equal(p1.account_type, 'ira')
    assert.equal(p1.created_at, a.created_at)
    assert.ok(Date.parse(p1.updated_at) >= Date.parse(a.updated_at))
    const r2 = await u.patch(`/api/accounts/${a.id}`, { account_type: null })
    assert.equal(r2.statusCode, 200, r2.body)
    assert.equal(json(r2.body).account_type, null)
    assert.equal(json(r2.body).name, 'New name')

    assertFieldError(await u.patch(`/api/accounts/${a.id}`, {}), ['body'])
    assertFieldError(
      await u.patch(`/api/accounts/${a.id}`, { status: 'deleted' }),
      ['body', 'status'],
      'enum',
    )
    assertFieldError(await u.patch(`/api/accounts/${a.id}`, { name: '' }), ['body', 'name'])
    assertFieldError(await u.patch('/api/accounts/0', { name: 'x' }), ['path', 'account_id'])
    assertProblem(await u.patch('/api/accounts/999999999', { name: 'x' }), 404, 'accounts.not_found')

    const [now] = await listAccounts(u)
    assert.equal(now?.name, 'New name')
    assert.equal(now?.account_type, null)
    assert.equal(now?.status, 'active')
  })

  it('free plan: 3 active manual accounts, the 4th → 402 plan.limit_reached; closing one frees a slot', async () => {
    const u = await t.newTenant()
    const made = [await createAccount(u, 'A1'), await createAccount(u, 'A2'), await createAccount(u, 'A3')]
    const res = await u.post('/api/accounts', { name: 'A4', broker_type: 'manual' })
    const body = assertProblem(res, 402, 'plan.limit_reached')
    assert.equal(body.limit, 'manual_accounts')
    assert.equal(body.allowed, 3)
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/)
    assert.deepEqual(
      (await listAccounts(u, '?include_archived=true')).map((a) => a.name),
      ['A1', 'A2', 'A3'],
    )

    const closed = await u.patch(`/api/accounts/${made[0]!.id}`, { status: 'closed' })
    assert.equal(closed.statusCode, 200)
    const a4 = await createAccount(u, 'A4')
    assert.equal(a4.name, 'A4')
    assertProblem(
      await u.post('/api/accounts', { name: 'A5', broker_type: 'manual' }),
      402,
      'plan.limit_reached',
    )
    assert.deepEqual(
      (await listAccounts(u)).map((a) => a.name),
      ['A2', 'A3', 'A4'],
    )
  })

  it('free plan: reopening a closed account while 3 are active is refused too', async () => {
    const u = await t.newTenant()
    const first = await createAccount(u, 'A1')
    await u.patch(`/api/accounts/${first.id}`, { status: 'closed' })
    for (const name of ['A2', 'A3', 'A4']) await createAccount(u, name)
    const res = await u.patch(`/api/accounts/${first.id}`, { status: 'active' })
    assertProblem(res, 402, 'plan.limit_reached')
    assert.equal((await listAccounts(u)).length, 3)
  })

  it('pro plan allows 20 active manual accounts; the 21st → 402 with allowed 20', async () => {
    const u = await t.newTenant({ plan: 'pro' })
    for (let i = 1; i <= 20; i++) await createAccount(u, `P${i}`)
    const body = assertProblem(
      await u.post('/api/accounts', { name: 'P21', broker_type: 'manual' }),
      402,
      'plan.limit_reached',
    )
    assert.equal(body.allowed, 20)
    assert.equal((await listAccounts(u)).length, 20)
  })

  it('tenant_id: own is fine, another tenant’s is 403 for users; admins read and edit other tenants', async () => {
    const owner = await t.newTenant()
    const other = await t.newTenant()
    const admin = await t.newTenant({ role: 'admin' })
    const acct = await createAccount(owner, 'Owner account')

    assert.deepEqual(
      (await listAccounts(owner, `?tenant_id=${owner.tenantId}`)).map((a) => a.id),
      [acct.id],
    )
    assertProblem(await other.get(`/api/accounts?tenant_id=${owner.tenantId}`), 403, 'auth.tenant_forbidden')
    assertProblem(
      await other.patch(`/api/accounts/${acct.id}?tenant_id=${owner.tenantId}`, { name: 'hijacked' }),
      403,
      'auth.tenant_forbidden',
    )

    // The admin sees the owner's accounts (and only theirs) when naming the tenant, its own without.
    assert.deepEqual(await listAccounts(admin, `?tenant_id=${owner.tenantId}`), [acct])
    assert.deepEqual(await listAccounts(admin), [])
    // Without tenant_id the admin acts on its own tenant, where the account does not exist.
    assertProblem(await admin.patch(`/api/accounts/${acct.id}`, { name: 'nope' }), 404, 'accounts.not_found')
    const renamed = await admin.patch(`/api/accounts/${acct.id}?tenant_id=${owner.tenantId}`, {
      name: 'Renamed by support',
    })
    assert.equal(renamed.statusCode, 200, renamed.body)
    assert.equal((await listAccounts(owner))[0]?.name, 'Renamed by support')
  })

  it('another tenant’s account id → 404 and nothing changes', async () => {
    const owner = await t.newTenant()
    const other = await t.newTenant()
    const acct = await createAccount(owner, 'Mine')
    const before = await listAccounts(owner)
    for (const body of [{ name: 'stolen' }, { status: 'closed' }, { account_type: 'ira' }]) {
      assertProblem(await other.patch(`/api/accounts/${acct.id}`, body), 404, 'accounts.not_found')
    }
    assert.deepEqual(await listAccounts(other, '?include_archived=true'), [])
    assert.deepEqual(await listAccounts(owner), before)
  })

  it('every portfolio route needs credentials', async () => {
    const calls: ['GET' | 'POST' | 'PATCH' | 'DELETE', string][] = [
      ['GET', '/api/accounts'],
      ['POST', '/api/accounts'],
      ['PATCH', '/api/accounts/1'],
      ['GET', '/api/brokers/manual/positions'],
      ['POST', '/api/brokers/manual/positions'],
      ['PATCH', '/api/brokers/manual/positions/1'],
      ['DELETE', '/api/brokers/manual/positions/1'],
      ['GET', '/api/brokers/manual/transactions'],
      ['POST', '/api/brokers/manual/transactions'],
      ['PATCH', '/api/brokers/manual/transactions/1'],
      ['DELETE', '/api/brokers/manual/transactions/1'],
    ]
    await assertAllNeedCredentials(t.anon, calls)
  })
})

describe('manual positions', () => {
  it('POST creates, a second POST for the same symbol, account and day replaces (same id)', async () => {
    const u = await t.newTenant()
    const acct = await createAccount(u)
    const p = await putPosition(u, {
      account_id: acct.id,
      symbol: 'aapl',
      quantity: 10,
      cost_basis: 1500.5,
      as_of: '2024-03-01',
    })
    assert.equal(typeof p.position_id, 'number')
    assert.equal(p.account_id, acct.id)
    assert.equal(p.symbol, 'AAPL')
    assert.equal(p.quantity, 10)
    assert.equal(p.cost_basis, 1500.5)
    assert.equal(p.as_of, '2024-03-01')
    assert.match(p.created_at, ISO_INSTANT)

    const replaced = await putPosition(u, {
      account_id: acct.id,
      symbol: 'AAPL',
      quantity: 12.5,
      cost_basis: 1875.25,
      as_of: '2024-03-01',
    })
    assert.equal(replaced.position_id, p.position_id)
    assert.equal(replaced.quantity, 12.5)
    assert.equal(replaced.cost_basis, 1875.25)
    assert.equal(replaced.created_at, p.created_at)

    const items = await listPositions(u, `?account_id=${acct.id}`)
    assert.equal(items.length, 1)
    assert.deepEqual(items[0], replaced)
    // One live row in the table, not two.
    const rows = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db.selectFrom('manual_position').select('id').where('tenant_id', '=', u.tenantId).execute(),
    )
    assert.equal(rows.length, 1)
  })

  it('as_of defaults to today in New York', async () => {
    const u = await t.newTenant()
    const acct = await createAccount(u)
    const before = nyToday(new Date())
    const p = await putPosition(u, { account_id: acct.id, symbol: 'MSFT', quantity: 3, cost_basis: 900 })
    const after = nyToday(new Date())
    assert.ok(p.as_of === before || p.as_of === after, `${p.as_of} vs ${before}/${after}`)
    // A second POST without as_of lands on the same day: a replace.
    const again = await putPosition(u, { account_id: acct.id, symbol: 'MSFT', quantity: 4, cost_basis: 1200 })
    assert.equal(again.position_id, p.position_id)
    assert.equal(again.quantity, 4)
  })

  it('GET lists the latest holding per account and symbol, ordered by account then symbol', async () => {
    const u = await t.newTenant()
    const a1 = await createAccount(u, 'One')
    const a2 = await createAccount(u, 'Two')
    const put = (accountId: number, symbol: string, quantity: number, asOf: string) =>
      putPosition(u, { account_id: accountId, symbol, quantity, cost_basis: quantity * 100, as_of: asOf })
    await put(a1.id, 'MSFT', 3, '2024-01-15')
    await put(a1.id, 'AAPL', 5, '2024-01-02')
    const latest = await put(a1.id, 'AAPL', 7, '2024-02-01')
    await put(a1.id, 'AAPL', 1, '2023-12-01') // older: does not displace 2024-02-01
    await put(a2.id, 'AAPL', 2, '2024-01-10')

    const all = await listPositions(u)
    assert.deepEqual(
      all.map((p) => [p.account_id, p.symbol, p.quantity, p.as_of]),
      [
        [a1.id, 'AAPL', 7, '2024-02-01'],
        [a1.id, 'MSFT', 3, '2024-01-15'],
        [a2.id, 'AAPL', 2, '2024-01-10'],
      ],
    )
    assert.deepEqual(all[0], latest)
    assert.deepEqual(
      (await listPositions(u, `?account_id=${a2.id}`)).map((p) => [p.symbol, p.quantity]),
      [['AAPL', 2]],
    )
    assertProblem(
      await u.get('/api/brokers/manual/positions?account_id=999999999'),
      404,
      'accounts.not_found',
    )
  })

  it('PATCH edits quantity, cost and day; a later day becomes the latest', async () => {
    const u = await t.newTenant()
    const acct = await createAccount(u)
    const old = await putPosition(u, {
      account_id: acct.id,
      symbol: 'VTI',
      quantity: 1,
      cost_basis: 200,
      as_of: '2024-01-02',
    })
    const cur = await putPosition(u, {
      account_id: acct.id,
      symbol: 'VTI',
      quantity: 2,
      cost_basis: 400,
      as_of: '2024-02-01',
    })

    const r1 = await u.patch(`/api/brokers/manual/positions/${cur.position_id}`, {
      quantity: 8.25,
      cost_basis: 99.99,
    })
    assert.equal(r1.statusCode, 200, r1.body)
    assert.equal(json(r1.body).quantity, 8.25)
    assert.equal(json(r1.body).cost_basis, 99.99)
    assert.equal(json(r1.body).as_of, '2024-02-01')

    // Moving the old snapshot past the current one makes it the latest.
    const r2 = await u.patch(`/api/brokers/manual/positions/${old.position_id}`, { as_of: '2024-03-01' })
    assert.equal(r2.statusCode, 200, r2.body)
    assert.equal(json(r2.body).as_of, '2024-03-01')
    assert.equal(json(r2.body).quantity, 1)
    const items = await listPositions(u)
    assert.deepEqual(
      items.map((p) => [p.position_id, p.quantity, p.as_of]),
      [[old.position_id, 1, '2024-03-01']],
    )

    assertFieldError(await u.patch(`/api/brokers/manual/positions/${cur.position_id}`, {}), ['body'])
    assertFieldError(await u.patch(`/api/brokers/manual/positions/${cur.position_id}`, { cost_basis: -1 }), [
      'body',
      'cost_basis',
    ])
    assertProblem(
      await u.patch('/api/brokers/manual/positions/999999999', { quantity: 1 }),
      404,
      'positions.not_found',
    )
  })

  it('PATCH moving a holding onto a day that already holds the symbol → a 4xx problem, both kept', async () => {
    const u = await t.newTenant()
    const acct = await createAccount(u)
    const a = await putPosition(u, {
      account_id: acct.id,
      symbol: 'VTI',
      quantity: 1,
      cost_basis: 200,
      as_of: '2024-01-02',
    })
    const b = await putPosition(u, {
      account_id: acct.id,
      symbol: 'VTI',
      quantity: 2,
      cost_basis: 400,
      as_of: '2024-02-01',
    })
    const res = await u.patch(`/api/brokers/manual/positions/${a.position_id}`, { as_of: '2024-02-01' })
    assert.ok(res.statusCode >= 400 && res.statusCode < 500, `${res.statusCode} ${res.body}`)
    assert.deepEqual(await listPositions(u), [b])
  })

  it('DELETE soft-deletes: gone from GET, the older holding is the latest again, a second DELETE → 404', async () => {
    const u = await t.newTenant()
    const acct = await createAccount(u)
    const older = await putPosition(u, {
      account_id: acct.id,
      symbol: 'AAPL',
      quantity: 5,
      cost_basis: 500,
      as_of: '2024-01-02',
    })
    const newer = await putPosition(u, {
      account_id: acct.id,
      symbol: 'AAPL',
      quantity: 7,
      cost_basis: 700,
      as_of: '2024-02-01',
    })
    const other = await putPosition(u, {
      account_id: acct.id,
      symbol: 'MSFT',
      quantity: 1,
      cost_basis: 300,
      as_of: '2024-02-01',
    })

    const del = await u.delete(`/api/brokers/manual/positions/${newer.position_id}`)
    assert.equal(del.statusCode, 204, del.body)
    assert.equal(del.body, '')
    assert.deepEqual(await listPositions(u), [older, other])

    assertProblem(
      await u.delete(`/api/brokers/manual/positions/${newer.position_id}`),
      404,
      'positions.not_found',
    )
    assertProblem(
      await u.patch(`/api/brokers/manual/positions/${newer.position_id}`, { quantity: 1 }),
      404,
      'positions.not_found',
    )
    // Soft: the row is still there, marked deleted.
    const row = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .selectFrom('manual_position')
        .select(['deleted_at', 'quantity'])
        .where('tenant_id', '=', u.tenantId)
        .where('id', '=', newer.position_id)
        .executeTakeFirst(),
    )
    assert.ok(row?.deleted_at instanceof Date)
    assert.equal(Number(row.quantity), 7)

    // The deleted day is free again: a POST creates a new holding rather than reviving the old one.
    const fresh = await putPosition(u, {
      account_id: acct.id,
      symbol: 'AAPL',
      quantity: 9,
      cost_basis: 900,
      as_of: '2024-02-01',
    })
    assert.notEqual(fresh.position_id, newer.position_id)
    assert.deepEqual(
      (await listPositions(u)).map((p) => [p.symbol, p.quantity]),
      [
        ['AAPL', 9],
        ['MSFT', 1],
      ],
    )
  })

  it('validates the body: symbol, quantity, cost, day; a short (negative quantity) is fine', async () => {
    const u = await t.newTenant()
    const acct = await createAccount(u)
    const base = { account_id: acct.id, symbol: 'AAPL', quantity: 1, cost_basis: 1, as_of: '2024-01-02' }
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{ ...base, symbol: 'AA PL' }, ['body', 'symbol']],
      [{ ...base, symbol: 'X'.repeat(17) }, ['body', 'symbol']],
      [{ ...base, quantity: 2e12 }, ['body', 'quantity']],
      [{ ...base, cost_basis: -0.01 }, ['body', 'cost_basis']],
      [{ ...base, as_of: '2024-02-30' }, ['body', 'as_of']],
      [{ ...base, as_of: '02/01/2024' }, ['body', 'as_of']],
      [{ ...base, account_id: 0 }, ['body', 'account_id']],
    ]
    for (const [body, loc] of cases) {
      assertFieldError(await u.post('/api/brokers/manual/positions', body), loc)
    }
    assert.deepEqual(await listPositions(u), [])
    const short = await putPosition(u, { ...base, symbol: 'brk.b', quantity: -5, cost_basis: 0 })
    assert.equal(short.quantity, -5)
    assert.equal(short.symbol, 'BRK.B')
  })

  it('another tenant’s account or position → 404 and nothing changes; unknown account → 404', async () => {
    const owner = await t.newTenant()
    const other = await t.newTenant()
    const acct = await createAccount(owner)
    const p = await putPosition(owner, {
      account_id: acct.id,
      symbol: 'AAPL',
      quantity: 5,
      cost_basis: 500,
      as_of: '2024-01-02',
    })
    const before = await listPositions(owner)

    const body = { account_id: acct.id, symbol: 'AAPL', quantity: 99, cost_basis: 1, as_of: '2024-01-02' }
    assertProblem(await other.post('/api/brokers/manual/positions', body), 404, 'accounts.not_found')
    assertProblem(
      await other.post('/api/brokers/manual/positions', { ...body, account_id: 999999999 }),
      404,
      'accounts.not_found',
    )
    assertProblem(
      await other.get(`/api/brokers/manual/positions?account_id=${acct.id}`),
      404,
      'accounts.not_found',
    )
    assertProblem(
      await other.patch(`/api/brokers/manual/positions/${p.position_id}`, { quantity: 99 }),
      404,
      'positions.not_found',
    )
    assertProblem(
      await other.delete(`/api/brokers/manual/positions/${p.position_id}`),
      404,
      'positions.not_found',
    )

    assert.deepEqual(await listPositions(other), [])
    assert.deepEqual(await listPositions(owner), before)
  })

  it('a broker (non-manual) account → 422 on POST; its rows are not manual holdings', async () => {
    const u = await t.newTenant()
    const broker = await insertBrokerAccount(u)
    const res = await u.post('/api/brokers/manual/positions', {
      account_id: broker,
      symbol: 'AAPL',
      quantity: 1,
      cost_basis: 1,
      as_of: '2024-01-02',
    })
    assertFieldError(res, ['body', 'account_id'], 'not_manual')
    // A row on the broker account (as a sync might write) is not listed as a manual holding.
    await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .insertInto('manual_position')
        .values({
          tenant_id: u.tenantId,
          account_id: broker,
          symbol: 'AAPL',
          quantity: 1,
          cost_basis: 1,
          as_of: '2024-01-02',
        })
        .execute(),
    )
    assert.deepEqual(await listPositions(u, `?account_id=${broker}`), [])
    assert.deepEqual(await listPositions(u), [])
  })
})

describe('manual transactions', () => {
  it('gain_loss = proceeds − cost_basis − fees exactly in cents; a given gain_loss wins', async () => {
    const u = await t.newTenant()
    const acct = await createAccount(u)

    // 0.30 − 0.10 − 0.10 = 0.10 (binary floats give 0.09999999999999998).
    const small = await createTrade(u, trade(acct.id, { proceeds: 0.3, cost_basis: 0.1, fees: 0.1 }))
    assert.equal(small.gain_loss, 0.1)
    assert.equal(small.proceeds, 0.3)
    assert.equal(small.cost_basis, 0.1)
    assert.equal(small.fees, 0.1)

    // 1234.56 − 1000.01 = 234.55; 234.55 − 4.95 = 229.60.
    const big = await createTrade(u, trade(acct.id, { proceeds: 1234.56, cost_basis: 1000.01, fees: 4.95 }))
    assert.equal(big.gain_loss, 229.6)

    // A loss: 100.00 − 250.75 − 1.25 = −152.00.
    const loss = await createTrade(u, trade(acct.id, { proceeds: 100, cost_basis: 250.75, fees: 1.25 }))
    assert.equal(loss.gain_loss, -152)

    // No fees: 1100 − 1000 = 100, fees reported as 0.
    const plain = await createTrade(u, trade(acct.id))
    assert.equal(plain.fees, 0)
    assert.equal(plain.gain_loss, 100)

    // The broker's own figure (say a wash-sale adjustment) is kept: 42.42, not 10 − 5 = 5.
    const given = await createTrade(u, trade(acct.id, { proceeds: 10, cost_basis: 5, gain_loss: 42.42 }))
    assert.equal(given.gain_loss, 42.42)
    const givenLoss = await createTrade(u, trade(acct.id, { proceeds: 10, cost_basis: 5, gain_loss: -7.5 }))
    assert.equal(givenLoss.gain_loss, -7.5)

    assert.equal(given.account_id, acct.id)
    assert.equal(given.symbol, 'AAPL')
    assert.equal(given.quantity, 10)
    assert.equal(given.date_acquired, '2023-01-10')
    assert.equal(given.date_sold, '2023-06-01')
    assert.equal(given.date_sold_valid, true)
    assert.match(given.created_at, ISO_INSTANT)

    const listed = new Map((await listTrades(u)).map((x) => [x.transaction_id, x.gain_loss]))
    assert.deepEqual(
      [small, big, loss, plain, given, givenLoss].map((x) => listed.get(x.transaction_id)),
      [0.1, 229.6, -152, 100, 42.42, -7.5],
    )
  })

  it('term: long only after more than one year; unknown for VARIOUS or an unparseable sale date', async () => {
    const u = await t.newTenant()
    const acct = await createAccount(u)
    const term = async (date_acquired: string, date_sold: string) =>
      (await createTrade(u, trade(acct.id, { date_acquired, date_sold }))).term as string
    // One year and one day: long. Exactly the anniversary: still short.
    assert.equal(await term('2023-01-10', '2024-01-11'), 'long')
    assert.equal(await term('2023-01-10', '2024-01-10'), 'short')
    assert.equal(await term('2023-01-10', '2023-01-10'), 'short')
    // Acquired on Feb 29: the anniversary is Feb 28 of the next year, so Mar 1 is the first long day.
    assert.equal(await term('2024-02-29', '2025-02-28'), 'short')
    assert.equal(await term('2024-02-29', '2025-03-01'), 'long')
    assert.equal(await term('VARIOUS', '2024-06-01'), 'unknown')
    // A sale before the purchase is refused.
    assertFieldError(
      await u.post(
        '/api/brokers/manual/transactions',
        trade(acct.id, { date_acquired: '2024-06-01', date_sold: '2024-01-01' }),
      ),
      ['body', 'date_sold'],
      'sold_before_acquired',
    )

    const various = await createTrade(u, trade(acct.id, { date_sold: 'Various' }))
    assert.equal(various.term, 'unknown')
    assert.equal(various.date_sold, 'Various')
    assert.equal(various.date_sold_valid, false)
    const impossible = await createTrade(u, trade(acct.id, { date_sold: '2024-02-30' }))
    assert.equal(impossible.date_sold, '2024-02-30')
    assert.equal(impossible.date_sold_valid, false)
    assert.equal(impossible.term, 'unknown')
    // Still counted in gain/loss: 1100 − 1000 = 100.
    assert.equal(impossible.gain_loss, 100)
  })

  it('rejects bad input with 422 and records nothing', async () => {
    const u = await t.newTenant()
    const acct = await createAccount(u)
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [trade(acct.id, { date_acquired: '2023-02-30' }), ['body', 'date_acquired']],
      [trade(acct.id, { date_acquired: '01/10/2023' }), ['body', 'date_acquired']],
      [trade(acct.id, { date_sold: '' }), ['body', 'date_sold']],
      [trade(acct.id, { date_sold: 'x'.repeat(41) }), ['body', 'date_sold']],
      [trade(acct.id, { quantity: 0 }), ['body', 'quantity']],
      [trade(acct.id, { proceeds: -1 }), ['body', 'proceeds']],
      [trade(acct.id, { fees: -0.01 }), ['body', 'fees']],
      [trade(acct.id, { symbol: 'A B' }), ['body', 'symbol']],
      [{ ...trade(acct.id), proceeds: undefined }, ['body', 'proceeds']],
    ]
    for (const [body, loc] of cases) {
      assertFieldError(await u.post('/api/brokers/manual/transactions', body), loc)
    }
    // A date_sold of exactly 40 characters is accepted (stored as given).
    const forty = await createTrade(u, trade(acct.id, { date_sold: 's'.repeat(40) }))
    assert.equal(forty.date_sold, 's'.repeat(40))
    assert.deepEqual(
      (await listTrades(u)).map((x) => x.transaction_id),
      [forty.transaction_id],
    )
  })

  it('lists newest sale first; year filters on the parsed sale date (inclusive); account filter', async () => {
    const u = await t.newTenant()
    const a1 = await createAccount(u, 'One')
    const a2 = await createAccount(u, 'Two')
    const sold = async (accountId: number, date_sold: string) =>
      (await createTrade(u, trade(accountId, { date_acquired: '2020-01-01', date_sold })))
        .transaction_id as number
    const mid23 = await sold(a1.id, '2023-06-01')
    const bad = await sold(a1.id, 'not a date')
    const end24 = await sold(a1.id, '2024-12-31')
    const start24 = await sold(a1.id, '2024-01-01')
    const end23 = await sold(a1.id, '2023-12-31')
    const start25 = await sold(a1.id, '2025-01-01')
    const mid24other = await sold(a2.id, '2024-07-04')

    // Sale date descending, rows without a parseable sale date last.
    assert.deepEqual(
      (await listTrades(u)).map((x) => x.transaction_id),
      [start25, end24, mid24other, start24, end23, mid23, bad],
    )
    assert.deepEqual(
      (await listTrades(u, '?year=2024')).map((x) => x.transaction_id),
      [end24, mid24other, start24],
    )
    assert.deepEqual(
      (await listTrades(u, `?year=2024&account_id=${a1.id}`)).map((x) => x.transaction_id),
      [end24, start24],
    )
    assert.deepEqual(
      (await listTrades(u, '?year=2023')).map((x) => x.transaction_id),
      [end23, mid23],
    )
    assert.deepEqual(await listTrades(u, '?year=2022'), [])
    assert.deepEqual(
      (await listTrades(u, `?account_id=${a2.id}`)).map((x) => x.transaction_id),
      [mid24other],
    )
    assertFieldError(await u.get('/api/brokers/manual/transactions?year=1899'), ['query', 'year'])
    assertFieldError(await u.get('/api/brokers/manual/transactions?year=abc'), ['query', 'year'])
    assertProblem(
      await u.get('/api/brokers/manual/transactions?account_id=999999999'),
      404,
      'accounts.not_found',
    )
  })

  it('PATCH recomputes gain_loss from changed inputs unless gain_loss is given; term follows the dates', async () => {
    const u = await t.newTenant()
    const acct = await createAccount(u)
    const x = await createTrade(
      u,
      trade(acct.id, { proceeds: 500, cost_basis: 400, date_sold: '2023-06-01' }),
    )
    assert.equal(x.gain_loss, 100) // 500 − 400 − 0
    const url = `/api/brokers/manual/transactions/${x.transaction_id}`
    const patch = async (body: Record<string, unknown>) => {
      const res = await u.patch(url, body)
      assert.equal(res.statusCode, 200, res.body)
      return json(res.body)
    }

    assert.equal((await patch({ fees: 2.5 })).gain_loss, 97.5) // 500 − 400 − 2.50
    const p2 = await patch({ proceeds: 600.1 }) // 600.10 − 400 − 2.50 = 197.60
    assert.equal(p2.gain_loss, 197.6)
    assert.equal(p2.proceeds, 600.1)
    assert.equal(p2.fees, 2.5)
    assert.equal((await patch({ gain_loss: 150 })).gain_loss, 150)
    assert.equal((await patch({ cost_basis: 300, gain_loss: 10 })).gain_loss, 10)
    // A changed input recomputes the figure: 600.10 − 300 − 0.10 = 300.00.
    assert.equal((await patch({ fees: 0.1 })).gain_loss, 300)

    const long = await patch({ date_sold: '2024-01-11' }) // acquired 2023-01-10
    assert.equal(long.term, 'long')
    assert.equal(long.date_sold_valid, true)
    const unknown = await patch({ date_sold: 'N/A' })
    assert.equal(unknown.term, 'unknown')
    assert.equal(unknown.date_sold, 'N/A')
    assert.equal(unknown.date_sold_valid, false)
    const various = await patch({
      date_sold: '2024-01-11',
      date_acquired: 'VARIOUS',
      symbol: 'msft',
      quantity: 2.5,
    })
    assert.equal(various.term, 'unknown')
    assert.equal(various.symbol, 'MSFT')
    assert.equal(various.quantity, 2.5)

    const [listed] = await listTrades(u)
    assert.deepEqual(listed, various)
    assert.equal(listed?.gain_loss, 300)
    assert.equal(listed?.cost_basis, 300)

    assertFieldError(await u.patch(url, {}), ['body'])
    assertFieldError(await u.patch(url, { date_acquired: '2023-02-29' }), ['body', 'date_acquired'])
    assertProblem(
      await u.patch('/api/brokers/manual/transactions/999999999', { fees: 1 }),
      404,
      'transactions.not_found',
    )
    assert.deepEqual((await listTrades(u))[0], various)
  })

  it('PATCH of a field that is not an input keeps a given gain_loss', async () => {
    const u = await t.newTenant()
    const acct = await createAccount(u)
    const x = await createTrade(u, trade(acct.id, { proceeds: 10, cost_basis: 5, gain_loss: 42.42 }))
    const res = await u.patch(`/api/brokers/manual/transactions/${x.transaction_id}`, { symbol: 'MSFT' })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(json(res.body).gain_loss, 42.42)
    assert.equal((await listTrades(u))[0]?.gain_loss, 42.42)
  })

  it('DELETE soft-deletes: gone from GET, second DELETE and PATCH → 404', async () => {
    const u = await t.newTenant()
    const acct = await createAccount(u)
    const keep = await createTrade(u, trade(acct.id, { date_sold: '2023-06-01' }))
    const gone = await createTrade(u, trade(acct.id, { date_sold: '2023-07-01' }))
    const url = `/api/brokers/manual/transactions/${gone.transaction_id}`
    const del = await u.delete(url)
    assert.equal(del.statusCode, 204, del.body)
    assert.equal(del.body, '')
    assert.deepEqual(await listTrades(u), [keep])
    assert.deepEqual(await listTrades(u, '?year=2023'), [keep])
    assertProblem(await u.delete(url), 404, 'transactions.not_found')
    assertProblem(await u.patch(url, { fees: 1 }), 404, 'transactions.not_found')
    const row = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .selectFrom('realized_trade')
        .select('deleted_at')
        .where('tenant_id', '=', u.tenantId)
        .where('id', '=', gone.transaction_id)
        .executeTakeFirst(),
    )
    assert.ok(row?.deleted_at instanceof Date)
  })

  it('another tenant’s account or transaction → 404 and nothing changes; a broker account → 422', async () => {
    const owner = await t.newTenant()
    const other = await t.newTenant()
    const acct = await createAccount(owner)
    const x = await createTrade(owner, trade(acct.id))
    const before = await listTrades(owner)

    assertProblem(
      await other.post('/api/brokers/manual/transactions', trade(acct.id)),
      404,
      'accounts.not_found',
    )
    assertProblem(
      await other.get(`/api/brokers/manual/transactions?account_id=${acct.id}`),
      404,
      'accounts.not_found',
    )
    const url = `/api/brokers/manual/transactions/${x.transaction_id}`
    assertProblem(await other.patch(url, { proceeds: 1, gain_loss: -999 }), 404, 'transactions.not_found')
    assertProblem(await other.delete(url), 404, 'transactions.not_found')
    assert.deepEqual(await listTrades(other), [])
    assert.deepEqual(await listTrades(owner), before)

    const broker = await insertBrokerAccount(owner)
    assertFieldError(
      await owner.post('/api/brokers/manual/transactions', trade(broker)),
      ['body', 'account_id'],
      'not_manual',
    )
    assert.deepEqual(await listTrades(owner), before)
  })
})
