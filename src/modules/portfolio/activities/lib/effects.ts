/**
 * What an activity does to its account, by type. `amount` is the gross money of the event and is
 * entered positive in its usual direction; `fee` is always a cost and always leaves the cash.
 *
 * | type          | cash                     | shares held               | capital flow |
 * | ------------- | ------------------------ | ------------------------- | ------------ |
 * | BUY           | −amount − fee            | + quantity                | —            |
 * | SELL          | +amount − fee            | − quantity                | —            |
 * | DIVIDEND      | +amount − fee            | —                         | —            |
 * | INTEREST      | +amount − fee            | —                         | —            |
 * | FEE, TAX      | −amount − fee            | —                         | —            |
 * | DEPOSIT       | +amount − fee            | —                         | +amount      |
 * | WITHDRAWAL    | −amount − fee            | —                         | −amount      |
 * | TRANSFER_IN   | +amount − fee (cash);    | + quantity (securities)   | +amount      |
 * |               | −fee (securities)        |                           |              |
 * | TRANSFER_OUT  | −amount − fee (cash);    | − quantity (securities)   | −amount      |
 * |               | −fee (securities)        |                           |              |
 * | SPLIT         | —                        | × quantity (the ratio)    | —            |
 *
 * A transfer with a symbol moves securities, and its `amount` is their value on the day (the
 * capital it brings or takes); without a symbol it moves cash. A negative DIVIDEND or INTEREST is
 * a reversal, a negative FEE or TAX a refund: the sign carries through the same formulas.
 */
import { decAdd, decMul, decSub } from '../../../../kernel/decimal/decimal-string.ts'
import type { ActivityType } from '../../portfolio.tables.ts'

export interface ActivityAmounts {
  type: ActivityType
  symbol: string | null
  quantity: string | null
  amount: string
  fee: string
}

const NEG = (x: string) => decSub('0', x)

/** Whether a transfer moves securities (it names a symbol) rather than cash. */
export const movesSecurities = (a: Pick<ActivityAmounts, 'type' | 'symbol'>): boolean =>
  (a.type === 'TRANSFER_IN' || a.type === 'TRANSFER_OUT') && a.symbol !== null

/** The signed change of the account's cash, in the activity's currency. */
export function cashEffect(a: ActivityAmounts): string {
  const fee = NEG(a.fee)
  switch (a.type) {
    case 'SELL':
    case 'DIVIDEND':
    case 'INTEREST':
    case 'DEPOSIT':
      return decAdd(a.amount, fee)
    case 'BUY':
    case 'FEE':
    case 'TAX':
    case 'WITHDRAWAL':
      return decSub(fee, a.amount)
    case 'TRANSFER_IN':
      return movesSecurities(a) ? fee : decAdd(a.amount, fee)
    case 'TRANSFER_OUT':
      return movesSecurities(a) ? fee : decSub(fee, a.amount)
    case 'SPLIT':
      return '0'
  }
}

export type ShareEffect =
  { kind: 'add'; symbol: string; quantity: string } | { kind: 'split'; symbol: string; ratio: string }

/** What the activity does to the shares held of its symbol, or null when it does nothing to them. */
export function shareEffect(a: ActivityAmounts): ShareEffect | null {
  if (a.symbol === null || a.quantity === null) return null
  switch (a.type) {
    case 'BUY':
    case 'TRANSFER_IN':
      return a.type === 'BUY' || movesSecurities(a)
        ? { kind: 'add', symbol: a.symbol, quantity: a.quantity }
        : null
    case 'SELL':
    case 'TRANSFER_OUT':
      return a.type === 'SELL' || movesSecurities(a)
        ? { kind: 'add', symbol: a.symbol, quantity: NEG(a.quantity) }
        : null
    case 'SPLIT':
      return { kind: 'split', symbol: a.symbol, ratio: a.quantity }
    default:
      return null
  }
}

/** The capital flow an activity makes (money or securities brought in or taken out), or null. */
export function flowAmount(a: Pick<ActivityAmounts, 'type' | 'amount'>): string | null {
  switch (a.type) {
    case 'DEPOSIT':
    case 'TRANSFER_IN':
      return a.amount
    case 'WITHDRAWAL':
    case 'TRANSFER_OUT':
      return NEG(a.amount)
    default:
      return null
  }
}

/** Income the activity brings (dividends and interest, before fees), or null. */
export function incomeAmount(a: Pick<ActivityAmounts, 'type' | 'amount'>): string | null {
  return a.type === 'DIVIDEND' || a.type === 'INTEREST' ? a.amount : null
}

/** quantity × price, the gross amount of a trade or a securities transfer given without one. */
export const grossOf = (quantity: string, price: string): string => decMul(quantity, price)
