import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { yearOverYear, type YearRow } from './yoy.ts'

const row = (year: number, realized: number, aum: number | null): YearRow => ({
  year,
  realizedCents: BigInt(Math.round(realized * 100)),
  yearEndAumCents: aum === null ? null : BigInt(Math.round(aum * 100)),
})

describe('yearOverYear', () => {
  it('compares each year with the one before (worked example)', () => {
    // 2021: P&L 1,000, AUM 50,000 — no prior year → nulls.
    // 2022: P&L −500: (−500 − 1,000) / 1,000 = −150%; AUM 45,000: (45,000 − 50,000) / 50,000 = −10%.
    // 2023: P&L 1,500: (1,500 − (−500)) / |−500| = +400%; AUM 60,000: 15,000 / 45,000 = 33.333…% → 33.33.
    // 2024: P&L 1,000.10: (1,000.10 − 1,500) / 1,500 = −33.326…% → −33.33; AUM unknown → null.
    const result = yearOverYear([
      row(2023, 1500, 60000),
      row(2021, 1000, 50000),
      row(2022, -500, 45000),
      row(2024, 1000.1, null),
    ])
    assert.deepEqual(result, [
      { year: 2021, realized_pnl: 1000, year_end_aum: 50000, pnl_growth_pct: null, aum_growth_pct: null },
      { year: 2022, realized_pnl: -500, year_end_aum: 45000, pnl_growth_pct: -150, aum_growth_pct: -10 },
      { year: 2023, realized_pnl: 1500, year_end_aum: 60000, pnl_growth_pct: 400, aum_growth_pct: 33.33 },
      { year: 2024, realized_pnl: 1000.1, year_end_aum: null, pnl_growth_pct: -33.33, aum_growth_pct: null },
    ])
  })

  it('gives null after a zero, a missing AUM or a gap', () => {
    // 2019 → 2020: prior P&L 0 → null; prior AUM null → null.
    // 2022 follows a missing 2021 → null, although 2020 has values.
    const result = yearOverYear([row(2019, 0, null), row(2020, 100, 1000), row(2022, 200, 2000)])
    assert.deepEqual(
      result.map((r) => [r.year, r.pnl_growth_pct, r.aum_growth_pct]),
      [
        [2019, null, null],
        [2020, null, null],
        [2022, null, null],
      ],
    )
  })

  it('rounds half away from zero at 2 decimals', () => {
    // 2,000 → 2,000.10: 0.10 / 2,000 = 0.005% → 0.01;
    // 2,000 → 1,999.90: −0.005% → −0.01.
    assert.equal(yearOverYear([row(2020, 2000, null), row(2021, 2000.1, null)])[1]!.pnl_growth_pct, 0.01)
    assert.equal(yearOverYear([row(2020, 2000, null), row(2021, 1999.9, null)])[1]!.pnl_growth_pct, -0.01)
  })

  it('is empty without rows and rejects duplicate years', () => {
    assert.deepEqual(yearOverYear([]), [])
    assert.throws(() => yearOverYear([row(2020, 1, 1), row(2020, 2, 2)]), RangeError)
  })
})
