/**
 * Validation messages read from the user's side (ADR 0012): every Ajv keyword a route schema uses
 * has a sentence saying what the value must be, a schema can carry its own (`errorMessage`), and a
 * union answers once ("must be null or text"), not once per branch.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Type } from 'typebox'
import { useTestApp } from '../helpers/test-app.ts'
import { assertProblem, json, type Body } from '../helpers/assertions.ts'
import { Name, Nullable } from '../../src/platform/http/schemas.ts'

/** One body schema using every keyword the route tables use, on a test-only route. */
const Probe = Type.Object(
  {
    whole: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
    above: Type.Optional(Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 5 })),
    cents: Type.Optional(Type.Number({ multipleOf: 0.01 })),
    three: Type.Optional(Type.Integer({ multipleOf: 3 })),
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 3 })),
    long: Type.Optional(Type.String({ minLength: 4 })),
    ticker: Type.Optional(Type.String({ pattern: '^[A-Z]{1,5}$', description: 'Ticker, e.g. AAPL' })),
    bare: Type.Optional(Type.String({ pattern: '^[a-z]+$' })),
    day: Type.Optional(Type.String({ format: 'date' })),
    instant: Type.Optional(Type.String({ format: 'date-time' })),
    email: Type.Optional(Type.String({ format: 'email' })),
    kind: Type.Optional(Type.Enum(['a', 'b'])),
    fixed: Type.Optional(Type.Literal('x')),
    nonzero: Type.Optional(Type.Number({ not: { const: 0 } })),
    amount: Type.Optional(Type.Number({ not: { const: 0 }, errorMessage: { not: 'must not be zero' } })),
    flag: Type.Optional(Type.Boolean()),
    tags: Type.Optional(
      Type.Array(Type.String({ pattern: '^[a-z]+$' }), { minItems: 1, maxItems: 2, uniqueItems: true }),
    ),
    name: Type.Optional(Name(20)),
    maybe: Type.Optional(Nullable(Type.String({ maxLength: 2 }))),
  },
  { minProperties: 1 },
)

const t = useTestApp({
  routes: (app) =>
    app.post('/test/messages', { config: { auth: 'public' }, schema: { body: Probe } }, () => ({ ok: true })),
})

async function errors(body: unknown): Promise<Body[]> {
  const res = await t.anon.post('/test/messages', body)
  return assertProblem(res, 422, 'validation.failed').errors as Body[]
}

/** The one message for `field` when it alone is wrong. */
async function message(field: string, value: unknown): Promise<string> {
  const list = await errors({ [field]: value })
  assert.equal(list.length, 1, JSON.stringify(list))
  assert.deepEqual(list[0]!.loc, ['body', field])
  return list[0]!.msg as string
}

describe('validation messages say what the value must be', () => {
  it('numbers: type, bounds, exclusive bounds, decimals, multiples', async () => {
    assert.equal(await message('whole', 1.5), 'must be a whole number')
    assert.equal(await message('whole', 'x'), 'must be a whole number')
    assert.equal(await message('whole', 0), 'must be at least 1')
    assert.equal(await message('whole', 11), 'must be at most 10')
    assert.equal(await message('above', 0), 'must be greater than 0')
    assert.equal(await message('above', 5), 'must be less than 5')
    assert.equal(await message('cents', 1.001), 'must have at most 2 decimal places')
    assert.equal(await message('three', 4), 'must be a multiple of 3')
    assert.equal(await message('flag', 'yes'), 'must be true or false')
  })

  it('text: empty, length, pattern with and without a description, formats', async () => {
    assert.equal(await message('code', ''), 'must not be empty')
    assert.equal(await message('code', 'abcd'), 'must be at most 3 characters')
    assert.equal(await message('long', 'abc'), 'must be at least 4 characters')
    assert.equal(await message('ticker', 'aapl'), 'must match the expected form: Ticker, e.g. AAPL')
    assert.equal(await message('bare', 'A1'), 'must match the pattern ^[a-z]+$')
    assert.equal(await message('day', '2024-13-01'), 'must be a date, YYYY-MM-DD')
    assert.equal(
      await message('instant', 'yesterday'),
      'must be a date and time in ISO 8601, e.g. 2024-01-31T15:30:00Z',
    )
    assert.equal(await message('email', 'nobody'), 'must be an e-mail address')
    assert.equal(await message('name', '   '), 'must not be blank')
  })

  it('choices: enum, const, not (generic and custom), unions collapse to one message', async () => {
    assert.equal(await message('kind', 'c'), 'must be one of a, b')
    assert.equal(await message('fixed', 'y'), 'must be "x"')
    assert.equal(await message('nonzero', 0), 'must not be 0')
    assert.equal(await message('amount', 0), 'must not be zero')
    assert.equal(await message('maybe', 5), 'must be null or text')
    assert.equal(await message('maybe', 'abc'), 'must be at most 2 characters')
  })

  it('lists: item count, repeated items, and item positions in loc', async () => {
    assert.equal(await message('tags', []), 'must have at least 1 item')
    assert.equal(await message('tags', ['a', 'b', 'c']), 'must have at most 2 items')
    assert.equal(await message('tags', ['a', 'a']), 'must not repeat items (items 0 and 1 are equal)')
    const [item] = await errors({ tags: ['A'] })
    assert.deepEqual(item!.loc, ['body', 'tags', 0])
  })

  it('an empty object names the fields it takes', async () => {
    const list = await errors({})
    assert.deepEqual(list, [
      {
        loc: ['body'],
        msg: `send at least one field of: ${Object.keys(Probe.properties).join(', ')}`,
        type: 'minProperties',
      },
    ])
  })

  it('an empty PATCH of an account says which fields it takes', async () => {
    const u = await t.newTenant()
    const created = json((await u.post('/api/accounts', { name: 'A', broker_type: 'manual' })).body)
    const body = assertProblem(await u.patch(`/api/accounts/${created.id}`, {}), 422, 'validation.failed')
    assert.equal(body.detail, 'body: send at least one field of: name, status, account_type, cost_method')
  })

  it('a zero capital flow says the amount must not be zero (not "must NOT be valid")', async () => {
    const u = await t.newTenant()
    const res = await u.post('/api/capital-flows', { investor_id: 1, date: '2024-01-02', amount: 0 })
    const body = assertProblem(res, 422, 'validation.failed')
    assert.deepEqual(body.errors, [
      {
        loc: ['body', 'amount'],
        msg: 'must not be zero: a contribution is positive, a withdrawal negative',
        type: 'not',
      },
    ])
  })

  it('JSON sent as text/plain or as a form is a 415 that says to send application/json', async () => {
    const u = await t.newTenant()
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await u.inject({
        method: 'POST',
        url: '/api/accounts',
        headers: { 'content-type': type },
        payload: '{"name":"A","broker_type":"manual"}',
      })
      const body = assertProblem(res, 415, 'request.unsupported_media_type')
      assert.equal(
        body.detail,
        `This operation accepts a body of type application/json (send Content-Type: application/json); got ${type}`,
      )
      assert.deepEqual(body.accepted, ['application/json'])
    }
    assert.deepEqual(json((await u.get('/api/accounts')).body).items, [])
  })
})
