/**
 * The catalog rules of one condition: which operators apply to a field, what its value must be,
 * unit suffixes ("10B", "5%") resolved to plain numbers. Used by validateSpec (spec.ts).
 */
import { closest } from 'fastest-levenshtein'
import { FIELD_BY_ID, FIELDS, type FieldDef, type FieldType } from './catalog.ts'
import type { Condition, FieldRef, Op, Operand } from './spec.ts'

export type Loc = (string | number)[]
export type Report = (loc: Loc, msg: string, type: string, hint?: string) => void

const SCALE: Record<string, number> = { K: 1e3, M: 1e6, B: 1e9, T: 1e12 }
const NUMBER_TEXT = /^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)\s*([KMBT%])?\s*$/i
const FIELD_IDS = FIELDS.map((d) => d.id)

/** Operators by field type. */
export const OPS_BY_TYPE: Record<FieldType, ReadonlySet<Op>> = {
  number: new Set<Op>([
    'gt',
    'gte',
    'lt',
    'lte',
    'eq',
    'neq',
    'between',
    'in',
    'not_in',
    'is_null',
    'not_null',
    'crosses_above',
    'crosses_below',
  ]),
  string: new Set<Op>(['eq', 'neq', 'in', 'not_in', 'is_null', 'not_null']),
  boolean: new Set<Op>(['eq', 'neq', 'is_null', 'not_null']),
}

const TYPE_WORD: Record<FieldType, string> = { number: 'a number', string: 'text', boolean: 'true or false' }

/** The candidate nearest to `text`: one containing it (case-insensitive) first, else the fewest edits. */
export function nearest(text: string, candidates: readonly string[]): string {
  const t = text.trim().toLowerCase()
  const containing = t.length >= 3 ? candidates.find((c) => c.toLowerCase().includes(t)) : undefined
  if (containing !== undefined) return containing
  const lower = candidates.map((c) => c.toLowerCase())
  return candidates[lower.indexOf(closest(t, lower))]!
}

export const isRef = (v: unknown): v is FieldRef => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The catalog field of `id`, or an unknown_field error with the closest id as its hint. */
export function knownField(id: unknown, loc: Loc, report: Report): FieldDef | undefined {
  if (typeof id !== 'string' || id === '') {
    report(loc, 'must be a catalog field id', 'screener.wrong_type')
    return undefined
  }
  const def = FIELD_BY_ID.get(id)
  if (def) return def
  const hint = nearest(id, FIELD_IDS)
  report(loc, `unknown field "${id}"; did you mean ${hint}?`, 'screener.unknown_field', hint)
  return undefined
}

/** A numeric literal: a number, or text with a suffix that fits the field's unit. */
function numberLiteral(def: FieldDef, v: string | number, loc: Loc, report: Report): number | undefined {
  if (typeof v === 'number') return v
  const m = NUMBER_TEXT.exec(v)
  if (!m) {
    report(loc, `must be a number for ${def.id} (e.g. 10, "10B", "5%")`, 'screener.wrong_type')
    return undefined
  }
  const suffix = m[2]?.toUpperCase()
  const n = Number(m[1])
  if (suffix === undefined) return n
  if (suffix === '%') {
    if (def.unit === 'percent') return n
    report(
      loc,
      `"${v}": a % suffix needs a percent field; ${def.id} is in ${def.unit ?? 'no unit'}`,
      'screener.wrong_unit',
    )
    return undefined
  }
  if (def.unit === 'usd' || def.unit === 'shares') return n * SCALE[suffix]!
  report(
    loc,
    `"${v}": a ${suffix} suffix needs a USD or share-count field; ${def.id} is in ${def.unit ?? 'no unit'}`,
    'screener.wrong_unit',
  )
  return undefined
}

/** A string literal of a field, canonicalised against its closed set when it has one. */
function stringLiteral(def: FieldDef, v: string, loc: Loc, report: Report): string | undefined {
  if (!def.values) return v
  const found = def.values.find((x) => x.toLowerCase() === v.trim().toLowerCase())
  if (found !== undefined) return found
  const hint = nearest(v, def.values)
  report(loc, `"${v}" is not a value of ${def.id}; did you mean ${hint}?`, 'screener.unknown_value', hint)
  return undefined
}

