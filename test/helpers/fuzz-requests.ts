/**
 * Requests for the OpenAPI fuzz: schema-valid drafts (fast-check) and hostile variants of them, each
 * named `<where>=<kind>` (e.g. `path.account_id=int:2^63`, `body=proto`) so failures are readable
 * and a known failure can be listed by operation and variant.
 */
import fc from 'fast-check'
import { valueOf, type JsonSchema } from './fuzz-schema.ts'
import type { Operation } from './openapi.ts'

export type FuzzOperation = Pick<Operation, 'method' | 'path' | 'auth' | 'parameters' | 'body' | 'responses'>

/** A value written into the URL or the JSON text as is (bad encodings, number literals JSON lacks). */
export class Raw {
  constructor(readonly text: string) {}
}

export interface Draft {
  path: Record<string, unknown>
  query: Record<string, unknown>
  body?: unknown
  /** Request body text and type, when the variant is about the body itself. */
  payload?: string
  contentType?: string | null
  headers?: Record<string, string>
  /** Authenticate with the session cookie (and no Origin) instead of the bearer token. */
  asCookie?: boolean
}

export interface FuzzRequest {
  variant: string
  method: string
  url: string
  headers: Record<string, string>
  payload?: string
}

/** Values of the caller's own resources by parameter name (account_id, position_id, symbol, …). */
export type RealValues = Record<string, unknown>

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Schema-valid drafts; path and query ids are often the caller's own so deeper code runs. */
export function draftOf(op: FuzzOperation, real: RealValues): fc.Arbitrary<Draft> {
  const param = (p: FuzzOperation['parameters'][number]) => {
    const generated = valueOf(p.schema)
    const own = real[p.name]
    return own === undefined ? generated : fc.oneof({ arbitrary: fc.constant(own), weight: 3 }, generated)
  }
  const pick = (where: string, all: boolean) =>
    fc.record(
      Object.fromEntries(op.parameters.filter((p) => p.in === where).map((p) => [p.name, param(p)])),
      {
        requiredKeys: op.parameters.filter((p) => p.in === where && (all || p.required)).map((p) => p.name),
      },
    )
  const own = op.body?.type === 'text/csv' ? real['$csv'] : undefined
  const body = !op.body
    ? fc.constant(undefined)
    : own === undefined
      ? valueOf(op.body.schema)
      : fc.oneof(fc.constant(own), valueOf(op.body.schema))
  return fc.record({ path: pick('path', true), query: pick('query', false), body })
}

const NUMERIC: [string, string][] = [
  ['int:2^63', '9223372036854775808'],
  ['int:2^63-1', '9223372036854775807'],
  ['num:1e308', '1e308'],
  ['num:1e400', '1e400'],
  ['num:-1', '-1'],
]
const NON_FINITE = ['Infinity', 'NaN', '-Infinity']
const TEXT: [string, string][] = [
  ['str:NUL', 'AA\u0000PL'],
  ['str:control', 'a\u0007\u001b[2Jb'],
  ['str:long', 'x'.repeat(10_000)],
  ['str:empty', ''],
]

function isNumeric(s: JsonSchema | undefined): boolean {
  const t = Array.isArray(s?.type) ? s?.type : [s?.type]
  return t.includes('integer') || t.includes('number')
}

/** Hostile values for one field: as URL text in the path/query, as JSON in a body. */
function fieldValues(schema: JsonSchema | undefined, inJson: boolean, isPath: boolean): [string, unknown][] {
  const out: [string, unknown][] = []
  if (isNumeric(schema) || isPath) {
    for (const [k, v] of NUMERIC) out.push([k, inJson ? new Raw(v) : v])
    for (const v of NON_FINITE) out.push([`num:${v}`, v])
  }
  for (const [k, v] of TEXT) if (!(isPath && k === 'str:empty')) out.push([k, v])
  if (isPath) out.push(['url:bad-percent', new Raw('%E0%A4%A')], ['url:long', 'x'.repeat(2_000)])
  if (inJson) out.push(['type:array', [1]], ['type:object', { a: 1 }], ['type:null', null])
  else out.push(['query:repeated', ['1', '2']])
  return out
}

/** Every hostile variant of a valid draft, each changing one thing. */
export function hostileDrafts(op: FuzzOperation, base: Draft): [string, Draft][] {
  const out: [string, Draft][] = []
  for (const p of op.parameters) {
    const where = p.in === 'path' ? 'path' : p.in === 'query' ? 'query' : undefined
    if (!where) continue
    for (const [kind, value] of fieldValues(p.schema, false, where === 'path')) {
      if (where === 'path' && kind === 'query:repeated') continue
      out.push([`${where}.${p.name}=${kind}`, { ...base, [where]: { ...base[where], [p.name]: value } }])
    }
  }
  out.push(['query=unknown', { ...base, query: { ...base.query, unknown_param_x: '1' } }])
  const body = isObject(base.body) ? base.body : {}
  for (const [name, schema] of Object.entries(op.body?.schema.properties ?? {})) {
    for (const [kind, value] of fieldValues(schema, op.body?.type === 'application/json', false)) {
      if (kind === 'query:repeated') continue
      out.push([`body.${name}=${kind}`, { ...base, body: { ...body, [name]: value } }])
    }
  }
  if (WRITE.has(op.method)) out.push(...bodyVariants(op, base, body))
  out.push(['auth=none', { ...base, headers: { authorization: '' } }])
  return out
}

