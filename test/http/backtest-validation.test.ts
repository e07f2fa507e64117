/** POST /api/trading-intel/backtest: 422s naming the field, 404 accounts, empty results, auth. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { assertFieldError, assertProblem, json } from '../helpers/assertions.ts'
import { useTestApp } from '../helpers/test-app.ts'
import { backtest, manualAccount } from './backtest-fixtures.ts'

const clock = fixedClock('2026-11-24T15:00:00Z') // Tuesday; New York date 2026-11-24
const t = useTestApp({ clock })

describe('POST /backtest: validation', () => {
  it('refuses bad ranges with a 422 naming the field', async () => {
    const u = await t.newTenant()
    const cases: [Record<string, unknown>, string[]][] = [
      [{ from: '2025-03-10', to: '2025-03-10' }, ['body', 'to']], // from = to
      [{ from: '2025-03-10', to: '2025-03-07' }, ['body', 'to']], // from > to
      [{ from: '1995-01-03', to: '2025-01-04' }, ['body', 'to']], // 30 years and a day
      [{ from: '2026-11-25', to: '2026-12-31' }, ['body', 'from']], // from in the future
      [{ from: '1989-12-29', to: '1990-06-01' }, ['body', 'from']], // before the calendar
      [{ from: '2025-02-30', to: '2025-03-10' }, ['body', 'from']], // not a date
    ]
    for (const [range, loc] of cases) assertFieldError(await backtest(u, range), loc)
    const ok = await backtest(u, { from: '1995-01-03', to: '2025-01-03' }) // exactly 30 years
    assert.equal(ok.statusCode, 200, ok.body)
  })

  it('refuses a bad capital, strategy, sizing or param', async () => {
    const u = await t.newTenant()
    const range = { from: '2025-03-03', to: '2025-03-31' }
    assertFieldError(await backtest(u, { ...range, initial_capital: 0 }), ['body', 'initial_capital'])
    assertFieldError(await backtest(u, { ...range, initial_capital: 1e13 }), ['body', 'initial_capital'])
    assertFieldError(await backtest(u, { ...range, strategy: 'martingale' }), ['body', 'strategy'])
    assertFieldError(await backtest(u, { ...range, params: { sizing: 'fixed_amount' } }), [
      'body',
      'params',
      'amount',
    ])
    assertFieldError(await backtest(u, { ...range, params: { sizing: 'percent_of_equity' } }), [
      'body',
      'params',
      'percent',
    ])
    assertFieldError(await backtest(u, { ...range, params: { sizing: 'kelly' } }), [
      'body',
      'params',
      'sizing',
    ])
    assertFieldError(await backtest(u, { ...range, params: { percent: 101, sizing: 'percent_of_equity' } }), [
      'body',
      'params',
      'percent',
    ])
    assertFieldError(await backtest(u, { ...range, params: { symbols: ['AA\u0000'] } }), [
      'body',
      'params',
      'symbols',
      0,
    ])
    assertFieldError(await backtest(u, { ...range, params: { setup: 'orb' } }), ['body', 'params', 'setup'])
  })

  it('an unknown account, or another tenant’s, is a 404; anonymous is a 401', async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    const theirs = await manualAccount(other)
    const range = { from: '2025-03-03', to: '2025-03-31' }
    assertProblem(await backtest(u, { ...range, account_id: theirs }), 404, 'accounts.not_found')
    assertProblem(await backtest(u, { ...range, account_id: 987_654_321 }), 404, 'accounts.not_found')
    const anon = await t.anon.post('/api/trading-intel/backtest', {
      strategy: 'replay',
      ...range,
      initial_capital: 1,
    })
    assert.equal(anon.statusCode, 401)
  })
})

describe('POST /backtest: empty results', () => {
  it('no trades in the range: 200, a flat curve on every trading day, and a note', async () => {
    const u = await t.newTenant()
    const res = await backtest(u, { from: '2026-01-16', to: '2026-01-21' }) // Mon 01-19 is a holiday
    assert.equal(res.statusCode, 200, res.body)
    const b = json(res)
    assert.deepEqual(b.equity_curve, [
      { date: '2026-01-16', equity: 10000, drawdown: 0 },
      { date: '2026-01-20', equity: 10000, drawdown: 0 },
      { date: '2026-01-21', equity: 10000, drawdown: 0 },
    ])
    assert.match(b.note, /No closed trades/)
    assert.equal(b.summary.total_return, 0)
    assert.equal(b.summary.sharpe, null, 'σ = 0: undefined, not 0')
    assert.equal(b.summary.trades.count, 0)
    assert.equal(b.summary.trades.win_rate, null)
    assert.deepEqual(b.trades, [])
    assert.equal(b.trades_total, 0)
  })

  it('a range without a trading day answers an empty curve; a future `to` ends today', async () => {
    const u = await t.newTenant()
    const weekend = json(await backtest(u, { from: '2026-01-17', to: '2026-01-18' }))
    assert.deepEqual(weekend.equity_curve, [])
    assert.match(weekend.note, /No trading day/)
    assert.equal(weekend.summary.final_equity, null)
    const future = json(await backtest(u, { from: '2026-11-20', to: '2027-01-01' }))
    assert.equal(future.to, '2026-11-24')
    assert.equal(future.last_date, '2026-11-24')
    assert.equal(future.equity_curve.length, 3)
  })
})
