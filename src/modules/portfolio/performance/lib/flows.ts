/**
 * Capital flows on the days of a series, in the base currency and integer cents. A flow sits on
 * the first series day on or after its date (a weekend's or holiday's on the next session); one on
 * or before the base day is already in the starting value, one after the last day is outside the
 * range. Each is converted at the rate of its own date; a flow without a rate is left out and
 * reported. A flow of an archived account dated on or after its archive date is left out too: the
 * account's whole value leaves on that day (`archiveOutflows`), and counting it again would double it.
 */
import { countsOn } from '../../lib/archive.ts'
import { halfAway100, roundHalfAway, tenThousandths } from './effects-fast.ts'
import type { Gaps } from './value.ts'

export interface FlowIn {
  account_id: number | null
  date: string
  currency: string
  /** Decimal string, positive = money in. */
  amount: string
}

/** The index of the first of `days` (ascending) on or after `date`; days.length when none. */
export function dayIndex(days: readonly string[], date: string): number {
  let lo = 0
  let hi = days.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (days[mid]! < date) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** Cents of `amount` × `rate`, half away from zero. */
function converted(amount: string, rate: number): number {
  const units = tenThousandths(amount)
  if (units !== null && rate === 1) return halfAway100(units)
  return roundHalfAway((units !== null ? units / 100 : Number(amount) * 100) * rate)
}

/** Flows per series day: the total, and per account (keyed by id; null-account flows only in the total). */
export function flowsOnDays(
  days: readonly string[],
  flows: readonly FlowIn[],
  archivedOn: ReadonlyMap<number, string | null>,
  rateOn: (currency: string, date: string) => number | null,
  rates: Gaps,
): { total: Float64Array; byAccount: Map<number, Float64Array> } {
  const total = new Float64Array(days.length)
  const byAccount = new Map<number, Float64Array>()
  for (const f of flows) {
    const k = dayIndex(days, f.date)
    if (k === 0 || k >= days.length) continue
    if (f.account_id !== null && !countsOn(archivedOn.get(f.account_id) ?? null, f.date)) continue
    const rate = rateOn(f.currency, f.date)
    if (rate === null) {
      rates.add(f.currency, f.date)
      continue
    }
    const cents = converted(f.amount, rate)
    total[k]! += cents
    if (f.account_id === null) continue
    let own = byAccount.get(f.account_id)
    if (!own) byAccount.set(f.account_id, (own = new Float64Array(days.length)))
    own[k]! += cents
  }
  return { total, byAccount }
}

/**
 * The value an archived account takes with it: on the first series day it no longer counts, an
 * outflow of its value on the day before (the day's return is then that of what stays).
 */
export function archiveOutflow(days: readonly string[], archivedOn: string | null, value: Float64Array) {
  if (archivedOn === null) return null
  const k = dayIndex(days, archivedOn)
  if (k === 0 || k >= days.length) return null
  return { index: k, cents: -value[k - 1]! }
}
