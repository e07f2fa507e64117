/**
 * The exports: holdings and a tax year's realized gains as RFC 4180 CSV and JSON. The CSV is read
 * back with the repository's CSV reader and compared with the JSON export, field by field.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { parseCsv } from '../../src/modules/portfolio/manual/lib/csv.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { activity, clock, providers, record } from './portfolio-valuation-fixtures.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp({ clock, providers })
})
after(() => t.close())

const NAME = 'Joint "A", taxable'

const trade = async (u: Client, account_id: number, t: Record<string, unknown>) => {
  const res = await u.post('/api/brokers/manual/transactions', { account_id, ...t })
  assert.equal(res.statusCode, 201, res.body)
}

/**
 * 2025, oldest sale first:
 *   AAPL 5, 2025-01-10 → 2025-03-10: 1000 − 900.25 = 99.75, short
 *   MSFT 10, 2023-02-01 → 2025-06-03: 4251.30 − 2560 − 1.30 = 1690, long (held over a year)
 *   KO 3 (average-cost account), 2024-06-03 → 2025-06-03: 180 − 150 − 0.50 = 29.50, short (exactly
 *   one year is not more than one)
 *   NVDA 2, VARIOUS → 2025-09-09: 300 − 200 = 100, unknown
 * and MSFT 1 sold 2024-05-01, not in 2025.
 */
async function trades(u: Client) {
  const joint = await createManualAccount(u, NAME)
  const avg = await createManualAccount(u, 'Avg')
  assert.equal((await u.patch(`/api/accounts/${avg}`, { cost_method: 'average' })).statusCode, 200)
  const day = (date_acquired: string, date_sold: string) => ({ date_acquired, date_sold })
  await trade(u, joint, {
    symbol: 'MSFT',
    quantity: 10,
    ...day('2023-02-01', '2025-06-03'),
    proceeds: 4251.3,
    cost_basis: 2560,
    fees: 1.3,
  })
  await trade(u, joint, {
    symbol: 'AAPL',
    quantity: 5,
    ...day('2025-01-10', '2025-03-10'),
    proceeds: 1000,
    cost_basis: 900.25,
  })
  await trade(u, avg, {
    symbol: 'KO',
    quantity: 3,
    ...day('2024-06-03', '2025-06-03'),
    proceeds: 180,
    cost_basis: 150,
    fees: 0.5,
  })
  await trade(u, joint, {
    symbol: 'NVDA',
    quantity: 2,
    ...day('VARIOUS', '2025-09-09'),
    proceeds: 300,
    cost_basis: 200,
  })
  await trade(u, joint, {
    symbol: 'MSFT',
    quantity: 1,
    ...day('2023-02-01', '2024-05-01'),
    proceeds: 400,
    cost_basis: 256,
  })
  return { joint, avg }
}

/** The CSV's records as objects by header, each compared as text with the JSON item's field. */
function sameAsJson(csv: string, items: Record<string, unknown>[]) {
  const [header, ...records] = parseCsv(csv).map((r) => r.cells)
  assert.equal(records.length, items.length)
  records.forEach((cells, i) => {
    const fromJson = header!.map((k) => {
      const v = items[i]![k] as string | number | null
      return v === null ? '' : String(v)
    })
    assert.deepEqual(cells, fromJson, `record ${i + 1}`)
  })
  return header
}

