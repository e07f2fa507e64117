import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { isNull, near, warmUp } from './assert-near.fixture.ts'
import { ema, sma } from './moving-averages.ts'
import { macd, rsi } from './momentum.ts'
import { atr, bollinger, trueRange } from './volatility.ts'
import { D1 } from './vectors.fixture.ts'

const { high: H, low: L, close: C } = D1

describe('SMA', () => {
  it('D1 close, n = 5', () => {
    const s = sma(C, 5)
    warmUp(s, 4, 'SMA5')
    near(s[4], 102.122, 'SMA5[4]')
    near(s[5], 102.576, 'SMA5[5]')
    near(s[39], 101.552, 'SMA5[39]')
  })

  it('stays exact on a long series (the running sum is resynchronised)', () => {
    const x = Float64Array.from({ length: 10_000 }, (_, i) => 1e6 + Math.sin(i) * 0.1)
    const s = sma(x, 7)
    for (const i of [6, 7, 13, 14, 5000, 9999]) {
      let want = 0
      for (let j = i - 6; j <= i; j++) want += x[j]!
      near(s[i], want / 7, `SMA7[${i}]`, 1e-9)
    }
  })
})

describe('EMA (TA-Lib classic seed)', () => {
  it('D1 close, n = 10: seeded with the SMA10 at index 9', () => {
    const e = ema(C, 10)
    warmUp(e, 9, 'EMA10')
    near(e[9], 101.598, 'EMA10[9] (the seed)')
    near(e[10], 101.438364, 'EMA10[10]')
    near(e[11], 100.66957, 'EMA10[11]')
    near(e[39], 100.860137, 'EMA10[39]')
  })

  it('is not the x[0]-seeded variant', () => {
    const e = ema(C, 10)
    assert.ok(Math.abs(e[9]! - 101.237834) > 1e-3 && Math.abs(e[39]! - 100.859262) > 1e-4)
  })
})

describe('RSI (Wilder 14)', () => {
  it('D1 close', () => {
    const r = rsi(C, 14)
    warmUp(r, 14, 'RSI14')
    isNull(r[13], 'RSI14[13]')
    near(r[14], 52.965235, 'RSI14[14]')
    near(r[15], 51.668048, 'RSI14[15]')
    near(r[20], 52.566193, 'RSI14[20]')
    near(r[39], 54.733569, 'RSI14[39]')
  })

  it('edge vectors: flat gives 0 (TA-Lib), rising 100, falling 0', () => {
    const flat = rsi(new Array<number>(16).fill(42), 14)
    assert.deepEqual([...flat.slice(14)], [0, 0])
    warmUp(flat, 14, 'flat')
    const up = Array.from({ length: 16 }, (_, i) => i + 1)
    assert.deepEqual([...rsi(up, 14).slice(14)], [100, 100])
    assert.deepEqual([...rsi([...up].reverse(), 14).slice(14)], [0, 0])
  })
})

describe('MACD (12/26/9, TA-Lib seeding)', () => {
  const m = macd(C, 12, 26, 9)

  it('the line starts at 25 from two SMA seeds ending on bar 25', () => {
    warmUp(m.macd, 25, 'macd')
    near(m.macd[25], 101.335 - 101.099615, 'line[25]', 2e-6)
    near(m.macd[25], 0.235385, 'line[25]')
    near(m.macd[26], 0.093105, 'line[26]')
  })

  it('signal and histogram start at 33', () => {
    warmUp(m.signal, 33, 'signal')
    warmUp(m.histogram, 33, 'histogram')
    const want: [number, number, number, number][] = [
      [33, -0.61785, -0.448604, -0.169246],
      [34, -0.379909, -0.434865, 0.054956],
      [39, 0.258564, -0.088133, 0.346698],
    ]
    for (const [i, line, signal, hist] of want) {
      near(m.macd[i], line, `macd[${i}]`)
      near(m.signal[i], signal, `signal[${i}]`)
      near(m.histogram[i], hist, `hist[${i}]`)
    }
  })

  it('is not built from two standalone EMAs', () => {
    const wrong = ema(C, 12)[33]! - ema(C, 26)[33]!
    near(wrong, -0.627866, 'standalone EMA12 − EMA26 at 33 (the wrong way)')
    assert.ok(Math.abs(m.macd[33]! - wrong) > 1e-3)
  })

  it('swaps fast and slow as TA-Lib does, and is all NaN on too short an input', () => {
    const swapped = macd(C, 26, 12, 9)
    assert.deepEqual([...swapped.histogram], [...m.histogram])
    const short = macd(C.slice(0, 25))
    assert.ok([...short.macd, ...short.signal].every(Number.isNaN))
  })
})

