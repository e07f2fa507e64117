/**
 * Schwab transactions → ledger rows. The adapter gives each security leg of a TRADE as a FILL whose
 * `netAmount` is the leg's cost less the trade's fees (on the first leg) and whose `fee` are those
 * fees; every other transaction comes as one activity of its Schwab type with the signed `netAmount`.
 *
 * | Schwab                                  | ledger                                        |
 * | --------------------------------------- | --------------------------------------------- |
 * | TRADE                                   | BUY / SELL, fees apart                        |
 * | DIVIDEND_OR_INTEREST                    | DIVIDEND (names a symbol) or INTEREST         |
 * | ACH_RECEIPT, CASH_RECEIPT, WIRE_IN      | DEPOSIT                                       |
 * | ACH_DISBURSEMENT, CASH_DISBURSEMENT,    | WITHDRAWAL                                    |
 * | WIRE_OUT                                |                                               |
 * | ELECTRONIC_FUND                         | DEPOSIT or WITHDRAWAL by sign                 |
 * | JOURNAL                                 | TRANSFER_IN / TRANSFER_OUT (cash) by sign     |
 * | RECEIVE_AND_DELIVER                     | TRANSFER_IN / TRANSFER_OUT of shares          |
 *
 * MEMORANDUM, MARGIN_CALL, MONEY_MARKET and SMA_ADJUSTMENT move no cash of the account's own and are
 * counted as having no ledger meaning.
 */
import { decAdd, decSub } from '../../../../../kernel/decimal/decimal-string.ts'
import type { BrokerActivity } from '../../../../../providers/brokers/index.ts'
import {
  cashRow,
  cashTransfer,
  depositOrWithdrawal,
  type MapContext,
  type Mapped,
  neg,
  num,
  securitiesTransfer,
  tradeRow,
} from './ledger-row.ts'

const DEPOSITS = new Set(['ACH_RECEIPT', 'CASH_RECEIPT', 'WIRE_IN'])
const WITHDRAWALS = new Set(['ACH_DISBURSEMENT', 'CASH_DISBURSEMENT', 'WIRE_OUT'])

function fill(a: BrokerActivity, ctx: MapContext): Mapped {
  if (a.side === null) return { unmapped: 'TRADE (incomplete)' }
  const fee = num(a.fee) ?? '0'
  const net = num(a.netAmount)
  const buy = a.side === 'buy'
  // net = −(amount + fee) for a buy, amount − fee for a sell.
  const amount = net === null ? null : buy ? decSub(neg(net), fee) : decAdd(net, fee)
  return tradeRow(a, ctx, { type: buy ? 'BUY' : 'SELL', qty: a.qty, price: a.price, amount, fee })
}

export function mapSchwabActivity(a: BrokerActivity, ctx: MapContext): Mapped {
  const type = a.type.toUpperCase()
  const net = num(a.netAmount)
  if (type === 'FILL' || type === 'TRADE') return fill(a, ctx)
  if (type === 'DIVIDEND_OR_INTEREST') return cashRow(a, ctx, a.symbol ? 'DIVIDEND' : 'INTEREST', net)
  if (DEPOSITS.has(type)) return cashRow(a, ctx, 'DEPOSIT', net)
  if (WITHDRAWALS.has(type)) return cashRow(a, ctx, 'WITHDRAWAL', net)
  if (type === 'ELECTRONIC_FUND') return depositOrWithdrawal(a, ctx, net)
  if (type === 'JOURNAL') return cashTransfer(a, ctx, net)
  if (type === 'RECEIVE_AND_DELIVER') return securitiesTransfer(a, ctx, a.qty, null)
  return { unmapped: type }
}
