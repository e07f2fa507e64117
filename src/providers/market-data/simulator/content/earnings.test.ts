import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../../../platform/clock.ts'
import { createSimulatedContent } from './content.ts'
import { fiscalSchedule } from './fiscal.ts'
import { UNIVERSE } from '../universe.ts'

// The whole simulated universe, as the application wires it, on 2026-11-25.
const content = createSimulatedContent({ clock: fixedClock('2026-11-25T15:00:00Z'), instruments: UNIVERSE })
const STOCKS = UNIVERSE.filter((i) => i.type === 'stock')
// Amazon, eBay, O'Reilly, Tractor Supply, Carvana and Sysco report calendar quarters; AutoZone,
// CarMax and Costco close their years in August or February.
const RETAILERS = STOCKS.filter(
  (i) =>
    ['Specialty Retail', 'Broadline Retail', 'Consumer Staples Distribution & Retail'].includes(
      i.industry ?? '',
    ) && fiscalSchedule(i.symbol).phase === 1,
)
const DAY = 86_400_000
const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / DAY

describe('simulated earnings calendar over a year', () => {
  it('has reports in every week but the Christmas and New Year weeks', async () => {
    const events = await content.calendar('2026-01-01', '2026-12-31')
    const empty: string[] = []
    // Mondays of 2026: Jan 5 … Dec 28; the weeks of Dec 21 (Christmas) and Dec 28 (New Year) are holiday weeks.
    for (let monday = Date.UTC(2026, 0, 5); monday <= Date.UTC(2026, 11, 14); monday += 7 * DAY) {
      const from = new Date(monday).toISOString().slice(0, 10)
      const to = new Date(monday + 4 * DAY).toISOString().slice(0, 10)
      if (!events.some((e) => e.date >= from && e.date <= to)) empty.push(from)
    }
    assert.deepEqual(empty, [])
  })

  it('has the week of 2026-11-23 busy, and today (Nov 25) not empty through late January', async () => {
    const thisWeek = await content.calendar('2026-11-23', '2026-11-27')
    assert.ok(thisWeek.length >= 10, `${thisWeek.length} reports`)
    const ahead = await content.calendar('2026-11-25', '2027-01-20')
    assert.ok(ahead.length >= 40, `${ahead.length} reports`)
  })

  it('has every company report four times a year, about three months apart, on trading days', async () => {
    const events = await content.calendar('2025-01-01', '2027-12-31')
    for (const { symbol } of STOCKS) {
      const mine = events.filter((e) => e.symbol === symbol)
      for (const year of ['2025', '2026', '2027']) {
        assert.equal(mine.filter((e) => e.date.startsWith(year)).length, 4, `${symbol} ${year}`)
      }
      for (let i = 1; i < mine.length; i++) {
        const gap = days(mine[i - 1]!.date, mine[i]!.date)
        assert.ok(gap >= 63 && gap <= 119, `${symbol}: ${mine[i - 1]!.date} → ${mine[i]!.date}`)
      }
      for (const e of mine) assert.ok(![0, 6].includes(new Date(`${e.date}T00:00:00Z`).getUTCDay()), e.date)
    }
  })

  it('keeps a company on the same schedule from year to year', async () => {
    const events = await content.calendar('2025-01-01', '2026-12-31')
    for (const { symbol } of STOCKS) {
      const mine = events.filter((e) => e.symbol === symbol)
      for (let i = 4; i < mine.length; i++) {
        const drift = Math.abs(days(mine[i - 4]!.date, mine[i]!.date) - 365)
        assert.ok(drift <= 9, `${symbol}: ${mine[i - 4]!.date} vs ${mine[i]!.date}`)
      }
    }
  })

  it('has retailers (fiscal years ending in January) report their third quarter from mid-November to early December', async () => {
    assert.ok(RETAILERS.length >= 10, `${RETAILERS.length} retailers`)
    const events = await content.calendar(
      '2026-11-01',
      '2026-12-31',
      RETAILERS.map((i) => i.symbol),
    )
    for (const { symbol } of RETAILERS) {
      const e = events.find((x) => x.symbol === symbol)
      // Walmart and Home Depot report a few weeks after; Dollar General and Lululemon in early December.
      assert.ok(e && e.date >= '2026-11-13' && e.date <= '2026-12-08', `${symbol} ${e?.date}`)
    }
  })
})
