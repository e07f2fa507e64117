/**
 * A tax year's realized gains: each trade as the ledger records it (term: held more than one year is
 * long, as each trade row says; a trade acquired on several dates is `unknown`), with its account's
 * cost basis method, and the totals per currency and term. Money is rounded to cents from the exact
 * stored decimals; a total is the exact sum of its trades' cents.
 */
import { centsToNumber, toCents } from '../../../../kernel/decimal/cents.ts'

export interface RealizedInput {
  id: number
  account_id: number
  account_name: string
  cost_method: 'fifo' | 'average'
  currency: string
  symbol: string
  quantity: string
  date_acquired: string
  sold_on: string | null
  proceeds: string
  cost_basis: string
  fees: string
  gain_loss: string
  term: 'short' | 'long' | 'unknown'
}

interface Sum {
  trades: number
  proceeds: bigint
  cost_basis: bigint
  fees: bigint
  gain: bigint
}

const zero = (): Sum => ({ trades: 0, proceeds: 0n, cost_basis: 0n, fees: 0n, gain: 0n })
const shape = (s: Sum) => ({
  trades: s.trades,
  proceeds: centsToNumber(s.proceeds),
  cost_basis: centsToNumber(s.cost_basis),
  fees: centsToNumber(s.fees),
  gain: centsToNumber(s.gain),
})

export function realizedGains(rows: readonly RealizedInput[]) {
  const items = rows.map((r) => ({
    trade_id: r.id,
    account_id: r.account_id,
    account_name: r.account_name,
    cost_basis_method: r.cost_method,
    symbol: r.symbol,
    quantity: Number(r.quantity),
    date_acquired: r.date_acquired,
    date_sold: r.sold_on!,
    proceeds: centsToNumber(toCents(r.proceeds)),
    cost_basis: centsToNumber(toCents(r.cost_basis)),
    fees: centsToNumber(toCents(r.fees)),
    gain: centsToNumber(toCents(r.gain_loss)),
    term: r.term,
    currency: r.currency,
  }))
  const byCurrency = new Map<string, Record<'short' | 'long' | 'unknown', Sum>>()
  for (const r of rows) {
    const t = byCurrency.get(r.currency) ?? { short: zero(), long: zero(), unknown: zero() }
    const s = t[r.term]
    s.trades++
    s.proceeds += toCents(r.proceeds)
    s.cost_basis += toCents(r.cost_basis)
    s.fees += toCents(r.fees)
    s.gain += toCents(r.gain_loss)
    byCurrency.set(r.currency, t)
  }
  const totals = [...byCurrency.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, t]) => ({
      currency,
      short_term: shape(t.short),
      long_term: shape(t.long),
      unknown_term: shape(t.unknown),
      all: shape({
        trades: t.short.trades + t.long.trades + t.unknown.trades,
        proceeds: t.short.proceeds + t.long.proceeds + t.unknown.proceeds,
        cost_basis: t.short.cost_basis + t.long.cost_basis + t.unknown.cost_basis,
        fees: t.short.fees + t.long.fees + t.unknown.fees,
        gain: t.short.gain + t.long.gain + t.unknown.gain,
      }),
    }))
  return { items, totals }
}

export type RealizedGainRow = ReturnType<typeof realizedGains>['items'][number]
