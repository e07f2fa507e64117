/**
 * Walking the app's OpenAPI document for the "self-explaining API" checks: what each operation
 * lacks (description, examples, response descriptions, the Problem schema on errors), and whether
 * every example validates against its own schema (Ajv, JSON Schema 2020-12 as in OpenAPI 3.1).
 */
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- a parsed document
const METHODS = ['get', 'post', 'put', 'patch', 'delete']
const PROBLEM_REF = '#/components/schemas/Problem'

export interface DocOperation {
  name: string
  op: Json
}

export function docOperations(doc: Json): DocOperation[] {
  return Object.entries(doc['paths'] as Json).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m] && !path.startsWith('/docs')).map((m) => ({
      name: `${m.toUpperCase()} ${path}`,
      op: item[m] as Json,
    })),
  )
}

const media = (x: Json | undefined): Json | undefined => Object.values((x?.['content'] ?? {}) as Json)[0]
const successOf = (op: Json): [string, Json] | undefined =>
  Object.entries(op['responses'] as Json).find(([s]) => /^2\d\d$/.test(s))

/** What an operation lacks to explain itself; `exempt` names error answers that are not problems. */
export function gaps({ name, op }: DocOperation, exempt: string[] = []): string[] {
  const out: string[] = []
  if (!String(op['description'] ?? '').trim()) out.push(`${name}: no description`)
  const params = (op['parameters'] ?? []) as Json[]
  for (const p of params) {
    if (p['in'] === 'path' && p['example'] === undefined)
      out.push(`${name}: path ${p['name']} has no example`)
    if (p['required'] && p['schema']?.['default'] !== undefined)
      out.push(`${name}: ${p['name']} has a default but is required`)
  }
  if (params.length && !params.some((p) => p['example'] !== undefined))
    out.push(`${name}: no parameter example`)
  const body = media(op['requestBody'])
  if (body && body['example'] === undefined) out.push(`${name}: no request body example`)
  for (const k of (body?.['schema']?.['required'] ?? []) as string[])
    if (body?.['schema']?.['properties']?.[k]?.['default'] !== undefined)
      out.push(`${name}: body ${k} has a default but is required`)
  const ok = successOf(op)
  if (!ok) out.push(`${name}: no success response`)
  else if (media(ok[1]) && media(ok[1])?.['example'] === undefined) out.push(`${name}: no ${ok[0]} example`)
  for (const [status, res] of Object.entries(op['responses'] as Json)) {
    if (res['description'] === 'Default Response') out.push(`${name}: ${status} says "Default Response"`)
    if (
      +status >= 400 &&
      !exempt.includes(`${name} ${status}`) &&
      res['content']?.['application/problem+json']?.['schema']?.['$ref'] !== PROBLEM_REF
    )
      out.push(`${name}: ${status} does not reference the Problem schema`)
  }
  return out
}

/** Every example of the document checked against the schema it illustrates. */
export function invalidExamples(doc: Json): string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)
  const out: string[] = []
  const check = (where: string, schema: Json | undefined, value: unknown) => {
    if (value === undefined || !schema) return
    // The components ride along so that `#/components/schemas/...` references resolve.
    const validate = ajv.compile({ ...schema, components: doc['components'] })
    if (!validate(value)) out.push(`${where}: ${ajv.errorsText(validate.errors)}`)
  }
  for (const { name, op } of docOperations(doc)) {
    for (const p of (op['parameters'] ?? []) as Json[])
      check(`${name} ${p['in']} ${p['name']}`, p['schema'], p['example'])
    const body = media(op['requestBody'])
    check(`${name} body`, body?.['schema'], body?.['example'])
    for (const [status, res] of Object.entries(op['responses'] as Json))
      check(`${name} ${status}`, media(res)?.['schema'], media(res)?.['example'])
  }
  return out
}
