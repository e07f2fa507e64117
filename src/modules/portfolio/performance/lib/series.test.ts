import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { ActivityType } from '../../portfolio.tables.ts'
import { valueSeries, type AccountIn, type ActivityLine } from './series.ts'

const DAYS = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']
const act = (
  date: string,
  type: ActivityType,
  amount: string,
  more: Partial<ActivityLine> = {},
): ActivityLine => ({ date, type, amount, fee: '0', symbol: null, quantity: null, currency: 'USD', ...more })

describe('the value series, by hand', () => {
  // Account 1, a broker account in USD. Activities: deposit 10,000 on 03-02; buy 10 AAPL for
  // 1,000 + 1 fee on 03-03; a 2-for-1 split on 03-05. First snapshot 03-05: 20 AAPL; the broker
  // reports 9,000 cash on 03-05 (a dollar more than the activities imply: it wins).
  // Shares read back: 03-04 20 ÷ 2 = 10, 03-03 10, 03-02 10 − 10 = 0.
  // Cash read back from the 03-05 balance: 03-04 and 03-03 9,000; 03-02 9,000 + 1,001 = 10,001.
  //
  // Account 2, manual, archived on 03-06: deposit 1,000 EUR on 03-03 (cash), a snapshot of 5 SAP
  // (EUR) on 03-04. EUR→USD: 1.10, 1.10, 1.20, 1.25, 1.25. SAP closes 03-04 200, 03-05 210.
  //
  // | day   | AAPL        | acct 1    | acct 2                    | V         | F         | r                   |
  // | 03-02 | 0 × 100     | 10,001.00 | 0                         | 10,001.00 |           |                     |
  // | 03-03 | 10 × 101    | 10,010.00 | 1,000 × 1.10 = 1,100.00   | 11,110.00 | +1,100.00 | 11,110/11,101 − 1   |
  // | 03-04 | 10 × 102    | 10,020.00 | 2,000 × 1.20 = 2,400.00   | 12,420.00 |           | 12,420/11,110 − 1   |
  // | 03-05 | 20 × 51     | 10,020.00 | 2,050 × 1.25 = 2,562.50   | 12,582.50 |           | 12,582.5/12,420 − 1 |
  // | 03-06 | 20 × 52     | 10,040.00 | archived: 0               | 10,040.00 | −2,562.50 | 10,040/10,020 − 1   |
  //
  // The 10,000 deposit sits on the base day (in the starting value, not a flow of the range); the
  // EUR deposit is a flow of 1,100 USD; account 2's value leaves on 03-06 as an outflow.
  const broker: AccountIn = {
    id: 1,
    readBack: true,
    archivedOn: null,
    historyStart: '2026-03-02',
    snapshots: [{ date: '2026-03-05', symbol: 'AAPL', quantity: 20 }],
    activities: [
      act('2026-03-02', 'DEPOSIT', '10000.0000'),
      act('2026-03-03', 'BUY', '1000', { symbol: 'AAPL', quantity: '10', fee: '1' }),
      act('2026-03-05', 'SPLIT', '0', { symbol: 'AAPL', quantity: '2' }),
    ],
    cashAnchors: [{ date: '2026-03-05', currency: 'USD', cents: 900_000n }],
  }
  const manual: AccountIn = {
    id: 2,
    readBack: false,
    archivedOn: '2026-03-06',
    historyStart: '2026-03-03',
    snapshots: [{ date: '2026-03-04', symbol: 'SAP', quantity: 5 }],
    activities: [act('2026-03-03', 'DEPOSIT', '1000', { currency: 'EUR' })],
    cashAnchors: [],
  }
  const eur = [1.1, 1.1, 1.2, 1.25, 1.25]
  const market = {
    closes: new Map([
      ['AAPL', Float64Array.from([100, 101, 102, 51, 52])],
      ['SAP', Float64Array.from([Number.NaN, Number.NaN, 200, 210, 220])],
    ]),
    currencyOf: new Map([
      ['AAPL', 'USD'],
      ['SAP', 'EUR'],
    ]),
    rates: new Map([
      ['USD', Float64Array.from([1, 1, 1, 1, 1])],
      ['EUR', Float64Array.from(eur)],
    ]),
  }
  const rateOn = (c: string, d: string) => (c === 'USD' ? 1 : (eur[DAYS.indexOf(d)] ?? null))
  const flows = [
    { account_id: 1, date: '2026-03-02', currency: 'USD', amount: '10000' },
    { account_id: 2, date: '2026-03-03', currency: 'EUR', amount: '1000' },
  ]

  it('values the shares and cash of each account in the base currency, and chains the TWR', () => {
    const out = valueSeries({ days: DAYS, accounts: [broker, manual], flows, market, rateOn })
    assert.deepEqual([...out.accounts[0]!.value], [1_000_100, 1_001_000, 1_002_000, 1_002_000, 1_004_000])
    assert.deepEqual([...out.accounts[1]!.value], [0, 110_000, 240_000, 256_250, 0])
    assert.deepEqual([...out.total.value], [1_000_100, 1_111_000, 1_242_000, 1_258_250, 1_004_000])
    assert.deepEqual([...out.total.flows], [0, 110_000, 0, 0, -256_250])
    assert.deepEqual([...out.accounts[1]!.flows], [0, 110_000, 0, 0, -256_250])
    assert.deepEqual([...out.total.cash], [1_000_100, 1_010_000, 1_020_000, 1_025_000, 900_000])
    const r = [11_110 / 11_101 - 1, 12_420 / 11_110 - 1, 12_582.5 / 12_420 - 1, 10_040 / 10_020 - 1]
    r.forEach((x, i) => assert.ok(Math.abs(out.total.returns[i]! - x) < 1e-12))
    assert.equal(out.missingPrices.size + out.missingRates.size, 0)
  })

  it('leaves out, and reports, a holding without a close and cash without a rate (never 1)', () => {
    const gbp: AccountIn = {
      ...manual,
      id: 3,
      archivedOn: null,
      snapshots: [{ date: '2026-03-02', symbol: 'ZZZ', quantity: 1 }],
      activities: [act('2026-03-04', 'DEPOSIT', '50', { currency: 'GBP' })],
    }
    const out = valueSeries({ days: DAYS, accounts: [gbp], flows: [], market, rateOn })
    assert.deepEqual([...out.total.value], [0, 0, 0, 0, 0])
    assert.deepEqual(out.missingPrices.list(), [
      { key: 'ZZZ', first: '2026-03-02', last: '2026-03-06', days: 5 },
    ])
    assert.deepEqual(out.missingRates.list(), [
      { key: 'GBP', first: '2026-03-04', last: '2026-03-06', days: 3 },
    ])
  })
})
