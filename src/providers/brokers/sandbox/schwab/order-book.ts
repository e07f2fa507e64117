/**
 * The order lifecycle: the orders an account starts with (its recent single-leg trades as FILLED
 * market orders, two WORKING limit orders and a CANCELED one), placement (PENDING_ACTIVATION) and
 * the settlement every read triggers first: market orders fill at the current price, other types
 * become WORKING, and an order the account cannot cover is REJECTED as Schwab does after accepting it.
 */
import { randomUUID } from 'node:crypto'
import { DAY_MS } from '../../../../kernel/dates.ts'
import { centsOf, round } from '../decimal.ts'
import type { Holding } from '../ledger.ts'
import { marketReachedAt } from '../market-reach.ts'
import { feesOf, type Leg, type Trade } from './history.ts'
import { numericId } from './ids.ts'
import {
  addOrder,
  addTrade,
  holdingsOf,
  reservedOf,
  reservePrice,
  type SchwabAccount,
  setStatus,
} from './ledger.ts'
import { OPEN_STATUSES, type OrderSpec, type SchwabOrder } from './orders.ts'
import type { Prices } from './prices.ts'

/** A margin account's buying power: twice the cash plus the loan value (half) of long stock, less open buys. */
export const marginBuyingPowerCents = (cashCents: number, longCents: number, reservedCents: number): number =>
  Math.max(0, 2 * cashCents + longCents - reservedCents)

const tick = (p: number) => (p >= 1 ? round(p, 2) : round(p, 4))

function recentFills(a: SchwabAccount, createdAt: number): SchwabOrder[] {
  return a.history.trades
    .filter((t) => t.at >= createdAt - 30 * DAY_MS && t.legs.length === 1)
    .map((t): SchwabOrder => {
      const leg = t.legs[0] as Leg
      const fill = { price: leg.price, at: t.at, activityId: numericId(`${a.label}:exec:${t.orderId}`, 11) }
      const spec = { orderType: 'MARKET', session: 'NORMAL', duration: 'DAY' } as const
      const instruction = leg.side === 'buy' ? 'BUY' : 'SELL'
      const ids = { orderId: t.orderId, accountNumber: a.accountNumber }
      const times = { enteredTime: t.at - 1500, closeTime: t.at }
      return {
        ...spec,
        instruction,
        symbol: leg.symbol,
        quantity: leg.qty,
        ...ids,
        ...times,
        status: 'FILLED',
        filledQuantity: leg.qty,
        fill,
      }
    })
}

/** The orders an account starts with, all entered within the 30 days before its login. */
export function seedOrders(
  a: SchwabAccount,
  anchors: ReadonlyMap<string, number>,
  createdAt: number,
): SchwabOrder[] {
  const orders = recentFills(a, createdAt)
  const held = [...holdingsOf(a).values()].sort((x, y) => x.symbol.localeCompare(y.symbol))
  const cash = a.cashCents / 100
  const limit = (k: number, symbol: string, over: Partial<SchwabOrder>): SchwabOrder => ({
    orderType: 'LIMIT',
    session: 'NORMAL',
    duration: 'GOOD_TILL_CANCEL',
    instruction: 'BUY',
    symbol,
    quantity: 1,
    orderId: numericId(`${a.label}:seed-order:${k}`, 13),
    accountNumber: a.accountNumber,
    status: 'WORKING',
    enteredTime: createdAt - (3 + 6 * k) * DAY_MS,
    filledQuantity: 0,
    ...over,
  })
  const first = held[0]
  const last = held.at(-1)
  const anchor = (s: string) => anchors.get(s) ?? 100
  if (first) {
    const price = tick(anchor(first.symbol) * 0.92)
    const quantity = Math.max(1, Math.floor(Math.min(2500, cash * 0.1) / price))
    if (quantity * price <= cash / 2) orders.push(limit(0, first.symbol, { price, quantity }))
    const canceled = {
      price: tick(anchor(first.symbol) * 0.85),
      status: 'CANCELED',
      duration: 'DAY',
    } as const
    orders.push(limit(2, first.symbol, { ...canceled, closeTime: createdAt - 14 * DAY_MS }))
  }
  if (last) {
    const quantity = Math.max(1, Math.floor(last.qty / 4))
    orders.push(
      limit(1, last.symbol, { instruction: 'SELL', price: tick(anchor(last.symbol) * 1.08), quantity }),
    )
  }
  return orders.sort((x, y) => x.enteredTime - y.enteredTime)
}

