/**
 * CSV import of manual transactions and positions through HTTP: broker-style exports, all or
 * nothing, dry runs, duplicate skipping, tenancy, content types and the OpenAPI entry.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { nyDate } from '../../src/kernel/calendar/nyse.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { json, type Body } from '../helpers/assertions.ts'

const t = useTestApp()

const importCsv = (u: Client, query: string, csv: string, type = 'text/csv') =>
  u.inject({
    method: 'POST',
    url: `/api/brokers/manual/import?${query}`,
    headers: { 'content-type': type },
    payload: csv,
  })

async function imported(u: Client, query: string, csv: string): Promise<Body> {
  const res = await importCsv(u, query, csv)
  assert.equal(res.statusCode, 200, res.body)
  return json(res.body)
}

async function list(u: Client, what: 'transactions' | 'positions', accountId: number): Promise<Body[]> {
  const res = await u.get(`/api/brokers/manual/${what}?account_id=${accountId}`)
  assert.equal(res.statusCode, 200, res.body)
  return json(res.body).items as Body[]
}

function assertProblem(res: { statusCode: number; body: string }, status: number, code: string): Body {
  assert.equal(res.statusCode, status, res.body)
  const body = json(res.body)
  assert.equal(body.code, code, res.body)
  return body
}

/** The import's answer, which must be the problem `code` with `status`. */
const failed = async (u: Client, query: string, csv: string, status: number, code: string, type?: string) =>
  assertProblem(await importCsv(u, query, csv, type), status, code)

// A realized gain/loss export as brokers write it: BOM, CRLF, quoted names with commas, $ and
// thousands separators, (parentheses) for losses, a column we do not read, a trailing blank line.
const TRADES_CSV =
  '\uFEFFSymbol,Description,Qty,Date Acquired,Date Sold,Sale Proceeds,Cost Basis,Commission,Realized Gain/Loss\r\n' +
  'AAPL,"Apple, Inc.",10,2023-01-10,2024-01-11,"$1,234.56","$1,000.01",$4.95,\r\n' +
  'msft,"Microsoft ""MSFT"" Corp",5,VARIOUS,2023-06-01,$488.00,$500.00,,(12.00)\r\n' +
  'BRK.B,"Berkshire Hathaway, Inc. Class B",2.5,2023-03-01,2023-09-01,"1,000","$1,100.50",,\r\n' +
  '\r\n'

const tradesQuery = (accountId: number, extra = '') => `account_id=${accountId}&kind=transactions${extra}`
const positionsQuery = (accountId: number) => `account_id=${accountId}&kind=positions`

