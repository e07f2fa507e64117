import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../../platform/clock.ts'
import { indexOfDate } from './calendar.ts'
import { ANCHOR_DATE } from './daily.ts'
import { SimulatedMarketData } from './simulated.ts'
import { profileOf } from './universe.ts'

// Five years of daily bars of every instrument, as a user reads them on 2026-11-25.
const market = new SimulatedMarketData({ clock: fixedClock('2026-11-25T22:00:00Z') })
const FROM = new Date('2021-11-25T00:00:00Z')
const TO = new Date('2026-11-25T00:00:00Z')

// Annualised volatility a real instrument of each kind shows (realised, from daily closes).
const STOCK_VOL: Readonly<Record<string, [number, number]>> = {
  'Consumer Staples': [0.1, 0.45],
  Utilities: [0.1, 0.45],
  'Real Estate': [0.12, 0.55],
  Financials: [0.12, 0.6],
  Industrials: [0.12, 0.6],
  'Health Care': [0.12, 0.7],
  Materials: [0.12, 0.6],
  Energy: [0.15, 0.7],
  'Communication Services': [0.15, 0.8],
  'Consumer Discretionary': [0.15, 0.8],
  'Information Technology': [0.15, 0.9],
}

/** A daily bar's New York date (its time is New York midnight, 04:00 or 05:00 UTC). */
const nyDateOf = (time: string) => time.slice(0, 10)

function annualVol(closes: number[]): number {
  const r = closes.slice(1).map((c, i) => Math.log(c / closes[i]!))
  const mean = r.reduce((s, x) => s + x, 0) / r.length
  return Math.sqrt((r.reduce((s, x) => s + (x - mean) ** 2, 0) / (r.length - 1)) * 252)
}

function volRange(symbol: string, type: string, sector: string | null): [number, number] {
  if (type === 'stock') return STOCK_VOL[sector!]!
  const p = profileOf(symbol)!
  const lev = p.kind === 'derived' ? Math.abs(p.leverage) : 1
  if (symbol === '^VIX') return [0.4, 2.5]
  return [0.005 * lev, 0.6 * lev]
}

const ANCHOR = indexOfDate(ANCHOR_DATE)

/**
 * Where a symbol's trend line stands on a date, relative to its reference price: 1 from the
 * reference date on (up to its small drift), and before it the climb from its 2015 level.
 */
function trendLine(symbol: string, date: string): number {
  const start = profileOf(symbol)!.start
  const i = indexOfDate(date)
  if (start === null || i >= ANCHOR) return 1
  return Math.exp((Math.log(profileOf(symbol)!.ref / start) / ANCHOR) * (i - ANCHOR))
}

describe('simulated price history over five years', () => {
  it('keeps every instrument within 0.3×–3× of its trend line, with a realistic volatility', async () => {
    const universe = await market.universe()
    const problems: string[] = []
    for (const { symbol, type, sector } of universe) {
      const bars = await market.bars(symbol, { interval: '1d', start: FROM, end: TO, limit: 5000 })
      assert.ok(bars.length > 1240 && bars.length < 1270, `${symbol}: ${bars.length} bars`)
      const closes = bars.map((b) => b.close)
      const ref = profileOf(symbol)!.ref
      const levels = bars.map((b) => b.close / ref / trendLine(symbol, nyDateOf(b.time)))
      const lo = Math.min(...levels)
      const hi = Math.max(...levels)
      if (symbol !== '^VIX' && (lo < 0.3 || hi > 3))
        problems.push(`${symbol} ${lo.toFixed(2)}–${hi.toFixed(2)}×`)
      const vol = annualVol(closes)
      const [vlo, vhi] = volRange(symbol, type, sector)
      if (vol < vlo || vol > vhi) problems.push(`${symbol} vol ${vol.toFixed(2)} outside ${vlo}–${vhi}`)
    }
    assert.deepEqual(problems, [])
  })

  it('no longer sends MSFT to four figures in late 2022', async () => {
    const bars = await market.bars('MSFT', {
      interval: '1d',
      start: new Date('2022-12-01T00:00:00Z'),
      end: new Date('2022-12-31T00:00:00Z'),
    })
    const ref = profileOf('MSFT')!.ref
    for (const b of bars) assert.ok(b.close > ref / 3 && b.close < ref * 3, `${b.time} ${b.close}`)
  })

  it('prices a decade back like the real, split-adjusted history', async () => {
    const mid2017 = async (symbol: string) =>
      (await market.bars(symbol, { interval: '1d', end: new Date('2017-06-30T22:00:00Z'), limit: 1 }))[0]!
        .close
    // Real mid-2017 closes, split-adjusted: Apple about $36, Microsoft $69, NVIDIA $3.6, SPY $241,
    // JPMorgan $91, Amazon $48; the simulation wanders about ±16 % (one sigma) around its trend line.
    const expected: Record<string, [number, number]> = {
      AAPL: [20, 72],
      MSFT: [40, 140],
      NVDA: [1.5, 7.5],
      SPY: [160, 330],
      JPM: [45, 130],
      AMZN: [20, 75],
    }
    for (const [symbol, [lo, hi]] of Object.entries(expected)) {
      const close = await mid2017(symbol)
      assert.ok(close > lo && close < hi, `${symbol} mid-2017 at ${close}`)
    }
  })
})
