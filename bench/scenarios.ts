/**
 * The benchmark scenarios: one row per measured request. Later work adds rows here; run.ts, the
 * load generator and the report need no change. `target` says which child process serves it.
 */
export type Target = 'app' | 'ceiling'

export interface Scenario {
  name: string
  target: Target
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  /** Send the bench user's access token (`Authorization: Bearer …`). */
  auth: boolean
  /** Sent as JSON when present. */
  body?: unknown
  /** One line for the README and `--help`: what the request exercises. */
  measures: string
}

/** The reference every other scenario is divided by (see README: why it runs in the same process). */
export const CEILING = 'ceiling'

export const scenarios: readonly Scenario[] = [
  {
    name: 'healthz',
    target: 'app',
    method: 'GET',
    path: '/healthz',
    auth: false,
    measures: 'the full app stack (hooks, security headers, metrics, response schema) with no database',
  },
  {
    name: 'tenant-read',
    target: 'app',
    method: 'GET',
    path: '/api/tenant',
    auth: true,
    measures:
      'an authenticated tenant-scoped read: JWT verify, cached principal, one withTenant transaction, feature flags',
  },
  {
    name: CEILING,
    target: 'ceiling',
    method: 'GET',
    path: '/ceiling',
    auth: false,
    measures:
      'bare Fastify + one Kysely point query on the same engine: the most a DB-backed route can do here',
  },
]

export function findScenario(name: string): Scenario | undefined {
  return scenarios.find((s) => s.name === name)
}
