// Property tests of the indicator kernels (fast-check, fixed seed): invariants that hold for any
// series, and the O(1)-per-bar kernels against the obvious O(n) recomputation of each window.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { ema, sma } from './moving-averages.ts'
import { macd, rsi } from './momentum.ts'
import { rollingMax, rollingMin, rollingStd } from './rolling.ts'
import { atr, bollinger } from './volatility.ts'

const RUNS = { seed: 24_01, numRuns: 300 }
const price = fc.double({ min: 0.01, max: 1e5, noNaN: true, noDefaultInfinity: true })
const prices = fc.array(price, { minLength: 0, maxLength: 120 })
const period = fc.integer({ min: 1, max: 30 })

const close = (a: number, b: number, scale: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, scale)

describe('indicator properties', () => {
  it('SMA and EMA of a constant series are that constant (from their first value)', () => {
    fc.assert(
      fc.property(price, fc.integer({ min: 0, max: 80 }), period, (c, len, n) => {
        const x = new Array<number>(len).fill(c)
        for (const s of [sma(x, n), ema(x, n)]) {
          for (let i = 0; i < len; i++) assert.ok(i < n - 1 ? Number.isNaN(s[i]) : close(s[i]!, c, c))
        }
        const b = bollinger(x, n, 2)
        for (let i = n - 1; i < len; i++) assert.ok(b.sigma[i] === 0 && Number.isNaN(b.percentB[i]))
      }),
      RUNS,
    )
  })

  it('RSI is within [0, 100] and NaN exactly before index n', () => {
    fc.assert(
      fc.property(prices, fc.integer({ min: 1, max: 20 }), (x, n) => {
        const r = rsi(x, n)
        for (let i = 0; i < x.length; i++) {
          if (i < n) assert.ok(Number.isNaN(r[i]))
          else assert.ok(r[i]! >= 0 && r[i]! <= 100, `RSI[${i}] = ${r[i]}`)
        }
      }),
      RUNS,
    )
  })

  it('rolling mean, σ, max and min equal a recomputation of each window', () => {
    fc.assert(
      fc.property(prices, period, (x, n) => {
        const [m, sd, hi, lo] = [sma(x, n), rollingStd(x, n), rollingMax(x, n), rollingMin(x, n)]
        for (let i = 0; i < x.length; i++) {
          if (i < n - 1) {
            assert.ok([m[i], sd[i], hi[i], lo[i]].every(Number.isNaN))
            continue
          }
          const w = x.slice(i - n + 1, i + 1)
          const mean = w.reduce((a, b) => a + b, 0) / n
          const sigma = Math.sqrt(w.reduce((a, b) => a + (b - mean) ** 2, 0) / n)
          const scale = Math.max(...w)
          assert.ok(close(m[i]!, mean, scale), `mean[${i}]`)
          assert.ok(Math.abs(sd[i]! - sigma) <= 1e-6 * Math.max(1, scale), `σ[${i}] ${sd[i]} vs ${sigma}`)
          assert.equal(hi[i], Math.max(...w))
          assert.equal(lo[i], Math.min(...w))
        }
      }),
      RUNS,
    )
  })

  it('ATR is positive and MACD histogram = line − signal, on random bars', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(price, price, price), { maxLength: 80 }), (bars) => {
        const h = bars.map(([a, b]) => Math.max(a, b))
        const l = bars.map(([a, b]) => Math.min(a, b))
        const c = bars.map(([a, b, t]) => Math.min(Math.max(t, Math.min(a, b)), Math.max(a, b)))
        const a = atr(h, l, c)
        for (let i = 14; i < bars.length; i++) assert.ok(a[i]! >= 0)
        const m = macd(c)
        for (let i = 33; i < bars.length; i++) assert.equal(m.histogram[i], m.macd[i]! - m.signal[i]!)
      }),
      RUNS,
    )
  })
})
