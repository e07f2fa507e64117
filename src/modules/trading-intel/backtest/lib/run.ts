/**
 * One replay run from its inputs to its stored shape, without I/O: the selection, the columns, the
 * engine, the statistics, the curve and the log. The service reads trades and prices around it;
 * the bench times it alone.
 */
import type { PriceRead } from '../prices.service.ts'
import { replay, type Sizing } from './replay.ts'
import { toColumns, type Selection } from './select.ts'
import { encodeLog } from './log-codec.ts'
import { money, ratio, summarize, type Summary } from './summary.ts'
import { dayString } from './calendar.ts'

export interface RunInput {
  days: Int32Array
  selection: Selection
  symbols: readonly string[]
  prices: PriceRead
  initialCapital: number
  sizing: Sizing
  rf: number
}

export interface RunOutput {
  summary: Summary
  equityCurve: { date: string; equity: number; drawdown: number | null }[]
  /** The per-trade log, encoded for storage (log-codec.ts). */
  log: Uint8Array
}

/** The distinct symbols of a selection (first-seen order) and each one's number of trades. */
export function symbolsOf(sel: Selection): {
  symbols: string[]
  counts: number[]
  index: Map<string, number>
} {
  const index = new Map<string, number>()
  const counts: number[] = []
  for (const t of sel.trades) {
    const i = index.get(t.symbol)
    if (i === undefined) {
      index.set(t.symbol, counts.length)
      counts.push(1)
    } else counts[i]!++
  }
  return { symbols: [...index.keys()], counts, index }
}

export function runReplay(input: RunInput, index: ReadonlyMap<string, number>): RunOutput {
  const { days, selection: sel, prices } = input
  const cols = toColumns(sel, days, index)
  const { equity, scale } = replay({
    days: days.length,
    trades: cols,
    closes: prices.closes,
    initialCapital: input.initialCapital,
    sizing: input.sizing,
  })
  const n = sel.trades.length
  const pnl = new Float64Array(n)
  const returns = new Float64Array(n)
  let m = 0
  for (let t = 0; t < n; t++) {
    const tr = sel.trades[t]!
    pnl[t] = scale[t]! * tr.gain_loss
    // A return needs a cost: zero-cost trades (gifts, transfers) have none and are left out of it.
    if (tr.cost_basis > 0) returns[m++] = tr.gain_loss / tr.cost_basis
  }
  const log = encodeLog(sel, cols.symbol, scale, (s) => prices.closes[s] != null)
  const equityCurve = new Array<RunOutput['equityCurve'][number]>(days.length)
  let peak = -Infinity
  for (let i = 0; i < days.length; i++) {
    const e = equity[i]!
    if (e > peak) peak = e
    equityCurve[i] = {
      date: dayString(days[i]!),
      equity: money(e) ?? 0,
      drawdown: peak > 0 ? ratio(e / peak - 1) : null,
    }
  }
  return { summary: summarize(days, equity, pnl, returns.subarray(0, m), input.rf), equityCurve, log }
}
