/**
 * How a route's schema becomes an OpenAPI operation: its security requirement (from `config.auth`),
 * its examples and success description (from the route's `examples`), and parameters that are
 * optional because they have a default.
 */
import type { FastifySchema } from 'fastify'

/** What a route's success status means and a realistic answer (none for a 204). */
export interface Answer {
  description: string
  value?: unknown
  /** For an answer the route has no schema for (plain text): its media type. */
  mediaType?: string
}

/**
 * A route's `schema.examples`: one realistic request, by part, and its success answer keyed by
 * status. Each value is placed where @fastify/swagger emits it (a parameter's or a media type's
 * `example`); the contract test validates every example against its schema.
 */
export interface RouteExamples {
  params?: Record<string, unknown>
  query?: Record<string, unknown>
  body?: unknown
  [status: number]: Answer
}

declare module 'fastify' {
  interface FastifySchema {
    examples?: RouteExamples
  }
}

type Json = Record<string, unknown>

/** Every login route accepts these, the OAuth 2.0 password flow first (what /docs logs in with). */
export const PRIVATE_SECURITY: Record<string, string[]>[] = [
  { OAuth2PasswordBearer: [] },
  { bearerAuth: [] },
  { apiKey: [] },
  { cookieAuth: [] },
]

export function securityFor(auth: string, agentKey = false): Record<string, string[]>[] {
  if (auth === 'public') return []
  return agentKey ? [...PRIVATE_SECURITY, { agentKey: [] }] : PRIVATE_SECURITY
}

/**
 * A property with a default may be left out (Ajv fills it in before `required` is checked), so the
 * document must not call it required.
 */
function defaultedNotRequired(schema: unknown): unknown {
  const s = schema as Json | undefined
  if (!s || !Array.isArray(s['required']) || typeof s['properties'] !== 'object') return schema
  const props = s['properties'] as Record<string, Json>
  const required = (s['required'] as string[]).filter((k) => props[k]?.['default'] === undefined)
  return { ...s, required }
}

/** Each named value becomes the `examples` of its property, which swagger emits as the parameter's example. */
function withPropertyExamples(schema: unknown, values: Record<string, unknown> | undefined): unknown {
  const s = schema as Json | undefined
  if (!s || !values) return schema
  const props = { ...(s['properties'] as Record<string, Json>) }
  for (const [k, v] of Object.entries(values)) if (props[k]) props[k] = { ...props[k], examples: [v] }
  return { ...s, properties: props }
}

function withAnswers(response: unknown, examples: RouteExamples): unknown {
  const out: Record<string, unknown> = { ...(response as Json | undefined) }
  for (const [status, answer] of Object.entries(examples)) {
    if (!/^\d{3}$/.test(status)) continue
    const { description, value, mediaType } = answer as Answer
    if (mediaType) {
      const media = { schema: { type: 'string' }, example: value }
      out[status] = { description, content: { [mediaType]: media } }
    } else if (out[status]) {
      const example = value === undefined ? {} : { examples: [value] }
      out[status] = { ...(out[status] as Json), description, ...example }
    }
  }
  return Object.keys(out).length ? out : response
}

/** The route schema as the document should show it (the route's own validation is not touched). */
export function documentedSchema(schema: FastifySchema | undefined, auth: string, agentKey = false): Json {
  // A route without a schema is still documented, with its security requirement.
  const { examples, ...rest } = schema ?? {}
  const ex: RouteExamples = examples ?? {}
  const out: Json = {
    ...rest,
    security: securityFor(auth, agentKey),
    'x-auth': auth,
    ...(agentKey ? { 'x-agent-key': true } : {}),
  }
  if (rest.querystring)
    out['querystring'] = withPropertyExamples(defaultedNotRequired(rest.querystring), ex.query)
  if (rest.params) out['params'] = withPropertyExamples(rest.params, ex.params)
  if (rest.body) {
    const body = defaultedNotRequired(rest.body) as Json
    out['body'] = ex.body === undefined ? body : { ...body, examples: [ex.body] }
  }
  const response = withAnswers(rest.response, ex)
  if (response) out['response'] = response
  return out
}

/** Marks an operation whose request body may be left out (`config.bodyOptional`). */
export const BODY_OPTIONAL = 'x-body-optional'

/**
 * swagger marks every request body required (Fastify validates `{}` at least); an operation marked
 * `x-body-optional` takes a request with no body as `{}`, so its body is documented as optional.
 */
export function bodiesMayBeLeftOut<T>(doc: T): T {
  const paths = (doc as { paths?: Record<string, Record<string, Json>> }).paths ?? {}
  for (const item of Object.values(paths))
    for (const op of Object.values(item)) {
      const body = op?.[BODY_OPTIONAL] === true ? (op['requestBody'] as Json | undefined) : undefined
      if (body) body['required'] = false
    }
  return doc
}
