import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { dateToMs, DAY_MS } from '../dates.ts'
import { isNull, near } from './assert-near.fixture.ts'
import { drawdownEpisodes, drawdownSeries, maxDrawdown } from './drawdown.ts'
import { equityCurveStats } from './equity-curve.ts'
import {
  annualVolatility,
  cagr,
  cagrPeriods,
  downsideDeviation,
  perPeriodRate,
  sharpe,
  sortino,
} from './performance.ts'
import { logReturns, simpleReturns } from './returns.ts'
import { tradeStats } from './trades.ts'

// Worked example E1: 15 dates, rf = 0.
const dates = [
  '2026-01-02',
  ...['05', '06', '07', '08', '09', '12', '13', '14', '15', '16', '20', '21', '22', '23'].map(
    (d) => `2026-01-${d}`,
  ),
]
const days = dates.map((d) => dateToMs(d) / DAY_MS)
const equity = [
  10000, 10120, 10080, 10250, 10190, 9980, 9900, 10050, 10310, 10400, 10280, 10350, 10500, 10460, 10620,
]
const returns = simpleReturns(equity)

describe('returns', () => {
  it('E1: 14 simple returns', () => {
    const want = [
      0.012, -0.003953, 0.016865, -0.005854, -0.020608, -0.008016, 0.015152, 0.025871, 0.008729, -0.011538,
      0.006809, 0.014493, -0.00381, 0.015296,
    ]
    assert.equal(returns.length, 14)
    want.forEach((r, i) => near(returns[i], r, `r[${i}]`))
  })

  it('a return from 0 (or a log return through a non-positive value) is NaN; short inputs give none', () => {
    isNull(simpleReturns([0, 5])[0], 'from 0')
    isNull(logReturns([5, 0])[0], 'log to 0')
    near(logReturns([100, 110])[0], Math.log(1.1), 'log return', 1e-15)
    assert.equal(simpleReturns([]).length, 0)
    assert.equal(simpleReturns([1]).length, 0)
  })
})

describe('return statistics (E1)', () => {
  it('CAGR: calendar days over 365.25 (the pin), over 365, and by period count', () => {
    assert.equal(days[14]! - days[0]!, 21)
    near(cagr(10000, 10620, 21), 1.846951, 'CAGR 365.25')
    near(cagr(10000, 10620, 21, 365), 1.844913, 'CAGR 365')
    near(cagrPeriods(10000, 10620, 14), 1.952849, 'CAGR 252/14')
    isNull(cagr(10000, 10620, 0), 'CAGR over 0 days')
    isNull(cagr(0, 10620, 21), 'CAGR from 0')
  })

  it('volatility, Sharpe, Sortino and downside deviation with rf = 0', () => {
    near(annualVolatility(returns), 0.211645, 'volatility')
    near(sharpe(returns), 5.225053, 'Sharpe')
    near(sortino(returns), 9.948128, 'Sortino')
    near(downsideDeviation(returns), 0.111162, 'annualised downside deviation')
    assert.ok(Math.abs(sortino(returns) - 10.89334) > 0.1, 'not the σ-of-negatives Sortino')
  })

  it('with rf = 4 %', () => {
    near(perPeriodRate(0.04), 0.000156, 'rf per period')
    near(sharpe(returns, { rf: 0.04 }), 5.039725, 'Sharpe')
    near(sortino(returns, { rf: 0.04 }), 9.479397, 'Sortino')
  })

  it('zero variance and no downside give null, not ±∞', () => {
    isNull(sharpe([0.01, 0.01, 0.01]), 'Sharpe of constant returns')
    isNull(sharpe([0.01]), 'Sharpe of one return')
    isNull(sortino([0.01, 0.02, 0]), 'Sortino without a loss')
    isNull(sortino([]), 'Sortino of nothing')
  })
})

describe('drawdowns (E1)', () => {
  it('the maximum: peak 01-07, trough 01-12, recovered 01-14, 7 calendar days (5 bars)', () => {
    const { max, longestDays } = maxDrawdown(days, equity)
    assert.ok(max)
    near(max.depth, -0.034146, 'max drawdown')
    assert.equal(max.amount, 9900 - 10250)
    assert.deepEqual(
      [dates[max.peak], dates[max.trough], dates[max.recovery], max.durationDays, max.bars, max.open],
      ['2026-01-07', '2026-01-12', '2026-01-14', 7, 5, false],
    )
    assert.equal(longestDays, 7)
  })

  it('every episode', () => {
    const got = drawdownEpisodes(days, equity).map((e) => [
      dates[e.peak],
      dates[e.recovery],
      e.durationDays,
      Math.round(e.depth * 1e6) / 1e6,
    ])
    assert.deepEqual(got, [
      ['2026-01-05', '2026-01-07', 2, -0.003953],
      ['2026-01-07', '2026-01-14', 7, -0.034146],
      ['2026-01-15', '2026-01-21', 6, -0.011538],
      ['2026-01-21', '2026-01-23', 2, -0.00381],
    ])
  })

  it('counts the starting equity as a peak, and flags an unrecovered drawdown open to the last date', () => {
    const d = [0, 1, 2, 5]
    const [ep] = drawdownEpisodes(d, [100, 75, 95, 99])
    assert.deepEqual(ep, {
      peak: 0,
      trough: 1,
      recovery: -1,
      depth: -0.25,
      amount: -25,
      durationDays: 5,
      bars: 3,
      open: true,
    })
    assert.deepEqual([...drawdownSeries([100, 75, 87.5, 120, 60])], [0, -0.25, -0.125, 0, -0.5])
    assert.deepEqual(maxDrawdown([0, 1], [5, 6]), { max: null, longestDays: 0 })
    assert.deepEqual(drawdownEpisodes([], []), [])
  })
})

