/**
 * OpenAPI-driven fuzz: every operation of /openapi.json (public, user, admin) is called with
 * schema-valid inputs (fast-check, fixed seed) and with hostile variants of one of them (64-bit and
 * non-finite numbers, NUL and control characters, long strings, wrong types, unknown fields, bad
 * percent-encoding, wrong or missing content types, empty, huge, deep and prototype-polluting bodies,
 * a cookie without Origin). Each answer must be below 500, documented on that operation, and every
 * error a problem document with a `code`. All findings are collected, then reported together.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import {
  draftOf,
  hostileDrafts,
  render,
  type Draft,
  type FuzzOperation,
  type FuzzRequest,
  type RealValues,
} from '../helpers/fuzz-requests.ts'
import { operations } from '../helpers/openapi.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'

// Rate limits off: the fuzz calls each operation dozens of times from one address.
const t = useTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } })
const SEED = 20261125
const VALID_RUNS = 3

interface Finding {
  key: string
  why: string
  req: FuzzRequest
  res: LightMyRequestResponse
}

it('fuzzes every operation: no 5xx, only documented statuses, problem+json errors', async (ctx) => {
  const ops = await operations(t.app)
  const findings: Finding[] = []
  let calls = 0
  for (const op of ops) {
    const { headers, real } = await callerFor(op)
    const drafts = fc.sample(draftOf(op, real), { seed: SEED, numRuns: VALID_RUNS })
    const requests = distinct([
      ...drafts.map((d, i) => render(op, `valid#${i}`, d, headers)),
      ...hostile(op, real).map(([variant, d]) => render(op, variant, d, headers)),
    ])
    for (const req of requests) {
      const res = await t.app.inject({
        method: req.method as 'GET',
        url: req.url,
        headers: req.headers,
        ...(req.payload === undefined ? {} : { payload: req.payload }),
      })
      calls++
      const why = verdict(op, res)
      if (why) findings.push({ key: `${op.method} ${op.path} ${req.variant}`, why, req, res })
    }
  }
  ctx.diagnostic(`${ops.length} operations, ${calls} requests, ${findings.length} findings`)
  assert.equal(findings.length, 0, `\n${findings.map(describe).join('\n\n')}`)
})

/** Why an answer breaks the contract of its operation, or undefined when it keeps it. */
function verdict(op: FuzzOperation, res: LightMyRequestResponse): string | undefined {
  const documented = op.responses[String(res.statusCode)] ?? op.responses['default']
  if (res.statusCode >= 500) return `server error ${res.statusCode}`
  if (!documented) return `status ${res.statusCode} is not documented on the operation`
  if (res.statusCode < 400) return undefined
  const type = String(res.headers['content-type'] ?? '')
  const body = parse(res.body)
  if (!documented.content?.['application/problem+json']) {
    // The OAuth token endpoint documents its RFC 6749 error shape instead.
    return body === undefined ? `error ${res.statusCode} is not JSON` : undefined
  }
  if (!type.startsWith('application/problem+json')) return `error content-type is ${type || 'missing'}`
  if (typeof (body as { code?: unknown } | undefined)?.code !== 'string') return 'problem without a code'
  return undefined
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

function describe(f: Finding): string {
  const payload = f.req.payload === undefined ? '' : `\n    body: ${clip(f.req.payload)}`
  return (
    `${f.key}: ${f.why}\n    ${f.req.method} ${clip(f.req.url)}` +
    `\n    content-type: ${f.req.headers['content-type'] ?? '-'}${payload}` +
    `\n    → ${f.res.statusCode} ${String(f.res.headers['content-type'] ?? '')} ${clip(f.res.body)}`
  )
}

function clip(s: string): string {
  const shown = JSON.stringify(s).slice(1, -1)
  return shown.length > 240 ? `${shown.slice(0, 240)}… (${s.length} chars)` : shown
}

/** The same request twice (an operation without inputs samples one draft) is sent once. */
function distinct(requests: FuzzRequest[]): FuzzRequest[] {
  const seen = new Set<string>()
  return requests.filter((r) => {
    const key = JSON.stringify([r.url, r.headers, r.payload])
    return !seen.has(key) && seen.add(key)
  })
}

type Caller = { headers: Record<string, string>; real: RealValues }
const readers = new Map<string, Promise<Caller>>()

/**
 * A fresh caller per writing operation (a deactivation or a plan limit must not leak into the next
 * one); reads share one caller per kind of access.
 */
function callerFor(op: FuzzOperation): Promise<Caller> {
  if (op.method !== 'GET') return newCaller(op)
  const shared = readers.get(op.auth) ?? newCaller(op)
  readers.set(op.auth, shared)
  return shared
}

async function newCaller(op: FuzzOperation): Promise<Caller> {
  const user = await t.newTenant()
  const real = await ownResources(user)
  if (op.auth === 'public') return { headers: {}, real }
  const caller = op.auth === 'admin' ? await t.newTenant({ role: 'admin' }) : user
  return { headers: { authorization: `Bearer ${caller.token}` }, real }
}

/** One of each of the user's resources, by the parameter names that address them. */
async function ownResources(u: Client): Promise<RealValues> {
  const account_id = await createManualAccount(u, 'Fuzz')
  const id = async (url: string, body: object, key: string) => {
    const res = await u.post(url, body)
    assert.equal(res.statusCode, 201, res.body)
    return (JSON.parse(res.body) as Record<string, number>)[key]
  }
  const investor_id = await id('/api/investors', { name: 'Partner' }, 'investor_id')
  return {
    account_id,
    investor_id,
    tenant_id: u.tenantId,
    symbol: 'AAPL',
    flag: 'support_ai',
    transcript_id: 1,
    position_id: await id(
      '/api/brokers/manual/positions',
      { account_id, symbol: 'AAPL', quantity: 3, cost_basis: 300, as_of: '2024-03-01' },
      'position_id',
    ),
    transaction_id: await id(
      '/api/brokers/manual/transactions',
      {
        account_id,
        symbol: 'MSFT',
        quantity: 1,
        date_acquired: '2024-01-02',
        date_sold: '2024-06-03',
        proceeds: 110,
        cost_basis: 100,
      },
      'transaction_id',
    ),
    flow_id: await id('/api/capital-flows', { investor_id, date: '2024-01-02', amount: 1000 }, 'flow_id'),
    activity_id: await id(
      '/api/activities',
      { account_id, type: 'DEPOSIT', date: '2024-01-02', amount: 1000 },
      'activity_id',
    ),
    $csv: 'symbol,quantity,date_acquired,date_sold,proceeds,cost_basis\nAAPL,2,2024-01-02,2024-02-01,210,200\n',
  }
}

/**
 * Each hostile variant changes one thing in its own valid draft (so a unique e-mail or day is not
 * already taken by the previous call) that addresses the caller's own resources.
 */
function hostile(op: FuzzOperation, real: RealValues): [string, Draft][] {
  const count = hostileDrafts(op, { path: {}, query: {} }).length
  const bases = fc.sample(draftOf(op, real), { seed: SEED + 1, numRuns: count })
  return bases.map((b, i) => hostileDrafts(op, withOwn(op, b, real))[i]!)
}

/** A draft whose ids are the caller's own. */
function withOwn(op: FuzzOperation, d: Draft, real: RealValues): Draft {
  const own = (where: string) =>
    Object.fromEntries(
      op.parameters
        .filter((p) => p.in === where && real[p.name] !== undefined)
        .map((p) => [p.name, real[p.name]]),
    )
  return { ...d, path: { ...d.path, ...own('path') }, query: { ...d.query, ...own('query') } }
}
