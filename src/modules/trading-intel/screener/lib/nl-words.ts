/**
 * Small vocabulary helpers of the keyword rules: comparison words, amounts with unit words or
 * suffixes, and the wording of one condition for the paraphrase (shared with the model path, so
 * both describe a spec the same way).
 */
import type { Condition, Op, Operand } from './spec.ts'
import { FIELD_BY_ID } from './catalog.ts'

/** Comparison words as a regex alternative (one capture group). */
export const CMP =
  '(over|above|greater than|more than|higher than|at least|under|below|less than|lower than|at most|>=|<=|>|<)'

/** A number with an optional magnitude: "10", "1.5", "10b", "10 billion", "500m", "750k", "2t". */
export const AMOUNT = '\\$?(\\d+(?:\\.\\d+)?)\\s?(k|thousand|m|mm|mn|million|b|bn|billion|t|tn|trillion)?\\b'

export function cmpOp(word: string): Op {
  switch (word) {
    case 'at least':
    case '>=':
      return 'gte'
    case 'at most':
    case '<=':
      return 'lte'
    case 'under':
    case 'below':
    case 'less than':
    case 'lower than':
    case '<':
      return 'lt'
    default:
      return 'gt'
  }
}

const MAGNITUDE: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  t: 1e12,
  tn: 1e12,
  trillion: 1e12,
}

/** "10" + "b" → 10_000_000_000 (exact for the round figures people type). */
export function amount(digits: string, unit: string | undefined): number {
  const mult = unit ? (MAGNITUDE[unit] ?? 1) : 1
  // Scale through the decimal digits so 1.5 × 1e9 is exactly 1500000000.
  const [int = '0', frac = ''] = digits.split('.')
  return (Number(int + frac) * mult) / 10 ** frac.length
}

const SYMBOL: Record<Op, string> = {
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
  eq: '=',
  neq: '≠',
  between: 'between',
  in: 'in',
  not_in: 'not in',
  is_null: 'is empty',
  not_null: 'has a value',
  crosses_above: 'crossed above',
  crosses_below: 'crossed below',
}

const labelOf = (id: string): string => FIELD_BY_ID.get(id)?.label ?? id

function usd(v: number): string {
  const abs = Math.abs(v)
  const sign = v < 0 ? '-' : ''
  for (const [div, suffix] of [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
  ] as const) {
    if (abs >= div) return `${sign}$${+(abs / div).toFixed(2)}${suffix}`
  }
  return `${sign}$${+abs.toFixed(2)}`
}

function shares(v: number): string {
  if (Math.abs(v) >= 1e6) return `${+(v / 1e6).toFixed(2)}M`
  if (Math.abs(v) >= 1e3) return `${+(v / 1e3).toFixed(2)}K`
  return String(v)
}

/** One operand in the field's unit: "$10B", "4%", "the 200-day SMA × 1.05". */
export function describeOperand(field: string, v: Operand): string {
  if (typeof v === 'object') {
    const ref = labelOf(v.field)
    return v.times === undefined || v.times === 1 ? ref : `${ref} × ${v.times}`
  }
  if (typeof v !== 'number') return typeof v === 'string' ? `"${v}"` : String(v)
  switch (FIELD_BY_ID.get(field)?.unit) {
    case 'usd':
      return usd(v)
    case 'percent':
      return `${v}%`
    case 'shares':
      return shares(v)
    default:
      return String(v)
  }
}

/** "Market cap ≥ $10B", "Price crossed above SMA 50", "Sector in Energy, Utilities". */
export function describeCondition(c: Condition): string {
  const label = labelOf(c.field)
  const v = c.value
  if (c.op === 'is_null' || c.op === 'not_null') return `${label} ${SYMBOL[c.op]}`
  if (FIELD_BY_ID.get(c.field)?.type === 'boolean' && typeof v === 'boolean')
    return c.op === 'eq' ? `${label}: ${v ? 'yes' : 'no'}` : `${label}: ${v ? 'no' : 'yes'}`
  if (c.op === 'between' && Array.isArray(v) && v.length === 2)
    return `${label} between ${describeOperand(c.field, v[0]!)} and ${describeOperand(c.field, v[1]!)}`
  if (Array.isArray(v))
    return `${label} ${SYMBOL[c.op]} ${v.map((x) => describeOperand(c.field, x)).join(', ')}`
  return `${label} ${SYMBOL[c.op]} ${v === undefined ? '' : describeOperand(c.field, v)}`.trim()
}

/** "sorted by Change % (highest first)". */
export function describeSort(s: { field: string; dir: 'asc' | 'desc' }): string {
  return `sorted by ${labelOf(s.field)} (${s.dir === 'desc' ? 'highest' : 'lowest'} first)`
}
