/**
 * The sandbox's pricehistory window: `period` days of `periodType=day` count trading sessions already
 * begun (at the regular open, or the pre-market with extended hours).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { BarsQuery } from '../../../market-data/market-data.port.ts'
import type { SchwabMarket } from './catalog.ts'
import { historyQuery, priceHistory, type HistoryQuery } from './pricehistory.ts'

/** The start of the window priceHistory asks the market for, as a New York date and time. */
async function windowStart(query: Record<string, string>, now: string): Promise<string> {
  let asked: BarsQuery | undefined
  const market = { bars: async (_s: string, q: BarsQuery) => ((asked ??= q), []) } as unknown as SchwabMarket
  await priceHistory(market, historyQuery({ symbol: 'AAPL', ...query }) as HistoryQuery, Date.parse(now))
  return asked!.start!.toLocaleString('sv-SE', { timeZone: 'America/New_York' })
}

describe('sandbox pricehistory window (periodType=day)', () => {
  it('is the previous session on a holiday and before the pre-market', async () => {
    // Thanksgiving 2026 (Thursday), 00:30 New York: "1 day" is Wednesday's session.
    assert.equal(await windowStart({ period: '1' }, '2026-11-26T05:30:00Z'), '2026-11-25 00:00:00')
    // Wednesday 03:00 New York, before the 04:00 pre-market: Tuesday, extended hours or not.
    assert.equal(await windowStart({ period: '1' }, '2026-11-25T08:00:00Z'), '2026-11-24 00:00:00')
    assert.equal(
      await windowStart({ period: '1', needExtendedHoursData: 'true' }, '2026-11-25T08:00:00Z'),
      '2026-11-24 00:00:00',
    )
  })

  it('without extended hours, is the previous session until the regular open; with them, today from the pre-market', async () => {
    // Monday 2026-11-30 04:15 New York: the pre-market has begun, the regular session has not.
    assert.equal(await windowStart({ period: '1' }, '2026-11-30T09:15:00Z'), '2026-11-27 00:00:00')
    assert.equal(
      await windowStart({ period: '1', needExtendedHoursData: 'true' }, '2026-11-30T09:15:00Z'),
      '2026-11-30 00:00:00',
    )
    // 09:30 New York, the open: today either way.
    assert.equal(await windowStart({ period: '1' }, '2026-11-30T14:30:00Z'), '2026-11-30 00:00:00')
  })

  it('is today once its session has begun, and counts back over weekends and holidays', async () => {
    assert.equal(await windowStart({ period: '1' }, '2026-11-25T15:00:00Z'), '2026-11-25 00:00:00')
    // Monday 2026-11-30 midday, 3 days: Monday, Friday 11-27, Wednesday 11-25 (Thanksgiving skipped).
    assert.equal(await windowStart({ period: '3' }, '2026-11-30T17:00:00Z'), '2026-11-25 00:00:00')
  })
})
