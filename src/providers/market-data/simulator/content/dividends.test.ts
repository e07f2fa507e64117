import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { isTradingDay } from '../../../../kernel/calendar/nyse.ts'
import { UNIVERSE, profileOf } from '../universe.ts'
import { createSimulatedDividends } from './dividends.ts'

const provider = createSimulatedDividends(UNIVERSE)
const stocks = UNIVERSE.filter((i) => i.type === 'stock').map((i) => i.symbol)

describe('simulated ex-dividend dates', () => {
  it('quarterly on business days, one amount per symbol, most stocks paying', async () => {
    const rows = await provider.exDividends(stocks, '2026-01-01', '2026-12-31')
    const bySymbol = new Map<string, typeof rows>()
    for (const r of rows) bySymbol.set(r.symbol, [...(bySymbol.get(r.symbol) ?? []), r])
    const share = bySymbol.size / stocks.length
    assert.ok(share > 0.7 && share < 0.9, `payers ${share}`)
    for (const [symbol, xs] of bySymbol) {
      assert.equal(xs.length, 4, symbol)
      const months = xs.map((x) => Number(x.ex_date.slice(5, 7)))
      assert.deepEqual(
        months.map((m) => m - months[0]!),
        [0, 3, 6, 9],
        symbol,
      )
      assert.ok(
        xs.every(
          (x) =>
            isTradingDay(x.ex_date) &&
            x.pay_date !== null &&
            isTradingDay(x.pay_date) &&
            x.amount === xs[0]!.amount &&
            x.currency === 'USD',
        ),
      )
      // A year's dividends are 0.3 %–7 % of the share price.
      const yearly = (4 * xs[0]!.amount) / profileOf(symbol)!.ref
      assert.ok(yearly > 0.003 && yearly < 0.07, `${symbol} yields ${yearly}`)
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

  it('pays nothing on the stocks that pay no dividend, and only while a payer paid', async () => {
    const none = await provider.exDividends(
      ['AMZN', 'TSLA', 'AMD', 'NFLX', 'BRK.B', 'ADBE', 'UBER'],
      '2015-01-01',
      '2030-12-31',
    )
    assert.deepEqual(none, [])
    const dates = async (symbol: string, from: string, to: string) =>
      (await provider.exDividends([symbol], from, to)).map((r) => r.ex_date)
    assert.deepEqual(await dates('GOOGL', '2022-01-01', '2024-05-31'), [])
    assert.equal((await dates('GOOGL', '2024-06-01', '2025-05-31')).length, 4)
    assert.equal((await dates('INTC', '2023-01-01', '2023-12-31')).length, 4)
    assert.deepEqual(await dates('INTC', '2024-09-01', '2026-08-31'), [])
    for (const symbol of ['KO', 'JPM', 'XOM', 'AAPL', 'MSFT', 'PG'])
      assert.equal((await dates(symbol, '2026-01-01', '2026-12-31')).length, 4, symbol)
  })
})
