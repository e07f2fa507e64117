/**
 * Simulated results read like the companies': revenue and EPS of the right order for each name
 * (real ones for the largest), and every quarter reported 10–45 days after it ends.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../../../platform/clock.ts'
import type { EarningsEvent } from '../../market-data.port.ts'
import { UNIVERSE, profileOf } from '../universe.ts'
import { createSimulatedContent } from './content.ts'
import { fiscalSchedule, periodEnd } from './fiscal.ts'

const content = createSimulatedContent({ clock: fixedClock('2026-11-25T15:00:00Z'), instruments: UNIVERSE })
const STOCKS = UNIVERSE.filter((i) => i.type === 'stock')
const DAY = 86_400_000

/** The four reports dated in 2025, per symbol. */
async function reports2025(): Promise<Map<string, EarningsEvent[]>> {
  const out = new Map<string, EarningsEvent[]>()
  for (const e of await content.calendar('2025-01-01', '2025-12-31'))
    out.set(e.symbol, [...(out.get(e.symbol) ?? []), e])
  return out
}

const sum = (xs: EarningsEvent[], f: (e: EarningsEvent) => number | null) =>
  xs.reduce((s, e) => s + (f(e) ?? 0), 0)

describe('simulated fundamentals', () => {
  it("gives the largest companies their real scale (a year's revenue and EPS within a third)", async () => {
    const byYear = await reports2025()
    // Approximate 2025 annual revenue (USD billions) and adjusted EPS, from the companies' reports.
    const real: Record<string, [number, number]> = {
      NVDA: [190, 4.4],
      JPM: [180, 20],
      AAPL: [416, 7.4],
      MSFT: [282, 13.6],
      AMZN: [700, 6.7],
      XOM: [335, 7],
      KO: [48, 3],
      TSLA: [95, 1.7],
    }
    for (const [symbol, [revenue, eps]] of Object.entries(real)) {
      const events = byYear.get(symbol)!
      const rev = sum(events, (e) => e.revenue_estimate) / 1e9
      const earned = sum(events, (e) => e.eps_estimate)
      assert.ok(rev > revenue / 1.33 && rev < revenue * 1.33, `${symbol} revenue ${rev}B`)
      assert.ok(earned > eps / 1.33 && earned < eps * 1.33, `${symbol} EPS ${earned}`)
    }
  })

  it('keeps every company within plausible price/sales and price/earnings ranges', async () => {
    const byYear = await reports2025()
    const odd: string[] = []
    for (const { symbol, market_cap } of STOCKS) {
      const events = byYear.get(symbol)!
      const revenue = sum(events, (e) => e.revenue_estimate)
      const eps = sum(events, (e) => e.eps_estimate)
      const ps = market_cap! / revenue
      const pe = profileOf(symbol)!.ref / eps
      if (!(ps > 0.05 && ps < 150)) odd.push(`${symbol} P/S ${ps.toFixed(2)}`)
      // Losses are allowed (a negative P/E); profits price at 5–400 times earnings.
      if (!(pe < 0 || (pe > 5 && pe < 400))) odd.push(`${symbol} P/E ${pe.toFixed(1)}`)
      if (revenue < 5e8) odd.push(`${symbol} revenue ${revenue}`)
    }
    assert.deepEqual(odd, [])
  })

  it('reports each quarter 10–45 days after it ends; calendar-year companies report Q3 mid-October to mid-November', async () => {
    const events = await content.calendar('2016-01-01', '2029-12-31')
    const late: string[] = []
    for (const e of events) {
      const end = periodEnd(e.year, e.quarter, fiscalSchedule(e.symbol).phase)
      const lag = (Date.parse(e.date) - Date.parse(end)) / DAY
      if (lag < 10 || lag > 45) late.push(`${e.symbol} ${e.year}Q${e.quarter} (ends ${end}): ${e.date}`)
      if (fiscalSchedule(e.symbol).phase === 0 && e.quarter === 3) {
        const md = e.date.slice(5)
        if (md < '10-10' || md > '11-15') late.push(`${e.symbol} ${e.year}Q3: ${e.date}`)
      }
    }
    assert.ok(events.length > 20_000)
    assert.deepEqual(late.slice(0, 5), [])
  })
})
