/**
 * Portfolio capital through HTTP: investors (the owner made automatically), capital flows with
 * their exact net, and POST /api/analytics/xirr.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import {
  assertAllNeedCredentials,
  assertFieldError,
  assertProblem,
  json,
  type Body,
} from '../helpers/assertions.ts'

const t = useTestApp()

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

async function investors(u: Client): Promise<Body[]> {
  const res = await u.get('/api/investors')
  assert.equal(res.statusCode, 200, res.body)
  return json(res.body).items as Body[]
}

async function owner(u: Client): Promise<Body> {
  const found = (await investors(u)).filter((i) => i.is_owner)
  assert.equal(found.length, 1)
  return found[0]!
}

async function addInvestor(u: Client, body: Record<string, unknown>): Promise<Body> {
  const res = await u.post('/api/investors', body)
  assert.equal(res.statusCode, 201, res.body)
  return json(res.body)
}

async function addFlow(u: Client, body: Record<string, unknown>): Promise<Body> {
  const res = await u.post('/api/capital-flows', body)
  assert.equal(res.statusCode, 201, res.body)
  return json(res.body)
}

async function flows(u: Client, query = ''): Promise<{ items: Body[]; net_capital: number }> {
  const res = await u.get(`/api/capital-flows${query}`)
  assert.equal(res.statusCode, 200, res.body)
  // One page (the shared list shape) of at most 25 flows; the tests compare items and the sum.
  const { items, net_capital, ...page } = json(res.body)
  assert.deepEqual(Object.keys(page).sort(), ['next_cursor', 'page', 'page_size'])
  return { items, net_capital }
}

const fullName = (u: Client) =>
  t.c.scopes.withTenant(u.tenantId, async ({ db }) => {
    const row = await db
      .selectFrom('app_user')
      .select('full_name')
      .where('tenant_id', '=', u.tenantId)
      .where('id', '=', u.userId)
      .executeTakeFirstOrThrow()
    return row.full_name
  })

const ownerRows = (u: Client) =>
  t.c.scopes.withTenant(u.tenantId, ({ db }) =>
    db
      .selectFrom('investor')
      .select('id')
      .where('tenant_id', '=', u.tenantId)
      .where('is_owner', '=', true)
      .execute(),
  )

describe('investors', () => {
  it('the owner is created on first use, named after the user, and listed first', async () => {
    const u = await t.newTenant()
    const name = await fullName(u)
    assert.ok(name, 'the test user has a full name')
    // A non-owner written before the owner exists gets the lower id: the owner must still come first.
    await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db.insertInto('investor').values({ tenant_id: u.tenantId, name: 'Early bird', email: null }).execute(),
    )
    const first = await investors(u)
    assert.deepEqual(
      first.map((i) => [i.name, i.is_owner]),
      [
        [name, true],
        ['Early bird', false],
      ],
    )
    const o = first[0]!
    assert.equal(o.email, u.email)
    assert.equal(typeof o.investor_id, 'number')
    assert.match(o.created_at, ISO_INSTANT)

    const alice = await addInvestor(u, { name: '  Alice  ', email: 'Alice@Example.COM' })
    assert.equal(alice.name, 'Alice')
    assert.equal(alice.email, 'alice@example.com')
    assert.equal(alice.is_owner, false)
    const bob = await addInvestor(u, { name: 'Bob' })
    assert.equal(bob.email, null)

    const again = await investors(u)
    assert.deepEqual(
      again.map((i) => i.name),
      [name, 'Early bird', 'Alice', 'Bob'],
    )
    assert.deepEqual(again[0], o, 'the same owner, not a second one')
    assert.equal((await ownerRows(u)).length, 1)
  })

  it('POST before any GET also creates the owner; concurrent first calls make exactly one', async () => {
    const u = await t.newTenant()
    await addInvestor(u, { name: 'Partner' })
    assert.deepEqual(
      (await investors(u)).map((i) => i.is_owner),
      [true, false],
    )

    const v = await t.newTenant()
    const lists = await Promise.all([1, 2, 3, 4].map(() => investors(v)))
    const ids = lists.map((items) => {
      assert.equal(items.length, 1)
      assert.equal(items[0]?.is_owner, true)
      return items[0]?.investor_id as number
    })
    assert.equal(new Set(ids).size, 1)
    assert.equal((await ownerRows(v)).length, 1)
  })

  it('PATCH renames and changes or clears the e-mail; bad patches → 422, unknown → 404', async () => {
    const u = await t.newTenant()
    const carol = await addInvestor(u, { name: 'Carol', email: 'carol@example.com' })
    const url = `/api/investors/${carol.investor_id}`
    const r1 = await u.patch(url, { name: 'Carol Smith' })
    assert.equal(r1.statusCode, 200, r1.body)
    assert.equal(json(r1.body).name, 'Carol Smith')
    assert.equal(json(r1.body).email, 'carol@example.com')
    const r2 = await u.patch(url, { email: null })
    assert.equal(r2.statusCode, 200, r2.body)
    assert.equal(json(r2.body).email, null)

    assertFieldError(await u.patch(url, {}), ['body'])
    assertFieldError(await u.patch(url, { name: '' }), ['body', 'name'])
    assertFieldError(await u.patch(url, { email: 'not-an-email' }), ['body', 'email'])
    assertFieldError(await u.post('/api/investors', { name: 'X', email: 'nope' }), ['body', 'email'])
    assertFieldError(await u.post('/api/investors', {}), ['body', 'name'])
    assertProblem(await u.patch('/api/investors/999999999', { name: 'Ghost' }), 404, 'investors.not_found')

    const listed = (await investors(u)).find((i) => i.investor_id === carol.investor_id)
    assert.equal(listed?.name, 'Carol Smith')
    assert.equal(listed?.email, null)
    assert.equal((await investors(u)).length, 2) // owner + Carol: the rejected POSTs made nothing
  })

  it('PATCH normalizes like POST: trims the name and lower-cases the e-mail', async () => {
    const u = await t.newTenant()
    const dora = await addInvestor(u, { name: 'Dora' })
    const res = await u.patch(`/api/investors/${dora.investor_id}`, {
      name: ' Dora ',
      email: 'Dora@Example.COM',
    })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(json(res.body).name, 'Dora')
    assert.equal(json(res.body).email, 'dora@example.com')
  })

  it('another tenant’s investor → 404 and nothing changes', async () => {
    const a = await t.newTenant()
    const b = await t.newTenant()
    const erin = await addInvestor(a, { name: 'Erin', email: 'erin@example.com' })
    const before = await investors(a)
    for (const body of [{ name: 'stolen' }, { email: null }]) {
      assertProblem(await b.patch(`/api/investors/${erin.investor_id}`, body), 404, 'investors.not_found')
    }
    const theirs = await investors(b)
    assert.deepEqual(
      theirs.map((i) => i.is_owner),
      [true],
    )
    assert.deepEqual(await investors(a), before)
  })
})

describe('capital flows', () => {
  it('records contributions and withdrawals by date; net_capital is their exact sum', async () => {
    const u = await t.newTenant()
    const me = await owner(u)
    const acct = await createManualAccount(u)
    const alice = await addInvestor(u, { name: 'Alice' })

    // Written out of date order: the list is by date.
    const w = await addFlow(u, { investor_id: me.investor_id, date: '2024-06-30', amount: -3000.05 })
    const c1 = await addFlow(u, {
      investor_id: me.investor_id,
      date: '2024-01-15',
      amount: 10000.1,
      note: 'seed money',
    })
    const c2 = await addFlow(u, {
      investor_id: me.investor_id,
      account_id: acct,
      date: '2024-03-01',
      amount: 2500.2,
    })
    assert.equal(typeof c1.flow_id, 'number')
    assert.equal(c1.investor_id, me.investor_id)
    assert.equal(c1.account_id, null)
    assert.equal(c1.date, '2024-01-15')
    assert.equal(c1.amount, 10000.1)
    assert.equal(c1.note, 'seed money')
    assert.match(c1.created_at, ISO_INSTANT)
    assert.equal(c2.account_id, acct)
    assert.equal(c2.note, null)
    assert.equal(w.amount, -3000.05)

    const mine = await flows(u, `?investor_id=${me.investor_id}`)
    assert.deepEqual(mine.items, [c1, c2, w])
    // 10000.10 + 2500.20 = 12500.30; 12500.30 − 3000.05 = 9500.25
    assert.equal(mine.net_capital, 9500.25)

    // 0.10 + 0.20 = 0.30 (binary floats give 0.30000000000000004).
    const a1 = await addFlow(u, { investor_id: alice.investor_id, date: '2024-02-01', amount: 0.1 })
    const a2 = await addFlow(u, {
      investor_id: alice.investor_id,
      account_id: acct,
      date: '2024-02-02',
      amount: 0.2,
    })
    const hers = await flows(u, `?investor_id=${alice.investor_id}`)
    assert.deepEqual(hers.items, [a1, a2])
    assert.equal(hers.net_capital, 0.3)

    // Everything: 9500.25 + 0.30 = 9500.55, by date 01-15, 02-01, 02-02, 03-01, 06-30.
    const all = await flows(u)
    assert.deepEqual(
      all.items.map((f) => f.flow_id),
      [c1.flow_id, a1.flow_id, a2.flow_id, c2.flow_id, w.flow_id],
    )
    assert.equal(all.net_capital, 9500.55)
    // By account: 2500.20 + 0.20 = 2500.40.
    const byAccount = await flows(u, `?account_id=${acct}`)
    assert.deepEqual(byAccount.items, [a2, c2])
    assert.equal(byAccount.net_capital, 2500.4)
    const both = await flows(u, `?investor_id=${alice.investor_id}&account_id=${acct}`)
    assert.deepEqual(both.items, [a2])
    assert.equal(both.net_capital, 0.2)
  })

  it('a flow is in its account’s currency, or the base currency without one, unless it says', async () => {
    const u = await t.newTenant()
    const o = await owner(u)
    const eur = json(
      (await u.post('/api/accounts', { name: 'Depot', broker_type: 'manual', currency: 'EUR' })).body,
    ).id as number
    await t.c.scopes.withTenant(u.tenantId, (s) =>
      s.db.updateTable('tenant').set({ base_currency: 'CHF' }).where('id', '=', u.tenantId).execute(),
    )
    const onAccount = await addFlow(u, {
      investor_id: o.investor_id,
      account_id: eur,
      date: '2025-01-02',
      amount: 100,
    })
    const unattached = await addFlow(u, { investor_id: o.investor_id, date: '2025-01-02', amount: 100 })
    const said = await addFlow(u, {
      investor_id: o.investor_id,
      date: '2025-01-02',
      amount: 100,
      currency: 'GBP',
    })
    assert.deepEqual([onAccount.currency, unattached.currency, said.currency], ['EUR', 'CHF', 'GBP'])
    const bad = await u.post('/api/capital-flows', {
      investor_id: o.investor_id,
      date: '2025-01-02',
      amount: 100,
      currency: 'usd',
    })
    assert.equal(bad.statusCode, 422, bad.body)
  })

  it('an empty list has net_capital 0', async () => {
    const u = await t.newTenant()
    assert.deepEqual(await flows(u), { items: [], net_capital: 0 })
  })

  it('rejects amount 0, unknown investors and accounts, bad dates with 422 and records nothing', async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    const me = await owner(u)
    const theirInvestor = await owner(other)
    const theirAccount = await createManualAccount(other)
    const ok = { investor_id: me.investor_id, date: '2024-01-02', amount: 100 }
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{ ...ok, amount: 0 }, ['body', 'amount']],
      [{ ...ok, investor_id: 999999999 }, ['body', 'investor_id']],
      [{ ...ok, investor_id: theirInvestor.investor_id }, ['body', 'investor_id']],
      [{ ...ok, account_id: 999999999 }, ['body', 'account_id']],
      [{ ...ok, account_id: theirAccount }, ['body', 'account_id']],
      [{ ...ok, date: '2024-02-30' }, ['body', 'date']],
      [{ ...ok, date: undefined }, ['body', 'date']],
      [{ ...ok, amount: undefined }, ['body', 'amount']],
      [{ ...ok, note: 'n'.repeat(501) }, ['body', 'note']],
    ]
    for (const [body, loc] of cases) assertFieldError(await u.post('/api/capital-flows', body), loc)
    assert.deepEqual(await flows(u), { items: [], net_capital: 0 })
    assert.deepEqual(await flows(other), { items: [], net_capital: 0 })
  })

  it('PATCH corrects date, amount and note; net_capital follows; bad patches → 422, unknown → 404', async () => {
    const u = await t.newTenant()
    const me = await owner(u)
    const f1 = await addFlow(u, {
      investor_id: me.investor_id,
      date: '2024-01-10',
      amount: 1000,
      note: 'first',
    })
    const f2 = await addFlow(u, { investor_id: me.investor_id, date: '2024-02-10', amount: -250.5 })
    const url = `/api/capital-flows/${f1.flow_id}`

    const r1 = await u.patch(url, { amount: 1200.75, date: '2024-03-01' })
    assert.equal(r1.statusCode, 200, r1.body)
    assert.equal(json(r1.body).amount, 1200.75)
    assert.equal(json(r1.body).date, '2024-03-01')
    assert.equal(json(r1.body).note, 'first')
    const r2 = await u.patch(url, { note: 'corrected' })
    assert.equal(r2.statusCode, 200, r2.body)
    assert.equal(json(r2.body).note, 'corrected')
    assert.equal(json(r2.body).amount, 1200.75)

    assertFieldError(await u.patch(url, { amount: 0 }), ['body', 'amount'])
    assertFieldError(await u.patch(url, {}), ['body'])
    assertFieldError(await u.patch(url, { date: '2023-02-29' }), ['body', 'date'])
    assertProblem(
      await u.patch('/api/capital-flows/999999999', { amount: 1 }),
      404,
      'capital_flows.not_found',
    )

    // f1 moved after f2; 1200.75 − 250.50 = 950.25.
    const now = await flows(u)
    assert.deepEqual(
      now.items.map((f) => [f.flow_id, f.date, f.amount, f.note]),
      [
        [f2.flow_id, '2024-02-10', -250.5, null],
        [f1.flow_id, '2024-03-01', 1200.75, 'corrected'],
      ],
    )
    assert.equal(now.net_capital, 950.25)
  })

  it('PATCH {note: null} clears the note', async () => {
    const u = await t.newTenant()
    const me = await owner(u)
    const f = await addFlow(u, {
      investor_id: me.investor_id,
      date: '2024-01-10',
      amount: 10,
      note: 'typo',
    })
    const res = await u.patch(`/api/capital-flows/${f.flow_id}`, { note: null })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(json(res.body).note, null)
    assert.equal((await flows(u)).items[0]?.note, null)
  })

  it('DELETE removes a flow (204); a second DELETE → 404', async () => {
    const u = await t.newTenant()
    const me = await owner(u)
    const keep = await addFlow(u, { investor_id: me.investor_id, date: '2024-01-10', amount: 700.7 })
    const gone = await addFlow(u, { investor_id: me.investor_id, date: '2024-01-11', amount: 300.3 })
    assert.equal((await flows(u)).net_capital, 1001) // 700.70 + 300.30
    const res = await u.delete(`/api/capital-flows/${gone.flow_id}`)
    assert.equal(res.statusCode, 204, res.body)
    assert.equal(res.body, '')
    assert.deepEqual(await flows(u), { items: [keep], net_capital: 700.7 })
    assertProblem(await u.delete(`/api/capital-flows/${gone.flow_id}`), 404, 'capital_flows.not_found')
    assertProblem(
      await u.patch(`/api/capital-flows/${gone.flow_id}`, { amount: 1 }),
      404,
      'capital_flows.not_found',
    )
  })

  it('another tenant’s flows: PATCH and DELETE → 404, filters by their ids → 404, nothing changes', async () => {
    const a = await t.newTenant()
    const b = await t.newTenant()
    const aOwner = await owner(a)
    const aAccount = await createManualAccount(a)
    const f = await addFlow(a, {
      investor_id: aOwner.investor_id,
      account_id: aAccount,
      date: '2024-01-10',
      amount: 5000,
    })
    const before = await flows(a)

    assertProblem(
      await b.patch(`/api/capital-flows/${f.flow_id}`, { amount: -1 }),
      404,
      'capital_flows.not_found',
    )
    assertProblem(await b.delete(`/api/capital-flows/${f.flow_id}`), 404, 'capital_flows.not_found')
    assert.deepEqual(await flows(b), { items: [], net_capital: 0 })
    assertProblem(
      await b.get(`/api/capital-flows?investor_id=${aOwner.investor_id}`),
      404,
      'investors.not_found',
    )
    assertProblem(await b.get(`/api/capital-flows?account_id=${aAccount}`), 404, 'accounts.not_found')

    assert.deepEqual(await flows(a), before)
    assert.equal(before.net_capital, 5000)
  })

  it('every capital route needs credentials', async () => {
    const calls: ['GET' | 'POST' | 'PATCH' | 'DELETE', string][] = [
      ['GET', '/api/investors'],
      ['POST', '/api/investors'],
      ['PATCH', '/api/investors/1'],
      ['GET', '/api/capital-flows'],
      ['POST', '/api/capital-flows'],
      ['PATCH', '/api/capital-flows/1'],
      ['DELETE', '/api/capital-flows/1'],
      ['POST', '/api/analytics/xirr'],
    ]
    await assertAllNeedCredentials(t.anon, calls)
  })
})

describe('POST /api/analytics/xirr', () => {
  const xirr = async (u: Client, body: unknown) => u.post('/api/analytics/xirr', body)
  const microsoft = [
    { date: '2008-01-01', amount: -10000 },
    { date: '2008-03-01', amount: 2750 },
    { date: '2008-10-30', amount: 4250 },
    { date: '2009-02-15', amount: 3250 },
    { date: '2009-04-01', amount: 2750 },
  ]

  it("matches Microsoft's documented XIRR example (0.373362535), whatever the order or guess", async () => {
    const u = await t.newTenant()
    for (const body of [
      { cash_flows: microsoft },
      { cash_flows: [...microsoft].reverse() },
      { cash_flows: microsoft, guess: 0.5 },
    ]) {
      const res = await xirr(u, body)
      assert.equal(res.statusCode, 200, res.body)
      const r = json(res.body)
      assert.equal(r.converged, true)
      assert.ok(Math.abs(r.xirr - 0.373362535) <= 1e-6, String(r.xirr))
    }
  })

  it('two flows across a leap year: (1.1)^(365/366) − 1', async () => {
    const u = await t.newTenant()
    // 2020-01-01 → 2021-01-01 is 366 days (2020 is a leap year), i.e. 366/365 years:
    // −1000 + 1100 / (1 + r)^(366/365) = 0  ⇒  (1 + r)^(366/365) = 1.1  ⇒  r = 1.1^(365/366) − 1 ≈ 0.0997136.
    const expected = Math.pow(1.1, 365 / 366) - 1
    assert.ok(Math.abs(expected - 0.1) > 1e-4, 'a 365-day year would give 0.1: the case tells them apart')
    const res = await xirr(u, {
      cash_flows: [
        { date: '2020-01-01', amount: -1000 },
        { date: '2021-01-01', amount: 1100 },
      ],
    })
    assert.equal(res.statusCode, 200, res.body)
    const r = json(res.body)
    assert.equal(r.converged, true)
    assert.ok(Math.abs(r.xirr - expected) <= 1e-9, `${r.xirr} vs ${expected}`)
  })

  it('no root → {xirr: null, converged: false}', async () => {
    const u = await t.newTenant()
    // Years 365 days apart, v = 1/(1 + r) > 0: NPV = 100 − 50v + 100v²; discriminant 50² − 4·100·100 < 0,
    // so the NPV is positive for every r > −1.
    const res = await xirr(u, {
      cash_flows: [
        { date: '2021-01-01', amount: 100 },
        { date: '2022-01-01', amount: -50 },
        { date: '2023-01-01', amount: 100 },
      ],
    })
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(json(res.body), { xirr: null, converged: false, other_roots: [] })
  })

  it('several roots: xirr is the one Newton reaches from the guess, other_roots the rest', async () => {
    const u = await t.newTenant()
    // Years 365 days apart, y = 1 + r: −100 + 230/y − 132/y² = 0 ⇔ 100y² − 230y + 132 = 0
    // ⇔ y = (230 ± √(52,900 − 52,800)) / 200 = (230 ± 10) / 200 → r = 0.1 or 0.2.
    const cash_flows = [
      { date: '2021-01-01', amount: -100 },
      { date: '2022-01-01', amount: 230 },
      { date: '2023-01-01', amount: -132 },
    ]
    for (const [guess, root, other] of [
      [undefined, 0.1, 0.2],
      [0.3, 0.2, 0.1],
    ] as const) {
      const res = await xirr(u, { cash_flows, ...(guess === undefined ? {} : { guess }) })
      assert.equal(res.statusCode, 200, res.body)
      const r = json(res.body)
      assert.equal(r.converged, true)
      assert.ok(Math.abs(r.xirr - root) <= 1e-9, `${r.xirr} vs ${root}`)
      assert.equal(r.other_roots.length, 1, res.body)
      assert.ok(Math.abs(r.other_roots[0] - other) <= 1e-9, `${r.other_roots[0]} vs ${other}`)
    }
    // One change of sign: a single root, nothing else to report.
    const unique = json((await xirr(u, { cash_flows: microsoft })).body)
    assert.deepEqual(unique.other_roots, [])
  })

  it('one flow, flows of one sign, bad dates and bad guesses → 422', async () => {
    const u = await t.newTenant()
    const cases: [unknown, (string | number)[]][] = [
      [{ cash_flows: [{ date: '2024-01-01', amount: -100 }] }, ['body', 'cash_flows']],
      [{ cash_flows: [] }, ['body', 'cash_flows']],
      [{}, ['body', 'cash_flows']],
      [
        {
          cash_flows: [
            { date: '2024-01-01', amount: 100 },
            { date: '2024-06-01', amount: 50 },
          ],
        },
        ['body', 'cash_flows'],
      ],
      [
        {
          cash_flows: [
            { date: '2024-01-01', amount: -100 },
            { date: '2024-06-01', amount: -50 },
          ],
        },
        ['body', 'cash_flows'],
      ],
      [
        {
          cash_flows: [
            { date: '2024-01-01', amount: -100 },
            { date: '2024-02-30', amount: 110 },
          ],
        },
        ['body', 'cash_flows', 1, 'date'],
      ],
      [{ cash_flows: microsoft, guess: -1 }, ['body', 'guess']],
    ]
    for (const [body, loc] of cases) assertFieldError(await xirr(u, body), loc)
  })
})