describe('transactions import', () => {
  it('imports a broker-style export; rows are listed with exact amounts and source=import', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    const r = await imported(u, tradesQuery(acct), TRADES_CSV)
    assert.deepEqual(r, {
      kind: 'transactions',
      dry_run: false,
      rows: 3,
      imported: 3,
      skipped_duplicates: 0,
      errors: [],
      ignored_columns: ['Description'],
    })
    const bySymbol = new Map((await list(u, 'transactions', acct)).map((x) => [x.symbol, x]))
    assert.deepEqual([...bySymbol.keys()].sort(), ['AAPL', 'BRK.B', 'MSFT'])
    const pick = (s: string) => {
      const x = bySymbol.get(s)!
      return [x.quantity, x.date_acquired, x.proceeds, x.cost_basis, x.fees, x.gain_loss, x.term]
    }
    // gain_loss: 1234.56 − 1000.01 − 4.95 when the cell is empty; the broker's (12.00) when given.
    assert.deepEqual(pick('AAPL'), [10, '2023-01-10', 1234.56, 1000.01, 4.95, 229.6, 'long'])
    assert.deepEqual(pick('MSFT'), [5, 'VARIOUS', 488, 500, 0, -12, 'unknown'])
    assert.deepEqual(pick('BRK.B'), [2.5, '2023-03-01', 1000, 1100.5, 0, -100.5, 'short'])

    const sources = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db.selectFrom('realized_trade').select('source').where('tenant_id', '=', u.tenantId).execute(),
    )
    assert.deepEqual(new Set(sources.map((s) => s.source)), new Set(['import']))
  })

  it('a dry run validates and counts but writes nothing', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    const dry = await imported(u, tradesQuery(acct, '&dry_run=true'), TRADES_CSV)
    assert.deepEqual([dry.dry_run, dry.imported], [true, 3])
    assert.deepEqual(await list(u, 'transactions', acct), [])
    await imported(u, tradesQuery(acct), TRADES_CSV)
    const again = await imported(u, tradesQuery(acct, '&dry_run=true'), TRADES_CSV)
    assert.deepEqual([again.imported, again.skipped_duplicates], [0, 3])
  })

  it('skips rows already stored or repeated in the file; re-importing imports nothing', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    // The same trade entered by hand earlier (amounts written differently) is a duplicate.
    const manual = await u.post('/api/brokers/manual/transactions', {
      account_id: acct,
      symbol: 'AAPL',
      quantity: 10,
      date_acquired: '2023-01-10',
      date_sold: '2024-01-11',
      proceeds: 1234.56,
      cost_basis: 1000.01,
    })
    assert.equal(manual.statusCode, 201, manual.body)
    const repeated = TRADES_CSV.trimEnd() + '\r\nBRK.B,again,2.50,2023-03-01,2023-09-01,1000.00,1100.5,,\r\n'
    const first = await imported(u, tradesQuery(acct), repeated)
    assert.deepEqual([first.rows, first.imported, first.skipped_duplicates], [4, 2, 2])
    const second = await imported(u, tradesQuery(acct), repeated)
    assert.deepEqual([second.imported, second.skipped_duplicates], [0, 4])
    assert.equal((await list(u, 'transactions', acct)).length, 3)

    // A soft-deleted trade is not live: importing brings it back.
    const msft = (await list(u, 'transactions', acct)).find((x) => x.symbol === 'MSFT')!
    const del = await u.delete(`/api/brokers/manual/transactions/${msft.transaction_id}`)
    assert.equal(del.statusCode, 204, del.body)
    const third = await imported(u, tradesQuery(acct), repeated)
    assert.deepEqual([third.imported, third.skipped_duplicates], [1, 3])
  })

  it('any bad row → 422 import.invalid_rows located by line and column, and nothing is imported', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    const csv =
      'symbol,quantity,date_acquired,date_sold,proceeds,cost_basis,fees\n' +
      'AAPL,1,2023-01-10,2023-06-01,100,90,\n' +
      'MSFT,"1,5",2023-02-30,2023-06-01,"(5.00)",90,\n' + // line 3: three bad cells
      '"A B",1,2023-01-10,"multi\nline",100,90,-1\n' + // lines 4–5: bad symbol and fees
      'TSLA,0,2023-01-10,2023-06-01,100,,\n' // line 6: zero quantity, missing cost
    for (const extra of ['', '&dry_run=true']) {
      const body = await failed(u, tradesQuery(acct, extra), csv, 422, 'import.invalid_rows')
      const locs = (body.errors as { loc: unknown[] }[]).map((e) => JSON.stringify(e.loc))
      assert.deepEqual(locs, [
        '["body",3,"quantity"]',
        '["body",3,"date_acquired"]',
        '["body",3,"proceeds"]',
        '["body",4,"symbol"]',
        '["body",4,"fees"]',
        '["body",6,"quantity"]',
        '["body",6,"cost_basis"]',
      ])
      assert.deepEqual([body.error_count, body.rows], [7, 4])
      assert.match(body.detail, /3 row\(s\) have errors; nothing was imported/)
    }
    // At most 100 errors are listed; error_count gives the total.
    const many = 'symbol,qty,acquired,sold,proceeds,cost\n' + 'AAPL,x,2023-01-10,2023-06-01,1,1\n'.repeat(150)
    const capped = await failed(u, tradesQuery(acct), many, 422, 'import.invalid_rows')
    assert.deepEqual([capped.errors.length, capped.error_count], [100, 150])
    assert.deepEqual(await list(u, 'transactions', acct), [])
  })

  it('file-level problems → 422: missing or doubled column, malformed CSV, empty file, too many rows', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    const q = tradesQuery(acct)
    const noProceeds = 'ticker,shares,acquired,sold,cost\nAAPL,1,2023-01-10,2023-06-01,1\n'
    const missing = await failed(u, q, noProceeds, 422, 'import.missing_columns')
    assert.deepEqual(missing.errors[0].loc, ['body', 1, 'proceeds'])
    assert.match(missing.errors[0].msg, /sale proceeds/)
    await failed(u, q, 'symbol,qty,shares,acquired,sold,proceeds,cost\n', 422, 'import.duplicate_column')
    const header = 'symbol,qty,acquired,sold,proceeds,cost\n'
    const malformed = await failed(u, q, header + '"AAPL,1\n', 422, 'import.malformed_csv')
    assert.deepEqual(malformed.errors[0].loc, ['body', 2])
    await failed(u, q, '', 422, 'import.empty')
    await failed(u, q, '\uFEFF\r\n\r\n', 422, 'import.empty')
    const big = header + 'AAPL,1,2023-01-10,2023-06-01,1,1\n'.repeat(20_001)
    await failed(u, q, big, 422, 'import.too_many_rows')
    // A header alone is a valid, empty import.
    assert.equal((await imported(u, q, header)).rows, 0)
    assert.deepEqual(await list(u, 'transactions', acct), [])
  })
})

