/**
 * When a simulated company reports: a stable, company-specific fiscal calendar. Most companies
 * close their quarters with the calendar quarters; some a month or two later (fiscal years ending
 * in January, like retailers, or in February, May, August or November), and each reports a
 * company-specific lag after its quarter ends, a little longer after the fiscal year end (the
 * annual report). So reports arrive every week of the year, not in four seasonal bursts.
 */
import { instrumentOf } from '../universe.ts'
import { addDays } from '../../../../platform/dates.ts'
import { rand, shiftBusinessDays } from './random.ts'

export interface FiscalSchedule {
  /** Months by which the fiscal quarters end after the calendar quarters: 0, 1 or 2. */
  phase: 0 | 1 | 2
  /** Days from a quarter's end to its report (fiscal Q1–Q3). */
  lag: number
  /** Extra days for the fiscal fourth quarter (the annual report takes longer). */
  yearEndExtra: number
}

// Retailers close their fiscal year at the end of January, after the holiday season.
const RETAIL = new Set(['Specialty Retail', 'Broadline Retail', 'Consumer Staples Distribution & Retail'])

export function isRetailer(symbol: string): boolean {
  return RETAIL.has(instrumentOf(symbol)?.industry ?? '')
}

/** The company's schedule; metadata, so it depends on the symbol only (not on the seed). */
export function fiscalSchedule(symbol: string): FiscalSchedule {
  const r = rand('fiscal', symbol)
  if (isRetailer(symbol)) return { phase: 1, lag: r.int(14, 24), yearEndExtra: r.int(7, 14) }
  const u = r.next()
  const phase = u < 0.76 ? 0 : u < 0.86 ? 1 : 2
  return { phase, lag: r.int(12, 42), yearEndExtra: r.int(0, 14) }
}

/** Last day of fiscal quarter `quarter` of fiscal year `year` (month 3·quarter + phase, rolling over). */
export function periodEnd(year: number, quarter: number, phase: number): string {
  // Day 0 of the following month is the last day of the month wanted.
  const end = new Date(Date.UTC(year, 3 * quarter + phase, 0))
  return end.toISOString().slice(0, 10)
}

// Few companies report over Christmas and New Year: a report due from Dec 18 moves to early January.
const QUIET_FROM = '12-18'
const QUIET_UNTIL = '01-05'

/**
 * The report date of a fiscal quarter: the period end plus the company's lag (plus `jitter` days,
 * 0–4, drawn per quarter), on a trading day. Whether a report falls in the year-end quiet period
 * depends on the lag only, never on the jitter, so every calendar year holds exactly four reports.
 */
export function reportDate(symbol: string, year: number, quarter: number, jitter: number): string {
  const s = fiscalSchedule(symbol)
  const lag = s.lag + (quarter === 4 ? s.yearEndExtra : 0)
  const due = addDays(periodEnd(year, quarter, s.phase), lag)
  const md = due.slice(5)
  if (md >= QUIET_FROM || md < QUIET_UNTIL) {
    const january = md >= QUIET_FROM ? Number(due.slice(0, 4)) + 1 : Number(due.slice(0, 4))
    return shiftBusinessDays(addDays(`${january}-${QUIET_UNTIL}`, (lag % 8) + jitter), 0)
  }
  return shiftBusinessDays(addDays(due, jitter), 0)
}
