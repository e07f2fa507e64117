import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../../platform/clock.ts'
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

describe('simulated price history over five years', () => {
  it('keeps every instrument within 0.3×–3× of its reference price, with a realistic volatility', async () => {
    const universe = await market.universe()
    const problems: string[] = []
    for (const { symbol, type, sector } of universe) {
      const bars = await market.bars(symbol, { interval: '1d', start: FROM, end: TO, limit: 5000 })
      assert.ok(bars.length > 1240 && bars.length < 1270, `${symbol}: ${bars.length} bars`)
      const closes = bars.map((b) => b.close)
      const ref = profileOf(symbol)!.ref
      const lo = Math.min(...closes) / ref
      const hi = Math.max(...closes) / ref
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
})
