/**
 * Seeded draws and calendar helpers for the simulated content. Every draw is a pure function of a
 * key string (seed, symbol, date, …), so answers never depend on call order or on other symbols.
 */
import { DateTime } from 'luxon'
import { addDays, DAY_MS } from '../../../../kernel/dates.ts'
import { mulberry32 } from '../../../../platform/random.ts'
import { CALENDAR_FIRST_YEAR, CALENDAR_LAST_YEAR, isTradingDay } from '../../../../kernel/calendar/nyse.ts'

/** cyrb53: a fast, well-mixed 53-bit string hash (crypto strength is not needed here). */
export function hash53(text: string): number {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return 4294967296 * (2097151 & h2) + (h1 >>> 0)
}

export function hashHex(text: string): string {
  return hash53(text).toString(16).padStart(14, '0')
}

/** A small seeded stream (mulberry32) for the several draws one item needs. */
export class Rand {
  readonly #next: () => number

  constructor(key: string) {
    this.#next = mulberry32(hash53(key) % 4294967296)
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.#next()
  }

  between(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next()
  }

  /** Integer in [lo, hi], both inclusive. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1))
  }

  /** Log-uniform in [lo, hi]: share counts and revenues spread over orders of magnitude. */
  logBetween(lo: number, hi: number): number {
    return Math.exp(this.between(Math.log(lo), Math.log(hi)))
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)]
    if (item === undefined) throw new RangeError('pick from an empty list')
    return item
  }

  /** `n` distinct items (fewer if the list is shorter), in draw order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const pool = [...items]
    const out: T[] = []
    while (out.length < n && pool.length > 0)
      out.push(...pool.splice(Math.floor(this.next() * pool.length), 1))
    return out
  }

  /** Standard normal deviate (Box–Muller). */
  normal(): number {
    const u = Math.max(this.next(), 1e-12)
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next())
  }
}

export function rand(...parts: (string | number)[]): Rand {
  return new Rand(parts.join('|'))
}

export const round2 = (x: number): number => Math.round(x * 100) / 100
export const round1 = (x: number): number => Math.round(x * 10) / 10

// ---- calendar dates (YYYY-MM-DD, New York) ----

const ZONE = 'America/New_York'
const businessDays = new Map<string, boolean>()
export const DATE = /^\d{4}-\d{2}-\d{2}$/

export function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS)
}

export function isWeekend(date: string): boolean {
  const wd = new Date(`${date}T00:00:00Z`).getUTCDay()
  return wd === 0 || wd === 6
}

/** A weekday that is not an NYSE holiday; outside the holiday table only weekends count. */
export function isBusinessDay(date: string): boolean {
  if (isWeekend(date)) return false
  const year = Number(date.slice(0, 4))
  if (year < CALENDAR_FIRST_YEAR || year > CALENDAR_LAST_YEAR) return true
  // The holiday lookup parses through luxon; the answer never changes, so remember it.
  let open = businessDays.get(date)
  if (open === undefined) {
    open = isTradingDay(date)
    businessDays.set(date, open)
  }
  return open
}

/** The business day `n` steps away (n > 0 forward, n < 0 back); n = 0 rolls forward onto one. */
export function shiftBusinessDays(date: string, n: number): string {
  let day = date
  if (n === 0) {
    while (!isBusinessDay(day)) day = addDays(day, 1)
    return day
  }
  const step = n > 0 ? 1 : -1
  for (let left = Math.abs(n); left > 0;) {
    day = addDays(day, step)
    if (isBusinessDay(day)) left--
  }
  return day
}

/** The instant of a New York wall-clock time on `date`. */
export function nyInstant(date: string, hour: number, minute: number): Date {
  const [y, m, d] = date.split('-').map(Number)
  return DateTime.fromObject({ year: y, month: m, day: d, hour, minute }, { zone: ZONE }).toJSDate()
}

/** The New York calendar date of an instant (without the holiday table's year limits). */
export function nyDay(at: Date): string {
  return DateTime.fromJSDate(at, { zone: ZONE }).toISODate() ?? at.toISOString().slice(0, 10)
}

export function quarterOf(date: string): { year: number; quarter: number } {
  return { year: Number(date.slice(0, 4)), quarter: Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1 }
}

export function quarterEnd(year: number, quarter: number): string {
  return ['', `${year}-03-31`, `${year}-06-30`, `${year}-09-30`, `${year}-12-31`][quarter] ?? `${year}-12-31`
}

export function previousQuarter(year: number, quarter: number): { year: number; quarter: number } {
  return quarter === 1 ? { year: year - 1, quarter: 4 } : { year, quarter: quarter - 1 }
}

export function nextQuarter(year: number, quarter: number): { year: number; quarter: number } {
  return quarter === 4 ? { year: year + 1, quarter: 1 } : { year, quarter: quarter + 1 }
}
