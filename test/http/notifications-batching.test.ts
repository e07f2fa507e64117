/**
 * Concurrent notifications of one tenant are written together (a natural batch): every request
 * still gets its own notification, deliveries and stored answer; a duplicate key inside a batch is
 * decided as any duplicate; and one notification that cannot be written fails alone, not its batch.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { json } from '../helpers/assertions.ts'
import { useTestApp } from '../helpers/test-app.ts'
import { verifyEmail } from './briefing-fixtures.ts'

const t = useTestApp()
const MSG = { title: 'Batch', body: 'One of many', channels: ['in_app', 'email'] }

describe('notifications written in batches', () => {
  it('gives each of 30 concurrent POSTs its own notification and answer; duplicates inside a batch are refused or replayed', async () => {
    const u = await t.newTenant()
    await verifyEmail(t, u)
    const keys = Array.from({ length: 30 }, (_, i) => `batch-${process.pid}-${i}`)
    const [answers, dupes, other] = await Promise.all([
      Promise.all(
        keys.map((k, i) =>
          u.post('/api/notifications', { ...MSG, title: `n${i}` }, { 'idempotency-key': k }),
        ),
      ),
      Promise.all(
        [1, 2].map(() =>
          u.post('/api/notifications', { ...MSG, title: 'n3' }, { 'idempotency-key': keys[3]! }),
        ),
      ),
      u.post('/api/notifications', { ...MSG, title: 'another body' }, { 'idempotency-key': keys[4]! }),
    ])
    for (const r of answers) assert.equal(r.statusCode, 202, r.body)
    const bodies = answers.map((r) => json(r))
    assert.equal(new Set(bodies.map((b) => b.notification_id)).size, 30)
    for (const b of bodies) {
      assert.deepEqual(b.deliveries.map((d: { channel: string }) => d.channel).sort(), ['email', 'in_app'])
      assert.equal(b.job_id, `notifications.deliver:${b.notification_id}`)
    }
    // The same key and body: in progress (409) or, once done, the first answer replayed.
    for (const r of dupes) {
      assert.ok(
        r.statusCode === 409 || r.headers['idempotency-replayed'] === 'true',
        `${r.statusCode} ${r.body}`,
      )
      if (r.statusCode === 202) assert.deepEqual(json(r), bodies[3])
    }
    assert.equal(other.statusCode, 422, other.body)
    assert.equal(json(other).code, 'idempotency.key_reused')
    const stored = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db.selectFrom('notification').select(['id', 'title']).where('tenant_id', '=', u.tenantId).execute(),
    )
    assert.equal(stored.length, 30)
    for (const [i, b] of bodies.entries())
      assert.equal(stored.find((n) => n.id === b.notification_id)?.title, `n${i}`)
    // Each stored answer is that request's own.
    const replays = await Promise.all(
      keys.map((k, i) => u.post('/api/notifications', { ...MSG, title: `n${i}` }, { 'idempotency-key': k })),
    )
    for (const [i, r] of replays.entries()) {
      assert.equal(r.headers['idempotency-replayed'], 'true')
      assert.deepEqual(json(r), bodies[i])
    }
  })

  it('fails only the notification that cannot be written (an unknown recipient), not the rest of its batch', async () => {
    const u = await t.newTenant()
    const send = (userId: number, i: number) =>
      t.c.notifications.dispatch({
        tenantId: u.tenantId,
        userId,
        dedupeKey: `batch-dispatch-${i}`,
        source: 'system',
        list: 'system',
        message: { title: `d${i}`, body: 'b' },
        channels: [{ channel: 'in_app' }],
      })
    const settled = await Promise.allSettled([
      send(u.userId, 1),
      send(u.userId + 1_000_000, 2),
      send(u.userId, 3),
    ])
    assert.deepEqual(
      settled.map((s) => s.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    )
    for (const s of [settled[0], settled[2]]) {
      const v = (s as PromiseFulfilledResult<Awaited<ReturnType<typeof send>>>).value
      assert.equal(v.deliveries[0]?.status, 'sent')
    }
    const items = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .selectFrom('in_app_item')
        .select('title')
        .where('tenant_id', '=', u.tenantId)
        // By title: written again one at a time, concurrently, the two take their ids in either order.
        .orderBy('title')
        .execute(),
    )
    assert.deepEqual(
      items.map((i) => i.title),
      ['d1', 'd3'],
    )
  })

  it('answers a repeated dedupe key within one batch with the first notification and no second delivery', async () => {
    const u = await t.newTenant()
    const send = () =>
      t.c.notifications.dispatch({
        tenantId: u.tenantId,
        userId: u.userId,
        dedupeKey: 'same-occurrence',
        source: 'alert',
        list: 'alerts',
        message: { title: 'once', body: 'b' },
        channels: [{ channel: 'in_app' }],
      })
    const [a, b] = await Promise.all([send(), send()])
    assert.equal(a.notificationId, b.notificationId)
    const count = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db.selectFrom('notification_delivery').select('id').where('tenant_id', '=', u.tenantId).execute(),
    )
    assert.equal(count.length, 1)
  })
})