describe('positions import', () => {
  it('prices a back-dated holding at its date’s close, as a typed-in position is', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    await imported(u, positionsQuery(acct), 'symbol,quantity,cost_basis,as_of\r\nMSFT,10,3000,2025-03-04\r\n')
    const end = new Date('2025-03-04T23:59:59Z')
    const bars = await t.c.providers.market.bars('MSFT', {
      interval: '1d',
      start: new Date(end.getTime() - 7 * 86_400_000),
      end,
    })
    const close = bars.at(-1)!.close
    const row = await t.c.scopes.withTenant(u.tenantId, (s) =>
      s.db
        .selectFrom('portfolio_snapshot')
        .select(['price', 'unrealized_pl'])
        .where('account_id', '=', acct)
        .executeTakeFirstOrThrow(),
    )
    // 10 × the close of 4 March 2025 − 3,000 paid.
    assert.equal(Number(row.price), Math.round(close * 1e6) / 1e6)
    assert.equal(Number(row.unrealized_pl), Math.round((10 * close - 3000) * 1e4) / 1e4)
  })

  it('imports holdings (default as_of today, New York), shown by GET positions and snapshots', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    const csv =
      '\uFEFFTicker,Name,Shares,Cost Basis,Date\r\n' +
      'AAPL,"Apple, Inc.","1,200","$123,456.78",2024-01-02\r\n' +
      'TSLA,"Tesla, Inc.",(5),$0.00,\r\n' +
      'aapl,"Apple, Inc.",3,$300,2024-01-02\r\n' // same symbol and day: a duplicate
    const r = await imported(u, positionsQuery(acct), csv)
    assert.deepEqual(
      [r.kind, r.rows, r.imported, r.skipped_duplicates, r.ignored_columns],
      ['positions', 3, 2, 1, ['Name']],
    )
    assert.deepEqual(
      (await list(u, 'positions', acct)).map((p) => [p.symbol, p.quantity, p.cost_basis, p.as_of]).sort(),
      [
        ['AAPL', 1200, 123456.78, '2024-01-02'],
        ['TSLA', -5, 0, nyDate(new Date())],
      ],
    )
    const snap = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .selectFrom('portfolio_snapshot')
        .select(['symbol', 'cost_basis'])
        .where('tenant_id', '=', u.tenantId)
        .where('snapshot_date', '=', '2024-01-02')
        .execute(),
    )
    assert.deepEqual(
      snap.map((s) => `${s.symbol} ${Number(s.cost_basis)}`),
      ['AAPL 123456.78'],
    )

    const again = await imported(u, positionsQuery(acct), csv)
    assert.deepEqual([again.imported, again.skipped_duplicates], [0, 3])
    const badRow = 'symbol,quantity,cost_basis,as_of\nAAPL,1,-1,2024-13-01\n'
    const bad = await failed(u, positionsQuery(acct), badRow, 422, 'import.invalid_rows')
    assert.equal(bad.errors.map((e: Body) => e.loc.join()).join(' '), 'body,2,cost_basis body,2,as_of')
  })
})

