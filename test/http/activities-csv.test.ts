/**
 * Activities in and out as files: the CSV import (dry run, row errors, duplicates, idempotent
 * re-import, the account per row) and the export (RFC 4180 CSV and JSON), round-tripped into
 * another account.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { assertProblem, json, type Body } from '../helpers/assertions.ts'

const t = useTestApp({ clock: fixedClock('2026-11-24T17:00:00Z') })

const importCsv = (u: Client, query: string, csv: string) =>
  u.inject({
    method: 'POST',
    url: `/api/activities/import?${query}`,
    headers: { 'content-type': 'text/csv' },
    payload: csv,
  })

async function imported(u: Client, query: string, csv: string): Promise<Body> {
  const res = await importCsv(u, query, csv)
  assert.equal(res.statusCode, 200, res.body)
  return json(res.body)
}

const FILE =
  'Date,Type,Symbol,Quantity,Price,Amount,Fee,Currency,Note\n' +
  '2026-11-02,DEPOSIT,,,,"10,000.00",0,USD,opening\n' +
  '2026-11-03,BUY,PRIVCO,10,150.025,,1,,"lot, ""one"""\n' +
  '2026-11-10,DIVIDEND,PRIVCO,,,2.40,,,\n' +
  '2026-11-10,DIVIDEND,PRIVCO,,,2.40,,,\n'

const comparable = (items: Body[]) =>
  items.map((a) => [
    a.date,
    a.type,
    a.symbol,
    a.quantity,
    a.price,
    a.amount,
    a.fee,
    a.currency,
    a.note,
    a.cash_effect,
  ])

describe('activities CSV', () => {
  it('a dry run answers as the import would and writes nothing; the import is idempotent', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    const dry = await imported(u, `account_id=${acct}&dry_run=true&allow_unlisted=true`, FILE)
    const expected = { rows: 4, imported: 3, skipped_duplicates: 1, capital_flows: 1 }
    assert.deepEqual(
      {
        rows: dry.rows,
        imported: dry.imported,
        skipped_duplicates: dry.skipped_duplicates,
        capital_flows: dry.capital_flows,
      },
      expected,
    )
    assert.deepEqual(dry.duplicates, [{ line: 5, reason: 'in_file' }])
    assert.equal(json((await u.get('/api/activities')).body).items.length, 0)
    const real = await imported(u, `account_id=${acct}&allow_unlisted=true`, FILE)
    assert.equal(real.imported, 3)
    assert.equal(real.dry_run, false)
    const items = json((await u.get('/api/activities')).body).items as Body[]
    assert.deepEqual(comparable(items).at(-2), [
      '2026-11-03',
      'BUY',
      'PRIVCO',
      10,
      150.025,
      1500.25,
      1,
      'USD',
      'lot, "one"',
      -1501.25,
    ])
    assert.ok(items.every((a) => a.source === 'csv' && typeof a.source_id === 'string'))
    const again = await imported(u, `account_id=${acct}&allow_unlisted=true`, FILE)
    assert.equal(again.imported, 0)
    assert.deepEqual(
      (again.duplicates as Body[]).map((d) => [d.line, d.reason]),
      [
        [2, 'stored'],
        [3, 'stored'],
        [4, 'stored'],
        [5, 'stored'],
      ],
    )
    // 10,000 − 1,501.25 + 2.40
    const accounts = json((await u.get('/api/accounts')).body).items as Body[]
    assert.deepEqual(accounts.find((a) => a.id === acct)!.cash, [{ currency: 'USD', balance: 8501.15 }])
  })

  it('reports every bad row with its line and column, and imports nothing', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    const csv =
      'date,type,symbol,quantity,price,amount\n' +
      '2026-11-02,DEPOSIT,,,,100\n' +
      '2026-13-02,DEPOSIT,,,,100\n' +
      '2026-11-02,SWAP,,,,100\n' +
      '2026-11-02,BUY,AAPL,,10,\n'
    const res = await importCsv(u, `account_id=${acct}&dry_run=true`, csv)
    const body = assertProblem(res, 422, 'import.invalid_rows')
    assert.deepEqual(
      (body.errors as { loc: unknown[] }[]).map((e) => e.loc),
      [
        ['body', 3, 'date'],
        ['body', 4, 'type'],
        ['body', 5, 'quantity'],
      ],
    )
    assertProblem(
      await importCsv(u, `account_id=${acct}`, 'symbol,amount\nX,1\n'),
      422,
      'import.missing_columns',
    )
    assertProblem(await importCsv(u, 'account_id=999999', 'date,type\n'), 404, 'accounts.not_found')
    const noAccount = await importCsv(u, '', 'date,type,amount\n2026-11-02,DEPOSIT,5\n')
    assert.deepEqual(
      (assertProblem(noAccount, 422, 'import.invalid_rows').errors as { loc: unknown[] }[])[0]!.loc,
      ['body', 2, 'account_id'],
    )
    assert.equal(json((await u.get('/api/activities')).body).items.length, 0)
  })

  it('exports RFC 4180 CSV and JSON that import back into another account as the same activities', async () => {
    const u = await t.newTenant()
    const from = await createManualAccount(u, 'From')
    const to = await createManualAccount(u, 'To')
    await imported(u, `account_id=${from}&allow_unlisted=true`, FILE)
    const multi = await u.post('/api/activities', {
      account_id: from,
      type: 'FEE',
      date: '2026-11-12',
      amount: 3.5,
      note: 'line one\nline "two"',
    })
    assert.equal(multi.statusCode, 201, multi.body)
    const csv = await u.get(`/api/export/activities.csv?account_id=${from}`)
    assert.equal(csv.statusCode, 200, csv.body)
    assert.match(String(csv.headers['content-type']), /^text\/csv/)
    assert.ok(
      csv.body.startsWith(
        'date,type,symbol,quantity,price,amount,fee,currency,note,account_id,source_id,activity_id,account_name,source,cash_effect\r\n',
      ),
    )
    assert.ok(csv.body.includes('"line one\nline ""two"""'), csv.body)
    assert.ok(csv.body.includes('"lot, ""one"""'))
    assert.ok(csv.body.endsWith('\r\n'))
    // The file names account `from` in its rows: import it without that column into `to`.
    const rewritten = csv.body.replaceAll(`,${from},`, `,${to},`)
    const dry = await imported(u, 'dry_run=true&allow_unlisted=true', rewritten)
    assert.equal(dry.imported, 4)
    await imported(u, 'allow_unlisted=true', rewritten)
    const a = json((await u.get(`/api/export/activities.json?account_id=${from}`)).body)
    const b = json((await u.get(`/api/export/activities.json?account_id=${to}`)).body)
    assert.equal(a.count, 4)
    assert.deepEqual(comparable(b.items as Body[]), comparable(a.items as Body[]))
    assert.ok((b.items as Body[]).every((x) => x.account_name === 'To'))
  })
})
