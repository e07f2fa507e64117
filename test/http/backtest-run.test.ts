/** POST /api/trading-intel/backtest: E1/T1 through HTTP, a hand-worked replay, sizing, filters, prices. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { json, type Body } from '../helpers/assertions.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { addTrade, backtest, HAND_WEEK, manualAccount, near, PriceMarket } from './backtest-fixtures.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
const market = new PriceMarket({ clock })
const t = useTestApp({ clock, providers: { market } })

// docs/definitions.md#performance-metrics, worked example E1.
const E1_DATES = [
  '2026-01-02',
  '2026-01-05',
  '2026-01-06',
  '2026-01-07',
  '2026-01-08',
  '2026-01-09',
  '2026-01-12',
]
  .concat(['2026-01-13', '2026-01-14', '2026-01-15', '2026-01-16', '2026-01-20', '2026-01-21', '2026-01-22'])
  .concat(['2026-01-23'])
const E1 = [
  10000, 10120, 10080, 10250, 10190, 9980, 9900, 10050, 10310, 10400, 10280, 10350, 10500, 10460, 10620,
]

describe('E1: one trade whose marked equity is the worked example', () => {
  it('answers the curve and every performance figure of E1', async () => {
    // 10 shares bought at 100 on 01-02, sold at 162 on 01-23: equity = 10000 + 10 × (close − 100).
    market.daily.ZZEA = E1_DATES.map((d, i) => [d, 100 + (E1[i]! - 10000) / 10])
    const u = await t.newTenant()
    const account_id = await manualAccount(u)
    const id = await addTrade(u, account_id, {
      symbol: 'ZZEA',
      quantity: 10,
      date_acquired: '2026-01-02',
      date_sold: '2026-01-23',
      proceeds: 1620,
      cost_basis: 1000,
    })
    const res = await backtest(u, { from: '2026-01-02', to: '2026-01-23', account_id })
    assert.equal(res.statusCode, 200, res.body)
    const b = json(res)
    assert.deepEqual(
      b.equity_curve.map((p: Body) => [p.date, p.equity]),
      E1_DATES.map((d, i) => [d, E1[i]]),
    )
    const s = b.summary
    near(s.total_return, 0.062, 1e-6, 'total return')
    near(s.cagr, 1.846951, 1e-6, 'CAGR 365.25')
    near(s.cagr_periods, 1.952849, 1e-6, 'CAGR periods')
    near(s.volatility, 0.211645, 1e-6, 'volatility')
    near(s.sharpe, 5.225053, 1e-6, 'Sharpe')
    near(s.sortino, 9.948128, 1e-6, 'Sortino')
    near(s.downside_deviation, 0.111162, 1e-6, 'downside deviation')
    near(s.calmar, 54.089278, 1e-5, 'Calmar')
    assert.deepEqual(s.max_drawdown, {
      pct: -0.034146,
      amount: -350,
      duration_days: 7,
      peak_date: '2026-01-07',
      trough_date: '2026-01-12',
      recovery_date: '2026-01-14',
      open: false,
    })
    assert.equal(s.longest_drawdown_days, 7)
    assert.equal(s.final_equity, 10620)
    assert.deepEqual(b.trades, [
      {
        trade_id: id,
        symbol: 'ZZEA',
        entry_date: '2026-01-02',
        exit_date: '2026-01-23',
        holding_days: 21,
        scale: 1,
        quantity: 10,
        entry_price: 100,
        exit_price: 162,
        cost: 1000,
        proceeds: 1620,
        fees: 0,
        pnl: 620,
        return_pct: 0.62,
        priced: true,
      },
    ])
    assert.deepEqual(b.prices, {
      symbols: 1,
      priced: 1,
      unpriced: [],
      failed: [],
      capped: [],
      degraded: false,
    })
  })
})

describe('T1: eight trades whose P&L is the worked example', () => {
  it('answers the trade statistics of T1', async () => {
    const u = await t.newTenant()
    const account_id = await manualAccount(u)
    const T1 = [250, -120, 80, -200, 310, 0, -60, 150]
    for (const [i, pnl] of T1.entries()) {
      const day = String(i + 2).padStart(2, '0')
      await addTrade(u, account_id, {
        symbol: 'ZZTA', // no daily bars: realized P&L only
        quantity: 100,
        date_acquired: `2025-06-${day}`,
        date_sold: `2025-06-${String(i + 12).padStart(2, '0')}`,
        proceeds: 10_000 + pnl,
        cost_basis: 10_000,
      })
    }
    const b = json(await backtest(u, { from: '2025-06-01', to: '2025-06-30' }))
    const tr = b.summary.trades
    assert.deepEqual([tr.count, tr.wins, tr.losses, tr.scratch], [8, 4, 3, 1])
    near(tr.win_rate, 0.5, 1e-6, 'win rate')
    near(tr.gross_profit, 790, 1e-6, 'gross profit')
    near(tr.gross_loss, 380, 1e-6, 'gross loss')
    near(tr.profit_factor, 2.078947, 1e-6, 'profit factor')
    near(tr.avg_win, 197.5, 1e-6, 'avg win')
    assert.equal(tr.avg_loss, -126.67, 'avg loss (−126.666…) in cents')
    near(tr.payoff, 1.559211, 1e-6, 'payoff')
    near(tr.expectancy, 51.25, 1e-6, 'expectancy')
    near(tr.expectancy_pct, 0.005125, 1e-6, 'expectancy % (mean ReturnPct)')
    near(tr.sqn, 0.809453, 1e-6, 'SQN')
    assert.deepEqual(b.prices.unpriced, ['ZZTA'])
    assert.ok(b.trades.every((x: Body) => x.priced === false))
    assert.equal(b.summary.final_equity, 10_410)
  })
})

/** Three trades over Mon 2026-03-02 … Fri 03-06, worked by hand (see each test). */
async function threeTrades(u: Client) {
  Object.assign(market.daily, HAND_WEEK)
  const account_id = await manualAccount(u)
  const a = { symbol: 'ZZAA', quantity: 10, date_acquired: '2026-03-02', date_sold: '2026-03-05' }
  const ids = {
    a: await addTrade(u, account_id, { ...a, proceeds: 550, cost_basis: 500, fees: 1 }), // +49
    b: await addTrade(u, account_id, {
      symbol: 'ZZBB',
      quantity: 50,
      date_acquired: '2026-03-03',
      date_sold: '2026-03-06',
      proceeds: 1050,
      cost_basis: 950,
    }), // +100
    c: await addTrade(u, account_id, {
      symbol: 'ZZAA',
      quantity: 5,
      date_acquired: '2026-03-04',
      date_sold: '2026-03-04',
      proceeds: 250,
      cost_basis: 255,
    }), // −5, opened and closed the same day
  }
  return { account_id, ids }
}

