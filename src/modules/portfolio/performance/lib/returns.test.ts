import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { maxDrawdown, priceIndex, stats, twrChain } from './returns.ts'
import { mwr, periodOf } from './mwr.ts'

const close = (a: number, b: number, tol = 1e-6) => assert.ok(Math.abs(a - b) <= tol, `${a} ≠ ${b}`)

describe('time-weighted return, by hand', () => {
  // Flows at the start of the day: r_t = V_t / (V_{t−1} + F_t) − 1.
  //
  // | day        | F_t      | V_t       | V_{t−1} + F_t | r_t    | index            |
  // | 2026-01-02 |          | 10,000.00 |               |        | 1                |
  // | 2026-01-05 | +1,000   | 11,220.00 | 11,000.00     | +0.02  | 1.02             |
  // | 2026-01-06 |          | 10,995.60 | 11,220.00     | −0.02  | 0.9996           |
  // | 2026-01-07 | −2,000   |  9,445.38 |  8,995.60     | +0.05  | 1.04958          |
  //
  // TWR = 1.02 × 0.98 × 1.05 − 1 = 0.04958. Max drawdown: peak 1.02 (01-05), trough 0.9996
  // (01-06), −2 %, back above the peak on 01-07.
  const values = [1_000_000, 1_122_000, 1_099_560, 944_538]
  const flows = [0, 100_000, 0, -200_000]

  it('chains the daily returns', () => {
    const { index, returns } = twrChain(values, flows)
    ;[0.02, -0.02, 0.05].forEach((r, i) => close(returns[i]!, r, 1e-12))
    ;[1, 1.02, 0.9996, 1.04958].forEach((x, i) => close(index[i]!, x, 1e-12))
    assert.deepEqual(maxDrawdown(index), { value: 0.9996 / 1.02 - 1, peak: 1, trough: 2, recovery: 3 })
  })

  it('gives no return to a day without capital at work', () => {
    const { returns } = twrChain([0, 0, 50_000, 55_000], [0, 0, 0, 0])
    assert.deepEqual([...returns].slice(0, 2), [0, 0])
    close(returns[2]!, 0.1, 1e-12)
  })

  it('the money-weighted return solves the XIRR of start, flows and end (checked by bisection)', () => {
    // Investor's view: −10,000 on 01-02, −1,000 on 01-05, +2,000 and +9,445.38 on 01-07.
    const rate = mwr(
      { date: '2026-01-02', cents: 1_000_000 },
      [
        { date: '2026-01-05', cents: 100_000 },
        { date: '2026-01-07', cents: -200_000 },
      ],
      { date: '2026-01-07', cents: 944_538 },
    )!
    const npv = (r: number) =>
      -10_000 - 1_000 / (1 + r) ** (3 / 365) + (2_000 + 9_445.38) / (1 + r) ** (5 / 365)
    let lo = 0
    let hi = 1e6
    for (let i = 0; i < 200; i++) {
      const mid = (lo + hi) / 2
      if (npv(mid) > 0) lo = mid
      else hi = mid
    }
    close(rate, lo, 1e-6 * lo)
    close(periodOf(rate, '2026-01-02', '2026-01-07')!, (1 + lo) ** (5 / 365) - 1, 1e-9)
    assert.equal(mwr({ date: '2026-01-02', cents: 0 }, [], { date: '2026-01-07', cents: 0 }), null)
  })
})

describe('statistics of the daily returns', () => {
  // A 15-day equity curve without flows (dates 2026-01-02 … 01-23, trading days).
  const equity = [
    10000, 10120, 10080, 10250, 10190, 9980, 9900, 10050, 10310, 10400, 10280, 10350, 10500, 10460, 10620,
  ]
  const { index, returns } = twrChain(
    equity.map((e) => e * 100),
    equity.map(() => 0),
  )

  it('annualises the sample standard deviation with √252, and Sharpe over a daily risk-free', () => {
    const s = stats(returns, 0)
    close(s.volatility!, 0.211645)
    close(s.sharpe!, 5.225053)
    close(stats(returns, 0.04).sharpe!, 5.039725)
    close(index.at(-1)! - 1, 0.062, 1e-12)
  })

  it('measures the relative max drawdown of the index, from 10,250 to 9,900 and back on 10,310', () => {
    const dd = maxDrawdown(index)
    close(dd.value, -0.034146)
    assert.deepEqual([dd.peak, dd.trough, dd.recovery], [3, 6, 8])
  })

  it('has no volatility or Sharpe with fewer than two returns, nor Sharpe with a flat series', () => {
    assert.deepEqual(stats([0.01], 0), { volatility: null, sharpe: null })
    assert.deepEqual(stats([0, 0, 0], 0), { volatility: 0, sharpe: null })
    assert.deepEqual(maxDrawdown([1, 1.1, 1.2]), { value: 0, peak: null, trough: null, recovery: null })
  })

  it('indexes a benchmark close to close, null without a base close', () => {
    assert.deepEqual(priceIndex([200, 210, 190]), [1, 1.05, 0.95])
    assert.deepEqual(priceIndex([Number.NaN, 210]), [null, null])
  })
})
