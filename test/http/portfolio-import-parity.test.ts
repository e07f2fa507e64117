/**
 * Manual entry (JSON) and the CSV import store a closed trade or a holding by the same rules
 * (lib/rules.ts): the same row through both gives the same stored figures, and a row one refuses
 * the other refuses for the same reason.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { nyDate } from '../../src/kernel/calendar/nyse.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'

const t = useTestApp()
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = Record<string, any>
const json = (b: string) => JSON.parse(b) as Body

const importCsv = (u: Client, accountId: number, kind: string, csv: string) =>
  u.inject({
    method: 'POST',
    url: `/api/brokers/manual/import?account_id=${accountId}&kind=${kind}&allow_unlisted=true`,
    headers: { 'content-type': 'text/csv' },
    payload: csv,
  })

async function listed(u: Client, what: string, accountId: number): Promise<Body[]> {
  const res = await u.get(`/api/brokers/manual/${what}?account_id=${accountId}`)
  assert.equal(res.statusCode, 200, res.body)
  // Ids, the account and timestamps differ by construction; everything stored from the row must not.
  const own = new Set(['transaction_id', 'position_id', 'account_id', 'created_at', 'updated_at'])
  const strip = (row: Body) => Object.fromEntries(Object.entries(row).filter(([k]) => !own.has(k)))
  return (json(res.body).items as Body[]).map(strip)
}

type Trade = {
  symbol: string
  quantity: number
  date_acquired: string
  date_sold: string
  proceeds: number
  cost_basis: number
  fees?: number
  gain_loss?: number
}

const TRADES: Trade[] = [
  // gain_loss defaults to proceeds − cost − fees, exact and rounded once to the cent.
  {
    symbol: 'aapl',
    quantity: 10,
    date_acquired: '2023-01-10',
    date_sold: '2024-01-11',
    proceeds: 1234.5675,
    cost_basis: 1000.0025,
    fees: 4.95,
  },
  {
    symbol: 'MSFT',
    quantity: 0.12345678,
    date_acquired: 'VARIOUS',
    date_sold: '2023-06-01',
    proceeds: 488,
    cost_basis: 500,
    gain_loss: -12.0001,
  },
  {
    symbol: 'BRK.B',
    quantity: 2.5,
    date_acquired: '2023-03-01',
    date_sold: '2023-09-01',
    proceeds: 0.005,
    cost_basis: 0,
    fees: 0,
  },
  // A legacy, undated sale: kept as text, term unknown.
  {
    symbol: 'T',
    quantity: 1,
    date_acquired: '2020-01-02',
    date_sold: 'sometime in 2021',
    proceeds: 10,
    cost_basis: 5,
  },
]

const tradeCsv = (rows: Trade[]) =>
  'symbol,quantity,date_acquired,date_sold,proceeds,cost_basis,fees,gain_loss\n' +
  rows
    .map((r) =>
      [
        r.symbol,
        r.quantity,
        r.date_acquired,
        r.date_sold,
        r.proceeds,
        r.cost_basis,
        r.fees ?? '',
        r.gain_loss ?? '',
      ].join(','),
    )
    .join('\n')

describe('manual entry and CSV import: one rule set', () => {
  it('the same trades store the same symbol, figures, gain_loss and term', async () => {
    const u = await t.newTenant()
    const byJson = await createManualAccount(u, 'JSON')
    const byCsv = await createManualAccount(u, 'CSV')
    for (const tr of TRADES) {
      const res = await u.post('/api/brokers/manual/transactions', {
        account_id: byJson,
        allow_unlisted: true,
        ...tr,
      })
      assert.equal(res.statusCode, 201, res.body)
    }
    const res = await importCsv(u, byCsv, 'transactions', tradeCsv(TRADES))
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(json(res.body).imported, TRADES.length)
    const fromJson = await listed(u, 'transactions', byJson)
    assert.deepEqual(await listed(u, 'transactions', byCsv), fromJson)
    const aapl = fromJson.find((x) => x.symbol === 'AAPL')!
    assert.deepEqual([aapl.gain_loss, aapl.term], [229.62, 'long']) // 1234.5675 − 1000.0025 − 4.95 = 229.615 → 229.62
  })

  it('the same holdings store the same figures', async () => {
    const u = await t.newTenant()
    const byJson = await createManualAccount(u, 'JSON')
    const byCsv = await createManualAccount(u, 'CSV')
    const rows = [
      { symbol: 'nvda', quantity: -3.5, cost_basis: 1200.1234, as_of: '2024-05-01' },
      { symbol: 'IBM', quantity: 0.00012345, cost_basis: 0.0001, as_of: '2024-05-02' },
    ]
    for (const p of rows) {
      const res = await u.post('/api/brokers/manual/positions', {
        account_id: byJson,
        allow_unlisted: true,
        ...p,
      })
      assert.ok(res.statusCode < 300, res.body)
    }
    const csv =
      'symbol,quantity,cost_basis,as_of\n' +
      rows.map((p) => [p.symbol, p.quantity, p.cost_basis, p.as_of].join(',')).join('\n')
    const res = await importCsv(u, byCsv, 'positions', csv)
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(await listed(u, 'positions', byCsv), await listed(u, 'positions', byJson))
  })

  it('a row one path refuses, the other refuses with the same field and reason', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    const tomorrow = new Date(Date.parse(`${nyDate(new Date())}T12:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10)
    const bad: [Trade, string, string][] = [
      [{ ...TRADES[0]!, quantity: 1.123456789 }, 'quantity', 'decimals'],
      [{ ...TRADES[0]!, proceeds: 1.00001 }, 'proceeds', 'decimals'],
      [{ ...TRADES[0]!, date_sold: tomorrow }, 'date_sold', 'future'],
      [
        { ...TRADES[0]!, date_acquired: '2024-02-01', date_sold: '2024-01-31' },
        'date_sold',
        'sold_before_acquired',
      ],
    ]
    for (const [tr, field, type] of bad) {
      const viaJson = await u.post('/api/brokers/manual/transactions', {
        account_id: acct,
        allow_unlisted: true,
        ...tr,
      })
      assert.equal(viaJson.statusCode, 422, viaJson.body)
      assert.deepEqual(
        json(viaJson.body).errors.map((e: Body) => [e.loc.at(-1), e.type]),
        [[field, type]],
      )
      const viaCsv = await importCsv(u, acct, 'transactions', tradeCsv([tr]))
      assert.equal(viaCsv.statusCode, 422, viaCsv.body)
      assert.deepEqual(
        json(viaCsv.body).errors.map((e: Body) => [e.loc.at(-1), e.type]),
        [[field, type]],
      )
    }
  })
})
