/**
 * The brokers through HTTP against the in-process sandboxes: the OAuth consent both OAuth brokers
 * share, Alpaca's approve and connect, the state-forgery rules every OAuth connect enforces, and
 * the realized trades of a sync checked against FIFO by hand.
 */
import assert from 'node:assert/strict'
import { issueState } from '../../src/modules/brokers/connections/lib/oauth-state.ts'
import { assertProblem, json } from './assertions.ts'
import type { Client, TestApp } from './test-app.ts'

type OAuthBroker = 'brokera' | 'brokerb'

/**
 * auth-url, then the sandbox's consent form approved: the state and where the browser is sent back
 * (always the broker's GET /connect). `authorizePath` is the sandbox's consent page; `checkPage`
 * also reads that page as a browser would (HTML, a POST form, CSP form-action 'self').
 */
export async function consent(
  t: TestApp,
  u: Client,
  broker: OAuthBroker,
  { authorizePath, checkPage = false }: { authorizePath?: string; checkPage?: boolean } = {},
): Promise<{ state: string; back: URL; location: string }> {
  const res = await u.get(`/api/${broker}/auth-url`)
  assert.equal(res.statusCode, 200, res.body)
  const { url, state } = json(res) as { url: string; state: string }
  const target = new URL(url)
  if (authorizePath) assert.equal(target.pathname, authorizePath)
  assert.equal(target.searchParams.get('state'), state)
  if (checkPage) {
    const page = await t.anon.get(target.pathname + target.search)
    assert.equal(page.statusCode, 200)
    assert.match(String(page.headers['content-type']), /text\/html/)
    assert.match(page.body, /<form[^>]+method="post"/i)
    assert.match(String(page.headers['content-security-policy']), /form-action 'self'/)
  }
  const approved = await t.anon.inject({
    method: 'POST',
    url: target.pathname + target.search,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'decision=allow',
  })
  assert.equal(approved.statusCode, 302, approved.body)
  const location = String(approved.headers['location'])
  const back = new URL(location)
  assert.equal(back.pathname, `/api/${broker}/connect`)
  return { state, back, location }
}

/** Alpaca: consent approved, the code and state the callback receives. */
export async function approveAlpaca(
  t: TestApp,
  u: Client,
  opts: { checkPage?: boolean } = {},
): Promise<{ code: string; state: string }> {
  const { state, back } = await consent(t, u, 'brokera', {
    authorizePath: '/sandbox/alpaca/oauth/authorize',
    ...opts,
  })
  assert.equal(back.searchParams.get('state'), state)
  return { code: back.searchParams.get('code')!, state }
}

