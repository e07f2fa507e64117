// Property tests of the performance metrics (fast-check, fixed seed): the drawdown episodes agree with the
// per-bar drawdown series, and the trade statistics' identities hold for any trade list.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { drawdownEpisodes, drawdownSeries, maxDrawdown } from './drawdown.ts'
import { sharpe } from './performance.ts'
import { simpleReturns } from './returns.ts'
import { tradeStats } from './trades.ts'

const RUNS = { seed: 24_08, numRuns: 300 }
const equity = fc.array(fc.integer({ min: 1, max: 2000 }), { maxLength: 60 })

describe('metric properties', () => {
  it('the deepest episode is the minimum of the drawdown series; episodes do not overlap', () => {
    fc.assert(
      fc.property(equity, (e) => {
        const days = e.map((_, i) => i * 2)
        const { max } = maxDrawdown(days, e)
        const min = Math.min(0, ...drawdownSeries(e))
        assert.equal(max?.depth ?? 0, min)
        let end = 0
        for (const ep of drawdownEpisodes(days, e)) {
          assert.ok(ep.peak >= end && ep.trough > ep.peak, 'in order, a trough after its peak')
          assert.ok(ep.open ? ep.recovery === -1 : e[ep.recovery]! >= e[ep.peak]!)
          assert.equal(ep.durationDays, 2 * ep.bars)
          end = ep.open ? e.length : ep.recovery
        }
      }),
      RUNS,
    )
  })

  it('Sharpe does not depend on the equity scale', () => {
    fc.assert(
      fc.property(equity, fc.integer({ min: 2, max: 1000 }), (e, k) => {
        const a = sharpe(simpleReturns(e))
        const b = sharpe(simpleReturns(e.map((v) => v * k)))
        assert.ok(Number.isNaN(a) ? Number.isNaN(b) : Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a)))
      }),
      RUNS,
    )
  })

  it('expectancy = winRate·avgWin + lossRate·avgLoss; win rates in [0, 1]', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -500, max: 500 }), { minLength: 1, maxLength: 40 }), (pnl) => {
        const t = tradeStats(pnl)
        const byParts =
          (t.wins > 0 ? t.winRate * t.avgWin : 0) + (t.losses > 0 ? (t.losses / t.trades) * t.avgLoss : 0)
        assert.ok(Math.abs(t.expectancy - byParts) <= 1e-9)
        assert.ok(t.winRate >= 0 && t.winRate <= 1 && t.winRate <= (t.winRateExcludingZero || 0) + 1e-15)
        assert.equal(t.wins + t.losses + t.scratch, pnl.length)
      }),
      RUNS,
    )
  })
})
