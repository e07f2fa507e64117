/**
 * The holdings and realized trades a manual account's activity ledger implies, per symbol, from its
 * BUY, SELL, SPLIT and securities transfers, matched into lots by trades/lib/lots.ts (FIFO, or
 * average cost when the account says so). Pure: no I/O.
 *
 * - A BUY opens a lot costing its amount plus its fee; a securities TRANSFER_IN opens one costing
 *   the value it was booked at (amount) plus its fee.
 * - A SELL closes lots: proceeds are its amount, its fee the trade's fees. Selling more than is held
 *   leaves the rest "unmatched" (callers refuse it: a manual ledger cannot go short).
 * - A securities TRANSFER_OUT removes lots the same way without realizing anything.
 * - A SPLIT multiplies every open lot's shares by its ratio (quantity) and keeps its cost and its
 *   acquisition date.
 * - Within one day: splits first (a split takes effect at the open), then additions, then sales and
 *   transfers out, then entry order, so the order rows were typed or imported in does not matter.
 *
 * A snapshot row is written for each day the holding changes: quantity, cost of the open lots, and
 * a price: the day's close when known, else the day's last trade price, else the previous row's
 * price adjusted for a split, else the book price.
 */
import { decAdd, decDiv, decMul } from '../../../../kernel/decimal/decimal-string.ts'
import {
  matchLots,
  type ClosedTrade,
  type CostMethod,
  type Fill,
  type OpenLot,
} from '../../trades/lib/lots.ts'
import type { ActivityType } from '../../portfolio.tables.ts'
import { movesSecurities } from './effects.ts'

export interface LedgerEvent {
  id: number
  type: ActivityType
  date: string
  symbol: string
  quantity: string
  price: string | null
  amount: string
  fee: string
}

export interface DerivedRow {
  date: string
  quantity: string
  cost_basis: string
  price: string
}

export interface Derived {
  rows: DerivedRow[]
  closed: ClosedTrade[]
  /** Sales or transfers out of more shares than were held: activity id, date, shares missing. */
  oversold: { id: number; date: string; quantity: string }[]
}

/** Whether an activity moves shares of its symbol (and so takes part in the derivation). */
export const movesShares = (a: { type: ActivityType; symbol: string | null; quantity: unknown }): boolean =>
  a.symbol !== null &&
  a.quantity !== null &&
  (a.type === 'BUY' || a.type === 'SELL' || a.type === 'SPLIT' || movesSecurities(a))

const RANK: Partial<Record<ActivityType, number>> = {
  SPLIT: 0,
  BUY: 1,
  TRANSFER_IN: 1,
  SELL: 2,
  TRANSFER_OUT: 2,
}
const order = (a: LedgerEvent, b: LedgerEvent) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : RANK[a.type]! - RANK[b.type]! || a.id - b.id

const fillId = (e: LedgerEvent) => `act${e.id}`

function fillOf(e: LedgerEvent): Fill {
  const base = { id: fillId(e), symbol: e.symbol, qty: e.quantity, date: e.date }
  switch (e.type) {
    case 'BUY':
    case 'TRANSFER_IN':
      // The lot's cost is exactly amount + fee: the whole of it carried as the fill's fee.
      return { ...base, side: 'buy', price: '0', fee: decAdd(e.amount, e.fee) }
    case 'SELL':
      return { ...base, side: 'sell', price: decDiv(e.amount, e.quantity, 10) ?? '0', fee: e.fee }
    default:
      return { ...base, side: 'sell', price: '0', fee: '0' }
  }
}

/** Lots carried over a split: shares × ratio (8 places), same cost and acquisition date. */
function carried(open: readonly OpenLot[], ratio: string, n: number): Fill[] {
  return open
    .filter((l) => !l.quantity.startsWith('-'))
    .map((l, i) => ({
      id: `split${n}-${i}`,
      symbol: l.symbol,
      side: 'buy' as const,
      qty: decDiv(decMul(l.quantity, ratio), '1', 8) ?? '0',
      price: '0',
      fee: l.cost,
      date: l.date,
    }))
}

/** Matches the (sorted) events, split by split: open lots, closed trades, what was oversold. */
function run(events: readonly LedgerEvent[], method: CostMethod) {
  const closed: ClosedTrade[] = []
  const oversold: Derived['oversold'] = []
  const transfersOut = new Set(events.filter((e) => e.type === 'TRANSFER_OUT').map(fillId))
  const byId = new Map(events.map((e) => [fillId(e), e]))
  let fills: Fill[] = []
  let open: OpenLot[] = []
  const flush = () => {
    const r = matchLots(fills, method)
    closed.push(...r.closed.filter((c) => !transfersOut.has(c.id.slice(0, c.id.lastIndexOf(':')))))
    for (const u of r.unmatched) {
      const e = byId.get(u.fill)!
      oversold.push({ id: e.id, date: e.date, quantity: u.quantity })
    }
    open = r.open
  }
  let splits = 0
  for (const e of events) {
    if (e.type === 'SPLIT') {
      flush()
      fills = carried(open, e.quantity, ++splits)
    } else fills.push(fillOf(e))
  }
  flush()
  return { closed, oversold, open }
}

const sumOf = (lots: readonly OpenLot[], k: 'quantity' | 'cost') =>
  lots.reduce((s, l) => decAdd(s, l[k]), '0')

/** The rows, trades and oversold sales of one symbol's events; `close` is the day's close, if known. */
export function deriveSymbol(
  events: readonly LedgerEvent[],
  method: CostMethod,
  close: (date: string) => string | null,
): Derived {
  const sorted = [...events].sort(order)
  const days = [...new Set(sorted.map((e) => e.date))]
  const rows: DerivedRow[] = []
  let prev: string | null = null
  let upTo = 0
  for (const day of days) {
    while (upTo < sorted.length && sorted[upTo]!.date <= day) upTo++
    const todays = sorted.slice(0, upTo).filter((e) => e.date === day)
    const { open } = run(sorted.slice(0, upTo), method)
    const quantity = sumOf(open, 'quantity')
    const cost = sumOf(open, 'cost')
    const price: string =
      close(day) ?? tradePrice(todays) ?? splitPrice(prev, todays) ?? bookPrice(cost, quantity)
    rows.push({ date: day, quantity, cost_basis: cost, price })
    prev = price
  }
  const all = run(sorted, method)
  return { rows, closed: all.closed, oversold: all.oversold }
}

/** The day's last per-share trade price (a buy's or sale's price, a transfer's amount per share). */
function tradePrice(todays: readonly LedgerEvent[]): string | null {
  for (let i = todays.length - 1; i >= 0; i--) {
    const e = todays[i]!
    if (e.type === 'SPLIT') continue
    if (e.price !== null) return e.price
    const per = decDiv(e.amount, e.quantity, 6)
    if (per !== null) return per
  }
  return null
}

function splitPrice(prev: string | null, todays: readonly LedgerEvent[]): string | null {
  if (prev === null) return null
  return todays.reduce<string | null>((p, e) => (p === null ? null : decDiv(p, e.quantity, 6)), prev)
}

const bookPrice = (cost: string, quantity: string) => decDiv(cost, quantity, 6) ?? '0'