/** Alpaca connected `via` its GET callback (default), its POST /connect or the unified route; the first sync drained. */
export async function connectAlpaca(
  t: TestApp,
  u: Client,
  via: 'callback' | 'post' | 'unified' = 'callback',
) {
  const { code, state } = await approveAlpaca(t, u)
  const res =
    via === 'callback'
      ? await u.get(
          `/api/brokera/connect?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
        )
      : await u.post(via === 'post' ? '/api/brokera/connect' : '/api/brokers/brokera/connect', {
          auth_code: code,
          state,
        })
  assert.equal(res.statusCode, 200, res.body)
  await t.c.jobs.drain()
  return json(res)
}

/**
 * The state rules of an OAuth connect, for a `code` and its `state` from consent: missing (GET), tampered
 * and malformed (sent `via` the query or the body), another user's (`other`), expired, then the real
 * one connects once and is refused as reused after.
 */
export async function assertStateRules(
  t: TestApp,
  s: { u: Client; other: Client; broker: OAuthBroker; code: string; state: string; via: 'query' | 'body' },
): Promise<void> {
  const { u, other, broker, code, state } = s
  const P = `/api/${broker}/connect`
  const c = encodeURIComponent(code)
  const send = (forged: string) =>
    s.via === 'query'
      ? u.get(`${P}?code=${c}&state=${forged}`)
      : u.post(P, { auth_code: code, state: forged })
  assertProblem(await u.get(`${P}?code=${c}`), 422, 'broker.state_missing')
  const flipped = state.slice(0, -2) + (state.endsWith('AA') ? 'BB' : 'AA')
  assertProblem(await send(flipped), 422, 'broker.state_tampered')
  assertProblem(await send('not-a-state'), 422, 'broker.state_malformed')
  assertProblem(await other.post(P, { auth_code: code, state }), 422, 'broker.state_mismatch')
  const old = issueState(
    t.c.cipher,
    { tenantId: u.tenantId, userId: u.userId, broker, nonce: 'n'.repeat(32) },
    new Date(Date.now() - 11 * 60_000),
  )
  assertProblem(await u.post(P, { auth_code: code, state: old.state }), 422, 'broker.state_expired')

  const ok = await u.post(P, { auth_code: code, state })
  assert.equal(ok.statusCode, 200, ok.body)
  assertProblem(await u.post(P, { auth_code: code, state }), 422, 'broker.state_reused')
}

/** FIFO by hand, in floating point: the reference the exact lot matching must agree with (to a cent). */
function referenceFifoGain(
  fills: { symbol: string; side: string; quantity: string; price: string }[],
): number {
  const lots = new Map<string, { qty: number; price: number }[]>()
  let gain = 0
  for (const f of fills) {
    const q = lots.get(f.symbol) ?? []
    lots.set(f.symbol, q)
    let qty = Number(f.quantity)
    if (f.side === 'buy') q.push({ qty, price: Number(f.price) })
    else
      while (qty > 1e-12 && q.length) {
        const take = Math.min(qty, q[0]!.qty)
        gain += take * (Number(f.price) - q[0]!.price)
        q[0]!.qty -= take
        qty -= take
        if (q[0]!.qty <= 1e-12) q.shift()
      }
  }
  return gain
}

/**
 * The tenant's stored fills (a year of them) and the realized trades the sync computed from them by
 * lot matching: broker trades with their vendor ids, their total gain within a cent a trade of FIFO by hand.
 */
export async function assertTradesMatchFifo(t: TestApp, tenantId: number): Promise<void> {
  const [fills, trades] = await t.c.scopes.withTenant(tenantId, async ({ db }) => [
    await db
      .selectFrom('broker_fill')
      .select(['symbol', 'side', 'quantity', 'price'])
      .where('tenant_id', '=', tenantId)
      .orderBy('traded_at')
      .orderBy('id')
      .execute(),
    await db
      .selectFrom('realized_trade')
      .select(['gain_loss', 'source', 'external_id'])
      .where('tenant_id', '=', tenantId)
      .execute(),
  ])
  assert.ok(fills.length > 10, 'a year of fills was read')
  assert.ok(trades.length > 0 && trades.every((r) => r.source === 'broker' && r.external_id))
  const total = trades.reduce((s, r) => s + Number(r.gain_loss), 0)
  assert.ok(Math.abs(total - referenceFifoGain(fills)) < 0.01 * trades.length, `${total} vs FIFO by hand`)
}

/**
 * The aggregator connected as a browser does it: POST connect, the sandbox portal approved, the
 * callback it redirects to; the first sync drained. The callback's answer (the status).
 */
export async function connectSnapTrade(t: TestApp, u: Client, broker = 'ALPACA') {
  const res = await u.post('/api/brokers/aggregator/connect', { broker })
  assert.equal(res.statusCode, 200, res.body)
  const link = new URL(json(res).redirect_url as string)
  const form = new URLSearchParams({ decision: 'allow', broker, token: link.searchParams.get('token')! })
  const back = await t.anon.inject({
    method: 'POST',
    url: link.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  })
  assert.equal(back.statusCode, 302, back.body)
  const location = new URL(String(back.headers['location']))
  const status = await u.get(location.pathname + location.search)
  assert.equal(status.statusCode, 200, status.body)
  await t.c.jobs.drain()
  return json(status)
}
