/**
 * The rules a manual holding or closed trade must meet beyond its schema, in one place for the
 * JSON endpoints (ManualService) and the CSV import. Each rule returns issues as
 * `{field, msg, type}`; callers place them (a body field, or a file's line and column).
 */
import { UnprocessableError } from '../../../platform/http/errors.ts'
import { holdingTerm, type HoldingTerm } from './dates.ts'
import { centsToString, decimalPlaces, gainLoss } from '../../../kernel/decimal/cents.ts'

/** Scales of the columns (numeric(24, 8) and numeric(20, 4)): more decimals would be rounded away. */
export const QUANTITY_DECIMALS = 8
export const MONEY_DECIMALS = 4

export interface RuleIssue {
  field: string
  msg: string
  type: string
}

type Num = number | string | undefined | null

function decimals(field: string, value: Num, max: number): RuleIssue[] {
  if (value === undefined || value === null || decimalPlaces(value) <= max) return []
  return [{ field, msg: `must have at most ${max} decimal places; it is never rounded`, type: 'decimals' }]
}

/** A capital flow's amount (numeric(20, 4): 0.00001 would become 0). */
export function amountIssues(amount: Num): RuleIssue[] {
  return decimals('amount', amount, MONEY_DECIMALS)
}

/** Quantities and amounts of a holding, as stored without rounding. */
export function holdingIssues(h: { quantity?: Num; cost_basis?: Num }): RuleIssue[] {
  return [
    ...decimals('quantity', h.quantity, QUANTITY_DECIMALS),
    ...decimals('cost_basis', h.cost_basis, MONEY_DECIMALS),
  ]
}

/**
 * A closed trade: quantities and amounts at most their column's decimals; neither date after
 * `today` (New York); a sale not before its acquisition. A `date_sold` that is not a date
 * (`soldOn` null, the legacy free text) and `VARIOUS` acquisitions are not compared.
 */
export function tradeIssues(
  t: {
    quantity?: Num
    proceeds?: Num
    cost_basis?: Num
    fees?: Num
    gain_loss?: Num
    date_acquired: string
    sold_on: string | null
  },
  today: string,
): RuleIssue[] {
  const issues = [
    ...decimals('quantity', t.quantity, QUANTITY_DECIMALS),
    ...(['proceeds', 'cost_basis', 'fees', 'gain_loss'] as const).flatMap((f) =>
      decimals(f, t[f], MONEY_DECIMALS),
    ),
  ]
  const future = (field: string, date: string) =>
    date > today &&
    issues.push({ field, msg: `must not be in the future (today is ${today} in New York)`, type: 'future' })
  const acquired = t.date_acquired === 'VARIOUS' ? null : t.date_acquired
  if (acquired) future('date_acquired', acquired)
  if (t.sold_on) future('date_sold', t.sold_on)
  if (acquired && t.sold_on && t.sold_on < acquired) {
    issues.push({
      field: 'date_sold',
      msg: `must not be before date_acquired (${acquired})`,
      type: 'sold_before_acquired',
    })
  }
  return issues
}

/**
 * What a closed trade stores beyond its inputs, once its issues are none: gain_loss as given (at
 * most 4 decimals), else proceeds − cost_basis − fees in exact cents; the holding term when both
 * dates are dates, else unknown.
 */
export function tradeDerived(t: {
  proceeds: number | string
  cost_basis: number | string
  fees: number | string
  gain_loss?: number | string | undefined
  date_acquired: string
  sold_on: string | null
}): { gain_loss: string; term: HoldingTerm } {
  const gl =
    t.gain_loss !== undefined
      ? String(t.gain_loss)
      : centsToString(gainLoss(t.proceeds, t.cost_basis, t.fees))
  const term =
    t.sold_on && t.date_acquired !== 'VARIOUS' ? holdingTerm(t.date_acquired, t.sold_on) : 'unknown'
  return { gain_loss: gl, term }
}

/** Throws the issues of a JSON body as one 422 (`loc: ["body", field]`), if there are any. */
export function rejectBody(issues: RuleIssue[]): void {
  if (!issues.length) return
  throw new UnprocessableError(
    'validation.failed',
    issues.map((i) => `${i.field}: ${i.msg}`).join('; '),
    issues.map((i) => ({ loc: ['body', i.field], msg: i.msg, type: i.type })),
  )
}
