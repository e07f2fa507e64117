/**
 * Ajv issues → `{loc, msg, type}` field errors written for the person sending the request: what
 * the value must be, in words (never "must NOT be valid"), an unknown field with the closest
 * known name, and one message for a union (`null or text`) instead of one per branch.
 * A schema may say more with `errorMessage` (a string, or one per keyword) — see validation.ts.
 */
import { closest, distance } from 'fastest-levenshtein'
import type { FieldError } from './errors.ts'

export type JSONSchema = Record<string, unknown>

export interface AjvIssue {
  instancePath: string
  schemaPath?: string
  keyword: string
  params: Record<string, unknown>
  message?: string
  parentSchema?: JSONSchema
  data?: unknown
}

const LOCATION: Record<string, string> = {
  querystring: 'query',
  params: 'path',
  body: 'body',
  headers: 'header',
}

const TYPE_NAMES: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
}

const FORMATS: Record<string, string> = {
  date: 'a date, YYYY-MM-DD',
  'date-time': 'a date and time in ISO 8601, e.g. 2024-01-31T15:30:00Z',
  email: 'an e-mail address',
  uri: 'an absolute URL',
  uuid: 'a UUID',
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

const typeName = (t: unknown) =>
  String(t)
    .split(',')
    .map((x) => TYPE_NAMES[x] ?? x)
    .join(' or ')

const plural = (n: unknown, what: string) => `${String(n)} ${what}${n === 1 ? '' : 's'}`

/** A step of ten (0.01) reads as decimals; anything else as a multiple. */
function multipleOf(step: number): string {
  const decimals = -Math.log10(step)
  return Number.isInteger(decimals) && decimals > 0
    ? `must have at most ${plural(decimals, 'decimal place')}`
    : `must be a multiple of ${step}`
}

/** `b` is `a` with two neighbouring letters swapped (`nmae` for name). */
function swapped(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  const diff = [...a].flatMap((ch, k) => (ch === b[k] ? [] : [k]))
  const [i = -1, j = -1] = diff
  return diff.length === 2 && j === i + 1 && a[i] === b[j] && a[j] === b[i]
}

/**
 * "did you mean x?" when a known name is a swap of two letters away, or within a third of its
 * length in edits (at least one), else the list of known names.
 */
export function unknownField(name: string, known: string[]): string {
  if (known.length === 0) return 'unknown field; this object takes no fields'
  const typed = name.toLowerCase()
  const near = known.find((k) => swapped(typed, k)) ?? closest(typed, known)
  if (swapped(typed, near) || distance(typed, near) <= Math.max(1, Math.floor(near.length / 3)))
    return `unknown field; did you mean ${near}?`
  return `unknown field; expected one of: ${known.join(', ')}`
}

function customMessage(issue: AjvIssue): string | undefined {
  const custom = issue.parentSchema?.['errorMessage']
  if (typeof custom === 'string') return custom
  if (custom && typeof custom === 'object') {
    const own = (custom as Record<string, unknown>)[issue.keyword]
    if (typeof own === 'string') return own
  }
  return undefined
}

/** A pattern failed because of a control character: say so, whatever the pattern's own message. */
const controlMessage = (issue: AjvIssue) =>
  issue.keyword === 'pattern' && typeof issue.data === 'string' && CONTROL.test(issue.data)
    ? 'must not contain control characters (NUL, escape codes, line breaks)'
    : undefined

function patternMessage(issue: AjvIssue): string {
  const description = issue.parentSchema?.['description']
  return typeof description === 'string'
    ? `must match the expected form: ${description}`
    : `must match the pattern ${String(issue.params['pattern'])}`
}

function notMessage(issue: AjvIssue): string {
  const not = issue.parentSchema?.['not'] as JSONSchema | undefined
  if (not && 'const' in not) return `must not be ${JSON.stringify(not['const'])}`
  return 'is not an accepted value here'
}

function minProperties(issue: AjvIssue, n: number): string {
  const known = Object.keys((issue.parentSchema?.['properties'] as JSONSchema | undefined) ?? {})
  const fields = n === 1 ? 'at least one field' : `at least ${n} fields`
  return known.length ? `send ${fields} of: ${known.join(', ')}` : `send ${fields}`
}

type Params = Record<string, unknown>
const MESSAGES: Record<string, (p: Params, issue: AjvIssue) => string> = {
  type: (p) => `must be ${typeName(p['type'])}`,
  minimum: (p) => `must be at least ${String(p['limit'])}`,
  exclusiveMinimum: (p) => `must be greater than ${String(p['limit'])}`,
  maximum: (p) => `must be at most ${String(p['limit'])}`,
  exclusiveMaximum: (p) => `must be less than ${String(p['limit'])}`,
  multipleOf: (p) => multipleOf(Number(p['multipleOf'])),
  minLength: (p) =>
    p['limit'] === 1 ? 'must not be empty' : `must be at least ${plural(p['limit'], 'character')}`,
  maxLength: (p) => `must be at most ${plural(p['limit'], 'character')}`,
  pattern: (_p, issue) => patternMessage(issue),
  format: (p) => `must be ${FORMATS[String(p['format'])] ?? `a valid ${String(p['format'])}`}`,
  enum: (p) => `must be one of ${(p['allowedValues'] as unknown[]).join(', ')}`,
  const: (p) => `must be ${JSON.stringify(p['allowedValue'])}`,
  not: (_p, issue) => notMessage(issue),
  minProperties: (p, issue) => minProperties(issue, Number(p['limit'])),
  maxProperties: (p) => `must have at most ${plural(p['limit'], 'field')}`,
  minItems: (p) => `must have at least ${plural(p['limit'], 'item')}`,
  maxItems: (p) => `must have at most ${plural(p['limit'], 'item')}`,
  uniqueItems: (p) => {
    const [a, b] = [Number(p['i']), Number(p['j'])].sort((x, y) => x - y)
    return `must not repeat items (items ${a} and ${b} are equal)`
  },
  finite: () => 'must be a finite number',
}

function locOf(context: string, instancePath: string): (string | number)[] {
  const loc: (string | number)[] = [LOCATION[context] ?? context]
  for (const part of instancePath.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~')
    loc.push(/^\d+$/.test(key) ? Number(key) : key)
  }
  return loc
}

/** Maps one Ajv issue to `{loc, msg, type}` with a loc like ["query","page_size"]. */
export function toFieldError(context: string, issue: AjvIssue): FieldError {
  const loc = locOf(context, issue.instancePath)
  const p = issue.params
  if (issue.keyword === 'required' && typeof p['missingProperty'] === 'string') {
    loc.push(p['missingProperty'])
    return { loc, msg: 'field required', type: 'required' }
  }
  if (issue.keyword === 'additionalProperties' && typeof p['additionalProperty'] === 'string') {
    loc.push(p['additionalProperty'])
    const known = Object.keys((issue.parentSchema?.['properties'] as JSONSchema | undefined) ?? {})
    return { loc, msg: unknownField(p['additionalProperty'], known), type: 'additional_properties' }
  }
  const msg =
    controlMessage(issue) ??
    customMessage(issue) ??
    MESSAGES[issue.keyword]?.(p, issue) ??
    `is invalid (${issue.keyword})`
  return { loc, msg, type: issue.keyword }
}

const inside = (branch: AjvIssue, union: AjvIssue) =>
  branch !== union && (branch.schemaPath ?? '').startsWith(`${union.schemaPath ?? ''}/`)

/** A union's failure as one error: the branch that got past its type, else "must be A or B". */
function unionErrors(context: string, union: AjvIssue, branches: AjvIssue[]): FieldError[] {
  const custom = customMessage(union)
  if (custom) return [{ loc: locOf(context, union.instancePath), msg: custom, type: union.keyword }]
  const matched = branches.filter((b) => b.keyword !== 'type' && b.keyword !== 'const')
  if (matched.length) return matched.map((b) => toFieldError(context, b))
  const allowed = branches.map((b) =>
    b.keyword === 'type' ? typeName(b.params['type']) : JSON.stringify(b.params['allowedValue']),
  )
  const msg = `must be ${[...new Set(allowed)].join(' or ')}`
  return [{ loc: locOf(context, union.instancePath), msg, type: 'type' }]
}

/** All issues of one validation, unions collapsed and duplicates dropped. */
export function toFieldErrors(context: string, issues: AjvIssue[]): FieldError[] {
  const unions = issues.filter((i) => i.keyword === 'anyOf' || i.keyword === 'oneOf')
  const nested = (i: AjvIssue) => unions.some((u) => inside(i, u))
  const errors = issues.flatMap((i) => {
    if (nested(i)) return []
    if (unions.includes(i))
      return unionErrors(
        context,
        i,
        issues.filter((b) => inside(b, i) && !nestedDeeper(b, i, unions)),
      )
    return [toFieldError(context, i)]
  })
  const seen = new Set<string>()
  return errors.filter((e) => {
    const key = JSON.stringify([e.loc, e.msg])
    return seen.has(key) ? false : (seen.add(key), true)
  })
}

/** A branch issue that belongs to a union nested inside `union` (reported by that inner union). */
const nestedDeeper = (b: AjvIssue, union: AjvIssue, unions: AjvIssue[]) =>
  unions.some((u) => u !== union && inside(u, union) && inside(b, u))
