import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Bar } from '../../../../kernel/bars.ts'
import { barFields, forwardReturns, returnsByDate } from './bar-metrics.ts'

/** Weekday bars from 2025-01-02 (dates only matter for YTD and beta alignment). */
function bars(closes: number[], volume = (i: number) => 1000 + i): Bar[] {
  const out: Bar[] = []
  const d = new Date('2025-01-02T05:00:00Z')
  closes.forEach((c, i) => {
    while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1)
    out.push({
      time: d.toISOString(),
      open: c - 0.5,
      high: c + 1,
      low: c - 1,
      close: c,
      volume: volume(i),
      vwap: null,
    })
    d.setUTCDate(d.getUTCDate() + 1)
  })
  return out
}

const near = (a: number | undefined, b: number, what: string) =>
  assert.ok(Math.abs(a! - b) < 1e-9, `${what}: ${a} ≠ ${b}`)

describe('screener bar fields', () => {
  const closes = Array.from({ length: 300 }, (_, i) => 100 + i * 0.5 + (i % 7 === 0 ? 3 : 0))
  const b = bars(closes)
  const t = b.length - 1
  const f = barFields(b, t).current

  it('price, change, gap, volumes, SMA 20, performance and 52-week distances by hand', () => {
    near(f.price, closes[t]!, 'price')
    near(f.change_pct, (closes[t]! / closes[t - 1]! - 1) * 100, 'change')
    near(f.gap_pct, ((closes[t]! - 0.5) / closes[t - 1]! - 1) * 100, 'gap')
    near(f.volume, 1000 + t, 'volume')
    const avg = Array.from({ length: 20 }, (_, k) => 1000 + t - 20 + k).reduce((a, x) => a + x, 0) / 20
    near(f.avg_volume, avg, 'avg volume')
    near(f.relative_volume, (1000 + t) / avg, 'relative volume')
    near(f.sma_20, closes.slice(t - 19).reduce((a, x) => a + x, 0) / 20, 'sma 20')
    near(f.perf_1w, (closes[t]! / closes[t - 5]! - 1) * 100, 'perf 1w')
    near(f.perf_1y, (closes[t]! / closes[t - 252]! - 1) * 100, 'perf 1y')
    const high = Math.max(...closes.slice(t - 251).map((c) => c + 1))
    near(f.dist_52w_high, (closes[t]! / high - 1) * 100, 'dist 52w high')
  })

  it('YTD from the last close of the previous year', () => {
    const lastOf2025 = b.findLastIndex((x) => x.time.startsWith('2025'))
    near(f.perf_ytd, (closes[t]! / closes[lastOf2025]! - 1) * 100, 'ytd')
  })

  it('beta of a series moving exactly twice the benchmark’s returns is 2; too little history is null', () => {
    const m = Array.from({ length: 120 }, (_, i) => 100 * (1 + 0.01 * Math.sin(i)) ** i)
    const x: number[] = [100]
    for (let i = 1; i < m.length; i++) x.push(x[i - 1]! * (1 + 2 * (m[i]! / m[i - 1]! - 1)))
    const spy = returnsByDate(bars(m))
    near(barFields(bars(x), 119, spy).current.beta, 2, 'beta')
    assert.ok(Number.isNaN(barFields(bars(x.slice(0, 40)), 39, spy).current.beta!))
  })

  it('forward returns at 1, 5 and 20 sessions; null past the end', () => {
    const r = forwardReturns(b, t - 10)
    near(r.d1!, (closes[t - 9]! / closes[t - 10]! - 1) * 100, 'd1')
    near(r.d5!, (closes[t - 5]! / closes[t - 10]! - 1) * 100, 'd5')
    assert.equal(r.d20, null)
  })

  it('previous-session values of the crossable fields', () => {
    const p = barFields(b, t).previous
    near(p.price, closes[t - 1]!, 'previous price')
    near(p.sma_20, closes.slice(t - 20, t).reduce((a, x) => a + x, 0) / 20, 'previous sma 20')
  })
})
