/**
 * The quote-tick engine: rules indexed by symbol, so one tick evaluates only the rules of the
 * symbols it carries. Prices and percentages are compared as scaled integers (8 decimals), never
 * as floats: `price_above` holds when price ≥ threshold, `price_below` when price ≤ threshold,
 * `percent_move`/`watchlist_move` when the day change reaches the percent in its direction
 * (up: change ≥ +p, down: change ≤ −p, either: |change| ≥ p). A watchlist rule is indexed under
 * each member and holds when any member of the tick moves enough.
 */

/** Decimal places kept when a price or percent is scaled to an integer; float noise beyond is rounded. */
export const SCALE = 8
const UNIT = 10 ** SCALE
/** Scaled values stay safe integers up to this (prices up to 10,000,000 fit). */
const MAX_SCALED = Number.MAX_SAFE_INTEGER
const FLOAT_EXACT = 2 ** 51 / UNIT

/**
 * A JSON number or decimal string as an integer count of 10^-8 (half away from zero at the 9th
 * decimal), parsed from its digits: exact, and a plain number comparison afterwards.
 */
export function scaled(v: number | string): number {
  // A float's product with 10^8 is within a quarter unit of the decimal it stands for while
  // |v| < 2^51 / 10^8 (about 22 million), so rounding it recovers the decimal's 8 places.
  if (typeof v === 'number' && Math.abs(v) < FLOAT_EXACT) {
    const u = Math.round(Math.abs(v) * UNIT)
    return v < 0 && u ? -u : u
  }
  const s = typeof v === 'number' ? v.toFixed(SCALE + 1) : v
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s)
  if (!m) throw new RangeError(`not a decimal: ${s}`)
  const frac = (m[3] ?? '').padEnd(SCALE + 1, '0')
  let units = Number(m[2]!) * UNIT + Number(frac.slice(0, SCALE))
  if (Number(frac[SCALE]) >= 5) units += 1
  if (!Number.isSafeInteger(units) || units > MAX_SCALED) throw new RangeError(`out of range: ${s}`)
  return m[1] && units ? -units : units
}

/** The scaled integer back as the shortest decimal string. */
export function unscaled(u: number): string {
  const neg = u < 0
  const digits = String(neg ? -u : u).padStart(SCALE + 1, '0')
  const frac = digits.slice(-SCALE).replace(/0+$/, '')
  const int = digits.slice(0, -SCALE)
  return `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`
}

export type QuoteRuleType = 'price_above' | 'price_below' | 'percent_move' | 'watchlist_move'
export type Direction = 'up' | 'down' | 'either'

export interface QuoteRule {
  id: number
  type: QuoteRuleType
  /** The symbol, or a watchlist's members. */
  symbols: readonly string[]
  /** Decimal string: the price threshold or the percent. */
  level: string
  direction?: Direction
}

export interface Tick {
  symbol: string
  price: number | string
  /** Day change in percent (2.5 = 2.5 %); null when unknown (percent rules then do not evaluate). */
  changePct: number | string | null
}

export interface Outcome {
  rule: QuoteRule
  holds: boolean
  /** What was seen: per symbol evaluated, its price and change; for a watchlist, the movers. */
  values: Record<string, string | string[] | null>
}

interface Indexed {
  rule: QuoteRule
  level: number
  /** Its position in the index's dense list: per-evaluation state lives in typed arrays. */
  slot: number
}

/** A tick's numbers, scaled once for every rule of its symbol. */
interface Seen {
  tick: Tick
  price: number
  change: number | null
  /** The decimal strings, made once per tick when a rule of its symbol holds. */
  text?: { price: string; change: string | null }
}

const textOf = (s: Seen) =>
  (s.text ??= { price: unscaled(s.price), change: s.change === null ? null : unscaled(s.change) })

/** What a rule that does not hold answers (nothing fired it). */
const NONE: Outcome['values'] = Object.freeze({})

export class RuleIndex {
  private readonly bySymbol = new Map<string, Indexed[]>()
  private readonly entries: Indexed[] = []

  constructor(rules: readonly QuoteRule[]) {
    for (const rule of rules) {
      const entry = { rule, level: scaled(rule.level), slot: this.entries.length }
      this.entries.push(entry)
      for (const s of new Set(rule.symbols)) {
        const at = this.bySymbol.get(s)
        if (at) at.push(entry)
        else this.bySymbol.set(s, [entry])
      }
    }
  }

  get size(): number {
    return this.entries.length
  }

  /**
   * Every rule touched by the tick with whether it holds; rules of other symbols are not looked at.
   * The values are built only for the rules that hold (what fired them); the others answer none.
   */
  evaluate(ticks: readonly Tick[]): Outcome[] {
    const state = new Uint8Array(this.entries.length) // 0 untouched, 1 evaluated, 2 holds
    const hits: (Seen[] | undefined)[] = new Array<Seen[] | undefined>(this.entries.length)
    const touched: number[] = []
    for (const tick of ticks) {
      const entries = this.bySymbol.get(tick.symbol)
      if (!entries) continue
      const seen: Seen = {
        tick,
        price: scaled(tick.price),
        change: tick.changePct === null ? null : scaled(tick.changePct),
      }
      for (let k = 0; k < entries.length; k++) {
        const entry = entries[k]!
        const r = holds(entry, seen.price, seen.change)
        if (r === null) continue
        const slot = entry.slot
        if (state[slot] === 0) touched.push(slot)
        if (r) {
          state[slot] = 2
          const h = hits[slot]
          if (h) h.push(seen)
          else hits[slot] = [seen]
        } else if (state[slot] === 0) state[slot] = 1
      }
    }
    const out: Outcome[] = new Array<Outcome>(touched.length)
    for (let i = 0; i < touched.length; i++) {
      const slot = touched[i]!
      const rule = this.entries[slot]!.rule
      out[i] =
        state[slot] === 2
          ? { rule, holds: true, values: valuesOf(rule, hits[slot]!) }
          : { rule, holds: false, values: NONE }
    }
    return out
  }
}

function holds({ rule, level }: Indexed, price: number, change: number | null): boolean | null {
  switch (rule.type) {
    case 'price_above':
      return price >= level
    case 'price_below':
      return price <= level
    case 'percent_move':
    case 'watchlist_move':
      if (change === null) return null
      if (rule.direction === 'up') return change >= level
      if (rule.direction === 'down') return change <= -level
      return change >= level || change <= -level
  }
}

function valuesOf(rule: QuoteRule, hits: Seen[]): Outcome['values'] {
  const changeOf = (s: Seen) => textOf(s).change
  if (rule.type === 'watchlist_move')
    return {
      percent: rule.level,
      movers: hits.map((h) => h.tick.symbol).sort(),
      ...Object.fromEntries(hits.map((h) => [`change_pct.${h.tick.symbol}`, changeOf(h)])),
    }
  const h = hits[0]!
  const values: Outcome['values'] = { symbol: h.tick.symbol, price: textOf(h).price }
  if (rule.type === 'percent_move') Object.assign(values, { change_pct: changeOf(h), percent: rule.level })
  else values.threshold = rule.level
  return values
}