export function placeOrder(a: SchwabAccount, spec: OrderSpec, now: number): SchwabOrder {
  const order: SchwabOrder = {
    ...spec,
    orderId: numericId(randomUUID(), 13),
    accountNumber: a.accountNumber,
    status: 'PENDING_ACTIVATION',
    enteredTime: now,
    filledQuantity: 0,
  }
  addOrder(a, order)
  return order
}

/** What the account holds now and its long market value (cents) at the prices of the moment. */
interface Held {
  holdings: Map<string, Holding>
  longCents: number
}

/** Why the account cannot take this order now, if it cannot. */
function refusal(
  a: SchwabAccount,
  o: SchwabOrder,
  price: number,
  { holdings, longCents }: Held,
): string | undefined {
  if (o.instruction === 'SELL_SHORT')
    return a.type === 'CASH'
      ? 'Short sales are not allowed in a cash account'
      : 'Short selling is not available in the sandbox'
  if (o.instruction === 'BUY_TO_COVER') return `There is no short position in ${o.symbol} to cover`
  if (o.instruction === 'SELL') {
    const held = holdings.get(o.symbol)?.qty ?? 0
    const available = held - reservedOf(a, o.symbol, o).qty
    return o.quantity > available + 1e-9
      ? `Insufficient shares of ${o.symbol}: ${Math.max(0, available)} available`
      : undefined
  }
  const cost = centsOf(o.quantity, reservePrice(o, price))
  const reserved = reservedOf(a, undefined, o).cents
  const cash = a.cashCents
  const power = a.type === 'MARGIN' ? marginBuyingPowerCents(cash, longCents, reserved) : cash - reserved
  return cost > power ? 'Insufficient buying power for this order' : undefined
}

/**
 * Settles the account's newly placed orders whose session has opened (every read of orders,
 * positions or balances calls it first); one placed outside the session stays PENDING_ACTIVATION
 * until the next open, and its fill is dated at that open. Each order is checked to be still
 * pending after the quotes are awaited, with no await between that check and its new status:
 * another read may have settled it, or a cancel closed it, in the meantime.
 */
export async function settle(prices: Prices, a: SchwabAccount, now: number): Promise<void> {
  const isPending = (o: SchwabOrder) => o.status === 'PENDING_ACTIVATION'
  const pending = a.orders.filter((o) => isPending(o) && marketReachedAt(o.enteredTime) <= now)
  if (pending.length === 0) return
  const holdings = [...holdingsOf(a).values()]
  const quotes = await prices.quotes([...pending.map((o) => o.symbol), ...holdings.map((h) => h.symbol)])
  // What is held changes only when an order fills: valued again then, not for every order.
  const heldNow = (): Held => {
    const current = holdingsOf(a)
    const longCents = [...current.values()].reduce(
      (s, h) => s + centsOf(h.qty, prices.priceOf(h.symbol, quotes) ?? h.avg),
      0,
    )
    return { holdings: current, longCents }
  }
  let held = heldNow()
  for (const o of pending) {
    if (!isPending(o)) continue
    const price = prices.priceOf(o.symbol, quotes) ?? o.price ?? o.stopPrice ?? 0
    const refused = refusal(a, o, price, held)
    if (refused) {
      setStatus(a, o, { status: 'REJECTED', statusDescription: refused, closeTime: now })
      continue
    }
    if (o.orderType !== 'MARKET') {
      setStatus(a, o, { status: 'WORKING' })
      continue
    }
    const at = marketReachedAt(o.enteredTime)
    const leg: Leg = {
      symbol: o.symbol,
      side: o.instruction === 'BUY' ? 'buy' : 'sell',
      qty: o.quantity,
      price,
    }
    const trade: Trade = {
      activityId: numericId(randomUUID(), 11),
      orderId: o.orderId,
      at,
      legs: [leg],
      fees: feesOf([leg]),
    }
    addTrade(a, trade)
    const fill = { price, at, activityId: numericId(randomUUID(), 11) }
    setStatus(a, o, { status: 'FILLED', filledQuantity: o.quantity, closeTime: at, fill })
    held = heldNow()
  }
}

/** Cancels an open order; false when it is not cancelable. */
export function cancelOrder(a: SchwabAccount, o: SchwabOrder, now: number): boolean {
  if (!OPEN_STATUSES.has(o.status)) return false
  setStatus(a, o, { status: 'CANCELED', closeTime: now })
  return true
}
