/** Saved backtests: list (newest first, strategy filter, paging), get, the paged log, delete, isolation, cap. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { assertProblem, json, type Body } from '../helpers/assertions.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { backtest, manyTrades } from './backtest-fixtures.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
const t = useTestApp({ clock })
const URL = '/api/trading-intel/backtests'

async function run(u: Client, body: Record<string, unknown> = {}): Promise<Body> {
  clock.advance(1000) // distinct created_at
  const res = await backtest(u, { from: '2025-06-02', to: '2025-06-30', ...body })
  assert.equal(res.statusCode, 200, res.body)
  return json(res)
}

describe('saved backtests', () => {
  it('every run is stored: GET answers it as POST did; the list is newest first with its summary', async () => {
    const u = await t.newTenant()
    await manyTrades(u, 3)
    const first = await run(u)
    const second = await run(u, { params: { sizing: 'fixed_amount', amount: 50 } })
    const got = json(await u.get(`${URL}/${first.id}`))
    assert.deepEqual(got, first)
    const list = json(await u.get(URL))
    assert.deepEqual(
      list.items.map((r: Body) => r.id),
      [second.id, first.id],
    )
    assert.equal(list.total, 2)
    assert.deepEqual(list.items[1].summary, first.summary)
    assert.equal(list.items[0].trades_total, 3)
    assert.equal(list.items[0].from, '2025-06-02')
    const filtered = json(await u.get(`${URL}?strategy=replay&limit=1`))
    assert.deepEqual(
      filtered.items.map((r: Body) => r.id),
      [second.id],
    )
    const next = json(await u.get(`${URL}?strategy=replay&limit=1&cursor=${filtered.next_cursor}`))
    assert.deepEqual(
      next.items.map((r: Body) => r.id),
      [first.id],
    )
    assert.equal(next.next_cursor, null)
    assert.equal((await u.get(`${URL}?strategy=momentum`)).statusCode, 422)
  })

  it('the POST answer carries the first 100 trades; the whole log pages from the stored run', async () => {
    const u = await t.newTenant()
    const ids = await manyTrades(u, 130)
    const b = await run(u)
    assert.equal(b.trades_total, 130)
    assert.equal(b.trades.length, 100)
    assert.equal(b.trades_truncated, true)
    assert.equal(b.log_status, 'pending', 'a log longer than the answer is stored after it')
    await t.c.backtest.logs.idle()
    assert.equal(json(await u.get(`${URL}/${b.id}`)).log_status, 'stored')
    const p1 = json(await u.get(`${URL}/${b.id}/trades?page_size=100`))
    assert.equal(p1.items.length, 100)
    assert.equal(p1.total, 130)
    assert.deepEqual(p1.items, b.trades)
    const p2 = json(await u.get(`${URL}/${b.id}/trades?cursor=${p1.next_cursor}`))
    assert.equal(p2.items.length, 30)
    assert.equal(p2.next_cursor, null)
    const all = [...p1.items, ...p2.items].map((x: Body) => x.trade_id)
    assert.deepEqual(
      [...all].sort((x, y) => x - y),
      ids,
    )
    const page3 = json(await u.get(`${URL}/${b.id}/trades?page=3&page_size=50`))
    assert.deepEqual(
      page3.items.map((x: Body) => x.trade_id),
      all.slice(100),
    )
  })

  it('a saved run does not change when a trade is later deleted', async () => {
    const u = await t.newTenant()
    const [id] = await manyTrades(u, 2)
    const b = await run(u)
    assert.equal((await u.delete(`/api/brokers/manual/transactions/${id}`)).statusCode, 204)
    assert.deepEqual(json(await u.get(`${URL}/${b.id}`)), b)
    assert.equal((await run(u)).trades_total, 1)
  })

  it('DELETE answers 204, then 404; the run leaves the list', async () => {
    const u = await t.newTenant()
    const b = await run(u)
    const del = await u.delete(`${URL}/${b.id}`)
    assert.equal(del.statusCode, 204)
    assert.equal(del.body, '')
    assertProblem(await u.delete(`${URL}/${b.id}`), 404, 'backtest.not_found')
    assertProblem(await u.get(`${URL}/${b.id}`), 404, 'backtest.not_found')
    assertProblem(await u.get(`${URL}/${b.id}/trades`), 404, 'backtest.not_found')
    assert.equal(json(await u.get(URL)).total, 0)
  })

  it('another tenant gets 404 on get, trades and delete, and sees nothing in its list', async () => {
    const owner = await t.newTenant()
    await manyTrades(owner, 1)
    const b = await run(owner)
    const other = await t.newTenant()
    assertProblem(await other.get(`${URL}/${b.id}`), 404, 'backtest.not_found')
    assertProblem(await other.get(`${URL}/${b.id}/trades`), 404, 'backtest.not_found')
    assertProblem(await other.delete(`${URL}/${b.id}`), 404, 'backtest.not_found')
    assert.deepEqual(json(await other.get(URL)).items, [])
    assert.equal(json(await owner.get(`${URL}/${b.id}`)).id, b.id, 'still there for its owner')
  })

  it('a tenant keeps its 100 newest runs: the 101st prunes the oldest', async () => {
    const u = await t.newTenant()
    const ids: number[] = []
    for (let i = 0; i < 101; i++) ids.push((await run(u)).id as number)
    const list = json(await u.get(`${URL}?page_size=100`))
    assert.equal(list.total, 100)
    assertProblem(await u.get(`${URL}/${ids[0]}`), 404, 'backtest.not_found')
    assert.equal(json(await u.get(`${URL}/${ids[1]}`)).id, ids[1])
  })
})
