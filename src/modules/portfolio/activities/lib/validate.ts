/**
 * What an activity must satisfy, by type, whoever enters it (the JSON endpoints, the CSV import).
 * Pure: each rule answers issues `{field, msg, type}` that callers place (a body field, a file's
 * line and column). Decimals are plain decimal strings.
 *
 * | type                          | symbol   | quantity        | price  | amount                          |
 * | ----------------------------- | -------- | --------------- | ------ | ------------------------------- |
 * | BUY, SELL                     | required | > 0             | ≥ 0    | ≥ 0; default quantity × price   |
 * | TRANSFER_IN/OUT of securities | given    | > 0             | ≥ 0    | as BUY (the value moved)        |
 * | TRANSFER_IN/OUT of cash       | none     | none            | none   | > 0                             |
 * | DEPOSIT, WITHDRAWAL           | none     | none            | none   | > 0                             |
 * | DIVIDEND, INTEREST, FEE, TAX  | optional | none            | none   | ≠ 0 (negative: reversal/refund) |
 * | SPLIT                         | required | ratio > 0       | none   | 0 (default)                     |
 *
 * A given amount of a trade or securities transfer must be within one cent of quantity × price
 * (brokers round to the cent). Fees are ≥ 0 (0 for a split). Dates are real and not after today
 * (New York). Decimals at most those the columns keep: quantity 8, price 6, amount and fee 4.
 */
import { decimalPlaces } from '../../../../kernel/decimal/cents.ts'
import { decAbs, decDiv, decMul, decSign, decSub } from '../../../../kernel/decimal/decimal-string.ts'
import { parseTradeDate } from '../../lib/dates.ts'
import type { RuleIssue } from '../../lib/rules.ts'
import type { ActivityType } from '../../portfolio.tables.ts'

export interface ActivityDraft {
  type: ActivityType
  date: string
  symbol: string | null
  quantity: string | null
  price: string | null
  amount: string | null
  fee: string | null
  currency: string
}

export interface ValidActivity {
  type: ActivityType
  activity_date: string
  symbol: string | null
  quantity: string | null
  price: string | null
  amount: string
  fee: string
  currency: string
}

export const PLACES = { quantity: 8, price: 6, amount: 4, fee: 4 } as const
export const SYMBOL_PATTERN = /^[A-Z0-9.\-^]{1,16}$/
const TRADES: readonly ActivityType[] = ['BUY', 'SELL']
const SIGNED: readonly ActivityType[] = ['DIVIDEND', 'INTEREST', 'FEE', 'TAX']
const NO_SYMBOL: readonly ActivityType[] = ['DEPOSIT', 'WITHDRAWAL']

const issue = (field: string, msg: string, type: string): RuleIssue => ({ field, msg, type })

/** The amount of a trade: quantity × price at the column's 4 places (half away from zero). */
export const tradeAmount = (quantity: string, price: string): string =>
  decDiv(decMul(quantity, price), '1', PLACES.amount) ?? '0'

function shape(d: ActivityDraft): { security: boolean; issues: RuleIssue[] } {
  const issues: RuleIssue[] = []
  const transfer = d.type === 'TRANSFER_IN' || d.type === 'TRANSFER_OUT'
  const security = TRADES.includes(d.type) || d.type === 'SPLIT' || (transfer && d.symbol !== null)
  const needs = (field: 'symbol' | 'quantity' | 'price', what: string) =>
    d[field] === null && issues.push(issue(field, `is required for ${d.type}${what}`, 'required'))
  const none = (field: 'symbol' | 'quantity' | 'price', why: string) =>
    d[field] !== null && issues.push(issue(field, `must be empty for ${d.type}${why}`, 'not_allowed'))
  if (TRADES.includes(d.type) || d.type === 'SPLIT') needs('symbol', '')
  if (NO_SYMBOL.includes(d.type)) none('symbol', ' (it moves cash only)')
  if (security) {
    needs('quantity', d.type === 'SPLIT' ? ' (the ratio: new shares per old share)' : '')
    if (d.type === 'SPLIT') none('price', '')
    else needs('price', transfer ? ' of securities (the value per share on the day)' : '')
  } else {
    const why = transfer ? ' of cash (a symbol makes it a transfer of securities)' : ''
    none('quantity', why)
    none('price', why)
  }
  return { security, issues }
}

