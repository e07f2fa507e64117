/** More platform behaviour through the app: ETag/304, CORS, body limits, rate limits, the worker's guard. */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { describe, it } from 'node:test'
import { sendWithEtag } from '../../src/platform/http/etag.ts'
import { useTestApp } from '../helpers/test-app.ts'

const t = useTestApp({
  env: { CORS_ORIGINS: 'https://app.example.com', BODY_LIMIT_BYTES: '2048', RATE_LIMIT_PER_MINUTE: '5' },
  routes: (app) => {
    app.get('/api/test/etag', { config: { auth: 'public', rateLimit: false } }, (req, reply) =>
      sendWithEtag(req, reply, { answer: 42, list: [1, 2, 3] }),
    )
    app.post(
      '/api/test/body',
      {
        config: { auth: 'public', rateLimit: false },
        schema: { body: { type: 'object', additionalProperties: true } },
      },
      (req) => ({ size: JSON.stringify(req.body).length }),
    )
    app.get('/api/test/limited', { config: { auth: 'user' } }, () => ({ ok: true }))
  },
})

describe('conditional GET', () => {
  it('sets a strong ETag (MD5 of the body) and answers 304 to a matching If-None-Match', async () => {
    const first = await t.anon.get('/api/test/etag')
    assert.equal(first.statusCode, 200)
    // md5('{"answer":42,"list":[1,2,3]}') computed independently: printf '%s' '{"answer":42,"list":[1,2,3]}' | md5sum
    assert.equal(first.headers.etag, '"6139cb6f8eda53de2adec69378c58379"')
    assert.deepEqual(JSON.parse(first.body), { answer: 42, list: [1, 2, 3] })
    for (const header of [
      first.headers.etag,
      `W/${first.headers.etag}`,
      `"other", ${first.headers.etag}`,
      '*',
    ]) {
      const again = await t.anon.get('/api/test/etag', { 'if-none-match': header })
      assert.equal(again.statusCode, 304, header)
      assert.equal(again.body, '')
      assert.equal(again.headers.etag, first.headers.etag)
    }
    assert.equal((await t.anon.get('/api/test/etag', { 'if-none-match': '"stale"' })).statusCode, 200)
  })
})

describe('CORS, body limits and rate limits', () => {
  it('allows configured origins with credentials and refuses others', async () => {
    const ok = await t.anon.inject({
      method: 'OPTIONS',
      url: '/api/plans',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'GET' },
    })
    assert.equal(ok.statusCode, 204)
    assert.equal(ok.headers['access-control-allow-origin'], 'https://app.example.com')
    assert.equal(ok.headers['access-control-allow-credentials'], 'true')
    const other = await t.anon.get('/api/plans', { origin: 'https://evil.example' })
    assert.equal(other.headers['access-control-allow-origin'], undefined)
  })

  it('answers 413 problem to a body over BODY_LIMIT_BYTES', async () => {
    const small = await t.anon.post('/api/test/body', { a: 'x'.repeat(100) })
    assert.equal(small.statusCode, 200)
    const big = await t.anon.post('/api/test/body', { a: 'x'.repeat(5000) })
    assert.equal(big.statusCode, 413)
    assert.equal(JSON.parse(big.body).code, 'request.body_too_large')
  })

  it('throttles a client past its budget with 429 and Retry-After; ops routes are never throttled', async () => {
    // An authenticated client has its own budget (5 a minute here), whatever its address shares.
    const u = await t.newTenant()
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) statuses.push((await u.get('/api/test/limited')).statusCode)
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429])
    assert.equal(
      (await (await t.newTenant()).get('/api/test/limited')).statusCode,
      200,
      'another user is not throttled',
    )
    const limited = await u.get('/api/test/limited')
    assert.ok(Number(limited.headers['retry-after']) >= 1)
    assert.equal(JSON.parse(limited.body).code, 'rate_limit.exceeded')
    for (let i = 0; i < 10; i++) assert.equal((await t.anon.get('/healthz')).statusCode, 200)
  })
})

describe('worker', () => {
  it('refuses to start without a durable queue (in-process jobs belong to the API process)', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: new URL('../../', import.meta.url).pathname,
      env: { ...process.env, JOB_QUEUE: 'inprocess', DATABASE_URL: 'memory://' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    assert.equal(r.status, 78)
    assert.match(r.stderr, /JOB_QUEUE=durable is required/)
  })
})
