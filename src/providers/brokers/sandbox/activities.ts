/** Account activities on the wire: FILL (trade) and non-trade (DIV, CSD, FEE) objects. */
import { DateTime } from 'luxon'
import { dec } from './decimal.ts'
import { type CashActivity, type Fill, type History, ZONE } from './history.ts'
import type { ActivityRow } from './queries.ts'

export function fillActivity(f: Fill): ActivityRow {
  const qty = dec(f.qty, 9)
  const json = {
    id: f.id,
    activity_type: 'FILL',
    transaction_time: new Date(f.at).toISOString(),
    type: 'fill',
    price: dec(f.price, 4),
    qty,
    side: f.side,
    symbol: f.symbol,
    leaves_qty: '0',
    order_id: f.orderId,
    cum_qty: qty,
    order_status: 'filled',
  }
  return { id: f.id, at: f.at, type: 'FILL', json }
}

/**
 * Shares the account held before its history (brought in from another broker): a securities
 * journal (JNLS) at the window's start, quantity and price, no cash. Without it the positions
 * would appear from nowhere and the account's history would not explain what it holds.
 */
export function openingActivity(f: Fill): ActivityRow {
  const json = {
    id: f.id,
    activity_type: 'JNLS',
    date: DateTime.fromMillis(f.at, { zone: ZONE }).toISODate(),
    net_amount: '0',
    symbol: f.symbol,
    qty: dec(f.qty, 9),
    price: dec(f.price, 4),
    description: `Shares received: ${dec(f.qty, 9)} ${f.symbol}`,
    status: 'executed',
  }
  return { id: f.id, at: f.at, type: 'JNLS', json }
}

/** A non-trade activity; cash movements without a security (CSD, FEE) carry no symbol/qty fields. */
export function cashActivity(a: CashActivity): ActivityRow {
  const json: Record<string, unknown> = {
    id: a.id,
    activity_type: a.type,
    date: DateTime.fromMillis(a.at, { zone: ZONE }).toISODate(),
    net_amount: dec(a.amount),
  }
  if (a.symbol !== undefined) json['symbol'] = a.symbol
  if (a.qty !== undefined) json['qty'] = dec(a.qty, 9)
  if (a.perShare !== undefined) json['per_share_amount'] = dec(a.perShare, 4)
  json['description'] = a.description
  json['status'] = 'executed'
  return { id: a.id, at: a.at, type: a.type, json }
}

/** A generated history never changes: its wire rows are built once (a page is then a scan, not a rebuild). */
const HISTORY_ROWS = new WeakMap<History, ActivityRow[]>()

/** The history's rows plus an account's placed fills, as last built (see activityRows). */
const WITH_PLACED = new WeakMap<readonly Fill[], { n: number; rows: ActivityRow[] }>()

/** Every activity of an account: its history and the fills of orders placed through the sandbox. */
export function activityRows(history: History, placed: readonly Fill[]): ActivityRow[] {
  let rows = HISTORY_ROWS.get(history)
  if (!rows) {
    rows = [
      ...history.opening.map(openingActivity),
      ...history.fills.map(fillActivity),
      ...history.cash.map(cashActivity),
    ]
    HISTORY_ROWS.set(history, rows)
  }
  if (!placed.length) return rows
  // Placed fills are only appended: the combined rows stay one array until the next fill, so the
  // page reader's per-array sort (queries.ts) is done once per fill, not on every page.
  const seen = WITH_PLACED.get(placed)
  if (seen?.n === placed.length) return seen.rows
  const all = [...rows, ...placed.map(fillActivity)]
  WITH_PLACED.set(placed, { n: placed.length, rows: all })
  return all
}
