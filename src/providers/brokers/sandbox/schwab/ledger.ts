/**
 * A Schwab sandbox account and what it holds: its generated history plus the trades of orders placed
 * through the sandbox, replayed at average cost by the shared ledger; cash; what open orders hold back.
 * Orders and trades are recorded only through `addOrder`, `setStatus` and `addTrade`, which keep the
 * running cash balance and the open orders' holds (../holds.ts) up to date.
 */
import { cents, centsOf } from '../decimal.ts'
import { type Hold, Holds } from '../holds.ts'
import { type Holding, replayFills } from '../ledger.ts'
import type { SchwabHistory, Trade } from './history.ts'
import type { AccountType } from './ids.ts'
import { OPEN_STATUSES, type SchwabOrder } from './orders.ts'

export interface SchwabAccount {
  type: AccountType
  accountNumber: string
  hashValue: string
  /** Seed label of the account's generated data. */
  label: string
  history: SchwabHistory
  orders: SchwabOrder[]
  /** What the open orders hold back, each order's hold fixed when it is seeded or placed. */
  holds: Holds<SchwabOrder>
  /** Trades of orders filled by the sandbox. */
  placed: Trade[]
  /** Cash in cents: the history's (fixed once the account exists), plus each placed trade's net amount. */
  cashCents: number
}

export interface Login {
  id: string
  /** When the consent was given (ms): the accounts' history ends there. */
  createdAt: number
  /** The MARGIN account, then the CASH account. */
  accounts: SchwabAccount[]
}

/** Every trade of the account, oldest first. */
export const tradesOf = (a: SchwabAccount): Trade[] =>
  [...a.history.trades, ...a.placed].sort((x, y) => x.at - y.at)

export const holdingsOf = (a: SchwabAccount): Map<string, Holding> =>
  replayFills(tradesOf(a).flatMap((t) => t.legs))

/** Cents a trade moves the cash by: less for a buy, more for a sell, less its fees. */
export function tradeCashCents(t: Trade): number {
  let total = 0
  for (const l of t.legs) total += (l.side === 'buy' ? -1 : 1) * centsOf(l.qty, l.price)
  for (const f of t.fees) total -= cents(f.amount)
  return total
}

/** Cash in cents of a history: deposits, journals, dividends, interest, plus the trades' net amounts. */
export function historyCashCents(history: SchwabHistory): number {
  let total = history.cash.reduce((sum, f) => sum + cents(f.amount), 0)
  for (const t of history.trades) total += tradeCashCents(t)
  return total
}

/** The price an open order is reserved at: its limit, else its stop, else the estimate given. */
export const reservePrice = (o: SchwabOrder, estimate: number): number => o.price ?? o.stopPrice ?? estimate

/** An open order's hold: a buy its quantity at its limit or stop (a market buy none), a sell its shares. */
const holdOf = (o: SchwabOrder): Hold => ({
  cents: o.instruction === 'BUY' ? centsOf(o.quantity, reservePrice(o, 0)) : 0,
  ...(o.instruction === 'SELL' ? { sells: o.symbol } : {}),
})

/** A new account over its history, without orders yet (its cash is the history's). */
export const newAccount = (
  fields: Pick<SchwabAccount, 'type' | 'accountNumber' | 'hashValue' | 'label' | 'history'>,
): SchwabAccount => ({
  ...fields,
  orders: [],
  holds: new Holds(holdOf),
  placed: [],
  cashCents: historyCashCents(fields.history),
})

/** Records an order (seeded or placed); an open one holds back what it holds. */
export function addOrder(a: SchwabAccount, o: SchwabOrder): void {
  a.orders.push(o)
  a.holds.follow(o, OPEN_STATUSES.has(o.status))
}

/** Changes an order's status (and the fields given with it); an order no longer open holds nothing back. */
export function setStatus(
  a: SchwabAccount,
  o: SchwabOrder,
  change: Partial<SchwabOrder> & Pick<SchwabOrder, 'status'>,
): void {
  Object.assign(o, change)
  a.holds.follow(o, OPEN_STATUSES.has(o.status))
}

/** Records the trade of an order the sandbox filled, and what it did to the cash. */
export function addTrade(a: SchwabAccount, t: Trade): void {
  a.placed.push(t)
  a.cashCents += tradeCashCents(t)
}

/**
 * Shares of `symbol` held back by open sell orders (summed in the order they opened) and cents held
 * back by open buy orders, `except` left out: from the account's running holds, not a scan of its orders.
 */
export function reservedOf(
  a: SchwabAccount,
  symbol?: string,
  except?: SchwabOrder,
): { qty: number; cents: number } {
  let qty = 0
  for (const o of a.holds.sells(symbol)) if (o !== except) qty += o.quantity
  return { qty, cents: a.holds.heldCents(except) }
}
