/** Operational endpoints: liveness, readiness, metrics and the dead-letter view of jobs. */
import { Type } from 'typebox'
import type { Registry } from 'prom-client'
import { pendingMigrations } from '../platform/db/migrate.ts'
import { problems } from '../platform/http/problem.ts'
import { Text } from '../platform/http/schemas.ts'
import type { Container } from './container.ts'
import type { App } from './types.ts'

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
  app.get(
    '/healthz',
    {
      config: { auth: 'public', rateLimit: false },
      schema: {
        operationId: 'healthz',
        summary: 'Liveness: the process answers',
        tags: ['ops'],
        response: { 200: Health },
      },
    },
    async () => ({ status: 'ok' as const }),
  )

  app.get(
    '/readyz',
    {
      config: { auth: 'public', rateLimit: false },
      schema: {
        operationId: 'readyz',
        summary: 'Readiness: database reachable and migrations applied',
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

  app.get(
    '/metrics',
    {
      config: { auth: 'public', rateLimit: false },
      schema: {
        operationId: 'metrics',
        summary: 'Prometheus metrics (text exposition format)',
        tags: ['ops'],
      },
    },
    async (_req, reply) => reply.type(registry.contentType).send(await registry.metrics()),
  )

  app.get(
    '/api/admin/jobs/failed',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'adminListFailedJobs',
        summary: 'Dead letters: jobs that exhausted their retries',
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
