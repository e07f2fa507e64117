/**
 * Fastify's own errors answer RFC 9457 problems with a stable code: the router's (bad
 * percent-encoding, over-long path parameter), body parsing (415 naming what the operation accepts),
 * Node's HTTP parser (malformed requests) and a draining server (503).
 */
import assert from 'node:assert/strict'
import { connect } from 'node:net'
import { after, before, describe, it } from 'node:test'
import inject from 'light-my-request'
import { assertProblem } from '../helpers/assertions.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'

let t: TestApp
let sawPreClose: () => void = () => {}
before(async () => {
  t = await buildTestApp({
    routes: (app) => {
      // Starts closing the server, then sends a request through the router while it drains.
      app.get('/api/test/close-now', { config: { auth: 'public' } }, async () => {
        const draining = new Promise<void>((resolve) => (sawPreClose = resolve))
        void app.close()
        await draining
        const late = await inject(app.routing, { method: 'GET', url: '/api/plans' })
        return { status: late.statusCode, type: late.headers['content-type'], body: late.json() }
      })
      app.addHook('preClose', async () => sawPreClose())
    },
  })
})
after(async () => {
  await t.app.close()
  await t.c.close()
  await t.db.drop()
})

describe("the router's errors", () => {
  it('bad percent-encoding in the path → 400 request.bad_url', async () => {
    const u = await t.newTenant()
    const res = await u.patch('/api/accounts/%E0%A4%A', { name: 'x' })
    const body = assertProblem(res, 400, 'request.bad_url')
    assert.equal(body.request_id, res.headers['x-request-id'])
    assert.match(body.detail, /percent-encoded/)
  })

  it('a path parameter over the router limit → 414 request.path_param_too_long', async () => {
    const u = await t.newTenant()
    const res = await u.get(`/api/quotes/${'A'.repeat(500)}`)
    assertProblem(res, 414, 'request.path_param_too_long')
  })
})

describe('unsupported media types say what the operation accepts', () => {
  it('a multipart upload to the CSV import → 415 naming text/csv', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    const res = await u.inject({
      method: 'POST',
      url: `/api/brokers/manual/import?account_id=${acct}&kind=transactions`,
      headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
      payload: '--XyZ\r\nContent-Disposition: form-data; name="file"\r\n\r\nsymbol\r\n--XyZ--\r\n',
    })
    const body = assertProblem(res, 415, 'request.unsupported_media_type')
    assert.equal(
      body.detail,
      'This operation accepts a body of type text/csv (send Content-Type: text/csv); got multipart/form-data',
    )
  })

  it('a CSV body to a JSON operation → 415 naming application/json', async () => {
    const u = await t.newTenant()
    const res = await u.inject({
      method: 'POST',
      url: '/api/investors',
      headers: { 'content-type': 'text/csv' },
      payload: 'name\nPartner\n',
    })
    const body = assertProblem(res, 415, 'request.unsupported_media_type')
    assert.match(body.detail, /accepts a body of type application\/json .*got text\/csv$/)
  })
})

describe('errors outside the routes', () => {
  it('a request that is not HTTP → 400 problem before Fastify sees it', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const answer = await raw(address, 'NOT HTTP AT ALL\r\n\r\n')
    assert.match(answer, /^HTTP\/1\.1 400 Bad Request\r\n/)
    assert.match(answer, /content-type: application\/problem\+json/i)
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>
    assert.equal(body.code, 'request.malformed')
    assert.equal(body.status, 400)
  })

  it('while the server drains, a request that still arrives → 503 service.closing', async () => {
    const res = await t.anon.get('/api/test/close-now')
    const late = JSON.parse(res.body) as { status: number; type: string; body: Record<string, unknown> }
    assert.equal(late.status, 503)
    assert.match(late.type, /^application\/problem\+json/)
    assert.equal(late.body.code, 'service.closing')
  })
})

/** Writes raw bytes to the server and reads until it closes the connection. */
function raw(origin: string, text: string): Promise<string> {
  const { hostname, port } = new URL(origin)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text))
    let data = ''
    socket.on('data', (chunk: Buffer) => (data += chunk.toString()))
    socket.on('close', () => resolve(data))
    socket.on('error', reject)
  })
}
