/**
 * Killzones (docs/definitions.md#killzones): windows stored in America/New_York local time and converted per bar through the
 * tz database (luxon), so they follow US daylight saving time (a fixed-UTC table drifts by an hour).
 * A bar is in a window when its start time (bars are labelled by their start) is in [start, end).
 * Windows overlap (London close and New York AM, the silver bullets), so a bar can be in several.
 */
import { DateTime } from 'luxon'

export const KILLZONE_TZ = 'America/New_York'

export interface KillzoneWindow {
  id: string
  /** Minutes after New York midnight, [start, end). */
  start: number
  end: number
}

const hm = (h: number, m = 0) => h * 60 + m

/** The default windows (ET); New York AM is the US-equities 09:30–11:00 variant. */
export const KILLZONES: readonly KillzoneWindow[] = [
  { id: 'asian', start: hm(20), end: hm(24) },
  { id: 'london_open', start: hm(2), end: hm(5) },
  { id: 'new_york_am', start: hm(9, 30), end: hm(11) },
  { id: 'london_close', start: hm(10), end: hm(12) },
  { id: 'new_york_pm', start: hm(13, 30), end: hm(16) },
  { id: 'silver_bullet_london', start: hm(3), end: hm(4) },
  { id: 'silver_bullet_am', start: hm(10), end: hm(11) },
  { id: 'silver_bullet_pm', start: hm(14), end: hm(15) },
]

/** The killzones an instant (ISO) falls in, in table order; New York local time with DST. */
export function killzonesAt(iso: string): string[] {
  const t = DateTime.fromISO(iso, { zone: KILLZONE_TZ })
  const m = t.hour * 60 + t.minute
  return KILLZONES.filter((w) => m >= w.start && m < w.end).map((w) => w.id)
}

/** "HH:MM" of a window edge, for documentation. */
export const clockOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
