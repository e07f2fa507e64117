/** The daily.eod-review job (once per tenant and date, idempotent) and GET /eod/history. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { json } from '../helpers/assertions.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { bearer, DailyMarket, hold } from './daily-fixtures.ts'

const clock = fixedClock('2026-11-17T21:30:00Z')
const market = new DailyMarket({ clock })
market.book = {
  AAPL: {
    '2026-11-16': [100, 100],
    '2026-11-17': [100, 102], // +2
    '2026-11-18': [102, 101], // −1
    '2026-11-19': [101, 105], // +4
  },
  MSFT: { '2026-11-16': [50, 50], '2026-11-17': [50, 49], '2026-11-18': [49, 50], '2026-11-19': [50, 50] },
}

let t: TestApp
let u: Client
let bare: Client
before(async () => {
  t = await buildTestApp({ clock, providers: { market } })
  u = await t.newTenant()
  await hold(t, u, [
    ['AAPL', 10],
    ['MSFT', 5],
  ])
  bare = await t.newTenant() // holds nothing: the job skips it
})
after(() => t.close())

const history = async (c: Client, query = '') =>
  c.get(`/api/trading-intel/eod/history${query}`, await bearer(t, c))
const stored = async (tenantId: number) =>
  t.c.scopes.withTenant(tenantId, (s) =>
    s.db
      .selectFrom('eod_review')
      .select(['review_date', 'total_pnl', 'updated_at'])
      .orderBy('review_date')
      .execute(),
  )

describe('daily.eod-review job', () => {
  it('does nothing before the close, on a holiday or a weekend', async () => {
    clock.set('2026-11-17T20:59:00Z') // 15:59 New York
    assert.deepEqual(await t.c.daily.eod.runScheduled(), { tenants: 0, written: 0 })
    clock.set('2026-11-26T21:30:00Z') // Thanksgiving
    assert.deepEqual(await t.c.daily.eod.runScheduled(), { tenants: 0, written: 0 })
    clock.set('2026-11-21T21:30:00Z') // Saturday
    assert.deepEqual(await t.c.daily.eod.runScheduled(), { tenants: 0, written: 0 })
    assert.deepEqual(await stored(u.tenantId), [])
  })

  it('writes each tenant with holdings once per date; a rerun writes nothing', async () => {
    for (const [at, date] of [
      ['2026-11-17T21:30:00Z', '2026-11-17'],
      ['2026-11-18T21:30:00Z', '2026-11-18'],
      ['2026-11-19T21:30:00Z', '2026-11-19'],
    ] as const) {
      clock.set(at)
      const run = await t.c.daily.eod.runScheduled()
      assert.equal(run.written, 1, date) // u only; `bare` holds nothing
      const rows = await stored(u.tenantId)
      assert.equal(rows.at(-1)?.review_date, date)
      assert.deepEqual(await t.c.daily.eod.runScheduled(), { tenants: run.tenants, written: 0 })
      assert.deepEqual(await stored(u.tenantId), rows) // not rewritten
    }
    assert.deepEqual(await stored(bare.tenantId), [])
    // P&L: 10 × (102 − 100) + 5 × (49 − 50) = 15; 10 × −1 + 5 × 1 = −5; 10 × 4 + 0 = 40
    assert.deepEqual(
      (await stored(u.tenantId)).map((r) => [r.review_date, Number(r.total_pnl)]),
      [
        ['2026-11-17', 15],
        ['2026-11-18', -5],
        ['2026-11-19', 40],
      ],
    )
  })
})

describe('GET /eod/history', () => {
  it('summaries newest first, with the best and worst position', async () => {
    clock.set('2026-11-20T14:00:00Z')
    const res = await history(u)
    assert.equal(res.statusCode, 200, res.body)
    const h = json(res)
    assert.equal(h.from, '2026-10-22') // 30 days including today
    assert.equal(h.to, '2026-11-20')
    assert.deepEqual(
      h.items.map((i: { review_date: string; total_pnl: number; best: unknown; worst: unknown }) => [
        i.review_date,
        i.total_pnl,
        i.best,
        i.worst,
      ]),
      [
        ['2026-11-19', 40, { symbol: 'AAPL', pnl: 40 }, { symbol: 'MSFT', pnl: 0 }],
        ['2026-11-18', -5, { symbol: 'MSFT', pnl: 5 }, { symbol: 'AAPL', pnl: -10 }],
        ['2026-11-17', 15, { symbol: 'AAPL', pnl: 20 }, { symbol: 'MSFT', pnl: -5 }],
      ],
    )
    assert.deepEqual(
      [h.items[0].signals, h.items[0].hits, h.items[0].misses, h.items[0].complete],
      [0, 0, 0, true],
    )
  })

  it('days bounds the window (1–366); account scope and tenant isolation', async () => {
    clock.set('2026-11-20T14:00:00Z')
    const two = json(await history(u, '?days=2'))
    assert.deepEqual([two.from, two.items.length], ['2026-11-19', 1])
    assert.equal((await history(u, '?days=0')).statusCode, 422)
    assert.equal((await history(u, '?days=367')).statusCode, 422)
    assert.equal(json(await history(u, '?days=366')).items.length, 3)
    const account = await hold(t, u, [['AMD', 1]])
    assert.deepEqual(json(await history(u, `?account_id=${account}`)).items, []) // another scope
    const other = await t.newTenant()
    assert.deepEqual(json(await history(other)).items, [])
    assert.equal((await history(other, `?account_id=${account}`)).statusCode, 404)
    assert.equal((await history(other, `?tenant_id=${u.tenantId}`)).statusCode, 403)
    const admin = await t.newTenant({ role: 'admin' })
    const seen = await admin.get(
      `/api/trading-intel/eod/history?tenant_id=${u.tenantId}`,
      await bearer(t, admin, 'admin'),
    )
    assert.equal(json(seen).items.length, 3)
  })
})
