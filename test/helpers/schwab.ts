/** Schwab through HTTP against the in-process sandbox: consent, connect, the sandbox's tokens. */
import assert from 'node:assert/strict'
import { json } from './assertions.ts'
import { consent } from './brokers.ts'
import type { Client, TestApp } from './test-app.ts'

/** auth-url, then the sandbox consent form approved: the callback's query as Schwab sends it (code `…%40`). */
export async function approveSchwab(
  t: TestApp,
  u: Client,
): Promise<{ code: string; state: string; query: string }> {
  const { state, back, location } = await consent(t, u, 'brokerb', {
    authorizePath: '/sandbox/schwab/v1/oauth/authorize',
  })
  assert.match(location, /code=[^&]*%40/, 'the code arrives URL-encoded, ending %40')
  return { code: back.searchParams.get('code')!, state, query: back.search }
}

/** Connected through the GET callback, exactly as the browser comes back; the first sync drained. */
export async function connectSchwab(t: TestApp, u: Client) {
  const { query } = await approveSchwab(t, u)
  const res = await u.get(`/api/brokerb/connect${query}`)
  assert.equal(res.statusCode, 200, res.body)
  await t.c.jobs.drain()
  return json(res)
}

/** A new tenant connected to Schwab (first sync drained). */
export async function connectedSchwab(t: TestApp): Promise<Client> {
  const u = await t.newTenant()
  await connectSchwab(t, u)
  return u
}

/** The linked accounts as GET /accounts lists them. */
export async function schwabAccounts(
  u: Client,
): Promise<Array<{ hashValue: string; accountNumber: string; type: string }>> {
  const res = await u.get('/api/brokerb/accounts')
  assert.equal(res.statusCode, 200, res.body)
  return json(res).items
}

/** The plain account number behind a hash (what the sandbox generated; the API never shows it unmasked). */
export async function plainNumber(t: TestApp, u: Client, hash: string): Promise<string> {
  const rows = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
    db.selectFrom('broker_linked_account').select(['external_id', 'account_number']).execute(),
  )
  return rows.find((r) => r.external_id === hash)!.account_number
}

/** Every bearer and refresh token the sandbox has seen or issued: never in our answers, logs or columns. */
export function sandboxTokens(t: TestApp): string[] {
  const sb = t.c.providers.brokers.sandbox!.schwab!
  const bearers = sb.requests.map((r) => r.authorization?.replace(/^Bearer /, ''))
  const refreshes = sb.requests.map((r) => (r.body as Record<string, string> | undefined)?.['refresh_token'])
  return [...new Set([...bearers, ...refreshes])].filter(
    (v): v is string => typeof v === 'string' && v.length > 20 && !v.startsWith('Basic '),
  )
}
