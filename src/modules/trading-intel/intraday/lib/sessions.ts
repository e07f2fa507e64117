/**
 * Which bars a detection reads: the chosen session of the as-of date, the previous regular session
 * (the gap's reference), up to N previous full sessions (half days excluded) for the time-of-day
 * volume baselines, and the same kind's sessions of the WARMUP_SESSIONS trading days before (RSI and
 * MACD warm-up); and the split of one fetched window into those parts.
 */
import {
  isTradingDay,
  previousTradingDay,
  tradingDay,
  type TradingDay,
} from '../../../../kernel/calendar/nyse.ts'
import type { DetectInput, PriorSession, SessionBars } from './types.ts'

export const SESSIONS = ['REGULAR', 'PRE', 'POST', 'EXTENDED'] as const
export type SessionKind = (typeof SESSIONS)[number]

export interface Range {
  date: string
  start: number
  end: number
}

/** The anchor (start) and end of a session kind on a trading day; bars start in [start, end). */
export function rangeOf(day: TradingDay, kind: SessionKind): Range {
  const bounds: Record<SessionKind, readonly [Date, Date]> = {
    REGULAR: [day.open, day.close],
    PRE: [day.preOpen, day.open],
    POST: [day.close, day.postClose],
    EXTENDED: [day.preOpen, day.postClose],
  }
  const [start, end] = bounds[kind]
  return { date: day.date, start: start.getTime(), end: end.getTime() }
}

/** Trading days before a session whose bars (same session kind) seed its RSI and MACD. */
export const WARMUP_SESSIONS = 5

/** The same kind's sessions of the WARMUP_SESSIONS trading days before `date`, oldest first. */
export function warmupRanges(date: string, kind: SessionKind): Range[] {
  const out: Range[] = []
  for (let k = 0, d = date; k < WARMUP_SESSIONS; k++) {
    d = previousTradingDay(d)
    out.unshift(rangeOf(tradingDay(d)!, kind))
  }
  return out
}

/** The bars of `bars` (sorted) inside one of `ranges` (sorted, disjoint). */
export function barsIn(bars: readonly TimedBar[], ranges: readonly Range[]): TimedBar[] {
  const out: TimedBar[] = []
  let r = 0
  for (const b of bars) {
    while (r < ranges.length && b.t >= ranges[r]!.end) r++
    if (r < ranges.length && b.t >= ranges[r]!.start) out.push(b)
  }
  return out
}

export interface SessionPlan {
  kind: SessionKind
  today: Range
  /** The RSI/MACD warm-up sessions, oldest first (warmupRanges). */
  warmup: Range[]
  /** The previous trading day's regular session (gap reference). */
  previous: Range
  /** Previous full sessions of the same kind, most recent first (volume baselines). */
  baseline: Range[]
  fetchStart: Date
  fetchEnd: Date
}

/** A date without a session (weekend, holiday) answers for the last session before it. */
export function sessionDate(date: string): string {
  return isTradingDay(date) ? date : previousTradingDay(date)
}

/** Throws RangeError for a date outside the market calendar's years. */
export function planSession(date: string, kind: SessionKind, lookback: number): SessionPlan {
  const day = tradingDay(sessionDate(date))!
  const previousDay = tradingDay(previousTradingDay(day.date))!
  const baseline: Range[] = []
  let d = day.date
  // Half days are skipped; the walk is bounded so a run of them cannot loop long.
  for (let steps = 0; baseline.length < lookback && steps < 2 * lookback + 5; steps++) {
    d = previousTradingDay(d)
    const past = tradingDay(d)!
    if (!past.earlyClose) baseline.push(rangeOf(past, kind))
  }
  const today = rangeOf(day, kind)
  const warmup = warmupRanges(day.date, kind)
  const earliest = tradingDay(baseline.at(-1)?.date ?? previousDay.date)!
  const fetchFrom = kind === 'REGULAR' ? earliest.open : earliest.preOpen
  return {
    kind,
    today,
    warmup,
    previous: rangeOf(previousDay, 'REGULAR'),
    baseline,
    fetchStart: new Date(Math.min(fetchFrom.getTime(), previousDay.open.getTime(), warmup[0]!.start)),
    fetchEnd: new Date(today.end - 1),
  }
}

/** A bar as the detectors read it: its start in epoch ms. */
export interface TimedBar {
  t: number
  open: number
  high: number
  low: number
  close: number
  volume: number
}

export function toSessionBars(bars: readonly TimedBar[]): SessionBars {
  const col = (f: (b: TimedBar) => number) => Float64Array.from(bars, f)
  return {
    time: col((b) => b.t),
    open: col((b) => b.open),
    high: col((b) => b.high),
    low: col((b) => b.low),
    close: col((b) => b.close),
    volume: col((b) => b.volume),
  }
}

/** The detectors' input from one fetched window (bars oldest first); VWAP is filled by the caller. */
export function splitWindow(
  bars: readonly TimedBar[],
  plan: SessionPlan,
): { today: TimedBar[]; warmup: TimedBar[]; input: Omit<DetectInput, 'bars' | 'vwap'> } {
  const today: TimedBar[] = []
  const priorVolumes = new Map<number, number[]>()
  let prior: PriorSession | null = null
  // One pass over sorted bars with a cursor over the baseline ranges, oldest first.
  const baseline = [...plan.baseline].sort((x, y) => x.start - y.start)
  let r = 0
  for (const b of bars) {
    if (b.t >= plan.today.start && b.t < plan.today.end) today.push(b)
    if (b.t >= plan.previous.start && b.t < plan.previous.end) {
      prior = prior
        ? { close: b.close, high: Math.max(prior.high, b.high), low: Math.min(prior.low, b.low) }
        : { close: b.close, high: b.high, low: b.low }
    }
    while (r < baseline.length && b.t >= baseline[r]!.end) r++
    const range = baseline[r]
    if (!range || b.t < range.start) continue
    const offset = Math.round((b.t - range.start) / 60_000)
    const list = priorVolumes.get(offset)
    if (list) list.push(b.volume)
    else priorVolumes.set(offset, [b.volume])
  }
  for (const list of priorVolumes.values()) list.reverse() // most recent session first
  const warmup = barsIn(bars, plan.warmup)
  const full = plan.baseline[0]
  const input = {
    sessionStart: plan.today.start,
    sessionEnd: plan.today.end,
    baselineMinutes: full ? Math.round((full.end - full.start) / 60_000) : null,
    prior,
    priorVolumes,
  }
  return { today, warmup, input }
}