const RANGE = { from: '2026-03-02', to: '2026-03-06' }
const equityOf = (b: Body) => b.equity_curve.map((p: Body) => p.equity)

/** Sample sd (ddof 1) and the performance formulas, computed here independently of the kernels. */
function independentStats(eq: number[]) {
  const r = eq.slice(1).map((e, i) => e / eq[i]! - 1)
  const mean = r.reduce((a, b) => a + b, 0) / r.length
  const sd = Math.sqrt(r.reduce((a, x) => a + (x - mean) ** 2, 0) / (r.length - 1))
  const dd = Math.sqrt(r.reduce((a, x) => a + Math.min(x, 0) ** 2, 0) / r.length)
  return {
    sharpe: (mean / sd) * Math.sqrt(252),
    sortino: (mean / dd) * Math.sqrt(252),
    vol: sd * Math.sqrt(252),
  }
}

describe('replay: a hand-worked case', () => {
  it('marks each day by hand: open trades at the close, a carried close, a same-day trade, realized P&L', async () => {
    const u = await t.newTenant()
    const { ids } = await threeTrades(u)
    const b = json(await backtest(u, RANGE))
    // 03-02: A 10×50 − 500 = 0                         → 10000
    // 03-03: A 10×52 − 500 = 20, B 50×19 − 950 = 0      → 10020
    // 03-04: A 10, B 0 (19 carried), C realized −5      → 10005
    // 03-05: A realized +49, B 50×18 − 950 = −50, C −5  → 9994
    // 03-06: 49 + 100 − 5                               → 10144
    const eq = [10000, 10020, 10005, 9994, 10144]
    assert.deepEqual(equityOf(b), eq)
    const mine = independentStats(eq)
    near(b.summary.sharpe, mine.sharpe, 1e-6, 'Sharpe')
    near(b.summary.sortino, mine.sortino, 1e-6, 'Sortino')
    near(b.summary.volatility, mine.vol, 1e-6, 'volatility')
    near(b.summary.cagr, (10144 / 10000) ** (365.25 / 4) - 1, 1e-6, 'CAGR over 4 calendar days')
    assert.deepEqual(b.summary.max_drawdown, {
      pct: Math.round((9994 / 10020 - 1) * 1e6) / 1e6,
      amount: -26,
      duration_days: 3,
      peak_date: '2026-03-03',
      trough_date: '2026-03-05',
      recovery_date: '2026-03-06',
      open: false,
    })
    assert.deepEqual(
      b.trades.map((x: Body) => [x.trade_id, x.pnl, x.holding_days]),
      [
        [ids.c, -5, 0],
        [ids.a, 49, 3],
        [ids.b, 100, 3],
      ],
      'the log is in exit-date order',
    )
    const tr = b.summary.trades
    assert.deepEqual([tr.count, tr.wins, tr.losses, tr.profit_factor, tr.expectancy], [3, 2, 1, 29.8, 48])
    assert.equal(b.selection.trades_used, 3)
    assert.equal(b.note, null)
  })

  it('fixed_amount and percent_of_equity rescale each trade as documented', async () => {
    const u = await t.newTenant()
    await threeTrades(u)
    const fixed = json(await backtest(u, { ...RANGE, params: { sizing: 'fixed_amount', amount: 1000 } }))
    // k = 1000 / cost: A 2, B 1000/950, C 1000/255.
    const kB = 1000 / 950
    const kC = 1000 / 255
    const fixedEq = [10000, 10000 + 2 * 20, 10000 + 2 * 10 - 5 * kC, 10000 + 98 - 5 * kC - 50 * kB]
    fixedEq.push(10000 + 98 - 5 * kC + 100 * kB)
    equityOf(fixed).forEach((e: number, i: number) =>
      assert.equal(e, Math.round(fixedEq[i]! * 100) / 100, `fixed ${i} in cents`),
    )
    assert.deepEqual(
      fixed.trades.map((x: Body) => x.scale),
      [Math.round(kC * 1e6) / 1e6, 2, Math.round(kB * 1e6) / 1e6],
    )
    const pct = json(await backtest(u, { ...RANGE, params: { sizing: 'percent_of_equity', percent: 10 } }))
    // A: 10 % of 10000 → k 2; B: 10 % of 03-02's 10000 → 1000/950; C: 10 % of 03-03's 10040 → 1004/255.
    const kC2 = 1004 / 255
    assert.equal(pct.summary.final_equity, Math.round((10000 + 98 - 5 * kC2 + 100 * kB) * 100) / 100)
    assert.equal(pct.trades[0].pnl, Math.round(-5 * kC2 * 100) / 100, 'C sized on the previous close')
    assert.notEqual(pct.summary.final_equity, fixed.summary.final_equity)
  })

  it('symbol and holding-period filters leave trades out and count them per reason', async () => {
    const u = await t.newTenant()
    const { ids } = await threeTrades(u)
    const only = json(await backtest(u, { ...RANGE, params: { symbols: ['zzbb'] } }))
    assert.deepEqual(equityOf(only), [10000, 10000, 10000, 9950, 10100])
    assert.equal(only.selection.excluded.symbol_not_included, 2)
    const without = json(await backtest(u, { ...RANGE, params: { exclude_symbols: ['ZZAA'] } }))
    assert.deepEqual(equityOf(without), equityOf(only))
    assert.equal(without.selection.excluded.symbol_excluded, 2)
    const held = json(await backtest(u, { ...RANGE, params: { min_holding_days: 1 } }))
    assert.deepEqual(
      held.trades.map((x: Body) => x.trade_id),
      [ids.a, ids.b],
    )
    assert.equal(held.selection.excluded.holding_period, 1)
    const short = json(await backtest(u, { ...RANGE, params: { max_holding_days: 2 } }))
    assert.deepEqual(
      short.trades.map((x: Body) => x.trade_id),
      [ids.c],
    )
  })

  it('a trade opened before from, or acquired VARIOUS, is left out with its reason', async () => {
    const u = await t.newTenant()
    const { account_id } = await threeTrades(u)
    const base = { symbol: 'ZZAA', quantity: 1, date_sold: '2026-03-05', proceeds: 60, cost_basis: 50 }
    await addTrade(u, account_id, { ...base, date_acquired: '2026-02-20' })
    await addTrade(u, account_id, { ...base, date_acquired: 'VARIOUS' })
    const b = json(await backtest(u, RANGE))
    assert.equal(b.selection.trades_read, 5)
    assert.equal(b.selection.trades_used, 3)
    assert.equal(b.selection.excluded.entered_before_from, 1)
    assert.equal(b.selection.excluded.undated_entry, 1)
    assert.equal(b.summary.final_equity, 10144)
  })
})

describe('replay: prices', () => {
  it('a symbol whose price read fails is marked at cost, flagged, and still counts at its realized P&L', async () => {
    const u = await t.newTenant()
    await threeTrades(u)
    market.daily.ZZBB = 'fail'
    const b = json(await backtest(u, RANGE))
    market.daily.ZZBB = []
    // B is worth 0 while open (at cost) instead of −50 on 03-05.
    assert.deepEqual(equityOf(b), [10000, 10020, 10005, 10044, 10144])
    assert.deepEqual(b.prices, {
      symbols: 2,
      priced: 1,
      unpriced: ['ZZBB'],
      failed: ['ZZBB'],
      capped: [],
      degraded: true,
    })
    assert.equal(b.trades.find((x: Body) => x.symbol === 'ZZBB').priced, false)
  })
})
