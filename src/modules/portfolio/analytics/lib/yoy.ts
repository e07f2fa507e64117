/**
 * Year-over-year realized P&L and AUM. A year is compared with the calendar year before it, not
 * with the previous row: after a gap there is nothing to compare with.
 */
import { centsToNumber, roundDiv } from '../../../../kernel/decimal/cents.ts'

export interface YearRow {
  year: number
  realizedCents: bigint
  yearEndAumCents: bigint | null
}

export interface YearOverYear {
  year: number
  realized_pnl: number
  year_end_aum: number | null
  /** Percent, 2 decimals; null when the prior year is absent or its value is zero or unknown. */
  pnl_growth_pct: number | null
  aum_growth_pct: number | null
}

/** (current − prior) / |prior| × 100, to 2 decimals, exact. */
function growthPct(current: bigint | null, prior: bigint | null | undefined): number | null {
  if (current === null || prior === null || prior === undefined || prior === 0n) return null
  const abs = prior < 0n ? -prior : prior
  return Number(roundDiv((current - prior) * 10_000n, abs)) / 100
}

export function yearOverYear(rows: YearRow[]): YearOverYear[] {
  const byYear = new Map<number, YearRow>()
  for (const row of rows) {
    if (!Number.isInteger(row.year)) throw new RangeError(`not a year: ${row.year}`)
    if (byYear.has(row.year)) throw new RangeError(`year ${row.year} appears twice`)
    byYear.set(row.year, row)
  }
  return [...byYear.values()]
    .sort((a, b) => a.year - b.year)
    .map((row) => {
      const prior = byYear.get(row.year - 1)
      return {
        year: row.year,
        realized_pnl: centsToNumber(row.realizedCents),
        year_end_aum: row.yearEndAumCents === null ? null : centsToNumber(row.yearEndAumCents),
        pnl_growth_pct: growthPct(row.realizedCents, prior?.realizedCents),
        aum_growth_pct: growthPct(row.yearEndAumCents, prior?.yearEndAumCents),
      }
    })
}
