/**
 * The replay engine: closed trades re-run over the trading days of a range, each rescaled by the
 * position sizing, the book marked to market at every day's close. Pure and allocation-free per day:
 * trades arrive as typed columns, are bucketed by entry and exit day (a counting sort, O(trades +
 * days)), and the marking sums one term per priced symbol with open shares, not one per open trade.
 *
 * A trade is treated as a long position (realized_trade records no side): bought at cost_basis /
 * quantity on its entry day, sold at proceeds / quantity on its exit day. Its realized P&L is its
 * recorded gain_loss (fees included), × the scale. While open, it is worth
 * scale × (quantity × close − cost_basis); on a day with no close yet (no bar since the range began,
 * or a symbol without prices) it is marked at cost (worth 0).
 */

export type Sizing =
  | { kind: 'as_traded' }
  | { kind: 'fixed_amount'; amount: number }
  | { kind: 'percent_of_equity'; percent: number }

/** Parallel columns, one entry per trade; entry/exit are trading-day indexes (entry ≤ exit). */
export interface TradeColumns {
  n: number
  symbol: Int32Array
  entry: Int32Array
  exit: Int32Array
  quantity: Float64Array
  cost: Float64Array
  pnl: Float64Array
}

export interface ReplayInput {
  /** Number of trading days of the range. */
  days: number
  trades: TradeColumns
  /** Per symbol: its close on each trading day (carried forward; NaN before its first), or null. */
  closes: readonly (Float64Array | null)[]
  initialCapital: number
  sizing: Sizing
}

export interface ReplayResult {
  /** Equity at each trading day's close. */
  equity: Float64Array
  /** Per trade: the factor its quantity, cost, proceeds, fees and P&L were multiplied by. */
  scale: Float64Array
}

/** Trade indexes grouped by a day column: `order[start[d] … start[d + 1])` are day d's. */
function bucket(day: Int32Array, n: number, days: number): { start: Int32Array; order: Int32Array } {
  const start = new Int32Array(days + 2)
  for (let t = 0; t < n; t++) start[day[t]! + 1]!++
  for (let d = 0; d <= days; d++) start[d + 1]! += start[d]!
  const fill = start.slice(0, days + 1)
  const order = new Int32Array(n)
  for (let t = 0; t < n; t++) order[fill[day[t]!]!++] = t
  return { start, order }
}

function scaleOf(sizing: Sizing, cost: number, equityBefore: number): number {
  switch (sizing.kind) {
    case 'as_traded':
      return 1
    case 'fixed_amount':
      return cost > 0 ? sizing.amount / cost : 0
    case 'percent_of_equity':
      return cost > 0 ? Math.max(0, (equityBefore * sizing.percent) / 100) / cost : 0
  }
}

export function replay(input: ReplayInput): ReplayResult {
  const { days, trades: tr, closes, initialCapital, sizing } = input
  const n = tr.n
  const symbols = closes.length
  const equity = new Float64Array(days)
  const scale = new Float64Array(n)
  // Per symbol: open scaled shares, open scaled cost, open trades (0 resets the sums exactly).
  const shares = new Float64Array(symbols)
  const cost = new Float64Array(symbols)
  const open = new Int32Array(symbols)
  const priced: number[] = []
  for (let s = 0; s < symbols; s++) if (closes[s]) priced.push(s)
  const entries = bucket(tr.entry, n, days)
  const exits = bucket(tr.exit, n, days)
  let realized = 0
  for (let d = 0; d < days; d++) {
    const before = d > 0 ? equity[d - 1]! : initialCapital
    for (let j = entries.start[d]!; j < entries.start[d + 1]!; j++) {
      const t = entries.order[j]!
      const k = scaleOf(sizing, tr.cost[t]!, before)
      const s = tr.symbol[t]!
      scale[t] = k
      shares[s]! += k * tr.quantity[t]!
      cost[s]! += k * tr.cost[t]!
      open[s]!++
    }
    for (let j = exits.start[d]!; j < exits.start[d + 1]!; j++) {
      const t = exits.order[j]!
      const s = tr.symbol[t]!
      const k = scale[t]!
      realized += k * tr.pnl[t]!
      if (--open[s]! === 0) shares[s] = cost[s] = 0
      else {
        shares[s]! -= k * tr.quantity[t]!
        cost[s]! -= k * tr.cost[t]!
      }
    }
    let marked = 0
    for (let p = 0; p < priced.length; p++) {
      const s = priced[p]!
      if (open[s] === 0) continue
      const c = closes[s]![d]!
      if (c === c) marked += shares[s]! * c - cost[s]! // c === c: not NaN (marked at cost before a first close)
    }
    equity[d] = initialCapital + realized + marked
  }
  return { equity, scale }
}
