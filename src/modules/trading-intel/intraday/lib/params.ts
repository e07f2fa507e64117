/**
 * Detector parameters, their defaults and bounds (docs/definitions.md#intraday-setups).
 * The request schema and the OpenAPI description are built from these, so code and docs agree.
 */

export interface DetectParams {
  /** ORB opening range length: 5, 15 or 30 minutes. */
  orb_minutes: 5 | 15 | 30
  /** ORB rule 2: breakout bar volume ≥ this × the mean volume of the opening-range bars. */
  orb_volume_mult: number
  /** ORB rule 4: no new ORB signal from this many minutes after the anchor (120 → 11:30 ET). */
  orb_cutoff_minutes: number
  /** Consecutive closes below (above) VWAP before a reclaim (reject). */
  reclaim_min_bars_below: number
  /** Reclaim bar volume ≥ this × the mean volume of the session's earlier bars. */
  reclaim_volume_mult: number
  /** |gap %| that makes a gap signal. */
  gap_threshold_pct: number
  /** Gap-and-go must close beyond the first 5-minute range within this many minutes. */
  gap_and_go_minutes: number
  /** A spike needs volume ≥ ratio × baseline mean … */
  spike_ratio: number
  /** … and z ≥ this (ignored when the baseline's sd is 0). */
  spike_z: number
  /** Previous sessions in the same-time-of-day baseline. */
  spike_lookback_sessions: number
}

export const DEFAULT_PARAMS: DetectParams = {
  orb_minutes: 15,
  orb_volume_mult: 1.5,
  orb_cutoff_minutes: 120,
  reclaim_min_bars_below: 2,
  reclaim_volume_mult: 1.0,
  gap_threshold_pct: 2,
  gap_and_go_minutes: 60,
  spike_ratio: 2,
  spike_z: 2,
  spike_lookback_sessions: 5,
}

/** Bounds the request schema enforces (inclusive). */
export const PARAM_BOUNDS = {
  orb_volume_mult: [0, 10],
  orb_cutoff_minutes: [5, 960],
  reclaim_min_bars_below: [1, 50],
  reclaim_volume_mult: [0, 10],
  gap_threshold_pct: [0.1, 50],
  gap_and_go_minutes: [5, 240],
  spike_ratio: [1, 100],
  spike_z: [0, 100],
  spike_lookback_sessions: [2, 20],
} as const

/** Volume-spike fallback when the time-of-day baseline is short: the session's previous bars. */
export const SPIKE_FALLBACK_BARS = 20
/** Confidence factor of a spike measured against the fallback baseline. */
export const SPIKE_FALLBACK_CONFIDENCE = 0.8
/** Bars shown by the gap-and-go trigger: the first 5 minutes' high (low). */
export const GAP_FIRST_RANGE_MINUTES = 5