function amountOf(d: ActivityDraft, security: boolean, issues: RuleIssue[]): string {
  if (d.type === 'SPLIT') {
    if (d.amount !== null && decSign(d.amount) !== 0)
      issues.push(issue('amount', 'must be 0 or empty for SPLIT', 'not_allowed'))
    return '0'
  }
  if (security) {
    if (d.quantity === null || d.price === null) return d.amount ?? '0'
    const expected = tradeAmount(d.quantity, d.price)
    if (d.amount === null) return expected
    if (decSign(decSub(decAbs(decSub(d.amount, decMul(d.quantity, d.price))), '0.01')) > 0)
      issues.push(
        issue('amount', `must be quantity × price (${expected}) within a cent, or left empty`, 'mismatch'),
      )
    if (decSign(d.amount) < 0) issues.push(issue('amount', 'must not be negative', 'range'))
    return d.amount
  }
  if (d.amount === null) {
    issues.push(issue('amount', `is required for ${d.type}`, 'required'))
    return '0'
  }
  if (decSign(d.amount) === 0) issues.push(issue('amount', `must not be 0 for ${d.type}`, 'range'))
  else if (decSign(d.amount) < 0 && !SIGNED.includes(d.type))
    issues.push(
      issue(
        'amount',
        `must be positive for ${d.type} (only DIVIDEND, INTEREST, FEE and TAX may be negative)`,
        'range',
      ),
    )
  return d.amount
}

function decimals(d: ActivityDraft): RuleIssue[] {
  return (['quantity', 'price', 'amount', 'fee'] as const).flatMap((f) => {
    const v = d[f]
    if (v === null || decimalPlaces(v) <= PLACES[f]) return []
    return [issue(f, `must have at most ${PLACES[f]} decimal places; it is never rounded`, 'decimals')]
  })
}

/** The issues of a draft, and the row to store when there are none. */
export function validateActivity(
  d: ActivityDraft,
  today: string,
): { issues: RuleIssue[]; row: ValidActivity | null } {
  const issues = decimals(d)
  const date = parseTradeDate(d.date)
  if (date === null) issues.push(issue('date', 'must be a real date written YYYY-MM-DD', 'date'))
  else if (date > today)
    issues.push(issue('date', `must not be in the future (today is ${today} in New York)`, 'future'))
  if (!/^[A-Z]{3}$/.test(d.currency))
    issues.push(issue('currency', 'must be 3 upper-case letters (ISO 4217)', 'pattern'))
  if (d.symbol !== null && !SYMBOL_PATTERN.test(d.symbol))
    issues.push(issue('symbol', 'must be 1–16 letters, digits, ".", "-" or "^"', 'pattern'))
  const s = shape(d)
  issues.push(...s.issues)
  if (d.quantity !== null && decSign(d.quantity) <= 0)
    issues.push(issue('quantity', 'must be greater than 0', 'range'))
  if (d.price !== null && decSign(d.price) < 0) issues.push(issue('price', 'must not be negative', 'range'))
  const fee = d.fee ?? '0'
  if (decSign(fee) < 0) issues.push(issue('fee', 'must not be negative (a fee is always a cost)', 'range'))
  if (d.type === 'SPLIT' && decSign(fee) !== 0)
    issues.push(issue('fee', 'must be 0 for SPLIT', 'not_allowed'))
  const amount = amountOf(d, s.security, issues)
  if (issues.length || date === null) return { issues, row: null }
  return {
    issues,
    row: {
      type: d.type,
      activity_date: date,
      symbol: d.symbol,
      quantity: d.quantity,
      price: d.price,
      amount,
      fee,
      currency: d.currency,
    },
  }
}

/**
 * A JSON number or a decimal string in plain form ('0.5', '-12', no exponent, no '+'), or null when
 * it is not a finite decimal. A number keeps the digits its shortest form has.
 */
export function plainDecimal(x: number | string): string | null {
  if (typeof x === 'number') {
    if (!Number.isFinite(x)) return null
    return plainDecimal(x.toFixed(Math.min(decimalPlaces(x), 20)))
  }
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(x.trim())
  if (!m || !/\d/.test(`${m[2]}${m[3] ?? ''}`)) return null
  const int = m[2]!.replace(/^0+(?=\d)/, '') || '0'
  const frac = (m[3] ?? '').replace(/0+$/, '')
  const body = frac ? `${int}.${frac}` : int
  return m[1] === '-' && /[1-9]/.test(body) ? `-${body}` : body
}
