/**
 * Every portfolio list answers the shared page shape {items, next_cursor, page, page_size}
 *: cursor walks with no duplicates or gaps, stable under inserts, filters kept,
 * page_size validated, defaults, and a cursor of another list refused.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertFieldError, json, type Body } from '../helpers/assertions.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'

const t = useTestApp()

/** Walks a list by cursor; `during` runs after the first page (e.g. an insert). */
async function walk(u: Client, url: string, during?: () => Promise<void>) {
  const pages: Body[] = []
  let next: string | null = null
  do {
    const sep = url.includes('?') ? '&' : '?'
    const res = await u.get(next ? `${url}${sep}cursor=${next}` : url)
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res.body)
    assert.deepEqual(
      Object.keys(body).filter((k) => ['items', 'next_cursor', 'page', 'page_size'].includes(k)).length,
      4,
    )
    assert.equal(body.page, pages.length + 1)
    pages.push(body)
    next = body.next_cursor
    if (pages.length === 1) await during?.()
  } while (next)
  return { pages, items: pages.flatMap((p) => p.items as Body[]) }
}

const ids = (items: Body[], key: string) => items.map((i) => i[key] as number)
const noDuplicates = (xs: unknown[]) =>
  assert.equal(new Set(xs.map((x) => JSON.stringify(x))).size, xs.length)

const trade = (account_id: number, i: number, extra: Body = {}) => ({
  account_id,
  symbol: 'AAPL',
  quantity: 1,
  date_acquired: '2023-01-03',
  // Several trades share a sale date (the id breaks ties); a few are undated legacy text.
  date_sold: i % 10 === 9 ? 'see statement' : `2024-0${1 + (i % 4)}-1${i % 3}`,
  proceeds: 100 + i,
  cost_basis: 100,
  ...extra,
})

