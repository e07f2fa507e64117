/**
 * A market for the discovery tests: the simulated one, with a small universe whose daily bars are
 * built by hand so every scan's answer is known (worked in the comments).
 *
 * Every symbol: 25 sessions up to Friday 2026-11-20, close 100, high 101, low 99, volume
 * alternating 1000/1200 (mean of the last 20: 1100, sample sd 102.5978); then the last session:
 * - AAPL  open 105, close 106, high 107, volume 3000: gap +5 %, RVOL 2.7273 (z 18.52), change +6 %
 *         with RSI 100, close 4.9505 % above the 20-day high 101 on RVOL 2.73 → gappers, volume,
 *         momentum, breakout.
 * - MSFT  open 103, close 103: gap +3 %, change +3 % (RSI 100); breakout but RVOL 1000/1100 → no.
 * - NVDA  open 96, close 95: gap −4 %, change −5 % with RSI 0 → gappers and momentum, down.
 * - AMZN  falls 100 → 92 over the 5 sessions before, then opens 92 and closes 93: RSI 0 yesterday
 *         and an up close → reversal, score 50.
 * - ZZTOP (not an S&P 500 member) open 108, close 108: gap +8 %, change +8 % → gappers, momentum.
 */
import { fixedClock } from '../../src/platform/clock.ts'
import { UpstreamServerError } from '../../src/platform/upstream-errors.ts'
import {
  SimulatedMarketData,
  type Bar,
  type BarsQuery,
  type Instrument,
} from '../../src/providers/market-data/index.ts'

export const NOW = '2026-11-20T15:00:00Z'
export const clock = fixedClock(NOW)

const SESSIONS = 25
/** The 25 weekdays ending 2026-11-20 (no holiday in between but none needed: the scans count bars). */
function sessionDates(): string[] {
  const out: string[] = []
  const d = new Date('2026-11-20T12:00:00Z')
  while (out.length < SESSIONS + 1) {
    const wd = d.getUTCDay()
    if (wd !== 0 && wd !== 6) out.unshift(d.toISOString().slice(0, 10))
    d.setUTCDate(d.getUTCDate() - 1)
  }
  return out
}

type Last = { open: number; close: number; high?: number; low?: number; volume?: number }

function build(last: Last, before: number[] = []): Bar[] {
  const dates = sessionDates()
  const closes = Array.from({ length: SESSIONS }, () => 100)
  closes.splice(SESSIONS - before.length, before.length, ...before)
  const bars = closes.map((close, i): Bar => {
    const open = i ? closes[i - 1]! : close
    return {
      time: `${dates[i]}T05:00:00.000Z`,
      open,
      high: Math.max(open, close) + 1,
      low: Math.min(open, close) - 1,
      close,
      volume: i % 2 ? 1200 : 1000,
      vwap: null,
    }
  })
  bars.push({
    time: `${dates[SESSIONS]}T05:00:00.000Z`,
    open: last.open,
    close: last.close,
    high: last.high ?? Math.max(last.open, last.close),
    low: last.low ?? Math.min(last.open, last.close),
    volume: last.volume ?? 1000,
    vwap: null,
  })
  return bars
}

export const DAILY: Record<string, Bar[]> = {
  AAPL: build({ open: 105, close: 106, high: 107, volume: 3000 }),
  MSFT: build({ open: 103, close: 103 }),
  NVDA: build({ open: 96, close: 95 }),
  AMZN: build({ open: 92, close: 93 }, [98, 96, 94, 92]),
  ZZTOP: build({ open: 108, close: 108 }),
}

const instrument = (symbol: string): Instrument => ({
  symbol,
  name: symbol,
  exchange: 'NASDAQ',
  type: 'stock',
  sector: null,
  industry: null,
  market_cap: null,
  currency: 'USD',
  country: null,
})

/** The simulated market with DAILY as its universe and daily bars; `failing` makes bars fail. */
export class DiscoveryMarket extends SimulatedMarketData {
  failing = false
  calls = 0

  override async universe(): Promise<Instrument[]> {
    return [...Object.keys(DAILY).map(instrument), { ...instrument('^VIX'), type: 'index' }]
  }

  override async bars(symbol: string, query: BarsQuery): Promise<Bar[]> {
    if (query.interval !== '1d') return super.bars(symbol, query)
    this.calls++
    if (this.failing) throw new UpstreamServerError('down', { provider: 'test', status: 503 })
    return DAILY[symbol] ?? []
  }
}
