/**
 * Shapes of the pure detector pipeline (docs/definitions.md#intraday-setups): one symbol's bars of one session,
 * oldest first, as parallel arrays, and the signals the detectors derive from them.
 */

/** The four setup detectors. */
export const DETECTORS = ['orb', 'vwap_reclaim', 'gap', 'volume_spike'] as const
export type Detector = (typeof DETECTORS)[number]
export type Direction = 'long' | 'short'

/** One session's bars, oldest first; times are bar starts in epoch ms. */
export interface SessionBars {
  time: ArrayLike<number>
  open: ArrayLike<number>
  high: ArrayLike<number>
  low: ArrayLike<number>
  close: ArrayLike<number>
  volume: ArrayLike<number>
}

/** The previous regular session (the gap's reference). */
export interface PriorSession {
  close: number
  high: number
  low: number
}

export type Evidence = Record<string, number | string | boolean | null>

/** A detected setup, before it is stored for a tenant. */
export interface RawSignal {
  setup: Detector
  direction: Direction
  /** 0–1, 4 decimals; the formula of each detector is in README.md. */
  confidence: number
  price: number
  /** Start of the bar that triggers the signal (epoch ms). */
  trigger_time: number
  evidence: Evidence
}

/** Everything one symbol's detection needs. */
export interface DetectInput {
  bars: SessionBars
  /** Session VWAP per bar (NaN while cumulative volume is 0). */
  vwap: ArrayLike<number>
  /** The session anchor: 09:30 ET (REGULAR), 04:00 (PRE, EXTENDED), 16:00 (POST), epoch ms. */
  sessionStart: number
  /** The session's end (exclusive), epoch ms: 16:00 ET for REGULAR, 13:00 on a half day. */
  sessionEnd: number
  /** Length in minutes of the baseline sessions (full sessions of the same kind); null without any. */
  baselineMinutes: number | null
  prior: PriorSession | null
  /**
   * Volume baselines for the spike detector: minutes after the anchor → that bar's volume in each
   * previous full session that has it, most recent first (looked up with baselineKey).
   */
  priorVolumes: Map<number, number[]>
}

const MINUTE_MS = 60_000

/** Minutes from the session anchor to a bar's start. */
export const minutesIn = (input: Pick<DetectInput, 'sessionStart'>, t: number): number =>
  Math.round((t - input.sessionStart) / MINUTE_MS)

/**
 * Where a bar of this session sits in the baseline sessions, as minutes after their anchor: the same
 * minutes after the anchor when the sessions are as long; on a shorter session (a half day closing at
 * 13:00 against full sessions closing at 16:00), bars of its second half are matched by minutes
 * before the close instead, so its closing half hour (12:30) is compared with theirs (15:30), not
 * with their midday, and its first half by minutes after the open as usual.
 */
export function baselineKey(
  input: Pick<DetectInput, 'sessionStart' | 'sessionEnd' | 'baselineMinutes'>,
  t: number,
): number {
  const offset = minutesIn(input, t)
  const length = minutesIn(input, input.sessionEnd)
  const base = input.baselineMinutes
  if (base === null || base === length || 2 * offset < length) return offset
  return base - (length - offset)
}

/** How many leading bars start within the first `minutes` after the anchor (a bar that starts inside counts whole). */
export function leadingBars(input: Pick<DetectInput, 'bars' | 'sessionStart'>, minutes: number): number {
  const { time } = input.bars
  let k = 0
  while (k < time.length && minutesIn(input, time[k]!) < minutes) k++
  return k
}

/** 0–1 confidences to 4 decimals, evidence figures to 6 (the reference's precision). */
export const round4 = (x: number): number => Math.round(x * 1e4) / 1e4
export const round6 = (x: number): number => Math.round(x * 1e6) / 1e6
/** A finite number, or null (NaN/∞ are not JSON). */
export const num = (x: number): number | null => (Number.isFinite(x) ? round6(x) : null)
export const clamp01 = (x: number): number => Math.min(1, Math.max(0, x))
