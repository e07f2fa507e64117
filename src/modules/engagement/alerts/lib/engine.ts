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
const UNIT = 10n ** BigInt(SCALE)

/** A JSON number or decimal string as an integer of 10^-8 units (half away from zero at the 9th decimal). */
export function scaled(v: number | string): bigint {
  const s = typeof v === 'number' ? v.toFixed(SCALE) : v
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s)
  if (!m) throw new RangeError(`not a decimal: ${s}`)
  const frac = (m[3] ?? '').padEnd(SCALE + 1, '0')
  let units = BigInt(m[2]!) * UNIT + BigInt(frac.slice(0, SCALE))
  if (Number(frac[SCALE]) >= 5) units += 1n
  return m[1] ? -units : units
}

/** The scaled integer back as the shortest decimal string. */
export function unscaled(u: bigint): string {
  const neg = u < 0n
  const digits = (neg ? -u : u).toString().padStart(SCALE + 1, '0')
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
  level: bigint
}

export class RuleIndex {
  private readonly bySymbol = new Map<string, Indexed[]>()
  readonly size: number

  constructor(rules: readonly QuoteRule[]) {
    for (const rule of rules) {
      const entry = { rule, level: scaled(rule.level) }
      for (const s of new Set(rule.symbols)) {
        const at = this.bySymbol.get(s)
        if (at) at.push(entry)
        else this.bySymbol.set(s, [entry])
      }
    }
    this.size = rules.length
  }

  /** Every rule touched by the tick with whether it holds; rules of other symbols are not looked at. */
  evaluate(ticks: readonly Tick[]): Outcome[] {
    const byRule = new Map<number, { entry: Indexed; seen: Tick[]; hits: Tick[] }>()
    for (const tick of ticks) {
      const entries = this.bySymbol.get(tick.symbol)
      if (!entries) continue
      const price = scaled(tick.price)
      const change = tick.changePct === null ? null : scaled(tick.changePct)
      for (const entry of entries) {
        const r = holds(entry, price, change)
        if (r === null) continue
        let acc = byRule.get(entry.rule.id)
        if (!acc) byRule.set(entry.rule.id, (acc = { entry, seen: [], hits: [] }))
        acc.seen.push(tick)
        if (r) acc.hits.push(tick)
      }
    }
    return [...byRule.values()].map(({ entry, seen, hits }) => outcome(entry, seen, hits))
  }
}

function holds({ rule, level }: Indexed, price: bigint, change: bigint | null): boolean | null {
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

const dec = (v: number | string | null) => (v === null ? null : unscaled(scaled(v)))

function outcome({ rule }: Indexed, seen: Tick[], hits: Tick[]): Outcome {
  if (rule.type === 'watchlist_move') {
    return {
      rule,
      holds: hits.length > 0,
      values: {
        percent: rule.level,
        movers: hits.map((t) => t.symbol).sort(),
        ...Object.fromEntries(hits.map((t) => [`change_pct.${t.symbol}`, dec(t.changePct)])),
      },
    }
  }
  const t = seen[0]!
  const values: Outcome['values'] = { symbol: t.symbol, price: dec(t.price) }
  if (rule.type === 'percent_move') Object.assign(values, { change_pct: dec(t.changePct), percent: rule.level })
  else values.threshold = rule.level
  return { rule, holds: hits.length > 0, values }
}
