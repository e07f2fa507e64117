/**
 * The volume-leaders window: the last N regular-session minutes ending at now (floored to the
 * minute) while the regular session runs, else ending at the last regular-session close. Windows
 * are held as minute offsets from the 09:30 ET open, so "the same wall-clock window" on another
 * day is the same offsets from that day's open, whatever the UTC offset (DST) of either day.
 */
import {
  lastClose,
  nyDate,
  previousTradingDay,
  sessionAt,
  tradingDay,
} from '../../../../kernel/calendar/nyse.ts'

const MINUTE_MS = 60_000

export interface VolumeWindow {
  /** New York date of the session the window lies in. */
  date: string
  start: Date
  /** Exclusive: the window holds the 1-minute bars starting in [start, end). */
  end: Date
  /** Minute offsets from the regular open, [fromMinute, toMinute). */
  fromMinute: number
  toMinute: number
  /** True when the window ends at now (regular session in progress). */
  live: boolean
}

/** The window of `minutes` ending at `end`, or null when `end` is not a regular-session minute edge. */
export function windowEndingAt(end: Date, minutes: number, live = false): VolumeWindow | null {
  const t = end.getTime()
  if (!Number.isFinite(t) || t % MINUTE_MS !== 0) return null
  // 16:00 ET belongs to its own date, so the date of the last minute started is the right one.
  const day = tradingDay(nyDate(new Date(t - 1)))
  if (!day || t <= day.open.getTime() || t > day.close.getTime()) return null
  const toMinute = (t - day.open.getTime()) / MINUTE_MS
  const fromMinute = Math.max(0, toMinute - minutes)
  return {
    date: day.date,
    start: new Date(day.open.getTime() + fromMinute * MINUTE_MS),
    end,
    fromMinute,
    toMinute,
    live,
  }
}

/** The window of `minutes` for a request at `now` (see the module comment). */
export function windowAt(now: Date, minutes: number): VolumeWindow {
  if (sessionAt(now) === 'regular') {
    const floored = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS)
    // Within the first minute no regular bar has ended yet: fall back to the last close.
    const w = windowEndingAt(floored, minutes, true)
    if (w) return w
  }
  const w = windowEndingAt(lastClose(now), minutes)
  if (!w) throw new RangeError(`no regular session close before ${now.toISOString()}`)
  return w
}

/** The `count` trading days before `date`, most recent first. */
export function previousTradingDays(date: string, count: number): string[] {
  const days: string[] = []
  for (let d = date; days.length < count;) {
    d = previousTradingDay(d)
    days.push(d)
  }
  return days
}

/** Length of `date`'s regular session in minutes (390, or 210 on early-close days), 0 if closed. */
export function sessionMinutes(date: string): number {
  const day = tradingDay(date)
  return day ? (day.close.getTime() - day.open.getTime()) / MINUTE_MS : 0
}
