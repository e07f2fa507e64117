/**
 * When a simulated day reaches its high and its low. The daily bar fixes the open, high, low and
 * close; the minutes between are a Brownian bridge through them, so the extremes' times must be
 * ones a path of the day's per-minute volatility could reach them at: a close far below the high
 * needs time after the high, or the day's move would land in a few minutes.
 */
import type { DailyBar } from './daily.ts'
import type { Rng } from './random.ts'

/** log(t) for t = 0..n, cached (the extreme-time densities need it per minute of every day). */
let logs = new Float64Array(0)
function logTable(n: number): Float64Array {
  if (logs.length <= n) logs = Float64Array.from({ length: n + 1 }, (_, t) => Math.log(t))
  return logs
}

/**
 * Log-density, up to a constant, of a Brownian path (per-minute vol s) first reaching a level
 * `a` away after t minutes: log(a) − 1.5·log(t) − a²/(2s²t). The distance is floored at a third
 * of a minute's move, so an extreme equal to the open or the close is reached almost at once.
 */
interface Passage {
  log: number
  k: number
}
function passage(a: number, s: number): Passage {
  const d = Math.max(a, s / 3)
  return { log: Math.log(d), k: (d * d) / (2 * s * s) }
}

/**
 * Log-weights over t in (from, to) of reaching one level after `first` from `from` and the next
 * after `second` until `to`: the time of an extreme between two pinned points.
 */
function between(from: number, to: number, first: Passage, second: Passage, lg: Float64Array): Float64Array {
  const w = new Float64Array(Math.max(0, to - from - 1))
  for (let k = 0; k < w.length; k++) {
    const a = k + 1
    const b = to - from - a
    w[k] = first.log - 1.5 * lg[a]! - first.k / a + second.log - 1.5 * lg[b]! - second.k / b
  }
  return w
}

/** Turns log-weights into weights in place (scaled by the largest) and returns log Σ of the originals. */
function normalize(w: Float64Array): number {
  let top = -Infinity
  for (const x of w) if (x > top) top = x
  let total = 0
  for (let k = 0; k < w.length; k++) total += w[k] = Math.exp(w[k]! - top)
  return w.length ? top + Math.log(total) : -Infinity
}

/** Index k with probability w[k] / Σw (inverse CDF at u). */
function draw(w: Float64Array, u: number): number {
  let total = 0
  for (const x of w) total += x
  let acc = 0
  for (let k = 0; k < w.length; k++) if ((acc += w[k]!) >= u * total) return k
  return w.length - 1
}

/**
 * When the day's high and low are reached, in minutes 1..n−1 of the session. A path with
 * per-minute vol s needs time to cover a distance, so the high's time is drawn from the density
 * of a Brownian bridge's maximum at that level (the product of the first-passage densities from
 * the open up to it and from it down to the close), then the low's time on either side of the
 * high by the same rule, the side chosen by its weight. A close far from the high then cannot
 * come minutes after it: the day's move is spread over the session, not landed in its last minutes.
 */
export function extremeTimes(n: number, bar: DailyBar, s: number, rng: Rng): { tH: number; tL: number } {
  const { o, h: hi, l: lo, c } = bar
  const lg = logTable(n)
  const wH = between(0, n, passage(hi - o, s), passage(hi - c, s), lg)
  normalize(wH)
  const tH = 1 + draw(wH, rng.uniform())
  const range = passage(hi - lo, s)
  const before = between(0, tH, passage(o - lo, s), range, lg)
  const after = between(tH, n, range, passage(c - lo, s), lg)
  const mb = normalize(before)
  const ma = normalize(after)
  const pBefore = mb === -Infinity ? 0 : ma === -Infinity ? 1 : 1 / (1 + Math.exp(ma - mb))
  const u = rng.uniform()
  const tL = u < pBefore ? 1 + draw(before, u / pBefore) : tH + 1 + draw(after, (u - pBefore) / (1 - pBefore))
  return { tH, tL: Math.min(n - 1, Math.max(1, tL)) }
}