describe('equity curve summary (E1)', () => {
  it('has every figure of the worked example', () => {
    const s = equityCurveStats(days, equity)
    assert.equal(s.days, 21)
    near(s.totalReturn, 0.062, 'total return')
    near(s.cagr, 1.846951, 'CAGR')
    near(s.cagrPeriods, 1.952849, 'CAGR by periods')
    near(s.volatility, 0.211645, 'volatility')
    near(s.sharpe, 5.225053, 'Sharpe')
    near(s.sortino, 9.948128, 'Sortino')
    near(s.downsideDeviation, 0.111162, 'downside deviation')
    near(s.maxDrawdown, -0.034146, 'max drawdown')
    assert.equal(s.maxDrawdownEpisode?.durationDays, 7)
    assert.equal(s.longestDrawdownDays, 7)
    near(s.calmar, 54.089278, 'Calmar')
    near(s.calmarPeriods, 57.19059, 'Calmar by periods')
    near(equityCurveStats(days, equity, { rf: 0.04 }).sharpe, 5.039725, 'Sharpe at 4 %')
  })

  it('a curve without a drawdown has Calmar null; an empty or one-point curve is all null', () => {
    const up = equityCurveStats([0, 1, 2], [100, 101, 103])
    assert.equal(up.maxDrawdown, 0)
    isNull(up.calmar, 'Calmar')
    for (const [d, e] of [
      [[], []],
      [[0], [100]],
    ]) {
      const s = equityCurveStats(d!, e!)
      for (const k of ['totalReturn', 'cagr', 'sharpe', 'sortino', 'volatility'] as const) {
        if (e!.length === 0 || k !== 'totalReturn') isNull(s[k], `${k} of ${e!.length} points`)
      }
    }
  })
})

describe('trade statistics (T1)', () => {
  const pnl = [250, -120, 80, -200, 310, 0, -60, 150]
  const pct = [0.025, -0.012, 0.008, -0.02, 0.031, 0, -0.006, 0.015]

  it('the T1 table', () => {
    const t = tradeStats(pnl)
    assert.deepEqual([t.trades, t.wins, t.losses, t.scratch], [8, 4, 3, 1])
    near(t.winRate, 0.5, 'win rate (zero = non-win)')
    near(t.winRateExcludingZero, 0.571429, 'win rate excluding zero')
    near(t.grossProfit, 790, 'gross profit')
    near(t.grossLoss, 380, 'gross loss')
    near(t.profitFactor, 2.078947, 'profit factor')
    near(t.avgWin, 197.5, 'avg win')
    near(t.avgLoss, -126.666667, 'avg loss')
    near(t.payoff, 1.559211, 'payoff')
    near(t.expectancy, 51.25, 'expectancy')
    near(t.winRate * t.avgWin + (t.losses / t.trades) * t.avgLoss, 51.25, 'expectancy by formula')
    near(t.sqn, 0.809453, 'SQN')
    near(tradeStats(pct).profitFactor, 2.078947, 'profit factor on ReturnPct')
    near(tradeStats(pct).expectancy * 100, 0.5125, 'expectancy % (mean ReturnPct ×100)')
  })

  it('quantstats-style figures on the E1 daily returns', () => {
    const q = tradeStats(returns)
    near(q.winRateExcludingZero, 0.571429, 'win rate')
    assert.equal(q.wins, 8)
    near(q.avgWin, 0.014402, 'avg win')
    near(q.avgLoss, -0.008963, 'avg loss')
    near(q.profitFactor, 2.142393, 'profit factor on returns')
  })

  it('edges: no losses, no trades, only scratches', () => {
    const onlyWins = tradeStats([10, 20])
    isNull(onlyWins.profitFactor, 'profit factor without losses (∞)')
    isNull(onlyWins.avgLoss, 'avg loss')
    isNull(onlyWins.payoff, 'payoff')
    const none = tradeStats([])
    assert.equal(none.profitFactor, 0)
    isNull(none.winRate, 'win rate of no trades')
    isNull(none.expectancy, 'expectancy of no trades')
    isNull(none.sqn, 'SQN of no trades')
    const flat = tradeStats([0, 0])
    assert.deepEqual([flat.winRate, flat.profitFactor, flat.expectancy], [0, 0, 0])
    isNull(flat.winRateExcludingZero, 'win rate excluding zero, all scratches')
    isNull(flat.sqn, 'SQN with σ = 0')
  })
})