describe('paginated portfolio lists', () => {
  it('transactions: a cursor walk serves each trade once, in order, stable under an insert', async () => {
    const u = await t.newTenant()
    const account = await createManualAccount(u)
    for (let i = 0; i < 60; i++)
      assert.equal((await u.post('/api/brokers/manual/transactions', trade(account, i))).statusCode, 201)
    const all = (await walk(u, '/api/brokers/manual/transactions?page_size=100')).items
    assert.equal(all.length, 60)
    // Newest sale first, undated last, id descending within a date.
    const order = all.map((r) => [r.date_sold_valid ? r.date_sold : '', r.transaction_id])
    const sorted = [...order].sort((a, b) =>
      a[0] === b[0] ? b[1] - a[1] : a[0] === '' ? 1 : b[0] === '' ? -1 : a[0] < b[0] ? 1 : -1,
    )
    assert.deepEqual(order, sorted)

    let inserted = 0
    const { pages, items } = await walk(u, '/api/brokers/manual/transactions?page_size=25', async () => {
      // A trade that sorts first (already passed) and one at the very end (still ahead).
      const early = await u.post(
        '/api/brokers/manual/transactions',
        trade(account, 0, { date_sold: '2025-01-01' }),
      )
      const late = await u.post(
        '/api/brokers/manual/transactions',
        trade(account, 0, { date_sold: 'late, undated' }),
      )
      assert.equal(early.statusCode + late.statusCode, 402)
      inserted = json(late.body).transaction_id
    })
    assert.deepEqual(
      pages.map((p) => p.items.length),
      [25, 25, 11],
    )
    noDuplicates(ids(items, 'transaction_id'))
    assert.deepEqual(
      ids(items, 'transaction_id').filter((id) => id !== inserted),
      ids(all, 'transaction_id'),
    )
    assert.equal(pages.at(-1)!.next_cursor, null)

    // Filters hold across pages: year and account.
    const y = (await walk(u, '/api/brokers/manual/transactions?year=2024&page_size=25')).items
    assert.equal(y.length, 54)
    assert.ok(y.every((r) => r.date_sold.startsWith('2024-')))
    const other = await createManualAccount(u, 'Other')
    assert.deepEqual((await walk(u, `/api/brokers/manual/transactions?account_id=${other}`)).items, [])
  })

  it('positions, accounts, investors and capital flows walk the same way', async () => {
    const u = await t.newTenant({ plan: 'premium' })
    const accounts = [await createManualAccount(u, 'A')]
    for (let i = 0; i < 2; i++) accounts.push(await createManualAccount(u, `A${i}`))
    const symbols = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META', 'TSLA', 'JPM', 'XOM', 'SPY']
    for (const account_id of accounts)
      for (const symbol of symbols) {
        const res = await u.post('/api/brokers/manual/positions', {
          account_id,
          symbol,
          quantity: 1,
          cost_basis: 10,
          as_of: '2026-11-02',
        })
        assert.equal(res.statusCode, 201, res.body)
      }
    const positions = (await walk(u, '/api/brokers/manual/positions?page_size=25')).items
    assert.equal(positions.length, 30)
    const keys = positions.map((p) => [p.account_id, p.symbol])
    noDuplicates(keys)
    assert.deepEqual(
      keys,
      [...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1)),
    )
    const one = (await walk(u, `/api/brokers/manual/positions?account_id=${accounts[1]}&limit=4`)).pages
    assert.deepEqual(
      one.map((p) => p.items.length),
      [4, 4, 2],
    )

    const investors = [] as number[]
    for (let i = 0; i < 27; i++)
      investors.push(json((await u.post('/api/investors', { name: `Investor ${i}` })).body).investor_id)
    const listed = (await walk(u, '/api/investors')).items
    assert.equal(listed.length, 28)
    assert.equal(listed[0]!.is_owner, true)
    assert.deepEqual(ids(listed.slice(1), 'investor_id'), investors)

    for (let i = 0; i < 30; i++) {
      const body = { investor_id: investors[i % 2]!, date: `2025-0${1 + (i % 3)}-01`, amount: i + 1 }
      assert.equal((await u.post('/api/capital-flows', body)).statusCode, 201)
    }
    const flows = await walk(u, `/api/capital-flows?investor_id=${investors[0]}`)
    assert.equal(flows.items.length, 15)
    noDuplicates(ids(flows.items, 'flow_id'))
    // net_capital is the sum of every matching flow, on every page: 1 + 3 + … + 29 = 225.
    assert.deepEqual(
      flows.pages.map((p) => p.net_capital),
      [225],
    )
    const paged = await walk(u, '/api/capital-flows?page_size=25')
    assert.deepEqual(
      paged.pages.map((p) => [p.items.length, p.net_capital]),
      [
        [25, 465],
        [5, 465],
      ],
    )
    const dated = paged.items.map((f) => [f.date, f.flow_id])
    assert.deepEqual(
      dated,
      [...dated].sort((a, b) => (a[0] === b[0] ? a[1] - b[1] : a[0] < b[0] ? -1 : 1)),
    )

    const acc = await walk(u, '/api/accounts?limit=2')
    assert.deepEqual(
      acc.pages.map((p) => p.items.length),
      [2, 1],
    )
    assert.deepEqual(ids(acc.items, 'id'), accounts)
  })

  it('defaults, page_size validation, page numbers and foreign or tampered cursors', async () => {
    const u = await t.newTenant()
    const account = await createManualAccount(u)
    for (let i = 0; i < 30; i++) await u.post('/api/brokers/manual/transactions', trade(account, i))
    const first = json((await u.get('/api/brokers/manual/transactions')).body)
    assert.deepEqual(
      [first.items.length, first.page, first.page_size, typeof first.next_cursor],
      [25, 1, 25, 'string'],
    )
    const second = json((await u.get('/api/brokers/manual/transactions?page=2')).body)
    assert.deepEqual([second.items.length, second.page, second.next_cursor], [5, 2, null])
    for (const url of [
      '/api/brokers/manual/transactions',
      '/api/accounts',
      '/api/brokers/manual/positions',
      '/api/investors',
      '/api/capital-flows',
    ]) {
      assertFieldError(await u.get(`${url}?page_size=10`), ['query', 'page_size'])
      assertFieldError(await u.get(`${url}?cursor=not-a-cursor`), ['query', 'cursor'])
    }
    // A transactions cursor does not fit the accounts list (its key has another shape).
    assertFieldError(await u.get(`/api/accounts?cursor=${first.next_cursor}`), ['query', 'cursor'])
    const forged = Buffer.from(JSON.stringify({ v: 1, k: ['2024-01-01', 'x'], p: 2, s: 25 })).toString(
      'base64url',
    )
    assertFieldError(await u.get(`/api/brokers/manual/transactions?cursor=${forged}`), ['query', 'cursor'])
  })
})
