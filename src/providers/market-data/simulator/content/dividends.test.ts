import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { isTradingDay } from '../../../../platform/market-calendar.ts'
import { UNIVERSE } from '../universe.ts'
import { createSimulatedDividends } from './dividends.ts'

const provider = createSimulatedDividends(UNIVERSE)
const stocks = UNIVERSE.filter((i) => i.type === 'stock').map((i) => i.symbol)

describe('simulated ex-dividend dates', () => {
  it('quarterly on business days, one amount per symbol, about 60 % of stocks paying', async () => {
    const rows = await provider.exDividends(stocks, '2026-01-01', '2026-12-31')
    const bySymbol = new Map<string, typeof rows>()
    for (const r of rows) bySymbol.set(r.symbol, [...(bySymbol.get(r.symbol) ?? []), r])
    const share = bySymbol.size / stocks.length
    assert.ok(share > 0.5 && share < 0.7, `payers ${share}`)
    for (const [symbol, xs] of bySymbol) {
      assert.equal(xs.length, 4, symbol)
      const months = xs.map((x) => Number(x.ex_date.slice(5, 7)))
      assert.deepEqual(
        months.map((m) => m - months[0]!),
        [0, 3, 6, 9],
        symbol,
      )
      assert.ok(
        xs.every((x) => isTradingDay(x.ex_date) && x.amount === xs[0]!.amount && x.currency === 'USD'),
      )
      assert.ok(xs[0]!.amount >= 0.1 && xs[0]!.amount <= 1.1)
    }
    const sorted = [...rows].sort(
      (a, b) => a.ex_date.localeCompare(b.ex_date) || a.symbol.localeCompare(b.symbol),
    )
    assert.deepEqual(rows, sorted)
  })

  it('funds pay none here, unknown symbols none; a window keeps only its dates; deterministic', async () => {
    assert.deepEqual(await provider.exDividends(['SPY', 'QQQ', 'NOPE'], '2026-01-01', '2026-12-31'), [])
    const year = await provider.exDividends(stocks.slice(0, 40), '2026-01-01', '2026-12-31')
    const march = await provider.exDividends(stocks.slice(0, 40), '2026-03-01', '2026-03-31')
    assert.deepEqual(
      march,
      year.filter((r) => r.ex_date.startsWith('2026-03')),
    )
    assert.deepEqual(await provider.exDividends(stocks.slice(0, 40), '2026-03-01', '2026-03-31'), march)
  })
})
