/** POST /backtest with strategy sma_cross: trades from fast/slow SMA crosses of daily closes, worked by hand. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { assertFieldError, json, type Body } from '../helpers/assertions.ts'
import { useTestApp } from '../helpers/test-app.ts'
import { moneyTails } from '../helpers/money.ts'
import { backtest, PriceMarket } from './backtest-fixtures.ts'

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

  it('trade log: prices to 4 decimals, money in cents, P&L from the unrounded prices', async () => {
    // The ZZSC shape with closes that have 5 decimals: buy 13.00004, sell 9.00006; buy 15.00004, sell 16.00006.
    const shape = market.daily.ZZSC as [string, number][]
    market.daily.ZZPX = shape.map(([d, c]) => [
      d,
      c === 10 ? 10 : c + (c === 13 || c === 15 ? 0.00004 : 0.00006),
    ])
    const u = await t.newTenant()
    const b = json(
      await backtest(u, {
        ...body({ sizing: 'fixed_amount', amount: 10000 }),
        params: { symbols: ['ZZPX'], fast_period: 2, slow_period: 3, sizing: 'fixed_amount', amount: 10000 },
      }),
    )
    const [first, second] = b.trades
    assert.deepEqual([first.entry_price, first.exit_price], [13, 9.0001])
    assert.deepEqual([second.entry_price, second.exit_price], [15, 16.0001])
    const k = 10000 / 13.00004
    const exact = k * (9.00006 - 13.00004)
    assert.equal(first.pnl, Math.round(exact * 100) / 100) // −3076.90
    const fromShown = first.quantity * (first.exit_price - first.entry_price)
    assert.notEqual(first.pnl, Math.round(fromShown * 100) / 100, 'not from the 4-decimal prices')
    assert.deepEqual([first.cost, first.proceeds], [10000, Math.round(k * 9.00006 * 100) / 100])
    assert.deepEqual(moneyTails(b), [])
  })

  it('sizes each signal like a realized trade: fixed_amount buys amount / price shares', async () => {
    const u = await t.newTenant()
    const b = json(await backtest(u, body({ sizing: 'fixed_amount', amount: 1300 })))
    // 100 shares at 13 (−400), then 86.67 at 15 (+86.67).
    const eq = [10000, 9900, 9600, 9600, 9600, 9600 + 1300 / 15]
    b.equity_curve.forEach((p: Body, i: number) =>
      assert.equal(p.equity, Math.round(eq[i]! * 100) / 100, `day ${i}: equity in cents`),
    )
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
