/**
 * Which realized trades a replay uses, and why the others are left out (counted per reason), then
 * the chosen ones as typed columns indexed by trading day. Pure.
 */
import type { RealizedTrade } from '../../../portfolio/index.ts'
import type { TradeColumns } from './replay.ts'
import { dayIndex, dayNumber } from './calendar.ts'

/** A closed trade as the portfolio module reads it (numbers), whichever account it is of. */
export type SourceTrade = Omit<RealizedTrade, 'account_id'>

export interface TradeFilters {
  /** Only these symbols (upper case); empty or absent: all. */
  symbols?: readonly string[] | undefined
  excludeSymbols?: readonly string[] | undefined
  /** Calendar days from entry to exit, inclusive bounds. */
  minHoldingDays?: number | undefined
  maxHoldingDays?: number | undefined
  /** Sizings other than as_traded need a positive cost basis to scale by. */
  needsCost: boolean
  /**
   * The setup filter: `symbol|YYYY-MM-DD` of the sessions where a chosen setup fired, and the first
   * session the tenant has signals of (a trade entered before it cannot be judged).
   */
  setups?: { keys: ReadonlySet<string>; since: number } | undefined
}

/** Why a trade read for the range is not replayed (the keys of `excluded`, in this order). */
export const EXCLUSION_REASONS = [
  'undated_entry',
  'entered_before_from',
  'symbol_not_included',
  'symbol_excluded',
  'holding_period',
  'zero_cost_basis',
  'before_setup_history',
  'setup_not_matched',
] as const
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number]

export interface Selection {
  trades: SourceTrade[]
  /** Entry and exit as day numbers, per selected trade. */
  entryDay: Int32Array
  exitDay: Int32Array
  excluded: Record<ExclusionReason, number>
}

function reasonOf(t: SourceTrade, entry: number, exit: number, from: number, f: TradeFilters) {
  if (!(entry === entry) || entry > exit) return 'undated_entry' // VARIOUS, or a purchase after the sale
  if (entry < from) return 'entered_before_from'
  if (f.symbols?.length && !f.symbols.includes(t.symbol)) return 'symbol_not_included'
  if (f.excludeSymbols?.includes(t.symbol)) return 'symbol_excluded'
  const held = exit - entry
  if (held < (f.minHoldingDays ?? 0) || held > (f.maxHoldingDays ?? Infinity)) return 'holding_period'
  if (f.needsCost && !(t.cost_basis > 0)) return 'zero_cost_basis'
  if (f.setups) {
    if (entry < f.setups.since) return 'before_setup_history'
    if (!f.setups.keys.has(`${t.symbol}|${t.date_acquired.slice(0, 10)}`)) return 'setup_not_matched'
  }
  return null
}

/** The trades of [from, to] (day numbers) the filters keep, in the order given (by exit date). */
export function selectTrades(all: readonly SourceTrade[], from: number, f: TradeFilters): Selection {
  const excluded = Object.fromEntries(EXCLUSION_REASONS.map((r) => [r, 0])) as Record<ExclusionReason, number>
  const kept: SourceTrade[] = []
  const entries = new Int32Array(all.length)
  const exits = new Int32Array(all.length)
  for (const t of all) {
    const entry = dayNumber(t.date_acquired)
    const exit = dayNumber(t.sold_on)
    const why = reasonOf(t, entry, exit, from, f)
    if (why) excluded[why]++
    else {
      entries[kept.length] = entry
      exits[kept.length] = exit
      kept.push(t)
    }
  }
  const n = kept.length
  return { trades: kept, entryDay: entries.subarray(0, n), exitDay: exits.subarray(0, n), excluded }
}

/**
 * The selection as replay columns: symbols numbered in `symbols` order, dates mapped to the index of
 * their trading day (a weekend or holiday date joins the next session; past the last, the last).
 */
export function toColumns(
  sel: Selection,
  days: Int32Array,
  symbolIndex: ReadonlyMap<string, number>,
): TradeColumns {
  const n = sel.trades.length
  const cols: TradeColumns = {
    n,
    symbol: new Int32Array(n),
    entry: new Int32Array(n),
    exit: new Int32Array(n),
    quantity: new Float64Array(n),
    cost: new Float64Array(n),
    pnl: new Float64Array(n),
  }
  if (!days.length) return cols
  const first = days[0]!
  const last = days[days.length - 1]!
  const index = dayIndex(days, first, last)
  const at = (day: number) => (day > last ? days.length - 1 : index[Math.max(day, first) - first]!)
  for (let t = 0; t < n; t++) {
    const tr = sel.trades[t]!
    cols.symbol[t] = symbolIndex.get(tr.symbol)!
    cols.entry[t] = at(sel.entryDay[t]!)
    cols.exit[t] = at(sel.exitDay[t]!)
    cols.quantity[t] = tr.quantity
    cols.cost[t] = tr.cost_basis
    cols.pnl[t] = tr.gain_loss
  }
  return cols
}
