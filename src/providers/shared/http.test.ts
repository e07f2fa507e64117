import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import * as H from './http.ts'

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }
type Handler = (res: http.ServerResponse, hit: number, seen: Seen) => void

// Each test registers its own path so hit counts never interfere.
const routes = new Map<string, Handler>()
const hits = new Map<string, Seen[]>()
let server: http.Server
let base = ''

function route(path: string, handler: Handler): string {
  routes.set(path, handler)
  hits.set(path, [])
  return `${base}${path}`
}
const hitCount = (path: string): number => hits.get(path)?.length ?? 0

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const isText = typeof body === 'string'
  res.writeHead(status, { 'content-type': isText ? 'text/plain' : 'application/json', ...headers })
  res.end(isText ? body : JSON.stringify(body))
}

// First hit fails with `status`, later hits succeed.
const failOnce = (path: string, status: number, headers: Record<string, string> = {}): string =>
  route(path, (res, hit) => (hit === 1 ? send(res, status, 'nope', headers) : send(res, 200, { ok: true })))

// Resolves to the rejection reason; fails the test if the promise resolves.
const rejection = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    (v) => assert.fail(`expected rejection, got ${JSON.stringify(v)}`),
    (e: unknown) => e,
  )

// Records requested delays instead of sleeping.
function client(extra: H.HttpClientOptions = {}) {
  const sleeps: number[] = []
  const c = H.createHttpClient({ sleep: async (ms) => void sleeps.push(ms), ...extra })
  return { c, sleeps }
}

before(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname
      const handler = routes.get(path)
      const list = hits.get(path)
      if (!handler || !list) return send(res, 500, { error: 'no route' })
      const body = Buffer.concat(chunks).toString()
      const seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body }
      list.push(seen)
      handler(res, list.length, seen)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

