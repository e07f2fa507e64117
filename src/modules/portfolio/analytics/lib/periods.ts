/**
 * Realized P&L bucketed by calendar period, and the trades of a trailing window. Trades must carry
 * valid dates (the caller drops the others); an invalid one throws RangeError.
 */
import { daysBetween, parseTradeDate, periodKey, type Period } from '../../lib/dates.ts'
import type { DatedGain } from './drawdown.ts'
import { centsToNumber } from '../../../../kernel/decimal/cents.ts'

export interface PeriodPnl {
  period: string
  pnl: number
  trades: number
}

/** One row per period that has trades, in chronological order (the keys sort as strings). */
export function aggregateByPeriod(trades: DatedGain[], period: Period): PeriodPnl[] {
  const buckets = new Map<string, { cents: bigint; count: number }>()
  for (const { date, gainLossCents } of trades) {
    const key = periodKey(date, period)
    const bucket = buckets.get(key) ?? { cents: 0n, count: 0 }
    bucket.cents += gainLossCents
    bucket.count += 1
    buckets.set(key, bucket)
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, { cents, count }]) => ({ period: key, pnl: centsToNumber(cents), trades: count }))
}

/** Trades with endDate − days < date ≤ endDate: the last `days` days, endDate included. */
export function rollingWindow<T extends { date: string }>(trades: T[], endDate: string, days: number): T[] {
  if (!Number.isInteger(days) || days < 1) {
    throw new RangeError(`the window must be a positive whole number of days: ${days}`)
  }
  if (parseTradeDate(endDate) !== endDate) throw new RangeError(`not a YYYY-MM-DD date: ${endDate}`)
  return trades.filter((t) => {
    const age = daysBetween(t.date, endDate)
    return age >= 0 && age < days
  })
}
