/**
 * A Schwab sandbox account and what it holds: its generated history plus the trades of orders placed
 * through the sandbox, replayed at average cost by the shared ledger; cash; what open orders hold back.
 */
import { cents, centsOf } from '../decimal.ts'
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
  /** Trades of orders filled by the sandbox. */
  placed: Trade[]
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

/** Cash in cents: deposits, journals, dividends and interest, plus the trades' net amounts. */
export function cashCentsOf(a: SchwabAccount): number {
  let total = a.history.cash.reduce((sum, f) => sum + cents(f.amount), 0)
  for (const t of tradesOf(a))
    for (const l of t.legs) total += (l.side === 'buy' ? -1 : 1) * centsOf(l.qty, l.price)
  for (const t of tradesOf(a)) for (const f of t.fees) total -= cents(f.amount)
  return total
}

/** The price an open order is reserved at: its limit, else its stop, else the estimate given. */
export const reservePrice = (o: SchwabOrder, estimate: number): number => o.price ?? o.stopPrice ?? estimate

/** Shares of `symbol` held back by open sell orders; cents held back by open buy orders. */
export function reservedOf(
  a: SchwabAccount,
  symbol?: string,
  except?: SchwabOrder,
): { qty: number; cents: number } {
  let qty = 0
  let c = 0
  for (const o of a.orders) {
    if (o === except || !OPEN_STATUSES.has(o.status)) continue
    if (o.instruction === 'SELL' && o.symbol === symbol) qty += o.quantity
    if (o.instruction === 'BUY') c += centsOf(o.quantity, reservePrice(o, 0))
  }
  return { qty, cents: c }
}