after(async () => {
  server.closeAllConnections() // the "never answers" route leaves a socket open
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

describe('http client: success paths', () => {
  it('parses JSON, leaves other bodies as text, sends default headers', async () => {
    const url = route('/ok', (res) => send(res, 200, { hello: 'world' }))
    const { c } = client()
    assert.deepEqual(await c.getJson<{ hello: string }>({ url, provider: 'test' }), { hello: 'world' })
    const full = await c.request<{ hello: string }>({ url, provider: 'test' })
    assert.equal(full.status, 200)
    assert.equal(full.body.hello, 'world')
    assert.equal(full.text, '{"hello":"world"}')
    const seen = hits.get('/ok')?.[0]
    assert.equal(seen?.headers['accept'], 'application/json')
    assert.match(seen?.headers['user-agent'] ?? '', /^sextant/)
    const csv = route('/text', (res) => send(res, 200, 'a,b\n1,2'))
    assert.equal((await c.request({ url: csv, provider: 'test' })).body, 'a,b\n1,2')
  })

  it('encodes query parameters and skips undefined', async () => {
    const url = route('/query', (res, _hit, seen) => send(res, 200, { url: seen.url }))
    const body = await client().c.getJson<{ url: string }>({
      url: `${url}?keep=1`,
      provider: 'test',
      query: { symbol: 'BRK.B', q: 'a b&c=d/é', n: 5, flag: true, skip: undefined },
    })
    const params = Object.fromEntries(new URL(body.url, 'http://x').searchParams)
    assert.deepEqual(params, { keep: '1', symbol: 'BRK.B', q: 'a b&c=d/é', n: '5', flag: 'true' })
  })

  it('sends JSON and form bodies with the right content-type', async () => {
    type Echo = { ct: string; body: string; method: string }
    const url = route('/echo', (res, _hit, seen) =>
      send(res, 200, { ct: seen.headers['content-type'], body: seen.body, method: seen.method }),
    )
    const { c } = client()
    const j = await c.postJson<Echo>({ url, provider: 'test', json: { a: 1 } })
    assert.deepEqual(j, { ct: 'application/json', body: '{"a":1}', method: 'POST' })
    const f = await c.postJson<Echo>({ url, provider: 'test', form: { a: 'x y', b: '&' } })
    assert.equal(f.ct, 'application/x-www-form-urlencoded')
    assert.equal(f.body, 'a=x+y&b=%26')
  })
})

describe('http client: retries', () => {
  it('retries a 503 and then succeeds', async () => {
    const url = failOnce('/flaky', 503)
    const { c, sleeps } = client()
    assert.deepEqual(await c.getJson({ url, provider: 'test' }), { ok: true })
    assert.equal(hitCount('/flaky'), 2)
    assert.equal(sleeps.length, 1)
  })

  it('honours Retry-After in delta-seconds', async () => {
    const url = failOnce('/ra-seconds', 429, { 'retry-after': '1' })
    const { c, sleeps } = client()
    await c.getJson({ url, provider: 'test' })
    assert.deepEqual(sleeps, [1000])
    assert.equal(hitCount('/ra-seconds'), 2)
  })

  it('honours Retry-After as an HTTP-date', async () => {
    const url = failOnce('/ra-date', 503, { 'retry-after': new Date(Date.now() + 3000).toUTCString() })
    const { c, sleeps } = client()
    await c.getJson({ url, provider: 'test' })
    // HTTP-dates have 1 s resolution, so the delay lands in (~1 s, 3 s].
    assert.equal(sleeps.length, 1)
    assert.ok(sleeps[0]! > 1000 && sleeps[0]! <= 3000, `delay ${sleeps[0]}`)
  })

  it('throws the rate-limit error without sleeping when Retry-After exceeds the cap', async () => {
    const url = route('/ra-long', (res) => send(res, 429, 'come back later', { 'retry-after': '60' }))
    const { c, sleeps } = client()
    const err = await rejection(c.getJson({ url, provider: 'test' }))
    assert.ok(err instanceof H.UpstreamRateLimitError)
    assert.equal(err.kind, 'rate_limited')
    assert.equal(err.status, 429)
    assert.equal(err.retryAfterMs, 60_000)
    assert.deepEqual(sleeps, [])
    assert.equal(hitCount('/ra-long'), 1)
  })

  it('does not retry a POST on 503 unless marked idempotent', async () => {
    const url = failOnce('/post-503', 503)
    const { c } = client()
    await assert.rejects(c.postJson({ url, provider: 'test', json: {} }), H.UpstreamServerError)
    assert.equal(hitCount('/post-503'), 1)
    failOnce('/post-503', 503)
    assert.deepEqual(await c.postJson({ url, provider: 'test', json: {}, idempotent: true }), { ok: true })
    assert.equal(hitCount('/post-503'), 2)
  })

  it('retries a POST on 429', async () => {
    const url = failOnce('/post-429', 429)
    const { c, sleeps } = client()
    assert.deepEqual(await c.postJson({ url, provider: 'test', json: {} }), { ok: true })
    assert.equal(hitCount('/post-429'), 2)
    assert.equal(sleeps.length, 1)
  })

  it('retries 500 only for idempotent requests; per-request retries override', async () => {
    const url = route('/500', (res) => send(res, 500, 'boom'))
    const { c } = client()
    await assert.rejects(
      c.request({ method: 'POST', url, provider: 'test', body: 'x' }),
      H.UpstreamServerError,
    )
    assert.equal(hitCount('/500'), 1)
    await assert.rejects(c.request({ url, provider: 'test' }), H.UpstreamServerError)
    assert.equal(hitCount('/500'), 4)
    await assert.rejects(c.request({ url, provider: 'test', retries: 0 }), H.UpstreamServerError)
    assert.equal(hitCount('/500'), 5)
  })

  it('throws UpstreamServerError with status when retries are exhausted; jitter is bounded', async () => {
    const url = route('/always-503', (res) => send(res, 503, 'down'))
    const { c, sleeps } = client({ random: () => 1 })
    const err = await rejection(c.getJson({ url, provider: 'test' }))
    assert.ok(err instanceof H.UpstreamServerError)
    assert.equal(err.status, 503)
    assert.equal(err.kind, 'server')
    assert.equal(err.body, 'down')
    assert.equal(hitCount('/always-503'), 3)
    assert.deepEqual(sleeps, [200, 400]) // random = 1 → exactly min(max, base * 2^attempt)
  })

  it('backoff uses full jitter capped at maxDelayMs', () => {
    const expected = [200, 400, 800, 1600, 3200, 5000, 5000]
    assert.deepEqual(
      [0, 1, 2, 3, 4, 5, 6].map((n) => H.backoffDelay(n, 200, 5000, () => 1)),
      expected,
    )
    assert.equal(
      H.backoffDelay(3, 200, 5000, () => 0),
      0,
    )
    for (let n = 0; n < 10; n++) {
      const d = H.backoffDelay(n, 200, 5000, Math.random)
      assert.ok(d >= 0 && d <= Math.min(5000, 200 * 2 ** n))
    }
  })

  it('parseRetryAfter handles both forms and garbage', () => {
    const now = Date.parse('2025-01-01T00:00:00Z')
    assert.equal(H.parseRetryAfter('2', now), 2000)
    assert.equal(H.parseRetryAfter('Wed, 01 Jan 2025 00:00:05 GMT', now), 5000)
    assert.equal(H.parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', now), 0)
    assert.equal(H.parseRetryAfter('soon', now), undefined)
    assert.equal(H.parseRetryAfter(null, now), undefined)
  })
})

describe('http client: error mapping', () => {
  it('maps 404, 401, 403, 400 and 422 with the body', async () => {
    const { c } = client()
    const cases = [
      [404, H.UpstreamNotFoundError, 'not_found'],
      [401, H.UpstreamAuthError, 'auth'],
      [403, H.UpstreamAuthError, 'auth'],
      [400, H.UpstreamClientError, 'bad_request'],
      [422, H.UpstreamClientError, 'bad_request'],
    ] as const
    for (const [status, cls, kind] of cases) {
      const url = route(`/e${status}`, (res) => send(res, status, { error: `bad ${status}` }))
      const err = await rejection(c.getJson({ url, provider: 'alpaca' }))
      assert.ok(err instanceof cls, `${status} -> ${String(err)}`)
      assert.ok(H.isUpstreamError(err))
      assert.equal(err.kind, kind)
      assert.equal(err.status, status)
      assert.equal(err.provider, 'alpaca')
      assert.equal(err.body, JSON.stringify({ error: `bad ${status}` }))
      assert.equal(hitCount(`/e${status}`), 1)
    }
    assert.equal(H.isUpstreamError(new Error('x')), false)
  })

  it('truncates large error bodies to 2 KB', async () => {
    const url = route('/big', (res) => send(res, 400, 'x'.repeat(10_000)))
    const err = await rejection(client().c.getJson({ url, provider: 'test' }))
    assert.ok(err instanceof H.UpstreamClientError)
    assert.ok(err.body !== undefined && err.body.length < 2100 && err.body.startsWith('xxx'))
  })

  it('times out a server that never answers', async () => {
    const url = route('/hang', () => {})
    const { c, sleeps } = client({ retries: 1 })
    const err = await rejection(c.getJson({ url, provider: 'test', timeoutMs: 100 }))
    assert.ok(err instanceof H.UpstreamTimeoutError, String(err))
    assert.equal(err.kind, 'timeout')
    assert.equal(hitCount('/hang'), 2)
    assert.equal(sleeps.length, 1)
  })

  it('reports connection refused as a network error', async () => {
    const tmp = http.createServer()
    await new Promise<void>((resolve) => tmp.listen(0, '127.0.0.1', resolve))
    const port = (tmp.address() as AddressInfo).port
    await new Promise<void>((resolve) => tmp.close(() => resolve()))
    const { c, sleeps } = client()
    const err = await rejection(c.getJson({ url: `http://127.0.0.1:${port}/x`, provider: 'test' }))
    assert.ok(err instanceof H.UpstreamNetworkError, String(err))
    assert.equal(err.kind, 'network')
    assert.match(err.message, /ECONNREFUSED/)
    assert.equal(sleeps.length, 2)
  })

  it('raises a protocol error for invalid JSON', async () => {
    const url = route('/badjson', (res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
      res.end('{not json')
    })
    const err = await rejection(client().c.request({ url, provider: 'test' }))
    assert.ok(err instanceof H.UpstreamProtocolError)
    assert.equal(err.kind, 'protocol')
    assert.equal(err.body, '{not json')
    const plain = route('/plain', (res) => send(res, 200, 'hello'))
    await assert.rejects(client().c.getJson({ url: plain, provider: 'test' }), H.UpstreamProtocolError)
  })

  it('never puts the query string or headers in error messages', async () => {
    const secret = 'SUPERSECRET123'
    const url = route('/secret', (res) => send(res, 400, { echoed: secret }))
    const headers = { authorization: `Bearer ${secret}` }
    const req = { url: `${url}?token=${secret}`, provider: 'test', query: { api_key: secret }, headers }
    const err = await rejection(client().c.getJson(req))
    assert.ok(err instanceof H.UpstreamClientError)
    assert.ok(!err.message.includes(secret), err.message)
    assert.ok(!err.message.includes('?'), err.message)
    assert.ok(err.message.includes(`GET ${base}/secret`), err.message)
    assert.ok(!String(err.stack).includes(secret))
  })
})
