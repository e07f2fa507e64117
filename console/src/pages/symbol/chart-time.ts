/**
 * The chart's time axis and crosshair label in New York time, the exchange's: Lightweight Charts
 * works in UTC seconds and would otherwise show 14:30 for the 09:30 open.
 */
import { TickMarkType, type Time } from 'lightweight-charts'
import { dateTime } from '../../ui/format.ts'

export const EXCHANGE_TZ = 'America/New_York'

const formats = new Map<string, Intl.DateTimeFormat>()
function fmt(opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(opts)
  let f = formats.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(navigator.language || 'en-US', { timeZone: EXCHANGE_TZ, ...opts })
    formats.set(key, f)
  }
  return f
}

const asDate = (time: Time) =>
  typeof time === 'number'
    ? new Date(time * 1000)
    : typeof time === 'string'
      ? new Date(time)
      : new Date(Date.UTC(time.year, time.month - 1, time.day))

const TICKS: Record<TickMarkType, Intl.DateTimeFormatOptions> = {
  [TickMarkType.Year]: { year: 'numeric' },
  [TickMarkType.Month]: { month: 'short' },
  [TickMarkType.DayOfMonth]: { day: 'numeric', month: 'short' },
  [TickMarkType.Time]: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  [TickMarkType.TimeWithSeconds]: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
}

export const tickMark = (time: Time, type: TickMarkType) => fmt(TICKS[type]).format(asDate(time))

/** The crosshair's label: the date for daily bars, date and time (New York) for shorter ones. */
export const crosshairTime = (daily: boolean) => (time: Time) =>
  fmt(daily ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' }).format(asDate(time))

/** An instant as date and time in New York, with the zone's abbreviation (EST/EDT). */
export const exchangeTime = (iso: string | null | undefined): string => dateTime(iso, EXCHANGE_TZ)
