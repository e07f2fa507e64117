/**
 * A market for the intraday tests: the simulated one, except that AAPL and MSFT answer hand-built
 * 5-minute bars. 2026-11-20 (Friday) AAPL is the S1 session of docs/definitions.md; the five
 * sessions before it are flat at 50.00 (high 50.40, low 49.60) with S1's volumes except the 10:15
 * bar, [70000, 72000, 64000, 81000, 75000] most recent first (the volume-spike vector). MSFT's 2026-11-20 is a
 * full session whose first 40 closes are D1, flat after.
 */
import type { Clock } from '../../src/platform/clock.ts'
import { UpstreamServerError } from '../../src/platform/upstream-errors.ts'
import { SimulatedMarketData, type Bar, type BarsQuery } from '../../src/providers/market-data/index.ts'
import { S1 } from '../../src/modules/trading-intel/intraday/lib/fixtures.fixture.ts'

export const D1_CLOSE = [
  100.0, 99.93, 102.35, 103.94, 104.39, 102.27, 99.44, 101.31, 102.66, 99.69, 100.72, 97.21, 98.76, 99.9,
  101.45, 100.88, 102.03, 101.73, 99.68, 100.6, 101.42, 101.78, 102.27, 101.44, 101.56, 101.18, 99.77, 98.56,
  98.57, 95.62, 95.45, 97.51, 99.8, 100.7, 101.61, 101.09, 101.62, 100.9, 102.42, 101.73,
]
const PRIOR_DAYS = ['2026-11-19', '2026-11-18', '2026-11-17', '2026-11-16', '2026-11-13']
const AT_1015 = [70000, 72000, 64000, 81000, 75000]
/** 09:30 New York (EST, UTC−5) of a date, epoch ms. */
const openOf = (date: string) => Date.parse(`${date}T14:30:00Z`)
const bar = (t: number, o: number, h: number, l: number, c: number, v: number): Bar => ({
  time: new Date(t).toISOString(),
  open: o,
  high: h,
  low: l,
  close: c,
  volume: v,
  vwap: null,
})

function aapl(): Bar[] {
  const out: Bar[] = []
  PRIOR_DAYS.forEach((date, d) => {
    S1.forEach((row, i) => {
      const volume = i === 9 ? AT_1015[d]! : row[4]
      out.push(bar(openOf(date) + i * 300_000, 50, 50.4, 49.6, 50, volume))
    })
  })
  S1.forEach(([o, h, l, c, v], i) => out.push(bar(openOf('2026-11-20') + i * 300_000, o, h, l, c, v)))
  return out.sort((a, b) => a.time.localeCompare(b.time))
}

function msft(): Bar[] {
  return Array.from({ length: 78 }, (_, i) => {
    const c = D1_CLOSE[i] ?? 101.73
    return bar(openOf('2026-11-20') + i * 300_000, c, c, c, c, 1000)
  })
}

const BARS: Record<string, Bar[]> = { AAPL: aapl(), MSFT: msft() }

export class IntradayTestMarket extends SimulatedMarketData {
  calls = 0
  failing = false

  override async bars(symbol: string, query: BarsQuery): Promise<Bar[]> {
    const fixed = BARS[symbol.toUpperCase()]
    if (fixed && this.failing) throw new UpstreamServerError('down', { provider: 'test', status: 503 })
    if (!fixed || query.interval !== '5m') return super.bars(symbol, query)
    this.calls++
    const now = this.clock.now().getTime()
    const start = query.start?.getTime() ?? -Infinity
    const end = Math.min(query.end?.getTime() ?? Infinity, now)
    return fixed.filter((b) => Date.parse(b.time) >= start && Date.parse(b.time) <= end)
  }

  constructor(private readonly clock: Clock) {
    super({ clock })
  }
}