function bodyVariants(op: FuzzOperation, base: Draft, body: Record<string, unknown>): [string, Draft][] {
  const json = JSON.stringify(base.body ?? {})
  const refused: [string, Draft][] = [
    ['body=not-json', { ...base, payload: '{"a":', contentType: 'application/json' }],
    ['body=huge', { ...base, payload: HUGE, contentType: 'application/json' }],
    ['ctype=multipart', { ...base, payload: multipart(), contentType: 'multipart/form-data; boundary=XyZ' }],
    ['ctype=garbage', { ...base, payload: json, contentType: '/;;=' }],
  ]
  // An operation without a body ignores one it can parse: only what must be refused is worth a call.
  const out: [string, Draft][] = op.body ? [...refused, ...bodyShapes(base, body, json)] : refused
  if (op.auth !== 'public') out.push(['auth=cookie-no-origin', { ...base, asCookie: true }])
  return out
}

/** Over every body limit of the service (JSON 1 MiB by default, CSV 5 MiB). */
const HUGE = `"${'x'.repeat(5 * 1024 * 1024 + 1024)}"`
const DEEP = '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000)

function bodyShapes(base: Draft, body: Record<string, unknown>, json: string): [string, Draft][] {
  return [
    ['body=unknown-field', { ...base, body: { ...body, unknown_field_x: 1 } }],
    ['body=array', { ...base, body: [body] }],
    ['body=string', { ...base, body: 'text' }],
    ['body=deep', { ...base, payload: `{"nested":${DEEP}}`, contentType: 'application/json' }],
    ['body=proto', { ...base, payload: protoPolluted(json), contentType: 'application/json' }],
    ['body=constructor', { ...base, body: { ...body, constructor: { prototype: { polluted: 1 } } } }],
    ['body=empty', { ...base, payload: '', contentType: 'application/json' }],
    ['ctype=none', { ...base, payload: json, contentType: null }],
    ['ctype=text/plain', { ...base, payload: json, contentType: 'text/plain' }],
    ['ctype=form', { ...base, payload: formText(body), contentType: 'application/x-www-form-urlencoded' }],
  ]
}

function formText(body: Record<string, unknown>): string {
  const text = (v: unknown) =>
    v instanceof Raw ? v.text : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)
  return new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, text(v)])).toString()
}

function protoPolluted(json: string): string {
  const inner = json.startsWith('{') && json !== '{}' ? json.slice(1, -1) + ',' : ''
  return `{${inner}"__proto__":{"polluted":1}}`
}

function multipart(): string {
  return [
    '--XyZ',
    'Content-Disposition: form-data; name="file"; filename="trades.csv"',
    'Content-Type: text/csv',
    '',
    'symbol,quantity',
    'AAPL,1',
    '--XyZ--',
    '',
  ].join('\r\n')
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** The HTTP request of a draft; `auth` are the caller's headers (a variant may replace them). */
export function render(
  op: FuzzOperation,
  variant: string,
  d: Draft,
  auth: Record<string, string>,
): FuzzRequest {
  const url = op.path.replace(/\{(\w+)\}/g, (_, k: string) => urlText(d.path[k]))
  const query = Object.entries(d.query)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${encodeURIComponent(k)}=${urlText(x)}`))
    .join('&')
  const headers: Record<string, string> = { ...auth, ...d.headers }
  if (d.asCookie && headers['authorization']) {
    headers['cookie'] = `svc_token=${headers['authorization'].replace(/^Bearer /, '')}`
    headers['authorization'] = ''
  }
  for (const k of Object.keys(headers)) if (headers[k] === '') delete headers[k]
  let payload = d.payload
  let type = d.contentType === undefined ? op.body?.type : (d.contentType ?? undefined)
  if (payload === undefined && d.body !== undefined) payload = bodyText(op.body?.type, d.body)
  if (payload === undefined) type = undefined
  if (type) headers['content-type'] = type
  return { variant, method: op.method, url: query ? `${url}?${query}` : url, headers, payload }
}

function urlText(v: unknown): string {
  return v instanceof Raw ? v.text : encodeURIComponent(String(v))
}

function bodyText(type: string | undefined, body: unknown): string {
  if (type === 'text/csv' && typeof body === 'string') return body
  if (type === 'application/x-www-form-urlencoded' && isObject(body)) {
    return formText(body)
  }
  const raws: string[] = []
  const text = JSON.stringify(body, (_k, v: unknown) =>
    v instanceof Raw ? `\u0001${raws.push(v.text) - 1}\u0001` : v,
  )
  return text.replace(/"\\u0001(\d+)\\u0001"/g, (_, i: string) => raws[Number(i)]!)
}
