/**
 * The five discovery scans (this project's own rules), pure functions of one symbol's daily bars (oldest first; the
 * last bar `t` is the current session so far, or the last one when the market is closed).
 * Definitions follow docs/definitions.md: gaps (#gaps), RSI Wilder 14 (#rsi), relative volume and its
 * z-score with the sample sd, ddof = 1 (#relative-volume). Each hit carries `score` (the ranking figure) and `evidence`
 * (the numbers the rule read). Thresholds are the named constants below; the OpenAPI description of
 * POST /intraday/discovery/scan repeats them.
 */
import { relativeVolume, rsi } from '../../../../kernel/quant/index.ts'

export const SCAN_TYPES = ['gappers', 'volume', 'momentum', 'reversal', 'breakout'] as const
export type ScanType = (typeof SCAN_TYPES)[number]

/** gappers: |gap %| at least this (the intraday gap default). */
export const GAP_MIN_PCT = 2
/** volume and breakout: baseline of the previous 20 sessions' daily volume. */
export const VOLUME_LOOKBACK = 20
/** volume: RVOL at least 2 and z at least 2 (the intraday volume-spike rule; z is ignored when the baseline sd is 0). */
export const VOLUME_MIN_RVOL = 2
export const VOLUME_MIN_Z = 2
/** momentum: |day change %| at least 2 with RSI(14) ≥ 60 (up) or ≤ 40 (down). */
export const MOMENTUM_MIN_CHANGE_PCT = 2
export const MOMENTUM_RSI_UP = 60
export const MOMENTUM_RSI_DOWN = 40
export const RSI_PERIOD = 14
/** reversal: yesterday's RSI(14) at an extreme and today's close turning against it. */
export const REVERSAL_OVERSOLD = 30
export const REVERSAL_OVERBOUGHT = 70
/**
 * reversal context: a prior move against the turn, close_t−1 below (above) close_t−1−3.
 * It also keeps a flat series out: its RSI is 0 by TA-Lib's rule, not an oversold reading.
 */
export const REVERSAL_CONTEXT_BARS = 3
/** breakout: close above the highest high of the previous 20 sessions on RVOL ≥ 1.5. */
export const BREAKOUT_LOOKBACK = 20
export const BREAKOUT_MIN_RVOL = 1.5

/** Bars as parallel arrays, oldest first. */
export interface DailySeries {
  open: Float64Array
  high: Float64Array
  low: Float64Array
  close: Float64Array
  volume: Float64Array
}

export type Evidence = Record<string, number | string | null>

export interface ScanHit {
  score: number
  direction: 'up' | 'down'
  price: number
  /** Close-to-close change of the last session, percent. */
  change_pct: number | null
  evidence: Evidence
}

export const round4 = (x: number) => Math.round(x * 1e4) / 1e4
/** NaN (undefined) → null on the wire; finite numbers rounded to 4 decimals. */
const num = (x: number) => (Number.isFinite(x) ? round4(x) : null)

function changePct(s: DailySeries, t: number): number {
  const prev = s.close[t - 1]!
  return prev !== 0 ? ((s.close[t]! - prev) / prev) * 100 : Number.NaN
}

function hit(s: DailySeries, t: number, score: number, direction: 'up' | 'down', evidence: Evidence) {
  return { score: round4(score), direction, price: s.close[t]!, change_pct: num(changePct(s, t)), evidence }
}

export function gapScan(s: DailySeries): ScanHit | null {
  const t = s.close.length - 1
  if (t < 1) return null
  const prevClose = s.close[t - 1]!
  if (prevClose === 0) return null
  const open = s.open[t]!
  const gap = ((open - prevClose) / prevClose) * 100
  if (Math.abs(gap) < GAP_MIN_PCT) return null
  const up = gap > 0
  const full = up ? open > s.high[t - 1]! : open < s.low[t - 1]!
  return hit(s, t, Math.abs(gap), up ? 'up' : 'down', {
    gap_pct: num(gap),
    open,
    prev_close: prevClose,
    prev_high: s.high[t - 1]!,
    prev_low: s.low[t - 1]!,
    gap_type: full ? 'full' : 'partial',
  })
}

