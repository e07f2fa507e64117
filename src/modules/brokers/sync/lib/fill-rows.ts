/** Broker activities as fill rows for lot matching, and the order lot matching reads them in. */
import type { BrokerActivity } from '../../../../providers/brokers/index.ts'
import type * as fills from '../fills.repository.ts'

/** The fills not stored yet, each vendor id once (its first report wins, as the stored one does). */
export function newFills(rows: readonly fills.FillRow[], stored: ReadonlySet<string>): fills.FillRow[] {
  const seen = new Set(stored)
  return rows.filter((r) => !seen.has(r.external_id) && seen.add(r.external_id))
}

/**
 * Stored fills (by time, then id) and new ones (in insert order, so with higher ids) merged by time:
 * the stable sort keeps the stored first among fills of the same instant, as `order by traded_at, id`.
 */
export function inTradeOrder(
  stored: readonly fills.FillRow[],
  fresh: readonly fills.FillRow[],
): fills.FillRow[] {
  if (fresh.length === 0) return [...stored]
  return [...stored, ...fresh].sort((a, b) => a.traded_at.getTime() - b.traded_at.getTime())
}

/** A fill with everything lot matching needs; anything else (a dividend, a partial record) is left out. */
export function toFill(a: BrokerActivity, day: (at: Date) => string): fills.FillRow[] {
  if (a.type !== 'FILL' || !a.symbol || !a.side || !a.qty || !a.price) return []
  const qty = a.qty.replace(/^-/, '')
  if (!/^\d+(\.\d{1,9})?$/.test(qty) || !/^\d+(\.\d{1,10})?$/.test(a.price) || Number(qty) === 0) return []
  const at = new Date(a.time)
  if (Number.isNaN(at.getTime())) return []
  return [
    {
      external_id: a.id,
      symbol: a.symbol.toUpperCase(),
      side: a.side,
      quantity: qty,
      price: a.price,
      fee: '0',
      traded_at: at,
      trade_date: day(at),
    },
  ]
}

/**
 * `dateOf` through a memo by UTC hour: New York's offset from UTC has been whole hours since 1883,
 * so every instant of an hour has one New York date (10,000 fills span a few thousand hours).
 */
export function byHour(dateOf: (at: Date) => string): (at: Date) => string {
  const memo = new Map<number, string>()
  return (at) => {
    const hour = Math.floor(at.getTime() / 3_600_000)
    let date = memo.get(hour)
    if (date === undefined) memo.set(hour, (date = dateOf(at)))
    return date
  }
}
