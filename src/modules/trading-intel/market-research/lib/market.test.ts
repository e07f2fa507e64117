import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { marketFigures } from './market.ts'

const bar = (date: string, close: number) => ({
  time: `${date}T05:00:00.000Z`,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
  vwap: null,
})

describe('research market figures', () => {
  it('1M/3M/YTD returns and volatility from daily closes', () => {
    // 70 sessions: 2025-12-30 and -31 at 100, then 68 sessions from 2026 at 100 + i.
    const bars = [bar('2025-12-30', 100), bar('2025-12-31', 100)]
    for (let i = 1; i <= 68; i++)
      bars.push(bar(`2026-0${1 + Math.floor(i / 31)}-${String((i % 28) + 1).padStart(2, '0')}`, 100 + i))
    const f = marketFigures(bars, '2026-04-10')
    assert.equal(f.price, 168)
    assert.equal(f.return_1m, Math.round((168 / 147 - 1) * 10_000) / 10_000)
    assert.equal(f.return_3m, Math.round((168 / 105 - 1) * 10_000) / 10_000)
    assert.equal(f.return_ytd, 0.68)
    assert.ok(f.annual_volatility! > 0)
  })

  it('too short a history gives nulls, no bars gives no price', () => {
    const f = marketFigures([bar('2026-04-09', 10), bar('2026-04-10', 11)], '2026-04-10')
    assert.deepEqual([f.return_1m, f.return_3m, f.return_ytd], [null, null, null])
    assert.equal(marketFigures([], '2026-04-10').price, null)
  })
})
