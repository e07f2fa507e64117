/**
 * The activity ledger through HTTP: manual entry with its rules, the list and its filters, edits and
 * deletes with their capital flow, cash per account, re-attribution of an activity's capital flow,
 * and tenant isolation.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { recordActivities } from '../../src/modules/portfolio/activities/record.service.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { assertFieldError, assertProblem, json, type Body } from '../helpers/assertions.ts'

// Today in New York: 2026-11-24.
const t = useTestApp({ clock: fixedClock('2026-11-24T17:00:00Z') })

async function add(u: Client, body: Record<string, unknown>): Promise<Body> {
  const res = await u.post('/api/activities', body)
  assert.equal(res.statusCode, 201, res.body)
  return json(res.body)
}

async function list(u: Client, query = ''): Promise<Body[]> {
  const res = await u.get(`/api/activities${query}`)
  assert.equal(res.statusCode, 200, res.body)
  return json(res.body).items as Body[]
}

async function cashOf(u: Client, accountId: number): Promise<unknown> {
  const res = await u.get('/api/accounts')
  assert.equal(res.statusCode, 200, res.body)
  return (json(res.body).items as Body[]).find((a) => a.id === accountId)!.cash
}

async function flowsOf(u: Client, accountId: number): Promise<Body[]> {
  const res = await u.get(`/api/capital-flows?account_id=${accountId}`)
  assert.equal(res.statusCode, 200, res.body)
  return json(res.body).items as Body[]
}

describe('manual activities', () => {
  it('records a deposit (with its capital flow), a buy and a dividend; cash is their sum', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    const dep = await add(u, { account_id: acct, type: 'DEPOSIT', date: '2026-11-02', amount: 10000 })
    assert.equal(dep.cash_effect, 10000)
    assert.equal(dep.currency, 'USD')
    assert.equal(dep.source, 'manual')
    assert.equal(typeof dep.capital_flow_id, 'number')
    const buy = await add(u, {
      account_id: acct,
      type: 'BUY',
      date: '2026-11-03',
      symbol: 'aapl',
      quantity: 10,
      price: 150.025,
      fee: 1,
    })
    assert.deepEqual(
      [buy.symbol, buy.quantity, buy.price, buy.amount, buy.fee, buy.cash_effect, buy.capital_flow_id],
      ['AAPL', 10, 150.025, 1500.25, 1, -1501.25, null],
    )
    await add(u, { account_id: acct, type: 'DIVIDEND', date: '2026-11-10', symbol: 'AAPL', amount: 2.4 })
    await add(u, { account_id: acct, type: 'TAX', date: '2026-11-10', symbol: 'AAPL', amount: 0.36 })
    // 10,000 − 1,501.25 + 2.40 − 0.36 = 8,500.79
    assert.deepEqual(await cashOf(u, acct), [{ currency: 'USD', balance: 8500.79 }])
    // The books agree with the cash: nav = capital 10,000 + unrealized (worth − 1,501.25 paid, fee
    // included) + income 2.40 − 0.36 = 2.04, so nav − market value = 10,000 − 1,501.25 + 2.04 = 8,500.79.
    const aum = json((await u.get('/api/analytics/aum')).body).current as Body
    assert.equal(aum.income, 2.04)
    assert.equal(aum.net_capital, 10000)
    assert.equal(aum.implied_cash, 8500.79)
    // One investor owns all of it.
    const units = json((await u.get('/api/analytics/investor-allocation')).body)
    assert.equal(units.nav, aum.nav)
    assert.deepEqual(
      (units.items as Body[]).map((i) => i.value),
      [aum.nav],
    )
    const flows = await flowsOf(u, acct)
    assert.deepEqual(
      flows.map((f) => [f.flow_id, f.amount, f.kind, f.activity_id, f.currency, f.date]),
      [[dep.capital_flow_id, 10000, 'activity', dep.activity_id, 'USD', '2026-11-02']],
    )
  })

  it('lists newest first with filters, and pages with a cursor', async () => {
    const u = await t.newTenant()
    const a1 = await createManualAccount(u, 'One')
    const a2 = await createManualAccount(u, 'Two')
    await add(u, { account_id: a1, type: 'DEPOSIT', date: '2026-10-01', amount: 100 })
    await add(u, { account_id: a1, type: 'INTEREST', date: '2026-10-31', amount: 0.42 })
    await add(u, { account_id: a2, type: 'DEPOSIT', date: '2026-10-15', amount: 50 })
    await add(u, { account_id: a2, type: 'FEE', date: '2026-10-15', amount: 5 })
    const all = await list(u)
    assert.deepEqual(
      all.map((a) => [a.date, a.type]),
      [
        ['2026-10-31', 'INTEREST'],
        ['2026-10-15', 'FEE'],
        ['2026-10-15', 'DEPOSIT'],
        ['2026-10-01', 'DEPOSIT'],
      ],
    )
    assert.equal((await list(u, `?account_id=${a2}`)).length, 2)
    assert.equal((await list(u, `?account_ids=${a1},${a2}&type=DEPOSIT,FEE`)).length, 3)
    assert.deepEqual(
      (await list(u, '?from=2026-10-02&to=2026-10-30')).map((a) => a.type),
      ['FEE', 'DEPOSIT'],
    )
    assert.equal((await list(u, '?source=csv')).length, 0)
    const first = json((await u.get('/api/activities?limit=3')).body)
    assert.equal((first.items as Body[]).length, 3)
    const rest = await list(u, `?limit=3&cursor=${first.next_cursor as string}`)
    assert.deepEqual(
      rest.map((a) => a.date),
      ['2026-10-01'],
    )
    assertFieldError(await u.get('/api/activities?from=2026-11-01&to=2026-10-01'), ['query', 'from'], 'range')
  })

  it('rejects rows that break a rule, naming the field', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    const bad = (body: Record<string, unknown>) => u.post('/api/activities', { account_id: acct, ...body })
    assertFieldError(
      await bad({ type: 'BUY', date: '2026-11-02', quantity: 1, price: 1 }),
      ['body', 'symbol'],
      'required',
    )
    assertFieldError(
      await bad({ type: 'DEPOSIT', date: '2026-11-25', amount: 5 }),
      ['body', 'date'],
      'future',
    )
    assertFieldError(
      await bad({ type: 'DEPOSIT', date: '2026-11-02', amount: 0 }),
      ['body', 'amount'],
      'range',
    )
    assertFieldError(await bad({ type: 'WITHDRAWAL', date: '2026-11-02', amount: 5, quantity: 2 }), [
      'body',
      'quantity',
    ])
    assertFieldError(
      await bad({ type: 'SELL', date: '2026-11-02', symbol: 'AAPL', quantity: 2, price: 10, amount: 25 }),
      ['body', 'amount'],
      'mismatch',
    )
    assertFieldError(
      await bad({ type: 'DEPOSIT', date: '2026-11-02', amount: 1.00001 }),
      ['body', 'amount'],
      'decimals',
    )
    assertFieldError(
      await bad({ type: 'BUY', date: '2026-11-02', symbol: 'ZZZZQX', quantity: 1, price: 1 }),
      ['body', 'symbol'],
      'unknown_symbol',
    )
    assertProblem(
      await u.post('/api/activities', { account_id: 999999, type: 'DEPOSIT', date: '2026-11-02', amount: 5 }),
      404,
      'accounts.not_found',
    )
    assert.equal((await u.patch(`/api/accounts/${acct}`, { status: 'closed' })).statusCode, 200)
    assertProblem(
      await bad({ type: 'DEPOSIT', date: '2026-11-02', amount: 5 }),
      409,
      'activities.account_archived',
    )
  })

  it('an edit re-checks the row; its capital flow follows, keeps its investor, and goes when the type stops moving money', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    const dep = await add(u, { account_id: acct, type: 'DEPOSIT', date: '2026-11-02', amount: 1000 })
    const partner = json((await u.post('/api/investors', { name: 'Partner' })).body)
    const flowId = dep.capital_flow_id as number
    const moved = await u.patch(`/api/capital-flows/${flowId}`, {
      investor_id: partner.investor_id,
      note: 'Bo',
    })
    assert.equal(moved.statusCode, 200, moved.body)
    assert.equal(json(moved.body).investor_id, partner.investor_id)
    assertProblem(
      await u.patch(`/api/capital-flows/${flowId}`, { amount: 5 }),
      409,
      'capital_flows.activity_owned',
    )
    assertProblem(await u.delete(`/api/capital-flows/${flowId}`), 409, 'capital_flows.activity_owned')

    const edited = await u.patch(`/api/activities/${dep.activity_id as number}`, {
      amount: 1250.5,
      date: '2026-11-03',
    })
    assert.equal(edited.statusCode, 200, edited.body)
    assert.equal(json(edited.body).capital_flow_id, flowId)
    assert.deepEqual(
      (await flowsOf(u, acct)).map((f) => [f.flow_id, f.amount, f.date, f.investor_id]),
      [[flowId, 1250.5, '2026-11-03', partner.investor_id]],
    )
    // Negative for a deposit is refused (the whole row is checked again).
    assertFieldError(
      await u.patch(`/api/activities/${dep.activity_id as number}`, { amount: -3 }),
      ['body', 'amount'],
      'range',
    )
    const interest = await u.patch(`/api/activities/${dep.activity_id as number}`, { type: 'INTEREST' })
    assert.equal(interest.statusCode, 200, interest.body)
    assert.equal(json(interest.body).capital_flow_id, null)
    assert.deepEqual(await flowsOf(u, acct), [])
    const back = await u.patch(`/api/activities/${dep.activity_id as number}`, { type: 'WITHDRAWAL' })
    assert.equal(json(back.body).cash_effect, -1250.5)
    assert.deepEqual(
      (await flowsOf(u, acct)).map((f) => f.amount),
      [-1250.5],
    )

    assert.equal((await u.delete(`/api/activities/${dep.activity_id as number}`)).statusCode, 204)
    assert.deepEqual(await flowsOf(u, acct), [])
    assertProblem(await u.delete(`/api/activities/${dep.activity_id as number}`), 404, 'activities.not_found')
  })

  it("a broker's activity is not edited or deleted here (409)", async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    const [row] = await t.c.scopes.withTenant(
      u.tenantId,
      async (s) =>
        (
          await recordActivities(
            s,
            acct,
            [
              {
                type: 'DIVIDEND',
                activity_date: '2026-11-02',
                amount: '4.2',
                currency: 'USD',
                source: 'brokera',
                source_id: 'x1',
              },
            ],
            u.userId,
          )
        ).activities,
    )
    assertProblem(await u.patch(`/api/activities/${row!.id}`, { amount: 5 }), 409, 'activities.broker_owned')
    assertProblem(await u.delete(`/api/activities/${row!.id}`), 409, 'activities.broker_owned')
  })

  it("another tenant's activities are invisible and untouchable", async () => {
    const owner = await t.newTenant()
    const other = await t.newTenant()
    const acct = await createManualAccount(owner)
    const dep = await add(owner, { account_id: acct, type: 'DEPOSIT', date: '2026-11-02', amount: 100 })
    const id = dep.activity_id as number
    assert.deepEqual(await list(other), [])
    assertProblem(await other.get(`/api/activities?account_id=${acct}`), 404, 'accounts.not_found')
    assertProblem(await other.get(`/api/activities?account_ids=${acct}`), 404, 'accounts.not_found')
    assertProblem(await other.patch(`/api/activities/${id}`, { amount: 1 }), 404, 'activities.not_found')
    assertProblem(await other.delete(`/api/activities/${id}`), 404, 'activities.not_found')
    assertProblem(
      await other.post('/api/activities', {
        account_id: acct,
        type: 'DEPOSIT',
        date: '2026-11-02',
        amount: 5,
      }),
      404,
      'accounts.not_found',
    )
    assertProblem(
      await other.get(`/api/export/activities.json?account_id=${acct}`),
      404,
      'accounts.not_found',
    )
    assert.equal(json((await other.get('/api/export/activities.json')).body).count, 0)
    assert.equal((await list(owner)).length, 1)
  })
})