describe('True range and ATR (Wilder 14, bar 0 unused)', () => {
  it('TR of D1', () => {
    const tr = trueRange(H, L, C)
    ;[0.77, 1.31, 3.13, 3.1].forEach((v, i) => near(tr[i], v, `TR[${i}]`))
  })

  it('ATR14 of D1', () => {
    const a = atr(H, L, C, 14)
    warmUp(a, 14, 'ATR14')
    near(a[14], 2.785714, 'ATR14[14]')
    near(a[15], 2.802449, 'ATR14[15]')
    near(a[39], 2.169975, 'ATR14[39]')
    assert.ok(Math.abs(a[39]! - 2.149661) > 1e-3, 'not the TR[0] variant')
  })

  it('with n = 1 ATR is the true range from index 1', () => {
    const a = atr(H, L, C, 1)
    const tr = trueRange(H, L, C)
    isNull(a[0], 'ATR1[0]')
    for (let i = 1; i < 40; i++) near(a[i], tr[i]!, `ATR1[${i}]`, 1e-12)
  })

  it('refuses bars of different lengths', () => {
    assert.throws(() => atr(H, L.slice(1), C), RangeError)
  })
})

describe('Bollinger Bands (20, 2, population σ)', () => {
  const b = bollinger(C, 20, 2)

  it('D1 close at 19 and 39', () => {
    warmUp(b.upper, 19, 'upper')
    near(b.upper[19], 104.324704, 'upper[19]')
    near(b.middle[19], 100.947, 'middle[19]')
    near(b.lower[19], 97.569296, 'lower[19]')
    near(b.sigma[19], 1.688852, 'σ[19]')
    near(b.upper[39], 104.295729, 'upper[39]')
    near(b.middle[39], 100.25, 'middle[39]')
    near(b.lower[39], 96.204271, 'lower[39]')
    near(b.sigma[39], 2.022864, 'σ[39]')
    near(b.percentB[39], 0.682909, '%B[39]')
    near(b.bandwidth[39], 0.080713, 'bandwidth[39]')
  })

  it('is not the sample σ', () => {
    assert.ok(Math.abs(b.upper[19]! - 104.412451) > 1e-3)
  })

  it('a flat window has σ exactly 0, %B null', () => {
    const x = [...C.slice(0, 25), ...new Array<number>(25).fill(101.5)]
    const f = bollinger(x, 20, 2)
    for (let i = 44; i < 50; i++) {
      assert.equal(f.sigma[i], 0)
      assert.equal(f.upper[i], 101.5)
      isNull(f.percentB[i], `%B[${i}]`)
    }
    assert.ok(f.sigma[43]! > 0)
  })

  it('bandwidth is null where the middle is 0', () => {
    const z = bollinger([1, -1, 1, -1], 2, 2)
    isNull(z.bandwidth[1], 'bandwidth[1]')
    near(z.percentB[1], 0.25, '%B[1]')
  })
})

describe('short and empty inputs', () => {
  it('give all-NaN series of the same length', () => {
    for (const len of [0, 1, 5, 13]) {
      const x = C.slice(0, len)
      const h = H.slice(0, len)
      const l = L.slice(0, len)
      const outs = [sma(x, 20), ema(x, 20), rsi(x), atr(h, l, x), bollinger(x).upper, macd(x).macd]
      for (const o of outs) {
        assert.equal(o.length, len)
        assert.ok([...o].every(Number.isNaN))
      }
    }
  })

  it('refuse a period that is not a positive integer', () => {
    assert.throws(() => sma(C, 0), RangeError)
    assert.throws(() => ema(C, 2.5), RangeError)
    assert.throws(() => rsi(C, -1), RangeError)
  })
})
