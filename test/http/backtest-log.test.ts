/**
 * The per-trade log written after the answer (log-writer.service.ts): pending → stored, 409 while pending,
 * a failed write and a lost one (past LOG_PENDING_MS) read as failed, deletion while pending, and
 * tenant isolation of pending runs.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  LOG_PENDING_MS,
  type LogWriter,
} from '../../src/modules/trading-intel/backtest/log-writer.service.ts'
import { fixedClock } from '../../src/platform/clock.ts'
import { assertProblem, json, type Body } from '../helpers/assertions.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { backtest, manyTrades } from './backtest-fixtures.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
const t = useTestApp({ clock })
const URL = '/api/trading-intel/backtests'

/** Holds every log write until `release` (the run stays pending meanwhile). */
function holdWrites(logs: LogWriter): { release: () => void } {
  const store = logs.store.bind(logs)
  let open!: () => void
  const gate = new Promise<void>((resolve) => (open = resolve))
  logs.store = async (...args) => {
    await gate
    return store(...args)
  }
  return {
    release: () => {
      logs.store = store
      open()
    },
  }
}

async function run(u: Client): Promise<Body> {
  clock.advance(1000)
  const res = await backtest(u, { from: '2025-06-02', to: '2025-06-30' })
  assert.equal(res.statusCode, 200, res.body)
  return json(res)
}

describe('backtest log written after the answer', () => {
  it('pending: the run and its first 100 trades answer, the log pages 409 until stored', async () => {
    const u = await t.newTenant()
    await manyTrades(u, 104)
    const held = holdWrites(t.c.backtest.logs)
    const b = await run(u)
    assert.equal(b.log_status, 'pending')
    assert.equal(b.trades.length, 100)
    const got = json(await u.get(`${URL}/${b.id}`))
    assert.equal(got.log_status, 'pending')
    assert.deepEqual(got.trades, b.trades, 'the first 100 records are stored with the run')
    assert.equal(json(await u.get(URL)).items[0].log_status, 'pending')
    const busy = await u.get(`${URL}/${b.id}/trades`)
    assertProblem(busy, 409, 'backtest.log_pending')
    assert.equal(busy.headers['retry-after'], '1')
    // Another tenant learns nothing about it, pending or not.
    const other = await t.newTenant()
    assertProblem(await other.get(`${URL}/${b.id}/trades`), 404, 'backtest.not_found')
    assertProblem(await other.get(`${URL}/${b.id}`), 404, 'backtest.not_found')
    assertProblem(await other.delete(`${URL}/${b.id}`), 404, 'backtest.not_found')

    held.release()
    await t.c.backtest.logs.idle()
    assert.equal(json(await u.get(`${URL}/${b.id}`)).log_status, 'stored')
    const page = json(await u.get(`${URL}/${b.id}/trades?page=2&page_size=100`))
    assert.equal(page.total, 104)
    assert.equal(page.items.length, 4)
    const first = json(await u.get(`${URL}/${b.id}/trades`))
    assert.deepEqual(first.items, b.trades)
  })

  it('a run of at most 100 trades is stored with its answer', async () => {
    const u = await t.newTenant()
    await manyTrades(u, 100)
    const held = holdWrites(t.c.backtest.logs)
    try {
      const b = await run(u)
      assert.equal(b.log_status, 'stored')
      assert.equal(json(await u.get(`${URL}/${b.id}/trades`)).total, 100)
    } finally {
      held.release()
    }
  })

  it('deleting a run whose log is pending is safe: the late write stores nothing', async () => {
    const u = await t.newTenant()
    await manyTrades(u, 101)
    const held = holdWrites(t.c.backtest.logs)
    const b = await run(u)
    assert.equal((await u.delete(`${URL}/${b.id}`)).statusCode, 204)
    held.release()
    await t.c.backtest.logs.idle()
    assertProblem(await u.get(`${URL}/${b.id}`), 404, 'backtest.not_found')
    assertProblem(await u.get(`${URL}/${b.id}/trades`), 404, 'backtest.not_found')
    assert.equal(json(await u.get(URL)).total, 0)
  })

  it('a write that fails marks the log failed: 409 backtest.log_failed, the run still answers', async () => {
    const u = await t.newTenant()
    await manyTrades(u, 101)
    const logs = t.c.backtest.logs
    const store = logs.store.bind(logs)
    logs.store = () => Promise.reject(new Error('disk full'))
    try {
      const b = await run(u)
      await logs.idle()
      const got = json(await u.get(`${URL}/${b.id}`))
      assert.equal(got.log_status, 'failed')
      assert.deepEqual(got.summary, b.summary)
      assert.equal(got.trades.length, 100)
      assertProblem(await u.get(`${URL}/${b.id}/trades`), 409, 'backtest.log_failed')
    } finally {
      logs.store = store
    }
  })

  it(`a log still pending ${LOG_PENDING_MS / 60_000} minutes on (its process gone) is failed for good`, async () => {
    const u = await t.newTenant()
    await manyTrades(u, 101)
    const held = holdWrites(t.c.backtest.logs)
    const b = await run(u)
    clock.advance(LOG_PENDING_MS)
    assert.equal(json(await u.get(`${URL}/${b.id}`)).log_status, 'failed')
    assertProblem(await u.get(`${URL}/${b.id}/trades`), 409, 'backtest.log_failed')
    held.release()
    await t.c.backtest.logs.idle()
    assert.equal(json(await u.get(`${URL}/${b.id}`)).log_status, 'failed', 'a late write does not revive it')
    const row = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db.selectFrom('backtest_run').select('log_status').where('id', '=', b.id).executeTakeFirstOrThrow(),
    )
    assert.equal(row.log_status, 'failed', 'the late writer marks the row failed too')
    assertProblem(await u.get(`${URL}/${b.id}/trades`), 409, 'backtest.log_failed')
  })
})
