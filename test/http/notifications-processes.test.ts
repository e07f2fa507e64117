/**
 * Duplicate POST /api/notifications across processes: two app instances, each with its own
 * connection pool, on the same PostgreSQL database (DATABASE_URL), receive the same key at once.
 * Exactly one notification and one delivery per channel result; every other answer is a replay
 * of it or a 409. PostgreSQL only: the embedded engine serves one process.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import pino from 'pino'
import { buildApp } from '../../src/app/build-app.ts'
import { createContainer, type Container } from '../../src/app/container.ts'
import type { App } from '../../src/platform/http/app-type.ts'
import { json } from '../helpers/assertions.ts'
import { serviceKeys, useTestApp } from '../helpers/test-app.ts'

const onPostgres = (process.env['DATABASE_URL'] ?? '').startsWith('postgres')
const t = useTestApp({ env: serviceKeys() })
let other: { app: App; c: Container } | undefined

describe(
  'POST /api/notifications from two processes at once',
  { skip: !onPostgres && 'PostgreSQL only' },
  () => {
    before(async () => {
      // No database handle shared: this container opens its own pool on the same DATABASE_URL.
      const c = await createContainer(t.db.config, { log: pino({ level: 'silent' }) })
      const app = await buildApp(c)
      await app.ready()
      other = { app, c }
    })
    after(async () => {
      await other?.app.close()
      await other?.c.close()
    })

    it('creates one notification and one delivery per channel for 20 duplicates split over both', async () => {
      const u = await t.newTenant()
      const headers = { authorization: `Bearer ${u.token}`, 'idempotency-key': `cross-${process.pid}` }
      const body = { title: 'Once', body: 'Only once', channels: ['in_app', 'email'] }
      const call = (app: App) =>
        app.inject({ method: 'POST', url: '/api/notifications', headers, payload: body })
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => call(i % 2 ? other!.app : t.app)),
      )
      const statuses = answers.map((r) => r.statusCode)
      assert.ok(
        statuses.every((s) => s === 202 || s === 409),
        statuses.join(),
      )
      const fresh = answers.filter((r) => r.statusCode === 202 && !r.headers['idempotency-replayed'])
      assert.equal(fresh.length, 1, statuses.join())
      for (const r of answers.filter((a) => a.statusCode === 202)) assert.deepEqual(json(r), json(fresh[0]!))
      const rows = await t.c.scopes.withTenant(u.tenantId, async ({ db }) => ({
        notifications: await db
          .selectFrom('notification')
          .select('id')
          .where('tenant_id', '=', u.tenantId)
          .execute(),
        deliveries: await db
          .selectFrom('notification_delivery')
          .select('channel')
          .where('tenant_id', '=', u.tenantId)
          .orderBy('channel')
          .execute(),
      }))
      assert.equal(rows.notifications.length, 1)
      assert.deepEqual(
        rows.deliveries.map((d) => d.channel),
        ['email', 'in_app'],
      )
    })
  },
)
