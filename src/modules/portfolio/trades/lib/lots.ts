/**
 * Lot matching: a broker's fills, in time order, become closed trades (what `realized_trade` holds)
 * and the lots still open. Per symbol, a buy first covers open short lots and a sell first closes
 * open long lots; what is left opens a lot on the other side.
 *
 * - `fifo`: the oldest lot closes first, at its own cost.
 * - `average`: cost is pooled per symbol (every open long lot carries the average cost per share at
 *   the time of a sale); which shares close, and so the holding period, is still first in, first
 *   out, as the IRS's average-basis rule has it.
 *
 * Exact: quantities to 8 decimals and amounts to 10 in BigInt; each closed trade is rounded once, at
 * 4 decimals (the column's scale). Buy fees join the lot's cost; sell fees are the trade's `fees`,
 * shared across the lots the sale closes in proportion to quantity. Pure: no I/O.
 */
import { holdingTerm, type HoldingTerm } from '../../lib/dates.ts'

export type CostMethod = 'fifo' | 'average'

export interface Fill {
  /** The vendor's id: closed trades are named after the sale that closed them. */
  id: string
  symbol: string
  /**
   * `sell` closes long lots only: a sale of shares this history never saw bought (held before it
   * began, or transferred in) is reported as unmatched, never turned into a short. `sell_short`
   * opens a short lot, which a later `buy` covers.
   */
  side: 'buy' | 'sell' | 'sell_short'
  /** Positive decimal strings (or numbers); quantities to 9 places. */
  qty: string
  price: string
  fee: string
  /** The trade date, YYYY-MM-DD. */
  date: string
}

export interface ClosedTrade {
  /** `<closing fill id>:<n>`: stable across recomputations of the same fills. */
  id: string
  symbol: string
  quantity: string
  date_acquired: string
  date_sold: string
  proceeds: string
  cost_basis: string
  fees: string
  gain_loss: string
  term: HoldingTerm
  /** A short sale covered by a buy (date_acquired is when it was opened). */
  short: boolean
}

/** What part of a sale no earlier purchase in the history accounts for (it is not realized). */
export interface Unmatched {
  fill: string
  symbol: string
  quantity: string
}

export interface OpenLot {
  symbol: string
  /** Negative for a short lot. */
  quantity: string
  /** Long: what the shares cost; short: what the sale brought in. */
  cost: string
  date: string
}

const Q = 10n ** 9n // quantity scale (Alpaca: fractional shares to 9 places)
const M = 10n ** 10n // money scale

interface Lot {
  qty: bigint // scaled by Q, always > 0
  cost: bigint // scaled by M
  date: string
}

function units(x: string | number, scale: bigint, what: string): bigint {
  const text = typeof x === 'number' ? String(x) : x.trim()
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text)
  const digits = scale === Q ? 9 : 10
  if (!m || (m[2]?.length ?? 0) > digits)
    throw new RangeError(`${what}: not a positive decimal with at most ${digits} places: ${text}`)
  return BigInt(m[1]!) * scale + BigInt((m[2] ?? '').padEnd(digits, '0'))
}

/** n / d rounded half away from zero. */
function div(n: bigint, d: bigint): bigint {
  const q = n / d
  const r = n % d
  if (2n * (r < 0n ? -r : r) >= d) return q + (n < 0n !== d < 0n ? -1n : 1n)
  return q
}

const POW10 = Array.from({ length: 11 }, (_, i) => 10n ** BigInt(i))

/** `units` × 10^-places as a decimal without trailing fractional zeros ('12.5', '3', '-0.25'). */
function text(units: bigint, places: number): string {
  const neg = units < 0n
  const digits = (neg ? -units : units).toString().padStart(places + 1, '0')
  const point = digits.length - places
  let end = digits.length
  while (end > point && digits.charCodeAt(end - 1) === 48) end--
  const out = end > point ? `${digits.slice(0, point)}.${digits.slice(point, end)}` : digits.slice(0, point)
  return neg ? `-${out}` : out
}

/** v (scaled by `scale`) rounded half away from zero to `places` decimals. */
function fixed(v: bigint, scale: bigint, places: number): string {
  return text(div(v, scale / POW10[places]!), places)
}

const money = (v: bigint) => fixed(v, M, 4)

