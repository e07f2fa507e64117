/**
 * Reading one CSV row into a closed trade or a holding. The rules beyond the cell formats, and the
 * derived gain_loss and term, are the JSON endpoints' own (portfolio/lib/rules.ts), reported at the row's
 * cell. Numerics stay the file's decimal strings: the rules allow no more decimals than the
 * columns keep, so PostgreSQL stores them exactly.
 */
import type { RecordReader } from './csv.ts'
import { holdingIssues, tradeDerived, tradeIssues, type RuleIssue } from '../../lib/rules.ts'
import type { TradeValues } from '../../trades/trades.repository.ts'

const MONEY = { min: 0, max: 1e13, money: true }
export const SYMBOL = /^[A-Za-z0-9.\-^]{1,16}$/ // as manual.schemas.ts
const readSymbol = (r: RecordReader) =>
  r.matching('symbol', SYMBOL, 'must be 1–16 letters, digits, ".", "-" or "^"')?.toUpperCase()
const report = (r: RecordReader, issues: RuleIssue[]) => issues.forEach((i) => r.fail(i.field, i.msg, i.type))

// Numerics stay decimal strings, written exactly.
type Numerics = 'quantity' | 'proceeds' | 'cost_basis' | 'fees'
export type Trade = Omit<TradeValues, Numerics> & Record<Numerics, string>
export type Holding = {
  account_id: number
  symbol: string
  quantity: string
  cost_basis: string
  as_of: string
}

function readAcquired(r: RecordReader): string | undefined {
  const cell = r.required('date_acquired')
  if (cell === undefined) return undefined
  const acquired = /^various$/i.test(cell) ? 'VARIOUS' : (r.asDate(cell) ?? undefined)
  return acquired ?? r.fail('date_acquired', `must be a real date written ${r.dateForms}, or VARIOUS`, 'date')
}

export function readTrade(r: RecordReader, accountId: number, today: string): Trade | undefined {
  const symbol = readSymbol(r)
  const quantity = r.number('quantity', { min: 0, exclusiveMin: true, max: 1e12 })
  const acquired = readAcquired(r)
  let sold = r.required('date_sold')
  if (sold !== undefined && sold.length > 40)
    sold = r.fail('date_sold', 'must be at most 40 characters', 'length')
  const proceeds = r.number('proceeds', MONEY)
  const cost = r.number('cost_basis', MONEY)
  const fees = r.number('fees', { ...MONEY, optional: true }) ?? '0'
  const gl = r.number('gain_loss', { min: -1e13, max: 1e13, money: true, optional: true })
  // A date in the file's format is stored as YYYY-MM-DD; other text as given (legacy, undated).
  const soldOn = sold === undefined ? null : r.asDate(sold)
  if (acquired) {
    const values = { quantity, proceeds, cost_basis: cost, fees, gain_loss: gl }
    report(r, tradeIssues({ ...values, date_acquired: acquired, sold_on: soldOn }, today))
  }
  if (r.issues.length || !symbol || !quantity || !acquired || !sold || !proceeds || !cost) return undefined
  return {
    account_id: accountId,
    symbol,
    quantity,
    date_acquired: acquired,
    date_sold: soldOn ?? sold,
    sold_on: soldOn,
    proceeds,
    cost_basis: cost,
    fees,
    ...tradeDerived({
      proceeds,
      cost_basis: cost,
      fees,
      gain_loss: gl,
      date_acquired: acquired,
      sold_on: soldOn,
    }),
  }
}

export function readHolding(r: RecordReader, accountId: number, today: string): Holding | undefined {
  const symbol = readSymbol(r)
  const quantity = r.number('quantity', { min: -1e12, max: 1e12 })
  const cost = r.number('cost_basis', MONEY)
  const asOf = r.date('as_of', true) ?? today
  report(r, holdingIssues({ quantity, cost_basis: cost }))
  if (r.issues.length || !symbol || !quantity || !cost) return undefined
  return {
    account_id: accountId,
    symbol,
    quantity,
    cost_basis: cost,
    as_of: asOf,
  }
}
