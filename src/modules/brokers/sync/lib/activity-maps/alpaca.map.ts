/**
 * Alpaca account activities → ledger rows. `net_amount` is the signed cash the activity moved; a
 * FILL carries quantity and price only (its amount is quantity × price to the cent, no fee).
 *
 * | Alpaca                                   | ledger                                  |
 * | ---------------------------------------- | --------------------------------------- |
 * | FILL                                     | BUY / SELL (sell_short too)             |
 * | DIV, DIVCGL, DIVCGS, DIVROC, DIVTXEX     | DIVIDEND                                |
 * | DIVNRA, DIVFT, DIVTW, INTNRA, INTTW      | TAX (withholding)                       |
 * | DIVFEE, FEE, CFEE, PTC, PTR              | FEE (a rebate is a negative fee)        |
 * | INT                                      | INTEREST                                |
 * | CSD / CSW                                | DEPOSIT / WITHDRAWAL                    |
 * | TRANS                                    | DEPOSIT or WITHDRAWAL by sign           |
 * | JNLC, JNL, ACATC                         | TRANSFER_IN / TRANSFER_OUT (cash), sign |
 * | JNLS, ACATS                              | TRANSFER_IN / TRANSFER_OUT of shares    |
 *
 * Anything else (splits and reorganisations reported as share changes without a ratio, option
 * assignments and expiries, name changes, spin-offs, MISC) has no ledger meaning and is counted.
 */
import type { BrokerActivity } from '../../../../../providers/brokers/index.ts'
import {
  cashRow,
  cashTransfer,
  depositOrWithdrawal,
  type MapContext,
  type Mapped,
  num,
  securitiesTransfer,
  tradeRow,
} from './ledger-row.ts'

const CASH: Record<string, 'DIVIDEND' | 'TAX' | 'FEE' | 'INTEREST' | 'DEPOSIT' | 'WITHDRAWAL'> = {
  DIV: 'DIVIDEND',
  DIVCGL: 'DIVIDEND',
  DIVCGS: 'DIVIDEND',
  DIVROC: 'DIVIDEND',
  DIVTXEX: 'DIVIDEND',
  DIVNRA: 'TAX',
  DIVFT: 'TAX',
  DIVTW: 'TAX',
  INTNRA: 'TAX',
  INTTW: 'TAX',
  DIVFEE: 'FEE',
  FEE: 'FEE',
  CFEE: 'FEE',
  PTC: 'FEE',
  PTR: 'FEE',
  INT: 'INTEREST',
  CSD: 'DEPOSIT',
  CSW: 'WITHDRAWAL',
}

export function mapAlpacaActivity(a: BrokerActivity, ctx: MapContext): Mapped {
  const type = a.type.toUpperCase()
  const net = num(a.netAmount)
  if (type === 'FILL') {
    if (a.side === null) return { unmapped: 'FILL (incomplete)' }
    return tradeRow(a, ctx, {
      type: a.side === 'buy' ? 'BUY' : 'SELL',
      qty: a.qty,
      price: a.price,
      amount: null,
      fee: '0',
    })
  }
  const cash = CASH[type]
  if (cash) return cashRow(a, ctx, cash, net)
  if (type === 'TRANS') return depositOrWithdrawal(a, ctx, net)
  if (type === 'JNLC' || type === 'JNL' || type === 'ACATC') return cashTransfer(a, ctx, net)
  if (type === 'JNLS' || type === 'ACATS') return securitiesTransfer(a, ctx, a.qty, net)
  return { unmapped: type }
}
