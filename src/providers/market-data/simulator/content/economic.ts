/**
 * The simulated economic calendar (ECONOMIC_CALENDAR_PROVIDER=simulated, the default): US releases
 * on their real rhythms, values a pure function of (release, date), `actual` only once the release
 * instant has passed on the clock. Rules (times New York):
 * - Initial Jobless Claims: every Thursday 08:30, medium; a Thursday holiday moves it to the
 *   business day before (Thanksgiving → Wednesday).
 * - Nonfarm Payrolls and Unemployment Rate: the first Friday of the month 08:30, high (BLS
 *   usually publishes then; the real rule — the Friday after the week holding the 12th — differs
 *   in a few months a year).
 * - CPI (m/m, y/y): the first business day on or after the 12th, 08:30, high.
 * - GDP advance (q/q annualized): the last Thursday of January, April, July and October, 08:30, high.
 * - FOMC rate decision: 14:00 on the second day of each scheduled meeting, high — the Fed's
 *   published dates for 2025–2026; other years use the third Wednesday of Jan, Mar, May, Jun, Jul,
 *   Sep, Oct and Dec (an approximation).
 */
import type { Clock } from '../../../../platform/clock.ts'
import { addDays } from '../../../../kernel/dates.ts'
import type { EconomicCalendarProvider, EconomicEvent, EconomicImpact } from '../../market-data.port.ts'
import { isBusinessDay, nyDay, nyInstant, rand, round1 } from './random.ts'

/** FOMC statement days (second meeting day), federalreserve.gov/monetarypolicy/fomccalendars.htm. */
export const FOMC_DECISIONS: Readonly<Record<number, readonly string[]>> = {
  2025: ['01-29', '03-19', '05-07', '06-18', '07-30', '09-17', '10-29', '12-10'],
  2026: ['01-28', '03-18', '04-29', '06-17', '07-29', '09-16', '10-28', '12-09'],
}
const FOMC_FALLBACK_MONTHS = [1, 3, 5, 6, 7, 9, 10, 12]
/** Longest window one call may cover; wider asks are clipped (the route allows 31 days). */
const MAX_DAYS = 400

interface Release {
  event: string
  impact: EconomicImpact
  hour: number
  minute: number
  unit: string
  /** Centre and spread of the simulated values. */
  mean: number
  sd: number
  digits: 0 | 1
}

const CLAIMS: Release = {
  event: 'Initial Jobless Claims',
  impact: 'medium',
  hour: 8,
  minute: 30,
  unit: 'K',
  mean: 225,
  sd: 15,
  digits: 0,
}
const NFP: Release = {
  event: 'Nonfarm Payrolls',
  impact: 'high',
  hour: 8,
  minute: 30,
  unit: 'K',
  mean: 150,
  sd: 60,
  digits: 0,
}
const UNEMPLOYMENT: Release = {
  event: 'Unemployment Rate',
  impact: 'high',
  hour: 8,
  minute: 30,
  unit: '%',
  mean: 4.1,
  sd: 0.15,
  digits: 1,
}
const CPI_MM: Release = {
  event: 'CPI m/m',
  impact: 'high',
  hour: 8,
  minute: 30,
  unit: '%',
  mean: 0.25,
  sd: 0.12,
  digits: 1,
}
const CPI_YY: Release = {
  event: 'CPI y/y',
  impact: 'high',
  hour: 8,
  minute: 30,
  unit: '%',
  mean: 2.9,
  sd: 0.3,
  digits: 1,
}
const GDP: Release = {
  event: 'GDP Growth Rate QoQ Adv',
  impact: 'high',
  hour: 8,
  minute: 30,
  unit: '%',
  mean: 2.2,
  sd: 1,
  digits: 1,
}
const FOMC: Release = {
  event: 'Fed Interest Rate Decision',
  impact: 'high',
  hour: 14,
  minute: 0,
  unit: '%',
  mean: 4,
  sd: 0.25,
  digits: 1,
}

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay()
const ymd = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10)

function nthWeekday(y: number, m: number, wd: number, n: number): string {
  const first = ymd(y, m, 1)
  return addDays(first, ((wd - weekday(first) + 7) % 7) + 7 * (n - 1))
}

function lastWeekday(y: number, m: number, wd: number): string {
  const last = addDays(ymd(y, m + 1, 1), -1)
  return addDays(last, -((weekday(last) - wd + 7) % 7))
}

function onOrAfterBusiness(date: string): string {
  let d = date
  while (!isBusinessDay(d)) d = addDays(d, 1)
  return d
}

/** The releases (with their dates) scheduled in one calendar month. */
function monthReleases(y: number, m: number): [Release, string][] {
  const out: [Release, string][] = []
  const nfp = nthWeekday(y, m, 5, 1)
  out.push([NFP, nfp], [UNEMPLOYMENT, nfp])
  const cpi = onOrAfterBusiness(ymd(y, m, 12))
  out.push([CPI_MM, cpi], [CPI_YY, cpi])
  if ([1, 4, 7, 10].includes(m)) out.push([GDP, lastWeekday(y, m, 4)])
  const fomc = (FOMC_DECISIONS[y] ?? []).filter((d) => Number(d.slice(0, 2)) === m)
  if (FOMC_DECISIONS[y]) for (const d of fomc) out.push([FOMC, `${y}-${d}`])
  else if (FOMC_FALLBACK_MONTHS.includes(m)) out.push([FOMC, nthWeekday(y, m, 3, 3)])
  for (let d = nthWeekday(y, m, 4, 1); d.slice(5, 7) === String(m).padStart(2, '0'); d = addDays(d, 7)) {
    let day = d
    while (!isBusinessDay(day)) day = addDays(day, -1)
    out.push([CLAIMS, day])
  }
  return out
}

function eventOf(r: Release, date: string, now: Date): EconomicEvent {
  const at = nyInstant(date, r.hour, r.minute)
  const g = rand('economic', r.event, date)
  const round = (x: number) => (r.digits === 0 ? Math.round(x) : round1(x))
  const previous = round(r.mean + r.sd * g.normal())
  const estimate = round(r.mean + r.sd * 0.5 * g.normal())
  const actual = round(estimate + r.sd * 0.7 * g.normal())
  return {
    event: r.event,
    country: 'US',
    time: at.toISOString(),
    impact: r.impact,
    actual: at.getTime() <= now.getTime() ? actual : null,
    estimate,
    previous,
    unit: r.unit,
  }
}

export function createSimulatedEconomicCalendar(deps: { clock: Clock }): EconomicCalendarProvider {
  return {
    name: 'simulated',
    async economicCalendar(from, to) {
      const end = to < addDays(from, MAX_DAYS) ? to : addDays(from, MAX_DAYS)
      const now = deps.clock.now()
      const out: EconomicEvent[] = []
      for (let y = Number(from.slice(0, 4)), m = Number(from.slice(5, 7)); ymd(y, m, 1) <= end; m++) {
        if (m > 12) [y, m] = [y + 1, 1]
        for (const [r, date] of monthReleases(y, m))
          if (date >= from && date <= end) out.push(eventOf(r, date, now))
      }
      return out
        .filter((e) => nyDay(new Date(e.time)) >= from)
        .sort((a, b) => a.time.localeCompare(b.time) || a.event.localeCompare(b.event))
    },
  }
}
