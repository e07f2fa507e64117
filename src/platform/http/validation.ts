/**
 * Request validation, one mechanism for every route (ADR 0012):
 * - query strings, path parameters and headers are text, so their validator coerces types
 *   ("10" → 10); JSON bodies are typed already, so theirs does not (a "10" where a number is
 *   wanted is a 422, never a silent conversion);
 * - nothing is ever removed silently: every request-body object is strict (unknown fields are
 *   422 `additional_properties`), unless its schema says `additionalProperties: true`;
 * - a number that is not finite (`1e400` reads as Infinity, in a query or in JSON) is invalid;
 * - a body is read only in the media types its route declares (`consumes`, default JSON): a form
 *   or text body sent to a JSON operation is a 415 that says which type to send;
 * - `errorMessage` is an annotation a schema may carry to say, from the user's side, what a
 *   failed rule means (read by field-errors.ts).
 */
import { AjvCompiler, type Ajv } from '@fastify/ajv-compiler'
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import type { FastifyReply, FastifyRequest, FastifyServerOptions, RouteOptions } from 'fastify'
import { AppError } from './errors.ts'
import { acceptedMediaTypes, unsupportedMediaType } from './framework-errors.ts'
import type { JSONSchema } from './field-errors.ts'

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null }
type CompilerInput = { schema: object; method: string; url: string; httpPart?: string }
type ExternalSchemas = Parameters<ReturnType<typeof AjvCompiler>>[0]

const BASE_OPTIONS = { allErrors: true, removeAdditional: false, useDefaults: true, verbose: true }

const annotations = (ajv: Ajv): Ajv =>
  ajv.addKeyword({ keyword: 'errorMessage', schemaType: ['string', 'object'] })

/**
 * Paths (Ajv `instancePath` style) of every non-finite number in a validated value. Walked with an
 * explicit stack: a hostile body may nest thousands of levels, more than the call stack holds.
 */
export function nonFinitePaths(value: unknown): string[] {
  const found: string[] = []
  const todo: [unknown, string][] = [[value, '']]
  for (let next = todo.pop(); next; next = todo.pop()) {
    const [v, path] = next
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) found.push(path)
    } else if (v !== null && typeof v === 'object') {
      const entries: [string, unknown][] = Array.isArray(v)
        ? v.map((x: unknown, i) => [String(i), x])
        : Object.entries(v)
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, x] = entries[i]!
        todo.push([x, `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`])
      }
    }
  }
  return found
}

/** Runs Ajv, then fails on any number coercion or JSON parsing turned into ±Infinity or NaN. */
function finiteOnly(validate: Validate): Validate {
  const wrapped: Validate = (data) => {
    const ok = validate(data)
    const bad = nonFinitePaths(data)
    const errors = ((ok ? [] : validate.errors) ?? []) as { instancePath: string }[]
    wrapped.errors = [
      ...errors.filter((e) => !bad.includes(e.instancePath)),
      ...bad.map((instancePath) => ({
        instancePath,
        schemaPath: '#',
        keyword: 'finite',
        params: {},
        message: 'must be a finite number',
      })),
    ]
    if (wrapped.errors.length === 0) wrapped.errors = null
    return wrapped.errors === null
  }
  return wrapped
}

/** A validator compiled on its first call; `errors` mirrors the compiled one's, as Fastify reads it. */
function lazyValidator(compile: () => Validate): Validate {
  let compiled: Validate | undefined
  const lazy: Validate = (data) => {
    const v = (compiled ??= compile())
    const ok = v(data)
    lazy.errors = v.errors ?? null
    return ok
  }
  return lazy
}

function lazySerializer(compile: () => (data: unknown) => string) {
  let compiled: ((data: unknown) => string) | undefined
  return (data: unknown) => (compiled ??= compile())(data)
}

/**
 * Validators compiled when called: a coercing Ajv for text parts (query, params, headers), a
 * non-coercing one for bodies, each failing on any non-finite number. Fastify's `buildValidator`.
 */
export function validators(pool = AjvCompiler()) {
  return (externalSchemas: ExternalSchemas) => {
    const build = (coerceTypes: false | 'array') =>
      pool(externalSchemas, { customOptions: { ...BASE_OPTIONS, coerceTypes }, plugins: [annotations] })
    const text = build('array')
    const json = build(false)
    return (input: CompilerInput): Validate =>
      finiteOnly((input.httpPart === 'body' ? json : text)(input) as Validate)
  }
}

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>

/**
 * Fastify `schemaController`: the validators above and fast-json-stringify for responses. Each
 * route's validators and serializers are compiled on first use instead of at start: compiling all
 * of them was a third of the start-up time and of the heap, and most processes serve a few routes
 * most of the time.
 */
export function schemaCompilers(): SchemaController {
  const validator = validators()
  const serializers = SerializerSelector()
  return {
    compilersFactory: {
      buildValidator(externalSchemas: ExternalSchemas) {
        const compile = validator(externalSchemas)
        return (input: CompilerInput) => lazyValidator(() => compile(input))
      },
      buildSerializer(externalSchemas: unknown, options: unknown) {
        const build = serializers(externalSchemas, options as never)
        return (input: Parameters<typeof build>[0]) => lazySerializer(() => build(input))
      },
    },
  } as SchemaController
}

/** A copy of a body schema where every object without an explicit `additionalProperties` is closed. */
export function strictObjects(schema: JSONSchema): JSONSchema {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema
  const out: JSONSchema = { ...schema }
  const closable = out['type'] === 'object' && out['properties'] && !out['patternProperties']
  if (closable && out['additionalProperties'] === undefined) out['additionalProperties'] = false
  const props = out['properties'] as Record<string, JSONSchema> | undefined
  if (props)
    out['properties'] = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, strictObjects(v)]))
  if (out['items']) out['items'] = strictObjects(out['items'] as JSONSchema)
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    if (Array.isArray(out[key])) out[key] = (out[key] as JSONSchema[]).map(strictObjects)
  return out
}

/** `onRoute` hook: closes every route's body schema before it is compiled and documented. */
export function closeBodySchemas(route: RouteOptions): void {
  const schema = route.schema as { body?: JSONSchema } | undefined
  if (schema?.body) schema.body = strictObjects(schema.body)
}

/**
 * `preValidation` hook: a parsed body in a media type the route does not declare is a 415 that
 * names the accepted types (a JSON text sent as text/plain or a form is not guessed at).
 */
export function requireDeclaredMediaType(
  req: FastifyRequest,
  _reply: FastifyReply,
  done: (err?: Error) => void,
): void {
  if (req.body === undefined) return done()
  const sent = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
  const accepted = acceptedMediaTypes(req)
  if (accepted.includes(sent)) return done()
  done(
    new AppError(415, 'request.unsupported_media_type', unsupportedMediaType(req), { extra: { accepted } }),
  )
}
