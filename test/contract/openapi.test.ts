/**
 * OpenAPI completeness: every route is documented with an operationId, summary, tags and its error
 * answers; it explains itself (description, examples that validate, no "Default Response", errors
 * as problems, no required parameter that has a default); and its security requirement lets /docs
 * log in with the OAuth 2.0 password flow. Also prints the coverage of the product's 217 required
 * operations, listed in operations.tsv beside this file (area, method, path; not a failure yet).
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { operations } from '../helpers/openapi.ts'
import { docOperations, gaps, invalidExamples } from '../helpers/openapi-doc.ts'
import { compileAllSchemas, seeRoutes } from '../helpers/schemas.ts'
import { useTestApp } from '../helpers/test-app.ts'

const routes = seeRoutes() // before the app is built
const t = useTestApp({ env: { REGISTRATIONS_PER_IP_PER_HOUR: '1000', LOGINS_PER_IP_PER_MINUTE: '1000' } })
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed document
const openapi = async (): Promise<Record<string, any>> => JSON.parse((await t.anon.get('/openapi.json')).body)
/**
 * Errors that are not problems by design: the token endpoints answer RFC 6749 errors (what OAuth 2.0
 * clients parse); readiness answers its own body on 503 (what load balancers read).
 */
const NOT_PROBLEMS = [
  'POST /api/auth/token 400',
  'POST /api/auth/mfa/challenge 400',
  'GET /readyz 503',
  'POST /mcp 406', // a JSON-RPC error, which is what an MCP client reads
]
const REQUIRED_OPERATIONS = new URL('./operations.tsv', import.meta.url).pathname

