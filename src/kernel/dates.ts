/**
 * Calendar dates as 'YYYY-MM-DD' strings (no time zone: a trade date or a New York session date
 * is a calendar day). Arithmetic goes through UTC milliseconds, where every day is exactly
 * 86 400 000 ms. Shared by the providers and the modules.
 */

export const DAY_MS = 86_400_000
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** UTC midnight of y-m-d; setUTCFullYear, unlike Date.UTC, does not map years 0–99 onto 1900–1999. */
export function utcMs(y: number, m: number, d: number): number {
  const t = new Date(0)
  t.setUTCFullYear(y, m - 1, d)
  return t.getTime()
}

/** [year, month, day] of a real calendar date written YYYY-MM-DD, else null. */
export function dateParts(s: string): [number, number, number] | null {
  const m = ISO_DATE.exec(s)
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (mo < 1 || mo > 12 || d < 1) return null
  // Day 0 of the next month is the last day of this one.
  const lastDay = new Date(utcMs(y, mo + 1, 0)).getUTCDate()
  return d > lastDay ? null : [y, mo, d]
}

/** UTC midnight of a YYYY-MM-DD date in ms; RangeError for anything else. */
export function dateToMs(date: string): number {
  const p = dateParts(date)
  if (!p) throw new RangeError(`not a YYYY-MM-DD date: ${JSON.stringify(date)}`)
  return utcMs(...p)
}

function msToDate(ms: number): string {
  const iso = new Date(ms).toISOString()
  // Outside years 0000–9999 the ISO string grows a sign and six-digit year.
  if (!/^\d{4}-/.test(iso)) throw new RangeError('date out of range 0000–9999')
  return iso.slice(0, 10)
}

/** The date `n` whole days later (earlier when n < 0); RangeError on a bad date, n or result. */
export function addDays(date: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`not a whole number of days: ${n}`)
  return msToDate(dateToMs(date) + n * DAY_MS)
}

/** The date `n` whole days earlier: addDays(date, -n), for look-back windows. */
export const minusDays = (date: string, n: number): string => addDays(date, -n)
