/**
 * Hand-built sessions for the detector tests: S1 of docs/definitions.md (5-minute bars of a regular
 * session; prior close 50.00, high 50.40, low 49.60) and a builder for other series.
 */
import { indicatorColumns } from './indicators.ts'
import type { DetectInput, PriorSession } from './types.ts'
import { toSessionBars, type TimedBar } from './sessions.ts'

/** 2026-11-20 09:30 New York (EST) — a Friday with a full session. */
export const OPEN_MS = Date.parse('2026-11-20T14:30:00Z')
export const at = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number]
  return OPEN_MS + ((h - 9) * 60 + m - 30) * 60_000
}
export const iso = (hhmm: string): string => new Date(at(hhmm)).toISOString()

/** [O, H, L, C, V] per 5-minute bar from 09:30. */
export const S1: [number, number, number, number, number][] = [
  [51.2, 51.6, 50.9, 51.45, 120000],
  [51.45, 51.7, 51.2, 51.3, 80000],
  [51.3, 51.5, 50.95, 51.05, 70000],
  [51.05, 51.15, 50.7, 50.8, 65000],
  [50.8, 50.95, 50.55, 50.7, 60000],
  [50.7, 51.0, 50.6, 50.95, 55000],
  [50.95, 51.4, 50.9, 51.35, 90000],
  [51.35, 51.65, 51.3, 51.6, 85000],
  [51.6, 51.85, 51.55, 51.8, 120000],
  [51.8, 52.1, 51.75, 52.05, 150000],
  [52.05, 52.2, 51.9, 51.95, 70000],
  [51.95, 52.0, 51.7, 51.75, 60000],
]
export const S1_PRIOR: PriorSession = { close: 50, high: 50.4, low: 49.6 }

export function timed(
  rows: readonly (readonly number[])[],
  intervalMinutes = 5,
  start = OPEN_MS,
): TimedBar[] {
  return rows.map(([open, high, low, close, volume], i) => ({
    t: start + i * intervalMinutes * 60_000,
    open: open!,
    high: high!,
    low: low!,
    close: close!,
    volume: volume!,
  }))
}

/** A detector input over `rows` (5-minute bars from 09:30 unless told), VWAP computed. */
export function inputOf(
  rows: readonly (readonly number[])[],
  opts: {
    prior?: PriorSession | null
    priorVolumes?: Map<number, number[]>
    intervalMinutes?: number
    /** The session's length (390, a full regular session, unless told) and the baseline sessions'. */
    sessionMinutes?: number
    baselineMinutes?: number
  } = {},
): DetectInput {
  const intervalMinutes = opts.intervalMinutes ?? 5
  const bars = toSessionBars(timed(rows, intervalMinutes))
  const sessionMinutes = opts.sessionMinutes ?? 390
  return {
    bars,
    vwap: indicatorColumns(bars).vwap,
    sessionStart: OPEN_MS,
    sessionEnd: OPEN_MS + sessionMinutes * 60_000,
    baselineMinutes: opts.baselineMinutes ?? sessionMinutes,
    prior: opts.prior === undefined ? S1_PRIOR : opts.prior,
    priorVolumes: opts.priorVolumes ?? new Map<number, number[]>(),
  }
}

/** A flat bar: open = close = price (no direction of its own), the given range and volume. */
export const flat = (price: number, volume: number, spread = 0.1): number[] => [
  price,
  price + spread,
  price - spread,
  price,
  volume,
]
