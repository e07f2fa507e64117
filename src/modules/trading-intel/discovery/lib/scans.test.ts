/** The five scan rules on hand-built daily series (numbers worked independently with Python). */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Bar } from '../../../../providers/market-data/index.ts'
import { rankScan, toSeries } from './rank.ts'
import { breakoutScan, gapScan, momentumScan, reversalScan, volumeScan } from './scans.ts'

const near = (a: number | null | undefined, b: number, tol = 1e-4) =>
  assert.ok(a !== null && a !== undefined && Math.abs(a - b) <= tol, `${a} ≠ ${b}`)

/** Daily bars from closes: open = previous close unless given, high/low around open and close. */
export function dailyBars(
  closes: number[],
  opts: { opens?: number[]; volumes?: number[]; highs?: number[] } = {},
) {
  return closes.map((close, i): Bar => {
    const open = opts.opens?.[i] ?? (i ? closes[i - 1]! : close)
    return {
      time: new Date(Date.UTC(2026, 9, 1 + i, 4)).toISOString(),
      open,
      high: opts.highs?.[i] ?? Math.max(open, close),
      low: Math.min(open, close),
      close,
      volume: opts.volumes?.[i] ?? 1000,
      vwap: null,
    }
  })
}
const series = (...a: Parameters<typeof dailyBars>) => toSeries(dailyBars(...a))

describe('gappers', () => {
  it('a 3 % full gap up above the prior high', () => {
    const h = gapScan(series([99, 100, 104], { opens: [99, 99.5, 103] }))!
    assert.equal(h.direction, 'up')
    near(h.score, 3)
    assert.deepEqual(h.evidence, {
      gap_pct: 3,
      open: 103,
      prev_close: 100,
      prev_high: 100,
      prev_low: 99.5,
      gap_type: 'full',
    })
  })
  it('a 2.5 % gap down is full below the prior low, partial inside the prior range; 1.9 % does not fire', () => {
    const full = gapScan(series([100, 96], { opens: [100, 97.5] }))!
    assert.equal(full.direction, 'down')
    near(full.score, 2.5)
    assert.equal(full.evidence.gap_type, 'full')
    const wideDay = { ...dailyBars([100])[0]!, low: 95 }
    const partial = gapScan(toSeries([wideDay, dailyBars([100, 98], { opens: [100, 97.5] })[1]!]))!
    assert.equal(partial.evidence.gap_type, 'partial')
    near(partial.score, 2.5)
    assert.equal(gapScan(series([100, 102], { opens: [100, 101.9] })), null)
    assert.equal(gapScan(series([100])), null, 'one bar: no previous close')
  })
})

describe('volume', () => {
  const base = Array.from({ length: 20 }, (_, i) => (i % 2 ? 1200 : 1000))
  const closes = Array.from({ length: 21 }, () => 50)
  it('RVOL and z against the previous 20 sessions (sample sd)', () => {
    const h = volumeScan(series(closes, { volumes: [...base, 3000] }))!
    near(h.score, 2.7273)
    near(h.evidence.rvol as number, 2.7273)
    near(h.evidence.z as number, 18.5189)
    near(h.evidence.baseline_sd as number, 102.5978)
    assert.equal(h.evidence.baseline_mean, 1100)
  })
  it('a flat baseline has no z: the ratio alone decides', () => {
    const flat = Array.from({ length: 20 }, () => 1000)
    const h = volumeScan(series(closes, { volumes: [...flat, 2500] }))!
    assert.equal(h.evidence.z, null)
    near(h.score, 2.5)
    assert.equal(volumeScan(series(closes, { volumes: [...flat, 1900] })), null)
    assert.equal(
      volumeScan(series(closes.slice(1), { volumes: [...flat.slice(1), 5000] })),
      null,
      '19 sessions',
    )
  })
})

describe('momentum', () => {
  const alt = Array.from({ length: 15 }, (_, i) => 100 + (i % 2))
  it('+3.5 % with RSI 60.61 fires up; +2 % with RSI 56.67 does not', () => {
    const h = momentumScan(series([...alt, 103.5]))!
    assert.equal(h.direction, 'up')
    near(h.score, 3.5)
    near(h.evidence.rsi as number, 60.6061)
    assert.equal(momentumScan(series([...alt, 102])), null)
  })
  it('a steady fall then −3 % (RSI 0) fires down', () => {
    const falling = Array.from({ length: 15 }, (_, i) => 130 - i)
    const h = momentumScan(series([...falling, 116 * 0.97]))!
    assert.equal(h.direction, 'down')
    near(h.score, 3)
    assert.equal(h.evidence.rsi, 0)
  })
})

describe('reversal', () => {
  it('RSI 0 yesterday and an up close today: up, score 50; still falling: nothing', () => {
    const falling = Array.from({ length: 16 }, (_, i) => 130 - i)
    const h = reversalScan(series([...falling, 117]))!
    assert.equal(h.direction, 'up')
    assert.equal(h.score, 50)
    assert.equal(h.evidence.rsi_prev, 0)
    near(h.evidence.rsi as number, 13.3333)
    assert.equal(h.evidence.context_close, 118)
    assert.equal(reversalScan(series([...falling, 114])), null)
  })
  it('a flat series (RSI 0 by TA-Lib’s rule) is no oversold reading: the context rule keeps it out', () => {
    const flat = Array.from({ length: 16 }, () => 100)
    assert.equal(reversalScan(series([...flat, 101])), null)
  })
  it('RSI 100 yesterday and a down close: down', () => {
    const rising = Array.from({ length: 16 }, (_, i) => 100 + i)
    assert.equal(reversalScan(series([...rising, 114]))?.direction, 'down')
  })
})

describe('breakout', () => {
  const closes = Array.from({ length: 20 }, () => 50)
  const highs = Array.from({ length: 20 }, (_, i) => (i === 7 ? 52 : 51))
  const flat = Array.from({ length: 20 }, () => 1000)
  it('a close 1.923 % above the 20-day high on RVOL 1.5 fires; on RVOL 1.4 or at the high it does not', () => {
    const h = breakoutScan(series([...closes, 53], { highs: [...highs, 53], volumes: [...flat, 1500] }))!
    near(h.score, 1.9231)
    assert.equal(h.evidence.prior_high, 52)
    assert.equal(h.evidence.rvol, 1.5)
    assert.equal(
      breakoutScan(series([...closes, 53], { highs: [...highs, 53], volumes: [...flat, 1400] })),
      null,
    )
    assert.equal(
      breakoutScan(series([...closes, 52], { highs: [...highs, 52], volumes: [...flat, 3000] })),
      null,
    )
  })
})

describe('rankScan', () => {
  it('ranks by score, ties by symbol, and stamps the last bar’s New York date', () => {
    const gap = (open: number) => dailyBars([100, open], { opens: [100, open] })
    const bars = new Map([
      ['BBB', gap(104)],
      ['AAA', gap(104)],
      ['CCC', gap(106)],
      ['DDD', gap(101)],
    ])
    const ranked = rankScan(bars, 'gappers')
    assert.deepEqual(
      ranked.map((r) => [r.symbol, r.score]),
      [
        ['CCC', 6],
        ['AAA', 4],
        ['BBB', 4],
      ],
    )
    assert.equal(ranked[0]!.trading_date, '2026-10-02')
  })
})
