/**
 * Rules beyond the schema, the same on the JSON API and the CSV import: quantities and
 * amounts at most their stored decimals (never rounded), no trade dated in the future (New York)
 * or sold before it was acquired, and symbols the market data provider lists unless allowed.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { SimulatedMarketData, type Instrument } from '../../src/providers/market-data/index.ts'
import { assertFieldError, assertProblem, json, type Body } from '../helpers/assertions.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'

// 03:00 UTC on the 21st is still the 20th in New York: the 21st is in the future.
const clock = fixedClock('2026-11-21T03:00:00Z')
const lookups: string[] = []
class CountingMarket extends SimulatedMarketData {
  override async instrument(symbol: string): Promise<Instrument | null> {
    lookups.push(symbol)
    return super.instrument(symbol)
  }
}

let t: TestApp
before(async () => {
  t = await buildTestApp({ clock, providers: { market: new CountingMarket({ clock }) } })
})
after(() => t.close())

const POSITIONS = '/api/brokers/manual/positions'
const TRADES = '/api/brokers/manual/transactions'
const trade = (account_id: number, extra: Body = {}) => ({
  account_id,
  symbol: 'AAPL',
  quantity: 10,
  date_acquired: '2024-06-03',
  date_sold: '2025-01-10',
  proceeds: 2000,
  cost_basis: 1500,
  ...extra,
})
const importCsv = (u: Client, query: string, csv: string) =>
  u.inject({
    method: 'POST',
    url: `/api/brokers/manual/import?${query}`,
    headers: { 'content-type': 'text/csv' },
    payload: csv,
  })
const rowErrors = (res: { body: string }) =>
  (json(res.body).errors as Body[]).map((e) => [e.loc[1], e.loc[2], e.type])

describe('quantities and amounts are never rounded', () => {
  it('a quantity that would round to zero is a 422 and the 120-share holding stays', async () => {
    const u = await t.newTenant()
    const account_id = await createManualAccount(u)
    const base = { account_id, symbol: 'AAPL', cost_basis: 18000, as_of: '2026-11-02' }
    assert.equal((await u.post(POSITIONS, { ...base, quantity: 120 })).statusCode, 201)
    assertFieldError(await u.post(POSITIONS, { ...base, quantity: 1e-9 }), ['body', 'quantity'], 'decimals')
    assertFieldError(
      await u.post(POSITIONS, { ...base, quantity: 120, cost_basis: 0.00001 }),
      ['body', 'cost_basis'],
      'decimals',
    )
    const [held] = json((await u.get(POSITIONS)).body).items as Body[]
    assert.equal(held!.quantity, 120)
    assertFieldError(
      await u.patch(`${POSITIONS}/${held!.position_id}`, { quantity: 0.000000001 }),
      ['body', 'quantity'],
      'decimals',
    )
    // Eight decimals and four for money are stored exactly.
    const ok = await u.post(POSITIONS, { ...base, quantity: 0.12345678, cost_basis: 10.1234 })
    assert.equal(ok.statusCode, 201, ok.body)
    assert.equal(json(ok.body).quantity, 0.12345678)
    assert.equal((json((await u.get(POSITIONS)).body).items as Body[])[0]!.quantity, 0.12345678)
  })

  it('trades: quantity beyond 8 decimals and amounts beyond 4 are 422s, on the API and the import', async () => {
    const u = await t.newTenant()
    const account_id = await createManualAccount(u)
    assertFieldError(
      await u.post(TRADES, trade(account_id, { quantity: 1e-9 })),
      ['body', 'quantity'],
      'decimals',
    )
    assertFieldError(
      await u.post(TRADES, trade(account_id, { proceeds: 10.12345 })),
      ['body', 'proceeds'],
      'decimals',
    )
    assertFieldError(
      await u.post(TRADES, trade(account_id, { gain_loss: 1.00001 })),
      ['body', 'gain_loss'],
      'decimals',
    )
    const csv =
      'symbol,quantity,date_acquired,date_sold,proceeds,cost_basis\nAAPL,0.000000001,2024-06-03,2025-01-10,1,1\n'
    const res = await importCsv(u, `account_id=${account_id}&kind=transactions`, csv)
    assertProblem(res, 422, 'import.invalid_rows')
    assert.deepEqual(rowErrors(res), [[2, 'quantity', 'decimals']])
    assert.deepEqual(json((await u.get(TRADES)).body).items, [])
  })
  it('a capital flow of 0.00001 is a 422 (it would be stored as a zero flow), not a 500', async () => {
    const u = await t.newTenant()
    const [me] = json((await u.get('/api/investors')).body).items as Body[]
    const flow = { investor_id: me!.investor_id, date: '2026-01-02', amount: 0.00001 }
    assertFieldError(await u.post('/api/capital-flows', flow), ['body', 'amount'], 'decimals')
    const ok = await u.post('/api/capital-flows', { ...flow, amount: 1000.1234 })
    assert.equal(ok.statusCode, 201, ok.body)
    assertFieldError(
      await u.patch(`/api/capital-flows/${json(ok.body).flow_id}`, { amount: -0.00001 }),
      ['body', 'amount'],
      'decimals',
    )
  })
})

describe('trade dates', () => {
  it('sold before acquired, or dated after today in New York, is a 422 naming the field', async () => {
    const u = await t.newTenant()
    const account_id = await createManualAccount(u)
    const cases: [Body, string, string][] = [
      [{ date_acquired: '2025-02-01', date_sold: '2025-01-10' }, 'date_sold', 'sold_before_acquired'],
      [{ date_sold: '2030-01-01' }, 'date_sold', 'future'],
      [{ date_sold: '2026-11-21' }, 'date_sold', 'future'],
      [{ date_acquired: '2026-11-21', date_sold: 'see statement' }, 'date_acquired', 'future'],
    ]
    for (const [extra, field, type] of cases) {
      const res = await u.post(TRADES, trade(account_id, extra))
      assertFieldError(res, ['body', field], type)
    }
    // Today in New York is fine; so is the legacy free text, which dated analytics skip.
    assert.equal((await u.post(TRADES, trade(account_id, { date_sold: '2026-11-20' }))).statusCode, 201)
    const legacy = await u.post(TRADES, trade(account_id, { date_sold: 'see statement' }))
    assert.equal(legacy.statusCode, 201, legacy.body)
    assert.equal(json(legacy.body).date_sold_valid, false)
    assertFieldError(
      await u.patch(`${TRADES}/${json(legacy.body).transaction_id}`, { date_sold: '2030-01-01' }),
      ['body', 'date_sold'],
      'future',
    )
    const range = json((await u.get('/api/analytics/date-range')).body)
    assert.deepEqual(range, { min_date: '2026-11-20', max_date: '2026-11-20', trade_count: 1 })
  })

  it('the import applies the same rules, per row', async () => {
    const u = await t.newTenant()
    const account_id = await createManualAccount(u)
    const csv =
      'symbol,quantity,date_acquired,date_sold,proceeds,cost_basis\n' +
      'AAPL,1,2025-02-01,2025-01-10,1,1\n' +
      'AAPL,1,2024-01-02,2030-01-01,1,1\n' +
      'AAPL,1,2024-01-02,see statement,1,1\n'
    const res = await importCsv(u, `account_id=${account_id}&kind=transactions`, csv)
    assertProblem(res, 422, 'import.invalid_rows')
    assert.deepEqual(rowErrors(res), [
      [2, 'date_sold', 'sold_before_acquired'],
      [3, 'date_sold', 'future'],
    ])
    const ok = await importCsv(
      u,
      `account_id=${account_id}&kind=transactions`,
      csv
        .split('\n')
        .filter((_, i) => i !== 1 && i !== 2)
        .join('\n'),
    )
    assert.equal(ok.statusCode, 200, ok.body)
    assert.equal(json(ok.body).imported, 1)
  })
})

describe('symbols', () => {
  it('an unlisted symbol is a 422 naming it, unless allow_unlisted: true', async () => {
    const u = await t.newTenant()
    const account_id = await createManualAccount(u)
    const position = { account_id, symbol: 'ZZZZZZ', quantity: 1, cost_basis: 100, as_of: '2026-11-02' }
    const res = await u.post(POSITIONS, position)
    assertFieldError(res, ['body', 'symbol'], 'unknown_symbol')
    assert.match(json(res.body).errors[0].msg, /ZZZZZZ/)
    assertFieldError(
      await u.post(TRADES, trade(account_id, { symbol: 'zzzzzz' })),
      ['body', 'symbol'],
      'unknown_symbol',
    )
    assert.deepEqual(json((await u.get(POSITIONS)).body).items, [])

    assert.equal((await u.post(POSITIONS, { ...position, allow_unlisted: true })).statusCode, 201)
    const t1 = await u.post(TRADES, trade(account_id, { symbol: 'ZZZZZZ', allow_unlisted: true }))
    assert.equal(t1.statusCode, 201, t1.body)
    assertFieldError(
      await u.patch(`${TRADES}/${json(t1.body).transaction_id}`, { symbol: 'QQQQQQ' }),
      ['body', 'symbol'],
      'unknown_symbol',
    )
  })

  it('the import reports each row with an unlisted symbol, looking each symbol up once', async () => {
    const u = await t.newTenant()
    const account_id = await createManualAccount(u)
    const rows = ['AAPL', 'ZZZZZZ', 'aapl', 'MSFT', 'ZZZZZZ', 'AAPL'].map((s) => `${s},1,100,2026-11-02`)
    const csv = `symbol,quantity,cost_basis,as_of\n${rows.join('\n')}\n`
    lookups.length = 0
    const res = await importCsv(u, `account_id=${account_id}&kind=positions`, csv)
    assertProblem(res, 422, 'import.invalid_rows')
    assert.deepEqual(rowErrors(res), [
      [3, 'symbol', 'unknown_symbol'],
      [6, 'symbol', 'unknown_symbol'],
    ])
    assert.match(json(res.body).errors[0].msg, /ZZZZZZ is not listed/)
    assert.deepEqual([...lookups].sort(), ['AAPL', 'MSFT', 'ZZZZZZ'])
    const ok = await importCsv(u, `account_id=${account_id}&kind=positions&allow_unlisted=true`, csv)
    assert.equal(ok.statusCode, 200, ok.body)
    assert.equal(json(ok.body).imported, 3)
  })
})