describe('OpenAPI document', () => {
  it("compiles every route's validators and serializers (compiled lazily in service: here, all at once)", async () => {
    const ops = await operations(t.app)
    const seen = new Set(routes.flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url}`)))
    const openapiPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1')
    const unseen = ops.filter((o) => !seen.has(`${o.method} ${openapiPath(o.path)}`))
    assert.deepEqual(unseen, [], 'every operation is among the routes compiled')
    const compiled = compileAllSchemas(t.app, routes)
    // Every operation has a response schema, and most have input.
    assert.ok(compiled >= ops.length, `compiled ${compiled} for ${ops.length} operations`)
  })

  it('is OpenAPI 3.1 with the security schemes', async () => {
    const doc = JSON.parse((await t.anon.get('/openapi.json')).body)
    assert.equal(doc.openapi, '3.1.0')
    assert.deepEqual(Object.keys(doc.components.securitySchemes).sort(), [
      'OAuth2PasswordBearer',
      'agentKey',
      'apiKey',
      'bearerAuth',
      'cookieAuth',
    ])
    assert.deepEqual(doc.components.securitySchemes.OAuth2PasswordBearer.flows, {
      password: { tokenUrl: '/api/auth/token', scopes: {} },
    })
    assert.ok(doc.components.schemas.Problem, 'the shared Problem schema is a component')
    // The reference page (rendered client-side) preselects the password flow for "Authorize".
    const page = await t.anon.get('/docs/')
    assert.match(page.body, /"preferredSecurityScheme":\s*"OAuth2PasswordBearer"/)
  })

  it('gives each area one tag: every technical-analysis operation under the same one', async () => {
    const doc = await openapi()
    const ops = docOperations(doc)
    const taTags = new Set(ops.filter((o) => o.name.includes(' /api/ta/')).flatMap(({ op }) => op.tags))
    assert.deepEqual([...taTags], ['technical-analysis'])
    const tags = [...new Set(ops.flatMap(({ op }) => op.tags as string[]))]
    const squash = (tag: string) => tag.toLowerCase().replace(/[^a-z]/g, '')
    assert.equal(new Set(tags.map(squash)).size, tags.length, `one spelling per tag: ${tags.join(', ')}`)
  })

  it('requires no credentials on public operations and any of the four on the others', async () => {
    const doc = await openapi()
    const wrong = docOperations(doc).flatMap(({ name, op }) => {
      const user = [{ OAuth2PasswordBearer: [] }, { bearerAuth: [] }, { apiKey: [] }, { cookieAuth: [] }]
      // Agent order operations also take an agent's key.
      const want = op['x-auth'] === 'public' ? [] : op['x-agent-key'] ? [...user, { agentKey: [] }] : user
      return JSON.stringify(op.security) === JSON.stringify(want)
        ? []
        : [`${name}: ${JSON.stringify(op.security)}`]
    })
    assert.deepEqual(wrong, [])
    const login = doc.paths['/api/auth/token'].post
    assert.deepEqual(login.security, [])
    assert.deepEqual(doc.paths['/api/auth/me'].get.security[0], { OAuth2PasswordBearer: [] })
  })

  it('explains every operation: description, examples, response descriptions, problems, defaults', async () => {
    const doc = await openapi()
    const ops = docOperations(doc)
    assert.ok(ops.length >= 79, `${ops.length} operations`)
    assert.deepEqual(
      ops.flatMap((o) => gaps(o, NOT_PROBLEMS)),
      [],
    )
  })

  it('has examples that validate against their own schemas', async () => {
    assert.deepEqual(invalidExamples(await openapi()), [])
  })

  it('accepts a defaulted parameter left out, and fills in its default', async () => {
    const user = await t.newTenant()
    const insider = await user.get('/api/intel/insider-buying?symbols=AAPL')
    assert.equal(insider.statusCode, 200, insider.body)
    const replay = await t.anon.get('/api/free/replay/SPY?date=2026-11-20')
    assert.notEqual(replay.statusCode, 422, replay.body)
  })

  it('logs in with what an OAuth 2.0 password-flow client sends (the /docs reference included)', async () => {
    const email = `docs.${process.pid}@example.test`
    const password = 'orbit-lantern-42'
    assert.equal((await t.anon.post('/api/auth/register', { email, password })).statusCode, 201)
    const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      t.anon.inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      })
    const basic = `Basic ${Buffer.from('docs:secret').toString('base64')}`
    const sends = [
      // Scalar without a client: no client_id, no scope
      [{ grant_type: 'password', username: email, password }, {}],
      // client credentials in the body (x-scalar-credentials-location: body), a scope
      [{ grant_type: 'password', username: email, password, scope: 'read', client_id: 'docs' }, {}],
      [{ grant_type: 'password', username: email, password, client_id: 'docs', client_secret: 's' }, {}],
      // client credentials as HTTP Basic (Scalar's default when a secret is filled in)
      [{ grant_type: 'password', username: email, password }, { authorization: basic }],
    ] as const
    for (const [fields, headers] of sends) {
      const res = await form(fields, headers)
      assert.equal(res.statusCode, 200, `${JSON.stringify(fields)}: ${res.body}`)
      const body = JSON.parse(res.body)
      assert.equal(body.token_type, 'bearer')
      const me = await t.anon.get('/api/auth/me', { authorization: `Bearer ${body.access_token}` })
      assert.equal(me.statusCode, 200, me.body)
      assert.equal(JSON.parse(me.body).email, email)
    }
  })

  it('documents every route: operationId (unique), summary, tags, and its error answers', async () => {
    const ops = await operations(t.app)
    assert.ok(ops.length >= 8)
    const problems: string[] = []
    const ids = new Set<string>()
    for (const op of ops) {
      const name = `${op.method} ${op.path}`
      if (!op.operationId) problems.push(`${name}: no operationId`)
      else if (ids.has(op.operationId)) problems.push(`${name}: duplicate operationId ${op.operationId}`)
      else ids.add(op.operationId)
      if (!op.summary) problems.push(`${name}: no summary`)
      if (!op.tags?.length) problems.push(`${name}: no tags`)
      if (op.auth !== 'public' && !op.responses['401'])
        problems.push(`${name}: private but no 401 documented`)
      if (op.auth === 'admin' && !op.responses['403']) problems.push(`${name}: admin but no 403 documented`)
      if ((op.parameters.length || op.hasBody) && !op.responses['422'] && !op.path.startsWith('/docs')) {
        problems.push(`${name}: takes input but no 422 documented`)
      }
    }
    assert.deepEqual(problems, [])
  })

  it('reports coverage of the required operations (informational)', async (ctx) => {
    const ops = await operations(t.app)
    const have = new Set(ops.map((o) => `${o.method} ${o.path}`))
    const rows = readFileSync(REQUIRED_OPERATIONS, 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split('\t'))
    const required = rows.filter((r) => r.length >= 3 && /^(GET|POST|PUT|PATCH|DELETE)$/.test(r[1]!))
    const done = required.filter((r) => have.has(`${r[1]} ${r[2]}`))
    ctx.diagnostic(`coverage: ${done.length}/${required.length} required operations implemented`)
    console.log(`coverage: ${done.length}/${required.length} required operations implemented`)
    assert.equal(required.length, 217)
  })
})
