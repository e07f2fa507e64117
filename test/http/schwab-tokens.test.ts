/**
 * Schwab's token lifecycle through HTTP on a fixed clock: 30-minute access tokens refreshed on use
 * and ahead of expiry by the refresh job, POST /refresh, the refresh token's 7-day limit in the status
 * (and reconnect_required past it), and no token in any answer, log line or column.
 */
import assert from 'node:assert/strict'
import { afterEach, describe, it } from 'node:test'
import { JOB_SCHWAB_REFRESH } from '../../src/modules/brokers/index.ts'
import { fixedClock } from '../../src/platform/clock.ts'
import { DAY_MS } from '../../src/kernel/dates.ts'
import { assertProblem, json } from '../helpers/assertions.ts'
import { connectSchwab, sandboxTokens } from '../helpers/schwab.ts'
import { capturedLog, useTestApp, type Client } from '../helpers/test-app.ts'

const clock = fixedClock('2026-11-24T15:00:00.000Z')
const { log, lines } = capturedLog('debug')
const t = useTestApp({ clock, log })
/** Every token the sandbox saw, kept across its resets. */
const seen = new Set<string>()
const collect = () => sandboxTokens(t).forEach((token) => seen.add(token))
afterEach(collect)
const MIN = 60_000

async function row(u: Client) {
  return t.c.scopes.withTenant(u.tenantId, ({ db }) =>
    db
      .selectFrom('broker_connection')
      .select([
        'access_token_enc',
        'refresh_token_enc',
        'access_expires_at',
        'refresh_expires_at',
        'refreshed_at',
      ])
      .where('status', '=', 'connected')
      .executeTakeFirstOrThrow(),
  )
}

/** The same user with a session issued now (sessions expire while the clock jumps ahead). */
async function fresh(u: Client): Promise<Client> {
  const { access_token: token } = await t.c.identity.sessions.issue(
    { tenantId: u.tenantId, userId: u.userId, role: 'user' },
    { ip: null, userAgent: 'test' },
  )
  const authorization = `Bearer ${token}`
  return {
    ...u,
    token,
    get: (url) => u.inject({ method: 'GET', url, headers: { authorization } }),
    post: (url, body) =>
      u.inject({
        method: 'POST',
        url,
        headers: { authorization },
        ...(body === undefined ? {} : { payload: body as object }),
      }),
  }
}

const refreshGrants = () =>
  t.c.providers.brokers.sandbox!.schwab!.requests.filter(
    (r) =>
      r.path === '/v1/oauth/token' && (r.body as Record<string, string>)['grant_type'] === 'refresh_token',
  ).length

