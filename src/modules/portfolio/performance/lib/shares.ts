/**
 * The shares an account holds of each symbol on each day of a series.
 *
 * - From its portfolio snapshots: a symbol's quantity on a day is that of its latest snapshot row
 *   on or before the day (carried forward), 0 before its first row.
 * - Broker accounts (`readBack`) before their first snapshot: the first snapshot's holdings less
 *   the share effects of the activities dated after the day, up to that snapshot (a split undone
 *   by dividing by its ratio); with no snapshot at all, the effects summed up to the day. Down to
 *   the account's history start, and 0 before it.
 */
import type { ShareMove } from './effects-fast.ts'

export interface SnapshotIn {
  date: string
  symbol: string
  quantity: number
}

/** Quantities at 8 decimals, as the columns hold them (undoing many moves leaves float dust). */
const q8 = (x: number) => Math.round(x * 1e8) / 1e8

/** Snapshot quantities carried forward over `days` (ascending), per symbol. `snaps` sorted by date. */
function fromSnapshots(days: readonly string[], snaps: readonly SnapshotIn[]): Map<string, Float64Array> {
  const bySymbol = new Map<string, SnapshotIn[]>()
  for (const s of snaps) {
    const list = bySymbol.get(s.symbol)
    if (list) list.push(s)
    else bySymbol.set(s.symbol, [s])
  }
  const out = new Map<string, Float64Array>()
  for (const [symbol, rows] of bySymbol) {
    const q = new Float64Array(days.length)
    let j = -1
    for (let i = 0; i < days.length; i++) {
      while (j + 1 < rows.length && rows[j + 1]!.date <= days[i]!) j++
      q[i] = j >= 0 ? rows[j]!.quantity : 0
    }
    out.set(symbol, q)
  }
  return out
}

function apply(cur: Map<string, number>, m: ShareMove, sign: 1 | -1): void {
  const held = cur.get(m.symbol) ?? 0
  if (m.kind === 'add') cur.set(m.symbol, held + sign * m.value)
  else if (m.value !== 0) cur.set(m.symbol, sign === 1 ? held * m.value : held / m.value)
}

function write(out: Map<string, Float64Array>, n: number, i: number, cur: Map<string, number>): void {
  for (const [symbol, held] of cur) {
    let q = out.get(symbol)
    if (!q) out.set(symbol, (q = new Float64Array(n)))
    q[i] = q8(held)
  }
}

/**
 * Quantity of each symbol on each of `days` (ascending). `snaps` and `moves` sorted by date;
 * `historyStart` bounds the read-back (null: no bound).
 */
export function sharesOnDays(
  days: readonly string[],
  snaps: readonly SnapshotIn[],
  moves: readonly ShareMove[],
  readBack: boolean,
  historyStart: string | null,
): Map<string, Float64Array> {
  const out = fromSnapshots(days, snaps)
  if (!readBack) return out
  const first = snaps[0]?.date ?? null
  let limit = 0 // days before the first snapshot: [0, limit)
  while (limit < days.length && (first === null || days[limit]! < first)) limit++
  const cur = new Map<string, number>()
  const zero = (i: number) => historyStart !== null && days[i]! < historyStart
  if (first !== null) {
    for (const s of snaps) if (s.date === first) cur.set(s.symbol, s.quantity)
    let k = moves.length - 1
    while (k >= 0 && moves[k]!.date > first) k--
    for (let i = limit - 1; i >= 0; i--) {
      while (k >= 0 && moves[k]!.date > days[i]!) apply(cur, moves[k--]!, -1)
      if (!zero(i)) write(out, days.length, i, cur) // before the history start, all stay 0
    }
  } else {
    let k = 0
    for (let i = 0; i < limit; i++) {
      while (k < moves.length && moves[k]!.date <= days[i]!) apply(cur, moves[k++]!, 1)
      if (!zero(i)) write(out, days.length, i, cur)
    }
  }
  return out
}
