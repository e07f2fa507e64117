/**
 * Login throttling per account and source address: failures from one address delay only that
 * address, with waits that double up to a cap; the owner elsewhere still logs in; past the
 * account-wide ceiling only addresses that logged in recently may try. Requests come from chosen
 * addresses (`remoteAddress`) on a fixed clock shared with the cache.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { createMemoryCache } from '../../src/platform/cache/memory-cache.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'

const PASSWORD = 'orbit-lantern-42'
const clock = fixedClock('2026-03-02T15:00:00Z')
let t: TestApp
let seq = 0

before(async () => {
  t = await buildTestApp({
    clock,
    cache: createMemoryCache({ now: () => clock.now().getTime() }),
    env: {
      REGISTRATIONS_PER_IP_PER_HOUR: '10000',
      LOGINS_PER_IP_PER_MINUTE: '10000',
      LOGIN_FREE_FAILURES: '3',
      LOGIN_DELAY_BASE_SECONDS: '2',
      LOGIN_DELAY_MAX_SECONDS: '16',
      LOGIN_FAILURES_PER_ACCOUNT: '20',
    },
  })
})
after(async () => {
  await t.close()
})

async function account(): Promise<string> {
  const email = `thr${++seq}.${process.pid}@example.test`
  const res = await t.anon.post('/api/auth/register', { email, password: PASSWORD })
  assert.equal(res.statusCode, 201, res.body)
  return email
}

const login = (email: string, password: string, from: string) =>
  t.anon.inject({
    method: 'POST',
    url: '/api/auth/token',
    remoteAddress: from,
    payload: new URLSearchParams({ grant_type: 'password', username: email, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })

describe('login throttling per account and source', () => {
  it('ten wrong passwords from one address do not keep the owner out from another', async () => {
    const email = await account()
    const statuses = []
    for (let i = 0; i < 10; i++)
      statuses.push((await login(email, `wrong-${i}-pass`, '198.51.100.7')).statusCode)
    assert.deepEqual(statuses.slice(0, 4), [400, 400, 400, 429], 'the attacker is slowed down')
    const owner = await login(email, PASSWORD, '203.0.113.20')
    assert.equal(owner.statusCode, 200, owner.body)
    const attacker = await login(email, PASSWORD, '198.51.100.7')
    assert.equal(attacker.statusCode, 429, 'the delayed address is not even checked')
  })

  it('after the free failures each failure doubles the wait, up to the cap; a success clears it', async () => {
    const email = await account()
    const from = '198.51.100.8'
    for (let i = 0; i < 3; i++) assert.equal((await login(email, 'wrong-pass-1', from)).statusCode, 400)
    const waits: number[] = []
    for (let i = 0; i < 5; i++) {
      const held = await login(email, PASSWORD, from)
      assert.equal(held.statusCode, 429, held.body)
      assert.equal(json(held.body).code, 'auth.login_throttled')
      assert.equal(held.headers['set-cookie'], undefined)
      const wait = Number(held.headers['retry-after'])
      waits.push(wait)
      clock.advance(wait * 1000 - 1)
      assert.equal((await login(email, PASSWORD, from)).statusCode, 429, 'not a moment early')
      clock.advance(1)
      assert.equal((await login(email, 'wrong-pass-2', from)).statusCode, 400)
    }
    assert.deepEqual(waits, [2, 4, 8, 16, 16])
    clock.advance(16_000)
    assert.equal((await login(email, PASSWORD, from)).statusCode, 200)
    assert.equal((await login(email, 'wrong-pass-3', from)).statusCode, 400, 'the count starts again')
    assert.equal((await login(email, 'wrong-pass-3', from)).statusCode, 400)
  })

  it('past the account-wide ceiling only addresses that logged in recently may try, until the hour ends', async () => {
    const email = await account()
    assert.equal((await login(email, PASSWORD, '203.0.113.30')).statusCode, 200, 'a known address')
    for (let i = 0; i < 20; i++)
      assert.equal((await login(email, 'wrong-pass-4', `192.0.2.${i + 1}`)).statusCode, 400)
    const stranger = await login(email, PASSWORD, '203.0.113.31')
    assert.equal(stranger.statusCode, 429, stranger.body)
    assert.equal(json(stranger.body).code, 'auth.login_throttled')
    const retry = Number(stranger.headers['retry-after'])
    assert.ok(retry > 0 && retry <= 3600, String(retry))
    assert.equal((await login(email, PASSWORD, '203.0.113.30')).statusCode, 200, 'the owner at home')
    clock.advance(retry * 1000)
    assert.equal((await login(email, PASSWORD, '203.0.113.31')).statusCode, 200, 'after the hour')
  })

  it('IPv6 addresses of one /64 count as one source', async () => {
    const email = await account()
    for (let i = 1; i <= 3; i++)
      assert.equal((await login(email, 'wrong-pass-5', `2001:db8:0:1::${i}`)).statusCode, 400)
    assert.equal((await login(email, PASSWORD, '2001:db8:0:1::99')).statusCode, 429)
    assert.equal((await login(email, PASSWORD, '2001:db8:0:2::1')).statusCode, 200, 'another /64')
  })
})