describe('broker B: access tokens', () => {
  it('an access token about to expire is refreshed on use and stored encrypted', async () => {
    clock.set('2026-11-24T15:00:00.000Z')
    const u = await t.newTenant()
    await connectSchwab(t, u)
    const before = await row(u)
    assert.equal(before.access_expires_at!.getTime(), clock.now().getTime() + 30 * MIN)
    clock.advance(29.5 * MIN)
    const grants = refreshGrants()
    const res = await (await fresh(u)).get('/api/brokerb/accounts')
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(refreshGrants(), grants + 1)
    const after = await row(u)
    assert.equal(after.access_expires_at!.getTime(), clock.now().getTime() + 30 * MIN)
    assert.notEqual(after.access_token_enc, before.access_token_enc)
    assert.equal(
      after.refresh_expires_at!.getTime(),
      before.refresh_expires_at!.getTime(),
      'the 7 days do not move',
    )
  })

  it('the refresh job renews tokens expiring within 10 minutes, and only those', async () => {
    clock.set('2026-11-24T15:00:00.000Z')
    const soon = await t.newTenant()
    await connectSchwab(t, soon)
    clock.advance(15 * MIN)
    const later = await t.newTenant()
    await connectSchwab(t, later)
    clock.advance(7 * MIN) // soon: 8 minutes left; later: 23
    const laterBefore = await row(later)
    await t.c.jobs.enqueue(JOB_SCHWAB_REFRESH, {})
    await t.c.jobs.drain()
    assert.equal((await row(soon)).access_expires_at!.getTime(), clock.now().getTime() + 30 * MIN)
    assert.deepEqual(await row(later), laterBefore)
    assert.ok(t.c.brokers.sandbox, 'sandbox on')
  })

  it('POST /refresh forces a new access token; the unified route does the same', async () => {
    clock.set('2026-11-24T15:00:00.000Z')
    const u = await t.newTenant()
    await connectSchwab(t, u)
    clock.advance(MIN)
    const body = json(await u.post('/api/brokerb/refresh'))
    assert.equal(body.refreshed, true)
    assert.equal(
      body.status.extra.access_expires_at,
      new Date(clock.now().getTime() + 30 * MIN).toISOString(),
    )
    clock.advance(MIN)
    const unified = json(await u.post('/api/brokers/brokerb/refresh'))
    assert.equal(
      unified.status.extra.access_expires_at,
      new Date(clock.now().getTime() + 30 * MIN).toISOString(),
    )
  })

  it('status shows the 7-day limit with a hint; past it, reconnect is required', async () => {
    clock.set('2026-11-24T15:00:00.000Z')
    const u = await t.newTenant()
    const connected = await connectSchwab(t, u)
    const limit = new Date(clock.now().getTime() + 7 * DAY_MS).toISOString()
    assert.equal(connected.expires_at, limit)
    assert.match(connected.extra.reauthorize_hint, new RegExp(`until ${limit}`))
    clock.advance(7 * DAY_MS + MIN)
    const again = await fresh(u)
    const status = json(await again.get('/api/brokerb/status'))
    assert.equal(status.connected, false)
    assert.equal(status.extra.reauthorize_required, true)
    assert.match(status.extra.reauthorize_hint, /authorise again/)
    assertProblem(await again.get('/api/brokerb/accounts'), 422, 'broker.reconnect_required')
    assertProblem(await again.post('/api/brokerb/refresh'), 422, 'broker.reconnect_required')
    // The job leaves it alone (only a new consent helps) and the quotes fall back to delayed data.
    const lapsed = await row(u)
    await t.c.jobs.enqueue(JOB_SCHWAB_REFRESH, {})
    await t.c.jobs.drain()
    assert.deepEqual(await row(u), lapsed)
    assert.equal(json(await again.get('/api/brokerb/quotes?symbols=AAPL')).delayed, true)
    // Authorising again restores it.
    assert.equal((await connectSchwab(t, again)).connected, true)
  })

  it('an access token Schwab refuses before its time is refreshed once and the call repeated', async () => {
    clock.set('2026-11-24T15:00:00.000Z')
    const u = await t.newTenant()
    await connectSchwab(t, u)
    t.c.providers.brokers.sandbox!.schwab!.chaos.expireTokens()
    const grants = refreshGrants()
    const res = await u.get('/api/brokerb/accounts')
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(refreshGrants(), grants + 1)
  })

  it('a refresh token Schwab refuses means reconnect_required, not a 500', async () => {
    clock.set('2026-11-24T15:00:00.000Z')
    const u = await t.newTenant()
    await connectSchwab(t, u)
    t.c.providers.brokers.sandbox!.schwab!.chaos.expireRefreshTokens()
    clock.advance(30 * MIN)
    const again = await fresh(u)
    assertProblem(await again.get('/api/brokerb/accounts'), 422, 'broker.reconnect_required')
    collect()
    t.c.providers.brokers.sandbox!.schwab!.reset()
    const status = await again.get('/api/brokerb/status')
    assert.equal(status.statusCode, 200)
  })

  it('no token in any answer, log line or stored column', async () => {
    clock.set('2026-11-24T15:00:00.000Z')
    const u = await t.newTenant()
    const answers = [JSON.stringify(await connectSchwab(t, u))]
    for (const path of [
      '/api/brokerb/status',
      '/api/brokerb/accounts',
      '/api/brokerb/balance',
      '/api/brokers/brokerb/status',
    ])
      answers.push((await u.get(path)).body)
    answers.push(
      (await u.post('/api/brokerb/refresh')).body,
      (await u.post('/api/brokers/brokerb/refresh')).body,
    )
    collect()
    const tokens = [...seen]
    for (const token of tokens) assert.ok(!answers.join('\n').includes(token), 'a token in an answer')
    assert.ok(tokens.length >= 5, `${tokens.length} tokens seen`)
    const all = lines.join('\n')
    assert.ok(all.includes('broker access token refreshed'), 'the refreshes were logged')
    for (const token of tokens) assert.ok(!all.includes(token), 'a token in a log line')
    const rows = await t.c.scopes.withSystem('test: every stored token column', ({ db }) =>
      db.selectFrom('broker_connection').select(['access_token_enc', 'refresh_token_enc']).execute(),
    )
    for (const r of rows)
      for (const token of tokens) {
        assert.ok(!(r.access_token_enc ?? '').includes(token))
        assert.ok(!(r.refresh_token_enc ?? '').includes(token))
      }
  })
})
