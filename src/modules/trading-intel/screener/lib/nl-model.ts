/**
 * The language-model side of building a screen from words, pure: the JSON schema the model's
 * answer is constrained to (field ids and operators as enums from the catalog, in the strict
 * structured-output subset), the instructions, and reading an answer back into a ScreenSpec.
 * Whatever the model answers is only parsed and then validated by validateSpec; nothing in it
 * is executed.
 */
import { FIELDS } from './catalog.ts'
import { describeCondition, describeSort } from './nl-words.ts'
import { Value } from 'typebox/value'
import { OPS, ScreenSpecSchema, type Condition, type Group, type ScreenSpec } from './spec.ts'

export const MODEL_SCHEMA_NAME = 'screen_spec'

const enumOf = (values: readonly string[]) => ({ type: 'string', enum: [...values] })

/**
 * Strict mode needs every property required and `additionalProperties: false`, so optional parts
 * are nullable (`value`, `times`) and a group is one of two closed objects, `{all}` or `{any}`.
 */
export function modelSchema(): Record<string, unknown> {
  const fieldIds = FIELDS.map((f) => f.id)
  const closed = (properties: Record<string, unknown>) => ({
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties),
    properties,
  })
  const fieldRef = closed({ field: enumOf(fieldIds), times: { type: ['number', 'null'] } })
  const scalar = [{ type: 'number' }, { type: 'string' }, { type: 'boolean' }, { $ref: '#/$defs/field_ref' }]
  const items = {
    type: 'array',
    items: { anyOf: [{ $ref: '#/$defs/condition' }, { $ref: '#/$defs/group' }] },
  }
  return {
    ...closed({
      filters: { $ref: '#/$defs/group' },
      sort: { type: 'array', items: closed({ field: enumOf(fieldIds), dir: enumOf(['asc', 'desc']) }) },
      universe: enumOf(['all', 'stocks', 'funds']),
    }),
    $defs: {
      field_ref: fieldRef,
      condition: closed({
        field: enumOf(fieldIds),
        op: enumOf(OPS),
        value: { anyOf: [...scalar, { type: 'array', items: { anyOf: scalar } }, { type: 'null' }] },
      }),
      group: { anyOf: [closed({ all: items }), closed({ any: items })] },
    },
  }
}

/** The instructions: the rules of a screen spec and the catalog (id, type, unit, closed value sets). */
export function modelInstructions(): string {
  const fields = FIELDS.map((f) => {
    const unit = f.unit ? ` (${f.unit})` : ''
    const values = f.values ? `; values: ${f.values.join(' | ')}` : ''
    const cross = f.crossable ? '; crossable' : ''
    return `- ${f.id}: ${f.type}${unit}${values}${cross}. ${f.description}`
  }).join('\n')
  return [
    'You turn a request for a stock screen into a screen spec (JSON). Output only the screen spec.',
    'filters is a group: {"all": [...]} (every item must match) or {"any": [...]} (at least one); items are conditions or groups.',
    'A condition is {"field", "op", "value"}. Operators: gt gte lt lte eq neq (one value), between ([lo, hi]), in / not_in (a list),',
    'is_null / not_null (value null), crosses_above / crosses_below (crossable fields; between the previous and the current session).',
    'value may be another field: {"field": "sma_200", "times": 1.05} (times null for 1).',
    'Units: usd in dollars (10 billion = 10000000000), percent in percentage points (2.5 means 2.5%), ratio as a plain number.',
    'held is true for symbols in the user portfolio. Use only these fields:',
    fields,
    'sort is a list of {"field", "dir"} (may be empty); universe is all, stocks or funds (ETFs).',
  ].join('\n')
}

type Json = unknown

/** Drops the strict schema's nulls (value, times) so the answer has the shape of a screen spec. */
function stripNulls(v: Json): Json {
  if (Array.isArray(v)) return v.map(stripNulls)
  if (typeof v !== 'object' || v === null) return v
  const out: Record<string, Json> = {}
  for (const [k, x] of Object.entries(v)) if (x !== null) out[k] = stripNulls(x)
  return out
}

/** The model's text → a spec-shaped object, or why not (validateSpec then judges it). */
export function readModelAnswer(text: string): { candidate: ScreenSpec } | { problem: string } {
  let parsed: Json
  try {
    parsed = JSON.parse(text)
  } catch {
    return { problem: 'the language model answered something that is not JSON' }
  }
  const cleaned = stripNulls(parsed)
  if (typeof cleaned !== 'object' || cleaned === null || Array.isArray(cleaned))
    return { problem: 'the language model answered JSON that is not a screen spec' }
  const spec = cleaned as Record<string, Json>
  if (Array.isArray(spec['sort']) && spec['sort'].length === 0) delete spec['sort']
  if (!Value.Check(ScreenSpecSchema, spec))
    return { problem: 'the language model answered JSON that is not a screen spec' }
  return { candidate: spec as unknown as ScreenSpec }
}

const isGroup = (x: Condition | Group): x is Group => 'all' in x || 'any' in x

/** A spec in words: "Market cap ≥ $10B and any of (Sector = "Energy", Sector = "Utilities")". */
export function describeGroup(g: Group): string {
  const items = g.all ?? g.any ?? []
  const parts = items.map((x) => (isGroup(x) ? `(${describeGroup(x)})` : describeCondition(x)))
  if (g.any) return parts.length === 1 ? parts[0]! : `any of: ${parts.join(', ')}`
  return parts.join(' and ')
}

/** One clause per top-level item, plus the sort and the universe. */
export function describeSpec(spec: ScreenSpec): string[] {
  const top = spec.filters.all ?? [spec.filters]
  const out = top
    .map((x) => (isGroup(x) ? describeGroup(x) : describeCondition(x)))
    .filter((s) => s.length > 0)
  for (const s of spec.sort ?? []) out.push(describeSort(s))
  if (spec.universe === 'funds') out.push('funds only')
  if (spec.universe === 'stocks') out.push('stocks only')
  return out.length > 0 ? out : ['every symbol']
}
