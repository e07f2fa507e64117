/**
 * JSON Schema (as published in /openapi.json) → fast-check arbitrary of values the schema accepts.
 * Covers what the service's parameter and body schemas use: type, enum, const, anyOf/oneOf,
 * min/max, lengths, pattern, date/date-time/email formats, objects and arrays.
 */
import fc from 'fast-check'

export interface JsonSchema {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  not?: JsonSchema
  default?: unknown
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  minProperties?: number
  items?: JsonSchema
  minItems?: number
  maxItems?: number
}

const DAY = 86_400_000
const EPOCH_2000 = Date.UTC(2000, 0, 3)

/** A value the schema accepts (fast-check arbitrary). */
export function valueOf(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant('x')
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const branches = schema.anyOf ?? schema.oneOf
  if (branches) return fc.oneof(...branches.map(valueOf))
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'integer':
      return integerOf(schema)
    case 'number':
      return numberOf(schema)
    case 'boolean':
      return fc.boolean()
    case 'array':
      return fc.array(valueOf(schema.items), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      })
    case 'object':
      return objectOf(schema)
    default:
      return stringOf(schema)
  }
}

function integerOf(s: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(s.minimum ?? (s.exclusiveMinimum ?? -1_000_001) + 1, -1_000_000)
  const max = Math.min(s.maximum ?? (s.exclusiveMaximum ?? 1_000_001) - 1, Math.max(min, 1_000_000))
  return fc.integer({ min, max })
}

function numberOf(s: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(s.minimum ?? s.exclusiveMinimum ?? -1e6, -1e6)
  const max = Math.min(s.maximum ?? s.exclusiveMaximum ?? 1e6, Math.max(min, 1e6))
  const forbidden = s.not?.enum ?? []
  // Two decimals: what a person types for money and shares; never an excluded bound or value.
  return fc
    .integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) })
    .map((n) => n / 100)
    .filter(
      (n) =>
        !forbidden.includes(n) &&
        (s.exclusiveMinimum === undefined || n > s.exclusiveMinimum) &&
        (s.exclusiveMaximum === undefined || n < s.exclusiveMaximum),
    )
}

function stringOf(s: JsonSchema): fc.Arbitrary<string> {
  const dates = fc.integer({ min: 0, max: 9000 }).map((d) => new Date(EPOCH_2000 + d * DAY))
  if (s.format === 'date') return dates.map((d) => d.toISOString().slice(0, 10))
  if (s.format === 'date-time') return dates.map((d) => d.toISOString())
  if (s.format === 'email') return fc.emailAddress().filter((e) => e.length <= (s.maxLength ?? 254))
  const minLength = s.minLength ?? 0
  const maxLength = Math.min(s.maxLength ?? 40, Math.max(minLength, 40))
  if (s.pattern) {
    const re = new RegExp(s.pattern)
    return matching(re, minLength, maxLength).filter(
      (v) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity),
    )
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }).filter((v) => v.trim() === v)
}

/**
 * Strings matching a pattern. fast-check builds them from the regex where it can; it cannot read
 * lookaheads (the schemas' "not blank" rule keeps one, since the lookahead-free form backtracks
 * quadratically), so those are drawn as printable text and filtered.
 */
function matching(re: RegExp, minLength: number, maxLength: number): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(re)
  } catch {
    return fc
      .string({ minLength: Math.max(1, minLength), maxLength, unit: 'grapheme-ascii' })
      .filter((v) => re.test(v))
  }
}

function objectOf(s: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {}
  const required = new Set(s.required ?? [])
  const keys = Object.keys(props)
  if (!keys.length) return fc.constant({})
  return fc
    .record(Object.fromEntries(keys.map((k) => [k, valueOf(props[k])])), {
      requiredKeys: keys.filter((k) => required.has(k)),
    })
    .filter((o) => Object.keys(o).length >= (s.minProperties ?? 0))
}
