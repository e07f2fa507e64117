/**
 * Push end to end through the real senders: a subscription posted with a loopback push service's
 * endpoint and keys receives the test push, which the service decrypts (RFC 8291) to exactly the
 * message sent, with VAPID signed by the key the app publishes; the service's 410 removes the
 * subscription. Without FCM or APNs credentials, device tokens' pushes land in push_outbox.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import webpush from 'web-push'
import { createWebPushSender } from '../../src/providers/push/index.ts'
import { json, type Body } from '../helpers/assertions.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { startPushServiceFake, type PushServiceFake } from '../fakes/push-service-fake.ts'
import { androidToken, iosToken } from './push-fixtures.ts'

const SUBJECT = 'mailto:push-test@sextant.example'

describe('push end to end', () => {
  let push: PushServiceFake
  let t: TestApp
  const keys = webpush.generateVAPIDKeys()

  before(async () => {
    push = await startPushServiceFake()
    t = await buildTestApp({
      providers: { webPush: createWebPushSender({ keys, subject: SUBJECT, agent: push.agent }) },
    })
  })
  after(async () => {
    await t?.close()
    await push?.close()
  })

  const subscribeBrowser = async (u: Client) => {
    const key = json(await u.get('/api/push/vapid-public-key')).public_key as string
    assert.equal(key, keys.publicKey)
    const sub = push.subscribe(key)
    const res = await u.post('/api/push/subscriptions', JSON.parse(JSON.stringify(sub)))
    assert.equal(res.statusCode, 200, res.body)
    return { sub, saved: json(res) }
  }

  it('the test push reaches the browser: decrypted, signed with the published key; a 410 removes the subscription', async () => {
    const u = await t.newTenant()
    const { sub, saved } = await subscribeBrowser(u)
    const res = await u.post('/api/push/test', { title: 'Ping', body: 'From the test — ✓' })
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(json(res).results, [
      { kind: 'web_push', id: saved.subscription_id, outcome: 'sent', status: 201 },
    ])
    const got = push.messages.at(-1)!
    assert.deepEqual(JSON.parse(got.payload), {
      title: 'Ping',
      body: 'From the test — ✓',
      url: '/app/settings',
      tag: 'push-test',
    })
    assert.equal(got.ttl, 300)
    assert.equal(got.urgency, 'normal')
    assert.equal(got.vapid.k, keys.publicKey)
    assert.equal(got.vapid.sub, SUBJECT)
    const [listed] = json(await u.get('/api/push/subscriptions')).items as Body[]
    assert.ok(listed!.last_success_at, 'the accepted push is recorded')

    push.expire(sub.endpoint)
    const gone = await u.post('/api/push/test', {})
    assert.equal(gone.statusCode, 200, gone.body)
    const [result] = json(gone).results as Body[]
    assert.deepEqual(
      [result!.kind, result!.id, result!.outcome, result!.status],
      ['web_push', saved.subscription_id, 'gone', 410],
    )
    assert.deepEqual(json(await u.get('/api/push/subscriptions')).items, [])
    assert.equal((await u.post('/api/push/test', {})).statusCode, 422, 'no target left')
  })

  it('without FCM or APNs credentials, the test push to devices is kept in push_outbox', async () => {
    const u = await t.newTenant()
    const ios = iosToken()
    const android = androidToken()
    await u.post('/api/me/push-tokens', { device_token: ios, platform: 'ios', app_id: 'com.example.sextant' })
    await u.post('/api/me/push-tokens', { device_token: android, platform: 'android' })
    const res = await u.post('/api/push/test', { title: 'Devices', body: 'Hello phone' })
    assert.equal(res.statusCode, 200, res.body)
    const results = json(res).results as Body[]
    assert.deepEqual(
      results.map((r) => [r.kind, r.outcome]),
      [
        ['mobile_push', 'sent'],
        ['mobile_push', 'sent'],
      ],
    )
    const rows = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .selectFrom('push_outbox')
        .select(['tenant_id', 'platform', 'device_token', 'app_id', 'title', 'body'])
        .where('tenant_id', '=', u.tenantId)
        .orderBy('id')
        .execute(),
    )
    assert.deepEqual(
      rows
        .map((r) => ({ ...r, tenant_id: Number(r.tenant_id) }))
        .sort((a, b) => a.platform.localeCompare(b.platform)),
      [
        {
          tenant_id: u.tenantId,
          platform: 'android',
          device_token: android,
          app_id: null,
          title: 'Devices',
          body: 'Hello phone',
        },
        {
          tenant_id: u.tenantId,
          platform: 'ios',
          device_token: ios,
          app_id: 'com.example.sextant',
          title: 'Devices',
          body: 'Hello phone',
        },
      ],
    )
  })
})
