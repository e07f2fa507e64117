/**
 * /api/me/push-tokens through HTTP: the upsert of (user, device token) — a new pair 201, an
 * existing one 200 with last_seen_at moved, one 201 among concurrent registrations —, the token
 * rules per platform, the move between colleagues, the cap, removal and isolation; and the daily
 * prune of idle subscriptions and tokens.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { RequestScope } from '../../src/platform/auth/scope.ts'
import { JOB_PUSH_PRUNE, pushModule } from '../../src/modules/engagement/push/index.ts'
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
  androidToken,
  browserSubscription,
  endpoint,
  iosToken,
  RecordingMobilePush,
  RecordingWebPush,
} from './push-fixtures.ts'

const DAY = 86_400_000
const clock = fixedClock(new Date())
const t = useTestApp({
  clock,
  providers: { webPush: new RecordingWebPush(), mobilePush: new RecordingMobilePush() },
})

const tokens = async (u: Client) => {
  const res = await u.get('/api/me/push-tokens')
  assert.equal(res.statusCode, 200, res.body)
  return json(res).items as Body[]
}
const scopeOf = (u: Client): RequestScope => ({
  tenantId: u.tenantId,
  userId: u.userId,
  role: 'user',
  plan: 'free',
  via: 'bearer',
})

describe('push tokens', () => {
  it('needs a session everywhere', async () => {
    await assertAllNeedCredentials(t.anon, [
      ['GET', '/api/me/push-tokens'],
      ['POST', '/api/me/push-tokens'],
      ['DELETE', '/api/me/push-tokens/1'],
    ])
  })

  it('a new pair → 201; the same pair again → 200, same token, last_seen_at moved', async () => {
    const u = await t.newTenant()
    const device = androidToken()
    const first = await u.post('/api/me/push-tokens', {
      device_token: device,
      platform: 'android',
      app_id: 'com.example.app',
    })
    assert.equal(first.statusCode, 201, first.body)
    const made = json(first)
    assert.deepEqual(made, {
      token_id: made.token_id,
      device_token: device,
      platform: 'android',
      app_id: 'com.example.app',
      created_at: clock.now().toISOString(),
      last_seen_at: clock.now().toISOString(),
    })
    clock.advance(60_000)
    const again = await u.post('/api/me/push-tokens', { device_token: device, platform: 'android' })
    assert.equal(again.statusCode, 200, again.body)
    assert.deepEqual(json(again), { ...made, app_id: null, last_seen_at: clock.now().toISOString() })
    assert.deepEqual(await tokens(u), [json(again)])
  })

  it('stores iOS tokens lower case: the upper-case form is the same pair', async () => {
    const u = await t.newTenant()
    const device = iosToken()
    const res = await u.post('/api/me/push-tokens', { device_token: device.toUpperCase(), platform: 'ios' })
    assert.equal(res.statusCode, 201, res.body)
    assert.equal(json(res).device_token, device)
    assert.equal(
      (await u.post('/api/me/push-tokens', { device_token: device, platform: 'ios' })).statusCode,
      200,
    )
    const long = `${iosToken()}${iosToken()}`.slice(0, 200)
    assert.equal(
      (await u.post('/api/me/push-tokens', { device_token: long, platform: 'ios' })).statusCode,
      201,
    )
  })

  it('concurrent registrations of one new pair: exactly one 201, one row', async () => {
    const u = await t.newTenant()
    const body = { device_token: androidToken(), platform: 'android' }
    const answers = await Promise.all(Array.from({ length: 6 }, () => u.post('/api/me/push-tokens', body)))
    const codes = answers.map((r) => r.statusCode).sort()
    assert.deepEqual(codes, [200, 200, 200, 200, 200, 201], answers.map((r) => r.body).join('\n'))
    assert.equal(new Set(answers.map((r) => json(r).token_id)).size, 1)
    assert.equal((await tokens(u)).length, 1)
  })

  it('refuses tokens that break their platform’s rules with a 422 naming the field', async () => {
    const u = await t.newTenant()
    const hex = iosToken()
    const cases: [unknown, string[]][] = [
      [{ device_token: hex.slice(0, 63), platform: 'ios' }, ['body', 'device_token']],
      [{ device_token: `${hex}a`, platform: 'ios' }, ['body', 'device_token']],
      [{ device_token: `${hex.slice(0, 62)}zz`, platform: 'ios' }, ['body', 'device_token']],
      [{ device_token: hex.repeat(4).slice(0, 202), platform: 'ios' }, ['body', 'device_token']],
      [{ device_token: androidToken().slice(0, 99), platform: 'android' }, ['body', 'device_token']],
      [{ device_token: `${androidToken()}.x`, platform: 'android' }, ['body', 'device_token']],
      [{ device_token: 'a'.repeat(4097), platform: 'android' }, ['body', 'device_token']],
      [{ device_token: hex, platform: 'web' }, ['body', 'platform']],
      [{ device_token: hex }, ['body', 'platform']],
      [{ device_token: hex, platform: 'ios', app_id: 'no dots' }, ['body', 'app_id']],
    ]
    for (const [body, loc] of cases) assertFieldError(await u.post('/api/me/push-tokens', body), loc)
    assert.deepEqual(await tokens(u), [])
  })

  it("a colleague's registration of the same device takes it over; others' DELETE → 404", async () => {
    const a = await t.newTenant()
    const b = await t.newUser(a.tenantId)
    const stranger = await t.newTenant()
    const body = { device_token: iosToken(), platform: 'ios' }
    const mine = json(await a.post('/api/me/push-tokens', body))
    assertProblem(await b.delete(`/api/me/push-tokens/${mine.token_id}`), 404, 'push.token_not_found')
    assertProblem(await stranger.delete(`/api/me/push-tokens/${mine.token_id}`), 404, 'push.token_not_found')
    assert.equal((await stranger.post('/api/me/push-tokens', body)).statusCode, 201)
    assert.equal((await b.post('/api/me/push-tokens', body)).statusCode, 201)
    assert.deepEqual(await tokens(a), [])
    assert.equal((await tokens(stranger)).length, 1, "another tenant's registration is its own")
    const theirs = (await tokens(b))[0]!
    const del = await b.delete(`/api/me/push-tokens/${theirs.token_id}`)
    assert.equal(del.statusCode, 204)
    assertProblem(await b.delete(`/api/me/push-tokens/${theirs.token_id}`), 404, 'push.token_not_found')
    assertFieldError(await b.delete('/api/me/push-tokens/abc'), ['path', 'token_id'])
  })

  it('keeps 20 tokens per user: a 21st drops the one registered longest ago', async () => {
    const u = await t.newTenant()
    const made: number[] = []
    for (let i = 0; i < 21; i++) {
      clock.advance(1000)
      made.push(
        json(await u.post('/api/me/push-tokens', { device_token: iosToken(), platform: 'ios' }))
          .token_id as number,
      )
    }
    assert.deepEqual(
      (await tokens(u)).map((x) => x.token_id),
      made.slice(1).reverse(),
    )
  })
})

describe('push: the daily prune', () => {
  it('drops subscriptions unseen for 60 days or expired, and tokens unseen for 270 days (job push.prune, daily)', async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    const start = clock.now()
    const at = async (ms: number, work: () => Promise<unknown>) => {
      clock.set(new Date(start.getTime() + ms))
      return work()
    }
    const sub =
      (s: Client, expires: number | null = null) =>
      () =>
        t.c.push.subscriptions.upsert(scopeOf(s), browserSubscription(endpoint(), expires), undefined)
    const token = (s: Client) => () =>
      t.c.push.tokens.register(scopeOf(s), { device_token: iosToken(), platform: 'ios' })
    const idle = (await at(0, sub(u))) as Body
    const expiring = (await at(0, sub(other, start.getTime() + 30 * DAY))) as Body
    const fresh = (await at(2 * DAY, sub(other))) as Body
    const oldToken = (await at(0, token(u))) as Body
    const newToken = (await at(2 * DAY, token(u))) as Body
    const left = async () => ({
      subs: [
        ...(await t.c.push.targets(u.tenantId, u.userId, 'web_push')),
        ...(await t.c.push.targets(other.tenantId, other.userId, 'web_push')),
      ].map((x) => x.id),
      tokens: (await t.c.push.targets(u.tenantId, u.userId, 'mobile_push')).map((x) => x.id),
    })
    await at(30 * DAY - 1, () => t.c.push.delivery.prune())
    assert.deepEqual(await left(), {
      subs: [idle.subscription_id, fresh.subscription_id, expiring.subscription_id],
      tokens: [newToken.token.token_id, oldToken.token.token_id],
    })
    await at(30 * DAY, () => t.c.push.delivery.prune())
    assert.deepEqual((await left()).subs, [idle.subscription_id, fresh.subscription_id])
    await at(60 * DAY, () => t.c.push.delivery.prune())
    assert.deepEqual(
      (await left()).subs,
      [idle.subscription_id, fresh.subscription_id],
      'exactly 60 days is kept',
    )
    await at(60 * DAY + 1, () => t.c.push.delivery.prune())
    assert.deepEqual((await left()).subs, [fresh.subscription_id])
    const jobs = pushModule.jobs!(t.c.push)
    assert.deepEqual(
      jobs.map((j) => [j.name, j.schedule]),
      [[JOB_PUSH_PRUNE, { cron: '40 3 * * *', tz: 'UTC' }]],
    )
    await at(270 * DAY + 1, () => jobs[0]!.run(undefined as never))
    assert.deepEqual(await left(), { subs: [], tokens: [newToken.token.token_id] })
    clock.set(start)
  })
})
