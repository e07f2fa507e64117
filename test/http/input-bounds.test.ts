/**
 * Hostile input answers 422, never 500 (ADR 0012): ids and integers beyond what JavaScript holds
 * exactly (2^53 − 1) in paths, queries and bodies; non-finite numbers (`1e400` reads as Infinity)
 * anywhere; control characters (NUL, escapes) in every text field, form bodies included.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { assertFieldError, assertProblem, json } from '../helpers/assertions.ts'
import { createManualAccount } from '../helpers/portfolio.ts'

const t = useTestApp()
const MAX = '9007199254740991'
const HUGE = ['9007199254740992', '9223372036854775807', '9223372036854775808', '1e308']

/** Asserts a 422 whose only error is at `loc` with this message. */
function assertOnly(res: { statusCode: number; body: string }, loc: (string | number)[], msg: string): void {
  const body = assertProblem(res, 422, 'validation.failed')
  assert.deepEqual(
    body.errors.map((e: { loc: unknown; msg: string }) => [e.loc, e.msg]),
    [[loc, msg]],
    res.body,
  )
}

async function investorId(u: Client): Promise<number> {
  return json((await u.get('/api/investors')).body).items[0].investor_id as number
}

describe('ids and integers beyond 2^53 − 1', () => {
  it('every id in a path is a 422 at the bound, and 2^53 − 1 itself is a plain 404', async () => {
    const u = await t.newTenant()
    for (const big of HUGE) {
      assertOnly(
        await u.patch(`/api/accounts/${big}`, { name: 'x' }),
        ['path', 'account_id'],
        `must be at most ${MAX}`,
      )
      for (const path of ['brokers/manual/positions', 'brokers/manual/transactions', 'capital-flows'])
        assertFieldError(await u.delete(`/api/${path}/${big}`), [
          'path',
          path.endsWith('flows') ? 'flow_id' : `${path.split('/').pop()!.slice(0, -1)}_id`,
        ])
      assertFieldError(await u.patch(`/api/investors/${big}`, { name: 'x' }), ['path', 'investor_id'])
    }
    assertProblem(await u.patch(`/api/accounts/${MAX}`, { name: 'x' }), 404, 'accounts.not_found')
  })

  it('ids in queries (account_id, investor_id, tenant_id) and in bodies', async () => {
    const u = await t.newTenant()
    for (const big of HUGE) {
      assertFieldError(await u.get(`/api/capital-flows?investor_id=${big}`), ['query', 'investor_id'])
      assertFieldError(await u.get(`/api/brokers/manual/positions?account_id=${big}`), [
        'query',
        'account_id',
      ])
      assertFieldError(await u.get(`/api/analytics/pnl?account_id=${big}`), ['query', 'account_id'])
      assertFieldError(await u.get(`/api/accounts?tenant_id=${big}`), ['query', 'tenant_id'])
    }
    const flow = { investor_id: await investorId(u), account_id: 1e308, date: '2024-01-02', amount: 5 }
    assertOnly(await u.post('/api/capital-flows', flow), ['body', 'account_id'], `must be at most ${MAX}`)
    const position = { account_id: Number('9223372036854775807'), symbol: 'SPY', quantity: 1, cost_basis: 1 }
    assertOnly(
      await u.post('/api/brokers/manual/positions', position),
      ['body', 'account_id'],
      `must be at most ${MAX}`,
    )
  })
})

describe('non-finite numbers', () => {
  it('1e400 in a query is a 422 "must be a finite number" (page, year, limit)', async () => {
    const u = await t.newTenant()
    assertOnly(await u.get('/api/plans?page=1e400'), ['query', 'page'], 'must be a finite number')
    assertOnly(
      await u.get('/api/brokers/manual/transactions?year=1e400'),
      ['query', 'year'],
      'must be a finite number',
    )
    assertOnly(await u.get('/api/bars/AAPL?limit=1e400'), ['query', 'limit'], 'must be a finite number')
    assertOnly(await u.get('/api/bars/AAPL?limit=-1e400'), ['query', 'limit'], 'must be a finite number')
  })

  it('1e400 in a JSON body is a 422 too', async () => {
    const u = await t.newTenant()
    const account = await createManualAccount(u)
    const res = await u.inject({
      method: 'POST',
      url: '/api/brokers/manual/positions',
      headers: { 'content-type': 'application/json' },
      payload: `{"account_id":${account},"symbol":"SPY","quantity":1e400,"cost_basis":1}`,
    })
    assertOnly(res, ['body', 'quantity'], 'must be a finite number')
    assert.deepEqual(json((await u.get('/api/brokers/manual/positions')).body).items, [])
  })
})

describe('control characters in text', () => {
  const CONTROL = 'must not contain control characters (NUL, escape codes, line breaks)'

  it('account, investor and user names with NUL or ESC are a 422 and nothing is stored', async () => {
    const u = await t.newTenant()
    for (const name of ['A\u0000B', 'A\u001b[31mB', 'two\nlines']) {
      assertOnly(await u.post('/api/accounts', { name, broker_type: 'manual' }), ['body', 'name'], CONTROL)
      assertOnly(await u.post('/api/investors', { name }), ['body', 'name'], CONTROL)
      assertOnly(await u.patch('/api/auth/me', { full_name: name }), ['body', 'full_name'], CONTROL)
    }
    assert.deepEqual(json((await u.get('/api/accounts')).body).items, [])
  })

  it('unauthenticated register and token form: NUL is a 422, not a 500', async () => {
    const reg = await t.anon.post('/api/auth/register', {
      email: 'nul@example.test',
      password: 'Correct-horse-9\u0000',
      full_name: 'A\u0000',
    })
    const body = assertProblem(reg, 422, 'validation.failed')
    assert.deepEqual(body.errors.map((e: { loc: string[] }) => e.loc[1]).sort(), ['full_name', 'password'])
    const token = await t.anon.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&username=AA%00PL&password=x',
    })
    assertOnly(token, ['body', 'username'], CONTROL)
  })

  it('query strings: a NUL in a search term or sector is a 422', async () => {
    const u = await t.newTenant()
    assertOnly(await u.get('/api/instruments?q=AA%00PL'), ['query', 'q'], CONTROL)
    assertOnly(await u.get('/api/instruments?sector=Tech%00'), ['query', 'sector'], CONTROL)
  })

  it('multi-line notes keep their line breaks and tabs but refuse NUL', async () => {
    const u = await t.newTenant()
    const investor_id = await investorId(u)
    const flow = { investor_id, date: '2024-01-02', amount: 100 }
    const ok = await u.post('/api/capital-flows', { ...flow, note: 'first\nsecond\tthird' })
    assert.equal(ok.statusCode, 201, ok.body)
    assert.equal(json(ok.body).note, 'first\nsecond\tthird')
    assertOnly(await u.post('/api/capital-flows', { ...flow, note: 'a\u0000' }), ['body', 'note'], CONTROL)
  })
})