describe('realized gains export', () => {
  it('lists the tax year with terms, cost methods and short/long totals; the CSV matches the JSON', async () => {
    const u = await t.newTenant()
    const { joint, avg } = await trades(u)
    const res = await u.get('/api/export/realized-gains.json?year=2025')
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res.body)
    assert.equal(body.year, 2025)
    assert.deepEqual(
      body.items.map((i: Record<string, unknown>) => [
        i.symbol,
        i.account_id,
        i.cost_basis_method,
        i.date_acquired,
        i.date_sold,
        i.gain,
        i.term,
      ]),
      [
        ['AAPL', joint, 'fifo', '2025-01-10', '2025-03-10', 99.75, 'short'],
        ['MSFT', joint, 'fifo', '2023-02-01', '2025-06-03', 1690, 'long'],
        ['KO', avg, 'average', '2024-06-03', '2025-06-03', 29.5, 'short'],
        ['NVDA', joint, 'fifo', 'VARIOUS', '2025-09-09', 100, 'unknown'],
      ],
    )
    // short: AAPL + KO = proceeds 1180, cost 1050.25, fees 0.50, gain 129.25; long: MSFT.
    assert.deepEqual(body.totals, [
      {
        currency: 'USD',
        short_term: { trades: 2, proceeds: 1180, cost_basis: 1050.25, fees: 0.5, gain: 129.25 },
        long_term: { trades: 1, proceeds: 4251.3, cost_basis: 2560, fees: 1.3, gain: 1690 },
        unknown_term: { trades: 1, proceeds: 300, cost_basis: 200, fees: 0, gain: 100 },
        all: { trades: 4, proceeds: 5731.3, cost_basis: 3810.25, fees: 1.8, gain: 1919.25 },
      },
    ])

    const csv = await u.get('/api/export/realized-gains.csv?year=2025')
    assert.equal(csv.statusCode, 200, csv.body)
    assert.equal(csv.headers['content-type'], 'text/csv; charset=utf-8')
    assert.equal(csv.headers['content-disposition'], 'attachment; filename="realized-gains-2025.csv"')
    assert.ok(csv.body.endsWith('\r\n') && !/[^\r]\n/.test(csv.body), 'every record ends with CRLF')
    assert.ok(
      csv.body.includes(',"Joint ""A"", taxable",'),
      'a name with a comma and quotes is quoted, quotes doubled',
    )
    const header = sameAsJson(csv.body, body.items)
    assert.deepEqual(header, [
      'trade_id',
      'account_id',
      'account_name',
      'cost_basis_method',
      'symbol',
      'quantity',
      'date_acquired',
      'date_sold',
      'proceeds',
      'cost_basis',
      'fees',
      'gain',
      'term',
      'currency',
    ])
  })

  it('defaults to the current year, scopes to accounts, keeps tenants apart, validates the year', async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    const { avg } = await trades(u)
    const now = json((await u.get('/api/export/realized-gains.json')).body)
    assert.deepEqual([now.year, now.items, now.totals], [2026, [], []])
    const csv = await u.get('/api/export/realized-gains.csv')
    assert.equal(csv.body.split('\r\n').length, 2, 'the header record only')
    const one = json((await u.get(`/api/export/realized-gains.json?year=2025&account_id=${avg}`)).body)
    assert.deepEqual(
      one.items.map((i: { symbol: string }) => i.symbol),
      ['KO'],
    )
    for (const url of [
      '/api/export/realized-gains.json',
      '/api/export/realized-gains.csv',
      '/api/export/holdings.csv',
    ]) {
      assert.equal((await other.get(`${url}?account_id=${avg}`)).statusCode, 404, url)
      assert.equal((await other.get(`${url}?tenant_id=${u.tenantId}`)).statusCode, 403, url)
    }
    assert.equal(json((await other.get('/api/export/realized-gains.json?year=2025')).body).items.length, 0)
    assert.equal((await u.get('/api/export/realized-gains.csv?year=twenty')).statusCode, 422)
  })
})

describe('holdings export', () => {
  it('has every holdings list row, largest first; the CSV matches the JSON', async () => {
    const u = await t.newTenant()
    const main = await createManualAccount(u, NAME)
    for (const [symbol, quantity, cost_basis] of [
      ['AAPL', 10, 1500],
      ['SAP', 20, 3900],
    ] as const) {
      const res = await u.post('/api/brokers/manual/positions', {
        account_id: main,
        symbol,
        quantity,
        cost_basis,
        as_of: '2026-11-02',
      })
      assert.equal(res.statusCode, 201, res.body)
    }
    await record(t, u.tenantId, u.userId, main, [
      activity({ type: 'DEPOSIT', amount: '553.86', activity_date: '2026-11-01' }),
    ])
    const body = json((await u.get('/api/export/holdings.json')).body)
    // SAP 4544.64 USD, AAPL 1902.50, cash 553.86: the holdings list's figures.
    assert.deepEqual(
      body.items.map((i: Record<string, unknown>) => [i.symbol, i.market_value_base, i.weight]),
      [
        ['SAP', 4544.64, 64.9141],
        ['AAPL', 1902.5, 27.1747],
      ],
    )
    assert.equal(body.total_value, 7001)
    const list = json((await u.get('/api/holdings')).body)
    assert.deepEqual(body.items, list.items)
    const csv = await u.get('/api/export/holdings.csv')
    assert.equal(csv.statusCode, 200, csv.body)
    assert.equal(csv.headers['content-type'], 'text/csv; charset=utf-8')
    assert.equal(csv.headers['content-disposition'], 'attachment; filename="holdings-2026-11-20.csv"')
    const header = sameAsJson(csv.body, body.items)
    assert.deepEqual(header, Object.keys(body.items[0]))
  })
})
