/**
 * Candle anatomy and the one-bar shapes of docs/definitions.md#candlestick-patterns (range-relative rules, the
 * contract; TA-Lib's average-relative variants are not used). Every rule needs range > 0.
 */
export interface Ohlc {
  open: number
  high: number
  low: number
  close: number
}

/** Float noise allowed in ≤ / ≥ / = comparisons (20.45 − 20.30 vs 20.30 − 20.15). */
export const EPS = 1e-9

export const DOJI_BODY = 0.1
export const SMALL_BODY = 0.35
export const SHADOW_BODY_RATIO = 2
export const TINY_SHADOW = 0.1
export const PIN_SHARE = 2 / 3

export const le = (a: number, b: number) => a <= b + EPS
export const ge = (a: number, b: number) => a >= b - EPS
export const eq = (a: number, b: number) => Math.abs(a - b) <= EPS

export interface Anatomy {
  body: number
  range: number
  upper: number
  lower: number
}

export function anatomy(c: Ohlc): Anatomy {
  return {
    body: Math.abs(c.close - c.open),
    range: c.high - c.low,
    upper: c.high - Math.max(c.open, c.close),
    lower: Math.min(c.open, c.close) - c.low,
  }
}

export const isUp = (c: Ohlc) => c.close > c.open
export const isDown = (c: Ohlc) => c.close < c.open

export function isDoji(c: Ohlc): boolean {
  const a = anatomy(c)
  return a.range > 0 && le(a.body, DOJI_BODY * a.range)
}

export function isSpinningTop(c: Ohlc): boolean {
  const a = anatomy(c)
  return (
    a.range > 0 &&
    le(a.body, SMALL_BODY * a.range) &&
    ge(a.upper, a.body) &&
    ge(a.lower, a.body) &&
    !isDoji(c)
  )
}

/** The hammer's shape (its context, a prior decline, is checked over the series). */
export function isHammerShape(c: Ohlc): boolean {
  const a = anatomy(c)
  return (
    a.range > 0 &&
    a.body > 0 &&
    le(a.body, SMALL_BODY * a.range) &&
    ge(a.lower, SHADOW_BODY_RATIO * a.body) &&
    le(a.upper, TINY_SHADOW * a.range)
  )
}

export function isShootingStarShape(c: Ohlc): boolean {
  const a = anatomy(c)
  return (
    a.range > 0 &&
    a.body > 0 &&
    le(a.body, SMALL_BODY * a.range) &&
    ge(a.upper, SHADOW_BODY_RATIO * a.body) &&
    le(a.lower, TINY_SHADOW * a.range)
  )
}

/** Long lower shadow (≥ 2/3 of the range) and the body in the upper third. */
export function isBullishPin(c: Ohlc): boolean {
  const a = anatomy(c)
  const third = PIN_SHARE * a.range
  return a.range > 0 && ge(a.lower, third) && ge(Math.min(c.open, c.close), c.low + third)
}

export function isBearishPin(c: Ohlc): boolean {
  const a = anatomy(c)
  const third = PIN_SHARE * a.range
  return a.range > 0 && ge(a.upper, third) && le(Math.max(c.open, c.close), c.high - third)
}

/** TA-Lib's candle colour: white when close ≥ open, so an open = close bar counts as white. */
const isWhite = (c: Ohlc) => c.close >= c.open

/**
 * TA-Lib CDLENGULFING: +100 / −100, or ±80 when one end is equal; 0 when none. Colours as TA-Lib's
 * (white: close ≥ open, black: close < open), so a bar with open = close followed by a black bar
 * that engulfs it is bearish; a white second bar with open = close can never engulf a black one.
 */
export function engulfing(prev: Ohlc, cur: Ohlc): number {
  if (isDown(prev) && isWhite(cur)) {
    const full = cur.close > prev.open + EPS && cur.open < prev.close - EPS
    const touch =
      (ge(cur.close, prev.open) && cur.open < prev.close - EPS) ||
      (cur.close > prev.open + EPS && le(cur.open, prev.close))
    return full ? 100 : touch ? 80 : 0
  }
  if (isWhite(prev) && isDown(cur)) {
    const full = cur.open > prev.close + EPS && cur.close < prev.open - EPS
    const touch =
      (ge(cur.open, prev.close) && cur.close < prev.open - EPS) ||
      (cur.open > prev.close + EPS && le(cur.close, prev.open))
    return full ? -100 : touch ? -80 : 0
  }
  return 0
}

/** Strictly inside the previous bar's high–low range. */
export function isInside(prev: Ohlc, cur: Ohlc): boolean {
  return cur.high < prev.high - EPS && cur.low > prev.low + EPS
}

export const STAR_LONG_BODY = 0.6
export const STAR_SMALL_BODY = 0.3
export const STAR_PENETRATION = 0.3

/** Morning star: the penetration level C1 + 0.3·body1 when the three bars form one, else null. */
export function morningStar(c1: Ohlc, c2: Ohlc, c3: Ohlc): number | null {
  const [a1, a2, a3] = [anatomy(c1), anatomy(c2), anatomy(c3)]
  if (!(a1.range > 0 && a2.range > 0 && a3.range > 0)) return null
  const level = c1.close + STAR_PENETRATION * a1.body
  const ok =
    isDown(c1) &&
    ge(a1.body, STAR_LONG_BODY * a1.range) &&
    le(a2.body, STAR_SMALL_BODY * a2.range) &&
    Math.max(c2.open, c2.close) < c1.close - EPS &&
    isUp(c3) &&
    a3.body > STAR_SMALL_BODY * a3.range + EPS &&
    c3.close > level + EPS
  return ok ? level : null
}

/** Evening star: the level C1 − 0.3·body1 when the three bars form one, else null. */
export function eveningStar(c1: Ohlc, c2: Ohlc, c3: Ohlc): number | null {
  const [a1, a2, a3] = [anatomy(c1), anatomy(c2), anatomy(c3)]
  if (!(a1.range > 0 && a2.range > 0 && a3.range > 0)) return null
  const level = c1.close - STAR_PENETRATION * a1.body
  const ok =
    isUp(c1) &&
    ge(a1.body, STAR_LONG_BODY * a1.range) &&
    le(a2.body, STAR_SMALL_BODY * a2.range) &&
    Math.min(c2.open, c2.close) > c1.close + EPS &&
    isDown(c3) &&
    a3.body > STAR_SMALL_BODY * a3.range + EPS &&
    c3.close < level - EPS
  return ok ? level : null
}
