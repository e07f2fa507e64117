/**
 * Every route's validators and serializers compiled at once. The app compiles each on first use
 * (src/platform/http/validation.ts), so a schema that does not compile would only fail on the first
 * request that needs it; this compiles them all with the same compilers, to prove that none fails.
 * Routes are seen as Fastify adds them, through its 'fastify.initialization' diagnostics channel:
 * call `seeRoutes()` before the app is built.
 */
import dc from 'node:diagnostics_channel'
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import type { FastifyInstance, RouteOptions } from 'fastify'
import type { App } from '../../src/platform/http/app-type.ts'
import { validators } from '../../src/platform/http/validation.ts'

/** The routes of every Fastify instance built from now on (their options as the app's hooks leave them). */
export function seeRoutes(): RouteOptions[] {
  const routes: RouteOptions[] = []
  dc.subscribe('fastify.initialization', (message) => {
    const { fastify } = message as { fastify: FastifyInstance }
    fastify.addHook('onRoute', (route) => void routes.push(route))
  })
  return routes
}

const PARTS = ['body', 'querystring', 'params', 'headers'] as const

/** Compiles the validators and serializers of `routes` against `app`'s shared schemas; how many. */
export function compileAllSchemas(app: App, routes: readonly RouteOptions[]): number {
  const shared = app.getSchemas()
  const validate = validators()(shared as Parameters<ReturnType<typeof validators>>[0])
  const serializer = SerializerSelector()(shared, undefined)
  let compiled = 0
  for (const route of routes) {
    const schema = route.schema as Record<string, unknown> | undefined
    if (!schema) continue
    const at = { method: String(route.method), url: route.url }
    for (const httpPart of PARTS) {
      if (!schema[httpPart]) continue
      validate({ schema: schema[httpPart], ...at, httpPart })
      compiled++
    }
    const responses = (schema['response'] ?? {}) as Record<
      string,
      { content?: Record<string, { schema: object }> }
    >
    for (const [httpStatus, response] of Object.entries(responses)) {
      const bodies = response.content ? Object.values(response.content).map((c) => c.schema) : [response]
      for (const body of bodies) {
        serializer({ schema: body, ...at, httpStatus })
        compiled++
      }
    }
  }
  return compiled
}
