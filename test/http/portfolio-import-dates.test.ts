/**
 * Dates in CSV imports: ISO always; US slash dates (MM/DD/YYYY, M/D/YY) by default;
 * day/month only with date_format=dmy; auto refuses a file it would misread.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertFieldError, assertProblem, json, type Body } from '../helpers/assertions.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'

const t = useTestApp()

const HEADER = 'symbol,quantity,date_acquired,date_sold,proceeds,cost_basis\n'
const importCsv = (u: Client, query: string, csv: string) =>
  u.inject({
    method: 'POST',
    url: `/api/brokers/manual/import?${query}`,
    headers: { 'content-type': 'text/csv' },
    payload: csv,
  })
const trades = async (u: Client) =>
  (json((await u.get('/api/brokers/manual/transactions')).body).items as Body[])
    .map((r) => [r.date_acquired, r.date_sold, r.date_sold_valid])
    .sort()

async function setup() {
  const u = await t.newTenant()
  const account = await createManualAccount(u)
  return { u, q: (extra = '') => `account_id=${account}&kind=transactions${extra}` }
}

describe('CSV dates', () => {
  it('auto (the default) reads US dates: MM/DD/YYYY and M/D/YY, beside ISO', async () => {
    const { u, q } = await setup()
    const csv = HEADER + 'AAPL,1,01/05/2024,3/7/25,10,5\nMSFT,1,2023-12-29,12/31/2024,10,5\n'
    const res = await importCsv(u, q(), csv)
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(json(res.body).imported, 2)
    assert.deepEqual(await trades(u), [
      ['2023-12-29', '2024-12-31', true],
      ['2024-01-05', '2025-03-07', true],
    ])
    // Dated analytics count them.
    assert.equal(json((await u.get('/api/analytics/date-range')).body).max_date, '2025-03-07')
  })

  it('auto refuses a file with a date only day/month can read, naming it; dmy reads it', async () => {
    const { u, q } = await setup()
    const csv = HEADER + 'AAPL,1,01/05/2024,02/06/2024,10,5\nMSFT,1,2024-01-02,13/01/2024,10,5\n'
    const res = await importCsv(u, q(), csv)
    const body = assertProblem(res, 422, 'import.date_format')
    assert.deepEqual(body.errors[0].loc, ['body', 3, 'date_sold'])
    assert.match(body.errors[0].msg, /13\/01\/2024.*date_format=dmy/)
    assert.deepEqual(await trades(u), [])

    const dmy = await importCsv(u, q('&date_format=dmy'), csv)
    assert.equal(dmy.statusCode, 200, dmy.body)
    assert.deepEqual(await trades(u), [
      ['2024-01-02', '2024-01-13', true],
      ['2024-05-01', '2024-06-02', true],
    ])
  })

  it('us reads month/day only; iso reads no slash date', async () => {
    const { u, q } = await setup()
    const us = await importCsv(u, q('&date_format=us'), HEADER + 'AAPL,1,13/01/2024,2024-02-01,10,5\n')
    assertProblem(us, 422, 'import.invalid_rows')
    assert.deepEqual(json(us.body).errors[0].loc, ['body', 2, 'date_acquired'])
    assert.match(json(us.body).errors[0].msg, /MM\/DD\/YYYY/)

    const iso = await importCsv(u, q('&date_format=iso'), HEADER + 'AAPL,1,01/05/2024,2024-02-01,10,5\n')
    assertProblem(iso, 422, 'import.invalid_rows')
    assert.deepEqual(json(iso.body).errors[0].loc, ['body', 2, 'date_acquired'])
    // A date_sold that is not a date in the format stays legacy text, out of dated analytics.
    const legacy = await importCsv(u, q('&date_format=iso'), HEADER + 'AAPL,1,2024-01-05,02/01/2024,10,5\n')
    assert.equal(legacy.statusCode, 200, legacy.body)
    assert.deepEqual(await trades(u), [['2024-01-05', '02/01/2024', false]])
    assertFieldError(await importCsv(u, q('&date_format=mdy'), HEADER), ['query', 'date_format'])
  })

  it('holdings: as_of in US form', async () => {
    const u = await t.newTenant()
    const account = await createManualAccount(u)
    const res = await importCsv(
      u,
      `account_id=${account}&kind=positions`,
      'symbol,quantity,cost_basis,as_of\nAAPL,3,300,11/2/2026\n',
    )
    assert.equal(res.statusCode, 200, res.body)
    const [held] = json((await u.get('/api/brokers/manual/positions')).body).items as Body[]
    assert.equal(held!.as_of, '2026-11-02')
  })
})
