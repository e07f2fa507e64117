/**
 * The brokers module's review through HTTP: vendor refusals as 422s, one account_hash and
 * year rule for Schwab's and the unified routes, error texts and field errors, broker_type case.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertProblem, json, type Body } from '../helpers/assertions.ts'
import { connectedSchwab } from '../helpers/schwab.ts'
import { useTestApp } from '../helpers/test-app.ts'

const t = useTestApp()

const connected = () => connectedSchwab(t)

describe('broker B: a request Schwab refuses', () => {
  it('is a 422 broker.request_rejected naming the parameter, not a 502', async () => {
    const u = await connected()
    const res = await u.get('/api/brokerb/option-chain?symbol=AAPL&strategy=VERTICAL')
    const body = assertProblem(res, 422, 'broker.request_rejected')
    assert.match(body.detail, /^Schwab rejected the request: .*VERTICAL/)
    assert.deepEqual(body.errors[0].loc, ['query', 'strategy'])
    assert.equal(body.errors[0].type, 'request_rejected')
  })
})

describe('account_hash: one rule for broker B’s and the unified routes', () => {
  it('a plain number is the same 422 on both, linked or not', async () => {
    const u = await connected()
    const own = await u.get('/api/brokerb/transactions?account_hash=12344847&year=2025')
    const unified = await u.get('/api/brokers/brokerb/transactions?account_hash=12344847&year=2025')
    const a = assertProblem(own, 422, 'broker.account_hash_required')
    const b = assertProblem(unified, 422, 'broker.account_hash_required')
    assert.equal(a.detail, b.detail)
    assert.deepEqual(a.errors, b.errors)
    assert.deepEqual(b.errors[0].loc, ['query', 'account_hash'])
    const unknown = await u.get(`/api/brokers/brokerb/transactions?account_hash=${'A'.repeat(64)}&year=2025`)
    assertProblem(unknown, 404, 'broker.account_not_found')
  })
})

describe('transactions: one tax-year rule for every broker type', () => {
  it('a year after this one or before 2000 is a 422 on year, connected or not', async () => {
    const u = await connected()
    for (const type of ['brokera', 'brokerb', 'aggregator'])
      for (const year of ['2099', '1950']) {
        const res = await u.get(`/api/brokers/${type}/transactions?account_hash=x1&year=${year}`)
        const body = assertProblem(res, 422, 'validation.failed')
        assert.deepEqual(body.errors[0].loc, ['query', 'year'], `${type} ${year}`)
      }
    const own = assertProblem(
      await u.get('/api/brokerb/transactions?account_hash=x1&year=2099'),
      422,
      'validation.failed',
    )
    const unified = assertProblem(
      await u.get('/api/brokers/brokerb/transactions?account_hash=x1&year=2099'),
      422,
      'validation.failed',
    )
    assert.equal(own.detail, unified.detail)
  })
})

describe('broker B: money as decimal strings', () => {
  it('transactions’ transfer items carry amount, cost and price as strings, as transactions-auto does', async () => {
    const u = await connected()
    const year = String(new Date().getUTCFullYear())
    const hash = json(await u.get('/api/brokerb/accounts')).items[0].hashValue
    const body = json(await u.get(`/api/brokerb/transactions?account_hash=${hash}&year=${year}`))
    const items = (body.items as Body[]).flatMap((tx) => tx.transferItems as Body[])
    assert.ok(items.length > 0)
    for (const item of items)
      for (const k of ['amount', 'cost', 'price'])
        if (item[k] !== undefined) assert.match(item[k], /^-?\d+(\.\d+)?$/, `${k}: ${JSON.stringify(item)}`)
  })
})

describe('broker B: instrument', () => {
  it('a projection with a CUSIP is a 422 on projection, never silently dropped', async () => {
    const u = await connected()
    const res = await u.get('/api/brokerb/instrument?symbol=037833100&projection=fundamental')
    const body = assertProblem(res, 422, 'validation.failed')
    assert.deepEqual(body.errors[0].loc, ['query', 'projection'])
    assert.equal(json(await u.get('/api/brokerb/instrument?symbol=037833100')).by, 'cusip')
  })

  it('regex and description searches take their text; a ticker search keeps the ticker rule', async () => {
    const u = await connected()
    const res = await u.get('/api/brokerb/instrument?symbol=AAP.*&projection=symbol-regex')
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res)
    assert.equal(body.projection, 'symbol-regex')
    assert.ok(
      body.instruments.some((i: Body) => i.symbol === 'AAPL'),
      res.body,
    )
    const desc = await u.get(
      `/api/brokerb/instrument?symbol=${encodeURIComponent('apple inc')}&projection=desc-search`,
    )
    assert.equal(desc.statusCode, 200, desc.body)
    const ticker = assertProblem(
      await u.get('/api/brokerb/instrument?symbol=AAP.*'),
      422,
      'validation.failed',
    )
    assert.deepEqual(ticker.errors[0].loc, ['query', 'symbol'])
    const control = await u.get('/api/brokerb/instrument?symbol=A%01B&projection=desc-regex')
    assertProblem(control, 422, 'validation.failed')
    const long = await u.get(`/api/brokerb/instrument?symbol=${'A'.repeat(65)}&projection=desc-search`)
    assertProblem(long, 422, 'validation.failed')
  })
})
