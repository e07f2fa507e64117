/** POST /backtest params.setups: trades kept only when a chosen intraday setup fired on their entry day. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { assertProblem, json, type Body } from '../helpers/assertions.ts'
import { useTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { addTrade, backtest, HAND_WEEK, manualAccount, PriceMarket } from './backtest-fixtures.ts'
import { intradaySignal } from './daily-fixtures.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
const market = new PriceMarket({ clock })
const t = useTestApp({ clock, providers: { market } })
const RANGE = { from: '2026-03-02', to: '2026-03-06' }

Object.assign(market.daily, HAND_WEEK)

/** A: ZZAA in 03-02 (+49), B: ZZBB in 03-03 (+100), C: ZZAA in and out 03-04 (−5). */
async function trades(u: Client) {
  const account_id = await manualAccount(u)
  const add = (
    symbol: string,
    quantity: number,
    inDay: string,
    outDay: string,
    proceeds: number,
    cost: number,
  ) =>
    addTrade(u, account_id, {
      symbol,
      quantity,
      date_acquired: inDay,
      date_sold: outDay,
      proceeds,
      cost_basis: cost,
    })
  return {
    a: await add('ZZAA', 10, '2026-03-02', '2026-03-05', 549, 500),
    b: await add('ZZBB', 50, '2026-03-03', '2026-03-06', 1050, 950),
    c: await add('ZZAA', 5, '2026-03-04', '2026-03-04', 250, 255),
  }
}

async function signals(app: TestApp, tenantId: number) {
  const sig = (symbol: string, setup: string, at: string) =>
    intradaySignal(app, tenantId, { symbol, setup, direction: 'long', price: 50, at })
  await sig('ZZAA', 'orb', '2026-03-02T15:00:00Z')
  await sig('ZZBB', 'gap', '2026-03-03T14:35:00Z')
  await sig('ZZAA', 'vwap_reclaim', '2026-03-04T16:00:00Z')
}

const ids = (b: Body) => b.trades.map((x: Body) => x.trade_id)

describe('backtest setup filter', () => {
  it('keeps the trades whose entry day had a chosen setup on their symbol', async () => {
    const u = await t.newTenant()
    const { a, b, c } = await trades(u)
    await signals(t, u.tenantId)
    const orb = json(await backtest(u, { ...RANGE, params: { setups: ['orb'] } }))
    assert.deepEqual(ids(orb), [a])
    assert.equal(orb.selection.excluded.setup_not_matched, 2)
    assert.equal(orb.summary.final_equity, 10049)
    const two = json(await backtest(u, { ...RANGE, params: { setups: ['orb', 'gap'] } }))
    assert.deepEqual(ids(two), [a, b])
    assert.equal(two.summary.final_equity, 10149)
    const reclaim = json(await backtest(u, { ...RANGE, params: { setups: ['vwap_reclaim'] } }))
    assert.deepEqual(ids(reclaim), [c])
    assert.deepEqual(reclaim.params.setups, ['vwap_reclaim'])
  })

  it('without stored signals (or with only another tenant’s) every trade is before the setup history', async () => {
    const mine = await t.newTenant()
    const other = await t.newTenant()
    await trades(mine)
    await signals(t, other.tenantId)
    const r = json(await backtest(mine, { ...RANGE, params: { setups: ['orb'] } }))
    assert.deepEqual(ids(r), [])
    assert.equal(r.selection.excluded.before_setup_history, 3)
    assert.equal(r.summary.final_equity, 10000)
  })

  it('refuses an unknown setup, and setups with sma_cross', async () => {
    const u = await t.newTenant()
    assertProblem(await backtest(u, { ...RANGE, params: { setups: ['breakout'] } }), 422, 'validation.failed')
    assertProblem(await backtest(u, { ...RANGE, params: { setups: [] } }), 422, 'validation.failed')
    const cross = await backtest(u, {
      ...RANGE,
      strategy: 'sma_cross',
      params: { symbols: ['ZZAA'], setups: ['orb'] },
    })
    assertProblem(cross, 422, 'validation.failed')
    assert.deepEqual(json(cross).errors[0].loc, ['body', 'params', 'setups'])
  })
})