describe('import: access, content type and query', () => {
  it('another tenant’s or an unknown account → 404; a broker account → 422; nothing written', async () => {
    const owner = await t.newTenant()
    const other = await t.newTenant()
    const acct = await createManualAccount(owner)
    for (const q of [tradesQuery(acct), tradesQuery(acct, '&dry_run=true'), tradesQuery(999999999)])
      await failed(other, q, TRADES_CSV, 404, 'accounts.not_found')
    assert.deepEqual(await list(owner, 'transactions', acct), [])

    const broker = await t.c.scopes.withTenant(owner.tenantId, ({ db }) =>
      db
        .insertInto('broker_account')
        .values({ tenant_id: owner.tenantId, name: 'Schwab', broker_type: 'schwab' })
        .returning('id')
        .executeTakeFirstOrThrow(),
    )
    const res = await failed(owner, tradesQuery(broker.id), TRADES_CSV, 422, 'validation.failed')
    assert.deepEqual(res.errors[0].loc, ['query', 'account_id'])
    assert.equal(res.errors[0].type, 'not_manual')
  })

  it('a body that is not text/csv → 415; the CSV parser does not leak to other routes', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    const unsupported = 'request.unsupported_media_type'
    await failed(u, tradesQuery(acct), '{}', 415, unsupported, 'application/json')
    await failed(u, tradesQuery(acct), TRADES_CSV, 415, unsupported, 'text/plain')
    const withCharset = await importCsv(u, tradesQuery(acct), TRADES_CSV, 'text/csv; charset=utf-8')
    assert.equal(withCharset.statusCode, 200, withCharset.body)
    const res = await u.inject({
      method: 'POST',
      url: '/api/brokers/manual/positions',
      headers: { 'content-type': 'text/csv' },
      payload: 'symbol\nAAPL\n',
    })
    assertProblem(res, 415, unsupported)
  })

  it('missing or invalid query parameters → 422 naming them', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    const cases: [string, string][] = [
      [`account_id=${acct}`, 'kind'],
      [`account_id=${acct}&kind=trades`, 'kind'],
      ['kind=positions', 'account_id'],
      [`account_id=${acct}&kind=positions&dry_run=maybe`, 'dry_run'],
    ]
    for (const [query, field] of cases) {
      const body = await failed(u, query, TRADES_CSV, 422, 'validation.failed')
      const locs = (body.errors as Body[]).map((e) => (e.loc as unknown[]).join())
      assert.ok(locs.includes(`query,${field}`), `${query}: ${locs.join(' ')}`)
    }
  })

  it('the OpenAPI document lists the route with a text/csv request body', async () => {
    const doc = json((await t.anon.get('/openapi.json')).body)
    const op = doc.paths['/api/brokers/manual/import']?.post as Body
    assert.ok(op, 'route documented')
    assert.equal(op.operationId, 'importManualCsv')
    assert.deepEqual(Object.keys(op.requestBody.content), ['text/csv'])
    assert.equal(op.requestBody.content['text/csv'].schema.type, 'string')
    assert.deepEqual((op.parameters as Body[]).map((p) => [p.name, p.in, p.required ?? false]).sort(), [
      ['account_id', 'query', true],
      ['allow_unlisted', 'query', false],
      ['date_format', 'query', false],
      ['dry_run', 'query', false],
      ['kind', 'query', true],
    ])
    assert.ok(op.responses['200'] && op.responses['415'] && op.responses['422'])
  })
})
