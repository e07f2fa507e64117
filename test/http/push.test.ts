/**
 * /api/push through HTTP: the VAPID key (503 when web push is off), subscriptions (validation of
 * every field, upsert by endpoint with last_seen_at moving, the move to another user, the cap,
 * removal, isolation between colleagues and tenants), the test push to every target with its
 * outcomes (gone removes, sent records), and `targets`/`sendTo` as the notifications module uses them.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import {
  assertAllNeedCredentials,
  assertFieldError,
  assertProblem,
  json,
  type Body,
} from '../helpers/assertions.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import {
  browserSubscription,
  endpoint,
  iosToken,
  RecordingMobilePush,
  RecordingWebPush,
} from './push-fixtures.ts'

const clock = fixedClock(new Date())
const webPush = new RecordingWebPush()
const mobilePush = new RecordingMobilePush()
const t = useTestApp({ clock, providers: { webPush, mobilePush } })

const subscribe = async (u: Client, body: unknown = browserSubscription(endpoint())) => {
  const res = await u.post('/api/push/subscriptions', body)
  assert.equal(res.statusCode, 200, res.body)
  return json(res)
}
const listed = async (u: Client) => {
  const res = await u.get('/api/push/subscriptions')
  assert.equal(res.statusCode, 200, res.body)
  return json(res).items as Body[]
}

describe('push: VAPID key and subscriptions', () => {
  it('needs a session everywhere', async () => {
    await assertAllNeedCredentials(t.anon, [
      ['GET', '/api/push/vapid-public-key'],
      ['POST', '/api/push/subscriptions'],
      ['GET', '/api/push/subscriptions'],
      ['DELETE', '/api/push/subscriptions/1'],
      ['POST', '/api/push/test'],
    ])
  })

  it('answers the VAPID public key, and 503 push.not_configured when web push is off', async () => {
    const u = await t.newTenant()
    const res = await u.get('/api/push/vapid-public-key')
    assert.equal(res.statusCode, 200)
    assert.deepEqual(json(res), { public_key: webPush.vapidPublicKey })
    const key = webPush.vapidPublicKey
    webPush.vapidPublicKey = null
    try {
      assertProblem(await u.get('/api/push/vapid-public-key'), 503, 'push.not_configured')
    } finally {
      webPush.vapidPublicKey = key
    }
  })

  it('saves a subscription (200), and posting its endpoint again refreshes it in place', async () => {
    const u = await t.newTenant()
    const sub = browserSubscription(endpoint())
    const first = await subscribe(u, sub)
    assert.equal(first.endpoint, sub.endpoint)
    assert.equal(first.expiration_time, null)
    assert.equal(first.last_success_at, null)
    assert.equal(first.created_at, clock.now().toISOString())
    assert.equal(first.last_seen_at, first.created_at)
    clock.advance(90_000)
    const expires = clock.now().getTime() + 86_400_000
    const again = await subscribe(u, { ...browserSubscription(sub.endpoint, expires) })
    assert.equal(again.subscription_id, first.subscription_id)
    assert.equal(again.created_at, first.created_at)
    assert.equal(again.last_seen_at, clock.now().toISOString())
    assert.equal(again.expiration_time, new Date(expires).toISOString())
    assert.deepEqual(await listed(u), [again])
  })

  it('refuses each malformed field with a 422 naming it', async () => {
    const u = await t.newTenant()
    // Plain base64 differs from base64url only where it has '+' or '/' (a key with neither is valid
    // padded base64url, about one random key in sixteen): the plain-base64 case needs a key with one.
    let good = browserSubscription(endpoint())
    while (!/[+/]/.test(Buffer.from(good.keys.p256dh, 'base64url').toString('base64')))
      good = browserSubscription(endpoint())
    const keys = (k: Partial<typeof good.keys>) => ({ ...good, keys: { ...good.keys, ...k } })
    const p256 = Buffer.from(good.keys.p256dh, 'base64url')
    const offCurve = Buffer.from(p256)
    offCurve[64] = offCurve[64]! ^ 1
    const cases: [unknown, string[]][] = [
      [{ ...good, endpoint: 'not a url' }, ['body', 'endpoint']],
      [{ ...good, endpoint: '/wpush/relative' }, ['body', 'endpoint']],
      [{ ...good, endpoint: 'ftp://push.example.net/x' }, ['body', 'endpoint']],
      [{ ...good, endpoint: 'http://push.example.net/x' }, ['body', 'endpoint']],
      [{ ...good, endpoint: 'https://user:pw@push.example.net/x' }, ['body', 'endpoint']],
      [{ ...good, endpoint: `https://push.example.net/${'a'.repeat(2030)}` }, ['body', 'endpoint']],
      [keys({ p256dh: p256.subarray(0, 64).toString('base64url') }), ['body', 'keys', 'p256dh']],
      [
        keys({ p256dh: Buffer.concat([Buffer.from([2]), p256.subarray(1)]).toString('base64url') }),
        ['body', 'keys', 'p256dh'],
      ],
      [keys({ p256dh: offCurve.toString('base64url') }), ['body', 'keys', 'p256dh']],
      [keys({ p256dh: p256.toString('base64') }), ['body', 'keys', 'p256dh']],
      [keys({ auth: Buffer.alloc(15, 7).toString('base64url') }), ['body', 'keys', 'auth']],
      [keys({ auth: Buffer.alloc(17, 7).toString('base64url') }), ['body', 'keys', 'auth']],
      [{ ...good, expirationTime: clock.now().getTime() - 1 }, ['body', 'expirationTime']],
      [{ ...good, expirationTime: '2030-01-01' }, ['body', 'expirationTime']],
      [{ ...good, expirationTime: 1.5 }, ['body', 'expirationTime']],
      [{ endpoint: good.endpoint }, ['body', 'keys']],
      [{ ...good, extra: 1 }, ['body', 'extra']],
    ]
    for (const [body, loc] of cases) assertFieldError(await u.post('/api/push/subscriptions', body), loc)
    assert.deepEqual(await listed(u), [])
  })

  it('takes plain http for a loopback host outside production, and padded base64url keys', async () => {
    const u = await t.newTenant()
    const sub = browserSubscription('http://127.0.0.1:9/push/1')
    const saved = await subscribe(u, {
      ...sub,
      keys: { p256dh: `${sub.keys.p256dh}=`, auth: `${sub.keys.auth}==` },
    })
    assert.equal(saved.endpoint, 'http://127.0.0.1:9/push/1')
    await subscribe(u, browserSubscription('http://localhost:9/push/2'))
    const targets = await t.c.push.targets(u.tenantId, u.userId, 'web_push')
    const target = targets.find((x) => x.id === saved.subscription_id)!
    assert.equal(target.recipient, saved.endpoint)
    await t.c.push.sendTo(u.tenantId, target, { title: 'a', body: 'b' })
    assert.deepEqual(webPush.sent.at(-1)!.target.keys, sub.keys)
  })

  it("moves an endpoint posted by a colleague; a colleague's or another tenant's DELETE → 404", async () => {
    const a = await t.newTenant()
    const b = await t.newUser(a.tenantId)
    const stranger = await t.newTenant()
    const sub = browserSubscription(endpoint())
    const mine = await subscribe(a, sub)
    assertProblem(
      await b.delete(`/api/push/subscriptions/${mine.subscription_id}`),
      404,
      'push.subscription_not_found',
    )
    assertProblem(
      await stranger.delete(`/api/push/subscriptions/${mine.subscription_id}`),
      404,
      'push.subscription_not_found',
    )
    const theirs = await subscribe(stranger, sub)
    assert.notEqual(theirs.subscription_id, mine.subscription_id)
    assert.equal((await listed(a)).length, 1)
    const moved = await subscribe(b, sub)
    assert.equal(moved.subscription_id, mine.subscription_id)
    assert.deepEqual(await listed(a), [])
    assert.deepEqual(
      (await listed(b)).map((s) => s.subscription_id),
      [mine.subscription_id],
    )
    const del = await b.delete(`/api/push/subscriptions/${mine.subscription_id}`)
    assert.equal(del.statusCode, 204)
    assert.equal(del.body, '')
    assertProblem(
      await b.delete(`/api/push/subscriptions/${mine.subscription_id}`),
      404,
      'push.subscription_not_found',
    )
    assert.equal((await listed(stranger)).length, 1)
    assertFieldError(await b.delete('/api/push/subscriptions/0'), ['path', 'subscription_id'])
  })

  it('keeps 20 subscriptions per user: a 21st drops the one seen longest ago', async () => {
    const u = await t.newTenant()
    const made: Body[] = []
    for (let i = 0; i < 21; i++) {
      clock.advance(1000)
      made.push(await subscribe(u))
    }
    const ids = (await listed(u)).map((s) => s.subscription_id as number)
    assert.equal(ids.length, 20)
    assert.deepEqual(
      ids,
      made
        .slice(1)
        .map((s) => s.subscription_id as number)
        .reverse(),
    )
  })
})

describe('push: the test push and sending to a target', () => {
  it('no target → 422 push.no_target', async () => {
    const u = await t.newTenant()
    assertProblem(await u.post('/api/push/test', {}), 422, 'push.no_target')
  })

  it('sends to every subscription and token; gone removes the target, sent records the success', async () => {
    const u = await t.newTenant()
    const live = await subscribe(u)
    const dead = await subscribe(u)
    webPush.answers.set(dead.endpoint as string, { outcome: 'gone', status: 410, reason: 'errno 103' })
    const device = iosToken()
    const token = json(await u.post('/api/me/push-tokens', { device_token: device, platform: 'ios' }))
    clock.advance(5000)
    const res = await u.post('/api/push/test', { title: 'Hello', body: 'Is this on?' })
    assert.equal(res.statusCode, 200, res.body)
    const results = json(res).results as Body[]
    const byId = new Map(results.map((r) => [`${r.kind}:${r.id}`, r]))
    assert.equal(results.length, 3)
    assert.deepEqual(byId.get(`web_push:${live.subscription_id}`), {
      kind: 'web_push',
      id: live.subscription_id,
      outcome: 'sent',
      status: 201,
    })
    assert.deepEqual(byId.get(`web_push:${dead.subscription_id}`), {
      kind: 'web_push',
      id: dead.subscription_id,
      outcome: 'gone',
      status: 410,
      reason: 'errno 103',
    })
    assert.equal(byId.get(`mobile_push:${token.token_id}`)!.outcome, 'sent')
    const toLive = webPush.sent.find((s) => s.target.endpoint === live.endpoint)!
    assert.equal(toLive.message.title, 'Hello')
    assert.equal(toLive.message.body, 'Is this on?')
    const toDevice = mobilePush.sent.find((s) => s.target.deviceToken === device)!
    assert.deepEqual(
      [toDevice.target.platform, toDevice.tenantId, toDevice.message.title],
      ['ios', u.tenantId, 'Hello'],
    )
    const left = await listed(u)
    assert.deepEqual(
      left.map((s) => s.subscription_id),
      [live.subscription_id],
    )
    assert.equal(left[0]!.last_success_at, clock.now().toISOString())
  })

  it('targets and sendTo: the user’s own targets; a token the provider calls gone is deleted', async () => {
    const u = await t.newTenant()
    const other = await t.newUser(u.tenantId)
    const posted = browserSubscription(endpoint())
    const sub = await subscribe(u, posted)
    await subscribe(other)
    const device = iosToken()
    const token = json(await u.post('/api/me/push-tokens', { device_token: device, platform: 'ios' }))
    assert.deepEqual(await t.c.push.targets(u.tenantId, u.userId, 'web_push'), [
      {
        kind: 'web_push',
        id: sub.subscription_id,
        recipient: sub.endpoint,
        seenAt: new Date(sub.last_seen_at),
        address: { endpoint: sub.endpoint, keys: posted.keys },
      },
    ])
    const [mobile] = await t.c.push.targets(u.tenantId, u.userId, 'mobile_push')
    assert.deepEqual(mobile, {
      kind: 'mobile_push',
      id: token.token_id,
      recipient: device,
      seenAt: new Date(token.last_seen_at),
      address: { platform: 'ios', deviceToken: device, appId: null },
    })
    mobilePush.answers.set(device, { outcome: 'gone', status: 410, reason: 'Unregistered' })
    const msg = { title: 'Alert', body: 'AAPL above 200', url: '/app/alerts', data: { alert_firing_id: '4' } }
    assert.deepEqual(await t.c.push.sendTo(u.tenantId, mobile, msg), {
      outcome: 'gone',
      status: 410,
      reason: 'Unregistered',
    })
    assert.deepEqual(mobilePush.sent.at(-1)!.message, msg)
    assert.deepEqual(await t.c.push.targets(u.tenantId, u.userId, 'mobile_push'), [])
    // The target carries its address: a send reads nothing, so one read before the removal still
    // reaches the provider (and its second `gone` deletes nothing more).
    const before = mobilePush.sent.length
    assert.equal((await t.c.push.sendTo(u.tenantId, mobile, msg)).outcome, 'gone')
    assert.equal(mobilePush.sent.length, before + 1)
    assert.equal(mobilePush.sent.at(-1)!.target.deviceToken, device)
    assert.deepEqual(await t.c.push.targets(u.tenantId, u.userId, 'web_push').then((l) => l.length), 1)
  })
})