/** RVOL of the last session's volume against the previous `n` sessions'. */
function lastRelativeVolume(s: DailySeries, n: number) {
  const t = s.volume.length - 1
  return relativeVolume(s.volume[t]!, s.volume.subarray(t - n, t))
}

export function volumeScan(s: DailySeries): ScanHit | null {
  const t = s.close.length - 1
  if (t < VOLUME_LOOKBACK) return null
  const rv = lastRelativeVolume(s, VOLUME_LOOKBACK)
  if (!(rv.rvol >= VOLUME_MIN_RVOL)) return null
  // A flat baseline (sd 0) has no z-score: the ratio alone decides.
  if (rv.sd > 0 && !(rv.z >= VOLUME_MIN_Z)) return null
  return hit(s, t, rv.rvol, s.close[t]! >= s.open[t]! ? 'up' : 'down', {
    volume: s.volume[t]!,
    baseline_mean: num(rv.mean),
    baseline_sd: num(rv.sd),
    rvol: num(rv.rvol),
    z: num(rv.z),
    lookback: VOLUME_LOOKBACK,
  })
}

export function momentumScan(s: DailySeries): ScanHit | null {
  const t = s.close.length - 1
  if (t < RSI_PERIOD) return null
  const r = rsi(s.close, RSI_PERIOD)[t]!
  const change = changePct(s, t)
  const up = change >= MOMENTUM_MIN_CHANGE_PCT && r >= MOMENTUM_RSI_UP
  const down = change <= -MOMENTUM_MIN_CHANGE_PCT && r <= MOMENTUM_RSI_DOWN
  if (!up && !down) return null
  return hit(s, t, Math.abs(change), up ? 'up' : 'down', {
    change_pct: num(change),
    rsi: num(r),
    close: s.close[t]!,
    prev_close: s.close[t - 1]!,
  })
}

export function reversalScan(s: DailySeries): ScanHit | null {
  const t = s.close.length - 1
  if (t < RSI_PERIOD + 1 || t < REVERSAL_CONTEXT_BARS + 1) return null
  const series = rsi(s.close, RSI_PERIOD)
  const prev = series[t - 1]!
  const [close, prevClose] = [s.close[t]!, s.close[t - 1]!]
  const before = s.close[t - 1 - REVERSAL_CONTEXT_BARS]!
  const turnUp = prev <= REVERSAL_OVERSOLD && prevClose < before && close > prevClose
  const turnDown = prev >= REVERSAL_OVERBOUGHT && prevClose > before && close < prevClose
  if (!turnUp && !turnDown) return null
  return hit(s, t, Math.abs(prev - 50), turnUp ? 'up' : 'down', {
    rsi_prev: num(prev),
    rsi: num(series[t]!),
    close,
    prev_close: prevClose,
    context_close: before,
  })
}

export function breakoutScan(s: DailySeries): ScanHit | null {
  const t = s.close.length - 1
  if (t < BREAKOUT_LOOKBACK) return null
  let priorHigh = -Infinity
  for (let i = t - BREAKOUT_LOOKBACK; i < t; i++) priorHigh = Math.max(priorHigh, s.high[i]!)
  const close = s.close[t]!
  if (!(close > priorHigh) || priorHigh <= 0) return null
  const rv = lastRelativeVolume(s, BREAKOUT_LOOKBACK)
  if (!(rv.rvol >= BREAKOUT_MIN_RVOL)) return null
  return hit(s, t, ((close - priorHigh) / priorHigh) * 100, 'up', {
    close,
    prior_high: priorHigh,
    breakout_pct: num(((close - priorHigh) / priorHigh) * 100),
    rvol: num(rv.rvol),
    lookback: BREAKOUT_LOOKBACK,
  })
}

export const SCANS: Readonly<Record<ScanType, (s: DailySeries) => ScanHit | null>> = {
  gappers: gapScan,
  volume: volumeScan,
  momentum: momentumScan,
  reversal: reversalScan,
  breakout: breakoutScan,
}

/** Daily sessions read per symbol: 20 for the baselines, RSI(14) warm-up, and room to settle. */
export const SESSIONS_NEEDED = 40
