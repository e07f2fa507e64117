/**
 * Every request input in the OpenAPI document is bounded (ADR 0012), so that operations added
 * later inherit the rules: request-body objects are closed (unknown fields are 422), integers have
 * bounds inside JavaScript's exact range (no 64-bit overflow reaches the database), and every
 * string either has a format/enum or a pattern that refuses a NUL byte.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { useTestApp } from '../helpers/test-app.ts'
import { json, type Body } from '../helpers/assertions.ts'

const t = useTestApp()
const SAFE_FORMATS = new Set(['date', 'date-time', 'email'])
const METHODS = ['get', 'post', 'put', 'patch', 'delete']

/** Calls `visit(schema, where)` on every subschema, following local $refs. */
function walk(doc: Body, schema: Body, where: string, visit: (s: Body, where: string) => void): void {
  if (!schema || typeof schema !== 'object') return
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop()!
    return walk(doc, doc.components.schemas[name] as Body, where, visit)
  }
  visit(schema, where)
  for (const [k, v] of Object.entries((schema.properties ?? {}) as Record<string, Body>))
    walk(doc, v, `${where}.${k}`, visit)
  if (schema.items) walk(doc, schema.items as Body, `${where}[]`, visit)
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const s of (schema[key] ?? []) as Body[]) walk(doc, s, where, visit)
}

/** [where, schema, in] for every parameter and request body of every operation. */
function inputs(doc: Body): [string, Body, string][] {
  const out: [string, Body, string][] = []
  for (const [path, item] of Object.entries(doc.paths as Record<string, Body>))
    for (const m of METHODS.filter((x) => item[x])) {
      const op = item[m] as Body
      for (const p of (op.parameters ?? []) as Body[])
        out.push([`${m} ${path} ${p.in}.${p.name}`, p.schema, p.in])
      for (const [type, c] of Object.entries((op.requestBody?.content ?? {}) as Record<string, Body>))
        out.push([`${m} ${path} body(${type})`, c.schema, 'body'])
    }
  return out
}

function collect(doc: Body, check: (s: Body, where: string, part: string) => string | null): string[] {
  const bad: string[] = []
  for (const [where, schema, part] of inputs(doc))
    walk(doc, schema, where, (s, w) => {
      const problem = check(s, w, part)
      if (problem) bad.push(`${w}: ${problem}`)
    })
  return bad
}

describe('request schemas in the OpenAPI document', () => {
  it('every request-body object is closed (additionalProperties false, unless declared open)', async () => {
    const doc = json((await t.anon.get('/openapi.json')).body)
    const bad = collect(doc, (s, _w, part) =>
      part === 'body' && s.type === 'object' && s.properties && s.additionalProperties === undefined
        ? 'open object'
        : null,
    )
    assert.deepEqual(bad, [])
  })

  it('every integer input is bounded within 1…2^53 − 1 style limits (JavaScript-exact)', async () => {
    const doc = json((await t.anon.get('/openapi.json')).body)
    const bad = collect(doc, (s) => {
      if (s.type !== 'integer' || s.enum) return null
      const ok =
        typeof s.minimum === 'number' &&
        typeof s.maximum === 'number' &&
        s.minimum >= -Number.MAX_SAFE_INTEGER &&
        s.maximum <= Number.MAX_SAFE_INTEGER
      return ok ? null : `unbounded integer (minimum ${s.minimum}, maximum ${s.maximum})`
    })
    assert.deepEqual(bad, [])
  })

  it('every string input refuses control characters (format, enum or a NUL-refusing pattern)', async () => {
    const doc = json((await t.anon.get('/openapi.json')).body)
    const bad = collect(doc, (s) => {
      if (s.type !== 'string' || s.enum || s.const !== undefined || SAFE_FORMATS.has(s.format)) return null
      if (typeof s.pattern !== 'string') return 'string without a pattern'
      const re = new RegExp(s.pattern, 'u')
      return re.test('A\u0000') || re.test('A\u001b')
        ? `pattern ${s.pattern} accepts control characters`
        : null
    })
    assert.deepEqual(bad, [])
  })
})
