/**
 * What turns an account's stored broker-derived trades into a recomputation's (broker sync, ADR
 * 0023): the trades to insert (ids not stored), the stored rows to rewrite in place (same id, any
 * other value, or soft-deleted) and the stored rows to remove (ids no longer derived, or none).
 * Unchanged rows are left alone, so a re-sync writes, and the rollup triggers (migration 0007)
 * see, only what moved; rows keep their ids. Pure.
 */

/** A trade's values as lot matching derives them (decimals as strings, any number of places). */
export interface DerivedTrade {
  external_id: string
  symbol: string
  quantity: string
  date_acquired: string
  date_sold: string
  sold_on: string | null
  proceeds: string
  cost_basis: string
  fees: string
  gain_loss: string
  term: string
}

/** A stored row: the same values as the database answers them (numerics at the column's scale). */
export interface StoredTrade extends Omit<DerivedTrade, 'external_id'> {
  id: number
  external_id: string | null
  deleted_at: Date | null
}

export interface TradeDiff<T extends DerivedTrade> {
  insert: T[]
  update: (T & { id: number })[]
  remove: number[]
}

export function diffTrades<T extends DerivedTrade>(
  stored: readonly StoredTrade[],
  derived: readonly T[],
): TradeDiff<T> {
  const byId = new Map<string, StoredTrade>()
  const remove: number[] = []
  for (const row of stored) {
    if (row.external_id === null) remove.push(row.id)
    else byId.set(row.external_id, row)
  }
  const insert: T[] = []
  const update: (T & { id: number })[] = []
  for (const t of derived) {
    const row = byId.get(t.external_id)
    if (!row) insert.push(t)
    else {
      byId.delete(t.external_id)
      if (!same(row, t)) update.push({ ...t, id: row.id })
    }
  }
  for (const row of byId.values()) remove.push(row.id)
  return { insert, update, remove }
}

function same(row: StoredTrade, t: DerivedTrade): boolean {
  return (
    row.deleted_at === null &&
    row.symbol === t.symbol &&
    row.date_acquired === t.date_acquired &&
    row.date_sold === t.date_sold &&
    row.sold_on === t.sold_on &&
    row.term === t.term &&
    decimal(row.quantity) === decimal(t.quantity) &&
    decimal(row.proceeds) === decimal(t.proceeds) &&
    decimal(row.cost_basis) === decimal(t.cost_basis) &&
    decimal(row.fees) === decimal(t.fees) &&
    decimal(row.gain_loss) === decimal(t.gain_loss)
  )
}

/**
 * A plain decimal in one spelling: no trailing fractional zeros, no leading integer zeros, no
 * negative zero ('12.5000' and '12.5', '-0.00' and '0' are the same number).
 */
export function decimal(text: string): string {
  const m = /^([+-]?)0*(\d*?)(?:\.(\d*?)0*)?$/.exec(text.trim())
  if (!m) return text
  const int = m[2] || '0'
  const frac = m[3] ?? ''
  const sign = m[1] === '-' && (int !== '0' || frac !== '') ? '-' : ''
  return sign + int + (frac ? `.${frac}` : '')
}
