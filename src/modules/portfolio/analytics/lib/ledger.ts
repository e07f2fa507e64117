/**
 * The AUM ledger: at each date, what the portfolio is worth and what that is made of, in cents.
 *
 * - `total` is `capital + unrealized + realizedYtd`, the year-to-date figure: it drops by the
 *   previous year's realized P&L on the first date of a new year, with no money moving.
 * - `nav` is `capital + unrealized + allRealized + income` (every realized gain or loss to date, and
 *   the ledger's income net of fees and taxes), the portfolio's value as investor allocation prices
 *   units with it: from one date to the next it moves by exactly the flows, the realized P&L, the
 *   income and the change of unrealized P&L in between.
 * - `marketValue` is Σ quantity × price of the holdings, each carried forward at its latest
 *   snapshot row; `impliedCash = nav − marketValue` is the rest of the NAV, what the books imply
 *   is held in cash (negative when holdings are worth more than the capital and gains behind them).
 */
import { partitionPoint } from '../../../../platform/sorted.ts'
import { toCents } from '../../../../kernel/decimal/cents.ts'

export interface FlowRow {
  date: string
  amount: string | number
}
export interface SnapshotRow {
  date: string
  /** Running totals to this date (carried forward). */
  unrealized: string
  market_value: string
}
export interface RealizedRow {
  date: string
  pnl: string
}

export interface LedgerPoint {
  date: string
  capital: bigint
  unrealized: bigint
  marketValue: bigint
  realizedYtd: bigint
  allRealized: bigint
  /** Dividends and interest less fees and taxes, to date (the activity ledger's, trades aside). */
  income: bigint
  /** capital + unrealized + realizedYtd */
  total: bigint
  /** capital + unrealized + allRealized + income */
  nav: bigint
  /** nav − marketValue */
  impliedCash: bigint
}

/** One point per date of `dates` (sorted); every row dated on or before a date counts in it. */
export function ledgerPoints(
  dates: string[],
  flows: FlowRow[],
  snaps: SnapshotRow[],
  realized: RealizedRow[],
  income: RealizedRow[] = [],
): LedgerPoint[] {
  let fi = 0,
    ri = 0,
    si = 0,
    ii = 0,
    earned = 0n
  let capital = 0n,
    unrealized = 0n,
    marketValue = 0n,
    ytd = 0n,
    allRealized = 0n
  let year = ''
  return dates.map((date) => {
    for (; fi < flows.length && flows[fi]!.date <= date; fi++) capital += toCents(flows[fi]!.amount)
    for (; si < snaps.length && snaps[si]!.date <= date; si++) {
      unrealized = toCents(snaps[si]!.unrealized)
      marketValue = toCents(snaps[si]!.market_value)
    }
    for (; ri < realized.length && realized[ri]!.date <= date; ri++) {
      const r = realized[ri]!
      if (r.date.slice(0, 4) !== year) {
        year = r.date.slice(0, 4)
        ytd = 0n
      }
      ytd += toCents(r.pnl)
      allRealized += toCents(r.pnl)
    }
    for (; ii < income.length && income[ii]!.date <= date; ii++) earned += toCents(income[ii]!.pnl)
    const realizedYtd = year === date.slice(0, 4) ? ytd : 0n
    const nav = capital + unrealized + allRealized + earned
    return {
      date,
      capital,
      unrealized,
      marketValue,
      realizedYtd,
      allRealized,
      income: earned,
      total: capital + unrealized + realizedYtd,
      nav,
      impliedCash: nav - marketValue,
    }
  })
}

/** How many of the sorted `dates` are earlier than `date` (binary search). */
export function countBefore(dates: string[], date: string): number {
  return partitionPoint(dates, (d) => d < date)
}

/** For rows in date order: a function giving the sum of `value` over rows dated before a date. */
export function sumBefore<T extends { date: string }>(
  rows: T[],
  value: (r: T) => bigint,
): (date: string) => bigint {
  const dates = rows.map((r) => r.date)
  const sums = [0n]
  for (const r of rows) sums.push(sums.at(-1)! + value(r))
  return (date) => sums[countBefore(dates, date)]!
}

/**
 * The NAV just before a date's flows, as unit accounting prices them: capital, realized P&L and
 * income dated strictly earlier, and the unrealized P&L of the last ledger point strictly earlier
 * (the last snapshot before the flow, not one of the flow's own day).
 */
export function navBefore(
  points: LedgerPoint[],
  flows: FlowRow[],
  realized: RealizedRow[],
  income: RealizedRow[] = [],
): (date: string) => bigint {
  const capitalBefore = sumBefore(flows, (f) => toCents(f.amount))
  const realizedBefore = sumBefore(realized, (r) => toCents(r.pnl))
  const incomeBefore = sumBefore(income, (r) => toCents(r.pnl))
  const pointDates = points.map((p) => p.date)
  return (date) =>
    capitalBefore(date) +
    realizedBefore(date) +
    incomeBefore(date) +
    (points[countBefore(pointDates, date) - 1]?.unrealized ?? 0n)
}
