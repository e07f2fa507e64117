/**
 * SnapTrade activities → ledger rows. The adapter gives BUY and SELL as FILLs with a side and
 * unsigned units; other types keep SnapTrade's name, `units` signed and `amount` as sent. SnapTrade's
 * amounts are not signed alike across brokerages, so the type decides the direction: the ledger
 * amount is the magnitude, except for dividends and interest, whose negative amount is a reversal.
 *
 * | SnapTrade                               | ledger                                            |
 * | --------------------------------------- | ------------------------------------------------- |
 * | BUY / SELL                              | BUY / SELL (units × price; `fee` apart)           |
 * | REI (reinvested dividend)               | BUY of the units                                  |
 * | STOCK_DIVIDEND                          | BUY of the units at no cost                       |
 * | DIVIDEND, SUBSTITUTE_DIVIDEND           | DIVIDEND                                          |
 * | INTEREST                                | INTEREST                                          |
 * | FEE / TAX                               | FEE / TAX                                         |
 * | CONTRIBUTION / WITHDRAWAL               | DEPOSIT / WITHDRAWAL                              |
 * | TRANSFER, EXTERNAL_ASSET_TRANSFER_IN    | TRANSFER_IN / TRANSFER_OUT: of shares when it     |
 * | and _OUT                                | names a symbol and units, else of cash            |
 *
 * SPLIT (units added, no ratio), the option events and ADJUSTMENT have no ledger meaning and are counted.
 */
import { decAbs, decSign } from '../../../../../kernel/decimal/decimal-string.ts'
import type { BrokerActivity } from '../../../../../providers/brokers/index.ts'
import {
  baseOf,
  cashRow,
  type MapContext,
  type Mapped,
  neg,
  num,
  roundTo,
  securitiesTransfer,
  tradeRow,
} from './ledger-row.ts'

const abs = (x: string | null) => (x === null ? null : decAbs(x))
/** The net cash of a type whose direction is its own: `sign` × |amount|. */
const directed = (x: string | null, sign: 1 | -1) =>
  x === null ? null : sign > 0 ? decAbs(x) : neg(decAbs(x))

function transfer(a: BrokerActivity, ctx: MapContext, type: string, amount: string | null): Mapped {
  const units = num(a.qty)
  const out = type === 'EXTERNAL_ASSET_TRANSFER_OUT'
  if (a.symbol && units !== null && decSign(units) !== 0) {
    const q = out ? neg(decAbs(units)) : type === 'EXTERNAL_ASSET_TRANSFER_IN' ? decAbs(units) : units
    return securitiesTransfer(a, ctx, q, abs(amount))
  }
  if (amount === null) return { unmapped: `${type} (incomplete)` }
  const sign = out || decSign(amount) < 0 ? -1 : 1
  return cashRow(a, ctx, sign < 0 ? 'TRANSFER_OUT' : 'TRANSFER_IN', directed(amount, sign))
}

export function mapSnapTradeActivity(a: BrokerActivity, ctx: MapContext): Mapped {
  const type = a.type.toUpperCase()
  const amount = num(a.netAmount)
  const fee = num(a.fee) ?? '0'
  switch (type) {
    case 'FILL':
      if (a.side === null) return { unmapped: 'FILL (incomplete)' }
      return tradeRow(a, ctx, {
        type: a.side === 'buy' ? 'BUY' : 'SELL',
        qty: a.qty,
        price: a.price,
        amount: null,
        fee,
      })
    case 'REI':
      return tradeRow(a, ctx, { type: 'BUY', qty: abs(a.qty), price: a.price, amount: null, fee })
    case 'STOCK_DIVIDEND': {
      const base = baseOf(a, ctx)
      const q = num(a.qty)
      if (!base?.symbol || q === null || decSign(q) === 0) return { unmapped: 'STOCK_DIVIDEND (incomplete)' }
      const row = { ...base, type: 'BUY' as const, quantity: decAbs(q), price: '0', amount: '0', fee: '0' }
      return { row: { ...row, note: row.note ?? 'stock dividend' } }
    }
    case 'DIVIDEND':
    case 'SUBSTITUTE_DIVIDEND':
      return cashRow(a, ctx, 'DIVIDEND', amount)
    case 'INTEREST':
      return cashRow(a, ctx, 'INTEREST', amount)
    case 'FEE':
    case 'TAX':
      return cashRow(a, ctx, type, directed(amount, -1))
    case 'CONTRIBUTION':
      return cashRow(a, ctx, 'DEPOSIT', directed(amount, 1))
    case 'WITHDRAWAL':
      return cashRow(a, ctx, 'WITHDRAWAL', directed(amount, -1))
    case 'TRANSFER':
    case 'EXTERNAL_ASSET_TRANSFER_IN':
    case 'EXTERNAL_ASSET_TRANSFER_OUT':
      return transfer(a, ctx, type, amount === null ? null : roundTo(amount, 4))
    default:
      return { unmapped: type }
  }
}
