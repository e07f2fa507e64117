/**
 * Strict input (ADR 0012): an unknown or misspelled body field is a 422 naming it (with the
 * closest known name), never silently dropped; JSON bodies are not type-coerced; a form body is
 * read only where the route declares it (the OAuth token endpoint, which keeps RFC 6749's rules);
 * query strings keep their coercion and tolerate parameters they do not know.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { useTestApp } from '../helpers/test-app.ts'
import { assertProblem, json } from '../helpers/assertions.ts'

const t = useTestApp()

const form = (payload: string) => ({
  method: 'POST' as const,
  url: '/api/auth/token',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload,
})

describe('unknown body fields', () => {
  it('a misspelled field is a 422 with "did you mean"; nothing is created', async () => {
    const u = await t.newTenant()
    const res = await u.post('/api/accounts', { name: 'IRA', broker_type: 'manual', acount_type: 'roth_ira' })
    const body = assertProblem(res, 422, 'validation.failed')
    assert.deepEqual(body.errors, [
      {
        loc: ['body', 'acount_type'],
        msg: 'unknown field; did you mean account_type?',
        type: 'additional_properties',
      },
    ])
    assert.deepEqual(json((await u.get('/api/accounts')).body).items, [])
  })

  it('each unknown field is named; one far from every known name lists the known ones', async () => {
    const u = await t.newTenant()
    const res = await u.post('/api/investors', { name: 'Ann', emial: 'a@example.test', colour: 'red' })
    const body = assertProblem(res, 422, 'validation.failed')
    assert.deepEqual(body.errors, [
      { loc: ['body', 'emial'], msg: 'unknown field; did you mean email?', type: 'additional_properties' },
      {
        loc: ['body', 'colour'],
        msg: 'unknown field; expected one of: name, email',
        type: 'additional_properties',
      },
    ])
  })

  it('nested objects are strict too (xirr cash flows)', async () => {
    const u = await t.newTenant()
    const res = await u.post('/api/analytics/xirr', {
      cash_flows: [
        { date: '2024-01-01', amount: -100 },
        { date: '2025-01-01', amount: 110, note: 'x' },
      ],
    })
    const body = assertProblem(res, 422, 'validation.failed')
    assert.deepEqual(body.errors, [
      {
        loc: ['body', 'cash_flows', 1, 'note'],
        msg: 'unknown field; expected one of: date, amount',
        type: 'additional_properties',
      },
    ])
  })

  it('PATCH bodies too: a typo does not answer 200 with nothing changed', async () => {
    const u = await t.newTenant()
    const created = json((await u.post('/api/accounts', { name: 'A', broker_type: 'manual' })).body)
    const res = await u.patch(`/api/accounts/${created.id}`, { nmae: 'B' })
    const body = assertProblem(res, 422, 'validation.failed')
    assert.equal(body.errors[0].msg, 'unknown field; did you mean name?')
    assert.equal(json((await u.get('/api/accounts')).body).items[0].name, 'A')
  })
})

describe('no type coercion in JSON bodies', () => {
  it('a number where text is wanted, or text where a number is wanted, is a 422', async () => {
    const u = await t.newTenant()
    const named = assertProblem(
      await u.post('/api/accounts', { name: 12345, broker_type: 'manual' }),
      422,
      'validation.failed',
    )
    assert.deepEqual(named.errors, [{ loc: ['body', 'name'], msg: 'must be text', type: 'type' }])
    const flows = [
      { date: '2024-01-01', amount: '-100' },
      { date: '2025-01-01', amount: 110 },
    ]
    const xirr = assertProblem(
      await u.post('/api/analytics/xirr', { cash_flows: flows }),
      422,
      'validation.failed',
    )
    assert.deepEqual(xirr.errors, [
      { loc: ['body', 'cash_flows', 0, 'amount'], msg: 'must be a number', type: 'type' },
    ])
    assert.deepEqual(json((await u.get('/api/accounts')).body).items, [])
  })

  it('query strings keep their coercion ("2" is the integer 2) and tolerate unknown parameters', async () => {
    const res = await t.anon.get('/api/plans?page_size=25&page=1&utm_source=newsletter')
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(json(res.body).page_size, 25)
  })
})

describe('form-encoded bodies', () => {
  it('a JSON operation answers 415 to a form body and creates nothing', async () => {
    const u = await t.newTenant()
    const res = await u.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=A&broker_type=manual',
    })
    assertProblem(res, 415, 'request.unsupported_media_type')
    assert.deepEqual(json((await u.get('/api/accounts')).body).items, [])
  })

  it('the OAuth token endpoint reads its form, ignores unknown parameters (RFC 6749 §3.2) and keeps its error format', async () => {
    const res = await t.anon.inject(
      form('grant_type=password&username=nobody@example.test&password=x&client_id=web'),
    )
    assert.equal(res.statusCode, 400, res.body)
    assert.deepEqual(json(res.body), {
      error: 'invalid_grant',
      error_description: 'Invalid e-mail or password',
    })
  })

  it('the token endpoint refuses JSON with 415 naming the form type', async () => {
    const res = await t.anon.post('/api/auth/token', { username: 'a@example.test', password: 'x' })
    const body = assertProblem(res, 415, 'request.unsupported_media_type')
    assert.deepEqual(body.accepted, ['application/x-www-form-urlencoded'])
  })
})