/** One literal of the field's type, normalised; undefined after reporting. */
export function literal(
  def: FieldDef,
  v: unknown,
  loc: Loc,
  report: Report,
): number | string | boolean | undefined {
  if (def.type === 'number' && (typeof v === 'number' || typeof v === 'string')) {
    const n = numberLiteral(def, v, loc, report)
    if (n !== undefined && !Number.isFinite(n)) report(loc, 'must be a finite number', 'screener.wrong_type')
    return n !== undefined && Number.isFinite(n) ? n : undefined
  }
  if (def.type === 'string' && typeof v === 'string') return stringLiteral(def, v, loc, report)
  if (def.type === 'boolean' && typeof v === 'boolean') return v
  report(loc, `must be ${TYPE_WORD[def.type]} for ${def.id}`, 'screener.wrong_type')
  return undefined
}

/** A field reference on the right-hand side: known, same type, same unit, crossable when crossing. */
function reference(def: FieldDef, ref: FieldRef, op: Op, loc: Loc, report: Report): FieldRef | undefined {
  const other = knownField(ref.field, [...loc, 'field'], report)
  if (!other) return undefined
  if (other.type !== def.type) {
    report(
      [...loc, 'field'],
      `${other.id} is ${TYPE_WORD[other.type]}, ${def.id} is ${TYPE_WORD[def.type]}`,
      'screener.wrong_type',
    )
    return undefined
  }
  if (other.unit !== def.unit) {
    report(
      [...loc, 'field'],
      `${other.id} is in ${other.unit ?? 'no unit'}, ${def.id} in ${def.unit ?? 'no unit'}`,
      'screener.wrong_unit',
    )
    return undefined
  }
  if ((op === 'crosses_above' || op === 'crosses_below') && !other.crossable) {
    report([...loc, 'field'], `${other.id} has no previous-session value to cross`, 'screener.not_crossable')
    return undefined
  }
  if (ref.times === undefined) return { field: other.id }
  if (def.type !== 'number' || typeof ref.times !== 'number' || !Number.isFinite(ref.times)) {
    report([...loc, 'times'], 'must be a finite number, on a number field', 'screener.wrong_type')
    return undefined
  }
  return { field: other.id, times: ref.times }
}

/** A literal or a field reference. */
export function operand(def: FieldDef, v: unknown, op: Op, loc: Loc, report: Report): Operand | undefined {
  return isRef(v) ? reference(def, v, op, loc, report) : literal(def, v, loc, report)
}

/** The normalised value of a condition whose field and operator are known and fit. */
export function conditionValue(
  def: FieldDef,
  c: Condition,
  loc: Loc,
  report: Report,
): Condition['value'] | null {
  const v: unknown = c.value
  const at = [...loc, 'value']
  const ok = (x: Condition['value'] | undefined) => (x === undefined ? null : x)
  switch (c.op) {
    case 'is_null':
    case 'not_null':
      if (v !== undefined) report(at, `${c.op} takes no value`, 'screener.wrong_type')
      return v === undefined ? undefined : null
    case 'between': {
      if (!Array.isArray(v) || v.length !== 2) {
        report(at, 'between takes [low, high]', 'screener.wrong_type')
        return null
      }
      const lo = operand(def, v[0], c.op, [...at, 0], report)
      const hi = operand(def, v[1], c.op, [...at, 1], report)
      if (lo === undefined || hi === undefined) return null
      if (typeof lo === 'number' && typeof hi === 'number' && lo > hi) {
        report(at, `low ${lo} is above high ${hi}`, 'screener.wrong_range')
        return null
      }
      return [lo, hi]
    }
    case 'in':
    case 'not_in': {
      if (!Array.isArray(v) || v.length === 0) {
        report(at, `${c.op} takes a non-empty list of values`, 'screener.wrong_type')
        return null
      }
      const out = v.map((x, i) => (isRef(x) ? undefined : literal(def, x, [...at, i], report)))
      if (v.some(isRef)) report(at, `${c.op} takes literal values, not fields`, 'screener.wrong_type')
      return out.every((x) => x !== undefined) ? out : null
    }
    default:
      if (v === undefined || Array.isArray(v)) {
        report(at, `${c.op} takes one value or field`, 'screener.wrong_type')
        return null
      }
      return ok(operand(def, v, c.op, at, report))
  }
}
