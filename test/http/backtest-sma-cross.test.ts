/** POST /backtest with strategy sma_cross: trades from fast/slow SMA crosses of daily closes, worked by hand. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { assertFieldError, json, type Body } from '../helpers/assertions.ts'
import { useTestApp } from '../helpers/test-app.ts'
import { backtest, near, PriceMarket } from './backtest-fixtures.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
const market = new PriceMarket({ clock })
const t = useTestApp({ clock, providers: { market } })

// Flat at 10 for the warm-up week, then: 03-02 13 (SMA2 11.5 > SMA3 11: cross up, buy 13),
// 03-04 9 (10.5 < 11.33: cross down, sell 9), 03-06 15 (14.5 > 12.67: buy 15), held to 03-09 (16).
market.daily.ZZSC = [
  ['2026-02-23', 10],
  ['2026-02-24', 10],
  ['2026-02-25', 10],
  ['2026-02-26', 10],
  ['2026-02-27', 10],
  ['2026-03-02', 13],
  ['2026-03-03', 12],
  ['2026-03-04', 9],
  ['2026-03-05', 14],
  ['2026-03-06', 15],
  ['2026-03-09', 16],
]
const body = (params: Record<string, unknown>) => ({
  strategy: 'sma_cross',
  from: '2026-03-02',
  to: '2026-03-09',
  params: { symbols: ['ZZSC'], fast_period: 2, slow_period: 3, ...params },
})

describe('sma_cross', () => {
  it('buys on a cross above, sells on a cross below, closes an open position on the last day', async () => {
    const u = await t.newTenant()
    const res = await backtest(u, body({}))
    assert.equal(res.statusCode, 200, res.body)
    const b = json(res)
    assert.deepEqual(
      b.trades.map((x: Body) => [x.trade_id, x.entry_date, x.exit_date, x.entry_price, x.exit_price, x.pnl]),
      [
        [1, '2026-03-02', '2026-03-04', 13, 9, -4],
        [2, '2026-03-06', '2026-03-09', 15, 16, 1],
      ],
    )
    // One share each: 03-03 marks 12 − 13; 03-04 realizes −4; 03-06 opens at 15; 03-09 realizes +1.
    assert.deepEqual(
      b.equity_curve.map((p: Body) => p.equity),
      [10000, 9999, 9996, 9996, 9996, 9997],
    )
    assert.equal(b.strategy, 'sma_cross')
    assert.equal(b.selection.trades_read, 2)
  })

  it('sizes each signal like a realized trade: fixed_amount buys amount / price shares', async () => {
    const u = await t.newTenant()
    const b = json(await backtest(u, body({ sizing: 'fixed_amount', amount: 1300 })))
    // 100 shares at 13 (−400), then 86.67 at 15 (+86.67).
    const eq = [10000, 9900, 9600, 9600, 9600, 9600 + 1300 / 15]
    b.equity_curve.forEach((p: Body, i: number) => near(p.equity, eq[i]!, 1e-4, `day ${i}`))
    assert.deepEqual(
      b.trades.map((x: Body) => x.quantity),
      [100, Math.round((1300 / 15) * 1e8) / 1e8],
    )
    assert.equal((await u.get(`/api/trading-intel/backtests?strategy=sma_cross`)).statusCode, 200)
    assert.deepEqual(
      json(await u.get(`/api/trading-intel/backtests?strategy=sma_cross`)).items.map((r: Body) => r.id),
      [b.id],
    )
  })

  it('needs symbols and fast < slow; a failing read degrades to no trades for that symbol', async () => {
    const u = await t.newTenant()
    assertFieldError(await backtest(u, body({ symbols: [] })), ['body', 'params', 'symbols'])
    assertFieldError(await backtest(u, body({ fast_period: 3 })), ['body', 'params', 'fast_period'])
    const many = Array.from({ length: 21 }, (_, i) => `ZZ${i}`)
    assertFieldError(await backtest(u, body({ symbols: many })), ['body', 'params', 'symbols'])
    market.daily.ZZSF = 'fail'
    const b = json(await backtest(u, body({ symbols: ['ZZSF', 'ZZSC'] })))
    assert.equal(b.trades.length, 2)
    assert.deepEqual(b.prices.failed, ['ZZSF'])
    assert.equal(b.prices.degraded, true)
  })
})
