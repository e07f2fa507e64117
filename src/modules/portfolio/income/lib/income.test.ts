import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { byPeriod, bySymbol, type IncomeEntry } from './income.ts'

const e = (
  type: IncomeEntry['type'],
  date: string,
  symbol: string | null,
  amount: bigint,
  fee = 0n,
): IncomeEntry => ({
  type,
  date,
  symbol,
  amount,
  fee,
})

const entries = [
  e('DIVIDEND', '2025-03-14', 'KO', 4850n, 25n),
  e('TAX', '2025-03-14', 'KO', 728n),
  e('INTEREST', '2025-03-31', null, 1234n),
  e('DIVIDEND', '2025-06-13', 'KO', 4850n),
  e('DIVIDEND', '2025-06-20', 'AAPL', -500n), // a reversal
  e('DIVIDEND', '2024-12-13', 'KO', 4600n),
]

describe('income sums', () => {
  it('sums a year by month, zeros included: gross, tax, fees, net', () => {
    const { items, totals } = byPeriod(entries, 'month', 2025)
    assert.equal(items.length, 12)
    // March: dividends 48.50, interest 12.34, gross 60.84, tax 7.28, fees 0.25, net 53.31.
    assert.deepEqual(items[2], {
      period: '2025-03',
      dividends: 48.5,
      interest: 12.34,
      gross: 60.84,
      tax: 7.28,
      fees: 0.25,
      net: 53.31,
    })
    // June: 48.50 − 5.00 reversal = 43.50.
    assert.equal(items[5]!.gross, 43.5)
    assert.equal(items[0]!.gross, 0)
    // Year: 60.84 + 43.50 = 104.34 gross; net 104.34 − 7.28 − 0.25 = 96.81.
    assert.deepEqual([totals.dividends + totals.interest, totals.tax, totals.fees], [10434n, 728n, 25n])
  })

  it('without a year, lists only the periods with income', () => {
    const { items } = byPeriod(entries, 'year')
    assert.deepEqual(
      items.map((i) => [i.period, i.gross]),
      [
        ['2024', 46],
        ['2025', 104.34],
      ],
    )
  })

  it('groups a window by symbol, largest gross first, no symbol last', () => {
    const { items } = bySymbol(entries, '2025-01-01', '2025-12-31')
    assert.deepEqual(
      items.map((i) => [i.symbol, i.gross, i.tax, i.net]),
      [
        ['KO', 97, 7.28, 89.47],
        ['AAPL', -5, 0, -5],
        [null, 12.34, 0, 12.34],
      ],
    )
  })
})
