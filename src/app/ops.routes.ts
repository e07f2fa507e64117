/** Operational endpoints: liveness, readiness, metrics and the dead-letter view of jobs. */
import { Type } from 'typebox'
import type { Registry } from 'prom-client'
import { pendingMigrations } from './migrations.ts'
import { problems } from '../platform/http/problem.ts'
import { Text } from '../platform/http/schemas.ts'
import type { Container } from './container.ts'
import type { App } from '../platform/http/app-type.ts'

const Health = Type.Object({ status: Type.Literal('ok') })
const Readiness = Type.Object({
  status: Type.Enum(['ready', 'not_ready']),
  checks: Type.Object({
    database: Type.Enum(['ok', 'unreachable']),
    migrations: Type.Enum(['current', 'pending', 'unknown']),
  }),
  pending_migrations: Type.Array(Type.String()),
})
const FailedJob = Type.Object({
  id: Type.String(),
  name: Type.String(),
  error: Type.String(),
  attempts: Type.Integer(),
  failed_at: Type.String({ format: 'date-time' }),
})

export function opsRoutes(app: App, c: Container, registry: Registry): void {
  healthzRoute(app)
  readyzRoute(app, c)
  metricsRoute(app, registry)
  adminListFailedJobsRoute(app, c)
}

function healthzRoute(app: App): void {
  app.get(
    '/healthz',
    {
      config: { auth: 'public', rateLimit: false },
      schema: {
        operationId: 'healthz',
        summary: 'Liveness: the process answers',
        description:
          'Answers 200 as long as the process runs; it checks nothing else. Use /readyz to know whether requests can be served.',
        examples: { 200: { description: 'The process is alive', value: { status: 'ok' } } },
        tags: ['ops'],
        response: { 200: Health },
      },
    },
    async () => ({ status: 'ok' as const }),
  )
}

function readyzRoute(app: App, c: Container): void {
  app.get(
    '/readyz',
    {
      config: { auth: 'public', rateLimit: false },
      schema: {
        operationId: 'readyz',
        summary: 'Readiness: database reachable and migrations applied',
        description:
          'Checks that the database answers and that every migration is applied. 200 when both hold; 503 ' +
          'with the same body (not a problem document, so load balancers can read it) naming what is missing.',
        examples: {
          200: {
            description: 'Ready to serve requests',
            value: {
              status: 'ready',
              checks: { database: 'ok', migrations: 'current' },
              pending_migrations: [],
            },
          },
          503: {
            description: 'Not ready: the database is unreachable or migrations are pending',
            value: {
              status: 'not_ready',
              checks: { database: 'ok', migrations: 'pending' },
              pending_migrations: ['0008_analytics_rollups'],
            },
          },
        },
        tags: ['ops'],
        response: { 200: Readiness, 503: Readiness },
      },
    },
    async (_req, reply) => {
      let database: 'ok' | 'unreachable' = 'ok'
      let migrations: 'current' | 'pending' | 'unknown' = 'unknown'
      let pending: string[] = []
      try {
        await c.database.raw('select 1')
        pending = await pendingMigrations(c.database)
        migrations = pending.length ? 'pending' : 'current'
      } catch (err) {
        database = 'unreachable'
        c.log.warn({ err }, 'readiness check failed')
      }
      const ready = database === 'ok' && migrations === 'current'
      return reply.code(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not_ready',
        checks: { database, migrations },
        pending_migrations: pending,
      })
    },
  )
}

function metricsRoute(app: App, registry: Registry): void {
  app.get(
    '/metrics',
    {
      config: { auth: 'public', rateLimit: false },
      schema: {
        operationId: 'metrics',
        summary: 'Prometheus metrics (text exposition format)',
        description:
          'Process and HTTP metrics (request counts and durations per route and status, event-loop lag, ' +
          'memory) in the Prometheus text format, for a Prometheus scraper.',
        examples: {
          200: {
            description: 'Metrics in the Prometheus text exposition format',
            mediaType: 'text/plain; version=0.0.4',
            value:
              '# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.\n# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total 12.5\n',
          },
        },
        tags: ['ops'],
      },
    },
    async (_req, reply) => reply.type(registry.contentType).send(await registry.metrics()),
  )
}

function adminListFailedJobsRoute(app: App, c: Container): void {
  app.get(
    '/api/admin/jobs/failed',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'adminListFailedJobs',
        summary: 'Dead letters: jobs that exhausted their retries',
        description:
          'Administrators only. Background jobs that failed on every retry, newest first, optionally of one ' +
          'job name; `limit` caps the list (default 50, at most 100). 403 for a non-administrator.',
        examples: {
          query: { name: 'identity.verification_mail', limit: 20 },
          200: {
            description: 'The dead-lettered jobs',
            value: {
              items: [
                {
                  id: '01JDC6Q8Z3T3W5V1YF4K9N2M7H',
                  name: 'identity.verification_mail',
                  error: 'SMTP server refused the connection (ECONNREFUSED)',
                  attempts: 3,
                  failed_at: '2026-11-24T21:05:12.000Z',
                },
              ],
            },
          },
        },
        tags: ['admin'],
        querystring: Type.Object({
          name: Type.Optional(Text({ maxLength: 100 })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
        }),
        response: { 200: Type.Object({ items: Type.Array(FailedJob) }), ...problems(401, 403, 422) },
      },
    },
    async (req) => {
      const failed = await c.jobs.failed(req.query.name, req.query.limit ?? 50)
      return {
        items: failed.map((j) => ({
          id: j.id,
          name: j.name,
          error: j.error,
          attempts: j.attempts,
          failed_at: j.failedAt.toISOString(),
        })),
      }
    },
  )
}
