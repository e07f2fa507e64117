/**
 * Quiet hours in the user's time zone: a daily window [start, end) of wall-clock times. A window
 * whose start is after its end spans midnight (22:00–07:00). During it, in-app items are written at
 * once and the other channels are held until the window's end, the instant its end wall time next
 * occurs in that zone. Wall times that a DST change skips resolve later (02:30 on a spring-forward
 * night → 03:30 new time); repeated ones resolve to the first (the earlier instant).
 */

export interface QuietHours {
  enabled: boolean
  /** 'HH:MM', 24-hour. */
  start: string
  end: string
  /** An IANA zone name, e.g. America/New_York. */
  time_zone: string
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/

export const isHhMm = (s: string) => HHMM.test(s)
const minutesOf = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5))

/** True when Intl knows the zone (names as the IANA database spells them; case-insensitive). */
export function isTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz })
    return true
  } catch {
    return false
  }
}

const formats = new Map<string, Intl.DateTimeFormat>()
function format(tz: string): Intl.DateTimeFormat {
  let f = formats.get(tz)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formats.set(tz, f)
  }
  return f
}

interface Wall {
  y: number
  mo: number
  d: number
  h: number
  mi: number
  s: number
}

export function wallTime(at: number, tz: string): Wall {
  const p = Object.fromEntries(
    format(tz)
      .formatToParts(new Date(at))
      .map((x) => [x.type, x.value]),
  )
  return { y: +p.year!, mo: +p.month!, d: +p.day!, h: +p.hour!, mi: +p.minute!, s: +p.second! }
}

/** The zone's offset (wall − UTC, ms) at an instant. */
function offsetAt(at: number, tz: string): number {
  const w = wallTime(at, tz)
  return Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - Math.floor(at / 1000) * 1000
}

/** The instant a wall time of that zone happens (gap: shifted later by the gap; overlap: the first). */
export function zonedInstant(y: number, mo: number, d: number, h: number, mi: number, tz: string): number {
  const t0 = Date.UTC(y, mo - 1, d, h, mi)
  const before = offsetAt(t0 - 86_400_000, tz)
  const after = offsetAt(t0 + 86_400_000, tz)
  const valid = [t0 - before, t0 - after].filter((c) => {
    const w = wallTime(c, tz)
    return w.y === y && w.mo === mo && w.d === d && w.h === h && w.mi === mi
  })
  return valid.length ? Math.min(...valid) : t0 - before
}

/** The end of the quiet window `now` is in, or null when quiet hours are off or it is outside them. */
export function quietUntil(now: Date, qh: QuietHours | null | undefined): Date | null {
  if (!qh?.enabled) return null
  const t = now.getTime()
  const w = wallTime(t, qh.time_zone)
  const m = w.h * 60 + w.mi
  const start = minutesOf(qh.start)
  const end = minutesOf(qh.end)
  const spans = start > end
  const inside = spans ? m >= start || m < end : m >= start && m < end
  if (!inside) return null
  // The end is later today, or (a window spanning midnight, evening side) tomorrow.
  const day = new Date(Date.UTC(w.y, w.mo - 1, w.d + (spans && m >= start ? 1 : 0)))
  const endAt = zonedInstant(
    day.getUTCFullYear(),
    day.getUTCMonth() + 1,
    day.getUTCDate(),
    Math.floor(end / 60),
    end % 60,
    qh.time_zone,
  )
  return endAt > t ? new Date(endAt) : null
}

/** The instant the New York day of `now` began (caps count deliveries from it). */
export function startOfNyDay(now: Date): Date {
  const w = wallTime(now.getTime(), 'America/New_York')
  return new Date(zonedInstant(w.y, w.mo, w.d, 0, 0, 'America/New_York'))
}
