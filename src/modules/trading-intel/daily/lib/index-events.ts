/**
 * Index and derivatives calendar events, computed from the NYSE calendar (no provider):
 * - monthly options expiration: the third Friday of every month;
 * - quad witching (stock and index options and futures expire together) with the S&P quarterly
 *   index rebalancing effective after that close: the third Friday of March, June, September and
 *   December (it replaces that month's monthly expiration);
 * - Russell reconstitution: effective after the close of the fourth Friday of June.
 * A date that is not a trading day (Good Friday, Juneteenth on a Friday) moves to the trading day
 * before it, as the exchanges do; `shifted_from` then names the rule's date.
 */
import { addDays } from '../../../../kernel/dates.ts'
import { isTradingDay, previousTradingDay } from '../../../../kernel/calendar/nyse.ts'

export type IndexEventKind = 'monthly_opex' | 'quad_witching' | 'russell_reconstitution'

export interface IndexEvent {
  date: string
  kind: IndexEventKind
  title: string
  /** The rule's date when a holiday moved the event to the trading day before; else null. */
  shifted_from: string | null
}

const QUARTER_MONTHS = new Set([3, 6, 9, 12])
const FRIDAY = 5

const TITLES: Record<IndexEventKind, string> = {
  monthly_opex: 'Monthly options expiration',
  quad_witching: 'Quad witching and S&P quarterly index rebalancing',
  russell_reconstitution: 'Russell US index reconstitution',
}

/** The n-th Friday (1-based) of a month, YYYY-MM-DD. */
export function nthFriday(year: number, month: number, n: number): string {
  const first = new Date(Date.UTC(year, month - 1, 1))
  const offset = (FRIDAY - first.getUTCDay() + 7) % 7
  return addDays(first.toISOString().slice(0, 10), offset + 7 * (n - 1))
}

function event(kind: IndexEventKind, ruleDate: string): IndexEvent {
  const date = isTradingDay(ruleDate) ? ruleDate : previousTradingDay(ruleDate)
  return { date, kind, title: TITLES[kind], shifted_from: date === ruleDate ? null : ruleDate }
}

/** The events of one calendar month, by date. */
export function monthIndexEvents(year: number, month: number): IndexEvent[] {
  const out = [event(QUARTER_MONTHS.has(month) ? 'quad_witching' : 'monthly_opex', nthFriday(year, month, 3))]
  if (month === 6) out.push(event('russell_reconstitution', nthFriday(year, 6, 4)))
  return out
}

/** Events whose (shifted) date is within from..to, both inclusive, ascending. */
export function indexEvents(from: string, to: string): IndexEvent[] {
  const out: IndexEvent[] = []
  let y = Number(from.slice(0, 4))
  let m = Number(from.slice(5, 7))
  // A third or fourth Friday is never a month's first day, so a shifted event stays in its month.
  const last = Number(to.slice(0, 4)) * 12 + Number(to.slice(5, 7))
  for (; y * 12 + m <= last; m === 12 ? ((m = 1), y++) : m++)
    out.push(...monthIndexEvents(y, m).filter((e) => e.date >= from && e.date <= to))
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind))
}