export function matchLots(
  fills: readonly Fill[],
  method: CostMethod,
): { closed: ClosedTrade[]; open: OpenLot[]; unmatched: Unmatched[] } {
  const longs = new Map<string, Lot[]>()
  const shorts = new Map<string, Lot[]>()
  const closed: ClosedTrade[] = []
  // Holding terms by acquisition and sale date: a year of fills has few distinct pairs.
  const terms = new Map<string, HoldingTerm>()
  const unmatched: Unmatched[] = []
  const ordered = [...fills].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  for (const f of ordered) {
    const qty = units(f.qty, Q, `${f.id} qty`)
    const price = units(f.price, M, `${f.id} price`)
    const fee = units(f.fee, M, `${f.id} fee`)
    const own = f.side === 'buy' ? longs : shorts
    const other = f.side === 'buy' ? shorts : longs
    if (!own.has(f.symbol)) own.set(f.symbol, [])
    if (!other.has(f.symbol)) other.set(f.symbol, [])
    if (f.side === 'sell' && method === 'average') pool(other.get(f.symbol)!)
    // A short sale opens a lot of its own; a buy covers shorts first, a sale closes longs first.
    const left =
      f.side === 'sell_short' ? qty : close(f, qty, price, fee, other.get(f.symbol)!, { out: closed, terms })
    if (left > 0n && f.side === 'sell') {
      unmatched.push({ fill: f.id, symbol: f.symbol, quantity: fixed(left, Q, 9) })
    } else if (left > 0n) {
      // The rest opens a lot: a buy's cost carries its share of the fee, a short sale's proceeds net of it.
      const gross = (price * left) / Q
      const feePart = div(fee * left, qty)
      own
        .get(f.symbol)!
        .push({ qty: left, cost: f.side === 'buy' ? gross + feePart : gross - feePart, date: f.date })
    }
  }
  const open: OpenLot[] = []
  for (const [sign, book] of [
    ['', longs],
    ['-', shorts],
  ] as const)
    for (const [symbol, lots] of book)
      for (const l of lots)
        open.push({ symbol, quantity: sign + fixed(l.qty, Q, 9), cost: money(l.cost), date: l.date })
  return { closed, open, unmatched }
}

/** Every open long lot at the pooled average cost (the total is kept exact: the last lot takes the rest). */
function pool(lots: Lot[]): void {
  if (lots.length < 2) return
  const qty = lots.reduce((s, l) => s + l.qty, 0n)
  const cost = lots.reduce((s, l) => s + l.cost, 0n)
  let given = 0n
  lots.forEach((l, i) => {
    l.cost = i === lots.length - 1 ? cost - given : div(cost * l.qty, qty)
    given += l.cost
  })
}

/** Closes lots of the other side first in, first out; answers the quantity left over. */
function close(
  f: Fill,
  qty: bigint,
  price: bigint,
  fee: bigint,
  lots: Lot[],
  book: { out: ClosedTrade[]; terms: Map<string, HoldingTerm> },
): bigint {
  let left = qty
  let n = 0
  while (left > 0n && lots.length > 0) {
    const lot = lots[0]!
    const take = left < lot.qty ? left : lot.qty
    const lotCost = take === lot.qty ? lot.cost : div(lot.cost * take, lot.qty)
    const tradeValue = (price * take) / Q
    const feePart = div(fee * take, qty)
    // A sale closes a long lot (proceeds = the sale); a buy covers a short (proceeds = the short sale).
    const sale = f.side !== 'buy'
    const proceeds = sale ? tradeValue : lotCost
    const basis = sale ? lotCost : tradeValue
    // Rounded once each; the gain is taken from the rounded figures so the row balances exactly.
    const [p4, b4, f4] = [proceeds, basis, feePart].map((v) => div(v, M / 10n ** 4n)) as [
      bigint,
      bigint,
      bigint,
    ]
    book.out.push({
      id: `${f.id}:${++n}`,
      symbol: f.symbol,
      quantity: fixed(take, Q, 8),
      date_acquired: lot.date,
      date_sold: f.date,
      proceeds: text(p4, 4),
      cost_basis: text(b4, 4),
      fees: text(f4, 4),
      gain_loss: text(p4 - b4 - f4, 4),
      term: sale ? termOf(book.terms, lot.date, f.date) : 'short',
      short: !sale,
    })
    lot.qty -= take
    lot.cost -= lotCost
    left -= take
    if (lot.qty === 0n) lots.shift()
  }
  return left
}

function termOf(terms: Map<string, HoldingTerm>, acquired: string, sold: string): HoldingTerm {
  const key = `${acquired}|${sold}`
  let term = terms.get(key)
  if (term === undefined) terms.set(key, (term = holdingTerm(acquired, sold)))
  return term
}
