/**
 * When a simulated company reports: a stable, company-specific fiscal calendar. Most companies
 * close their quarters with the calendar quarters; those known for another fiscal year (NVIDIA and
 * the retailers in January, Oracle and Nike in May, Costco in August, …) close them a month or two
 * later, and each reports a company-specific lag after its quarter ends, 10–36 days, a few more
 * after the fiscal year end (the annual report), never more than 45: a third quarter ending in
 * September is reported from mid-October to early November.
 */
import { instrumentOf } from '../universe.ts'
import { addDays } from '../../../../kernel/dates.ts'
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

// Retail-industry companies whose fiscal quarters are the calendar ones (Sysco's year ends in June).
const CALENDAR_RETAILERS = new Set(['AMZN', 'EBAY', 'ORLY', 'TSCO', 'CVNA', 'SYY'])

export function isRetailer(symbol: string): boolean {
  return RETAIL.has(instrumentOf(symbol)?.industry ?? '') && !CALENDAR_RETAILERS.has(symbol)
}

/** Quarters ending a month after the calendar ones (fiscal years ending in Jan, Apr, Jul or Oct). */
const PHASE_1 = new Set(
  'NVDA CRM WDAY DELL HPQ HPE AVGO CSCO INTU PANW ADI AMAT KEYS SNPS ADSK A MDT DE SJM CPB HRL NTAP CPRT'.split(
    ' ',
  ),
)
/** Quarters ending two months after the calendar ones (fiscal years ending in Feb, May, Aug or Nov). */
const PHASE_2 = new Set(
  'ORCL ADBE MU ACN JBL NKE FDX GIS CAG LW MKC STZ COST DRI CTAS PAYX AZO KMX LEN FDS'.split(' '),
)

/** The company's schedule; metadata, so it depends on the symbol only (not on the seed). */
export function fiscalSchedule(symbol: string): FiscalSchedule {
  const r = rand('fiscal', symbol)
  if (isRetailer(symbol) && !PHASE_2.has(symbol))
    return { phase: 1, lag: r.int(14, 34), yearEndExtra: r.int(3, 8) }
  const phase = PHASE_1.has(symbol) ? 1 : PHASE_2.has(symbol) ? 2 : 0
  return { phase, lag: r.int(10, 36), yearEndExtra: r.int(0, 6) }
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
  // At most 38 days, so with the jitter (≤ 4) and the roll onto a business day (≤ 3) a report
  // comes at most 45 days after its quarter's end.
  const lag = Math.min(38, s.lag + (quarter === 4 ? s.yearEndExtra : 0))
  const due = addDays(periodEnd(year, quarter, s.phase), lag)
  const md = due.slice(5)
  if (md >= QUIET_FROM || md < QUIET_UNTIL) {
    const january = md >= QUIET_FROM ? Number(due.slice(0, 4)) + 1 : Number(due.slice(0, 4))
    return shiftBusinessDays(addDays(`${january}-${QUIET_UNTIL}`, (lag % 4) + jitter), 0)
  }
  return shiftBusinessDays(addDays(due, jitter), 0)
}
