/**
 * Loopback fake of Alpaca's Trading API v2 via OAuth (docs/vendor-formats.md#alpaca-trading): the app's own sandbox
 * (src/providers/brokers/sandbox/alpaca.ts) on a bare Fastify at 127.0.0.1, with fixed quotes, a
 * universe of those eight symbols and a fixed clock. Failure modes through `sandbox.chaos`, the
 * request log in `sandbox.requests`.
 *
 *   const alpaca = await startAlpacaBrokerFake()
 *   const broker = createAlpacaBroker({ tradingBaseUrl: alpaca.baseUrl, oauthBaseUrl: alpaca.baseUrl, ... })
 */
import {
  type AlpacaSandbox,
  type AlpacaSandboxOptions,
  createAlpacaSandbox,
} from '../../src/providers/brokers/sandbox/alpaca.ts'
import { fakeBrokerMarket, serveOnLoopback } from './sandbox-server.ts'

export { FAKE_BROKER_NOW, FAKE_BROKER_QUOTES } from './sandbox-server.ts'

export interface AlpacaBrokerFake {
  readonly baseUrl: string
  readonly clientId: string
  readonly clientSecret: string
  /** The one registered redirect URI. */
  readonly redirectUri: string
  readonly sandbox: AlpacaSandbox
  close(): Promise<void>
}

export async function startAlpacaBrokerFake(
  opts: Partial<AlpacaSandboxOptions> = {},
): Promise<AlpacaBrokerFake> {
  const clientId = opts.clientId ?? 'fake-alpaca-client'
  const clientSecret = opts.clientSecret ?? 'fake-alpaca-client-secret'
  const redirectUris = opts.redirectUris ?? ['http://127.0.0.1:3000/api/brokera/connect']
  const sandbox = createAlpacaSandbox({
    secret: 'fake-alpaca-sandbox-secret',
    ...fakeBrokerMarket(),
    ...opts,
    clientId,
    clientSecret,
    redirectUris,
  })
  const { baseUrl, close } = await serveOnLoopback(sandbox.plugin)
  return { baseUrl, clientId, clientSecret, redirectUri: redirectUris[0] ?? '', sandbox, close }
}

/** Allows the consent form (as a browser would) and returns the code the redirect carries. */
export async function fakeAuthorizationCode(fake: AlpacaBrokerFake, scope = 'trading'): Promise<string> {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: fake.clientId,
    redirect_uri: fake.redirectUri,
  })
  if (scope) q.set('scope', scope)
  const res = await fetch(`${fake.baseUrl}/oauth/authorize?${q.toString()}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'decision=allow',
    redirect: 'manual',
  })
  const code = new URL(res.headers.get('location') ?? 'http://x/').searchParams.get('code')
  if (!code) throw new Error(`the sandbox did not redirect with a code (HTTP ${res.status})`)
  return code
}

/** A new sandbox account's access token: consent allowed, code exchanged. */
export async function fakeAccessToken(fake: AlpacaBrokerFake, scope = 'trading'): Promise<string> {
  const code = await fakeAuthorizationCode(fake, scope)
  const res = await fetch(`${fake.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      redirect_uri: fake.redirectUri,
    }),
  })
  const body = (await res.json()) as { access_token?: string }
  if (!body.access_token) throw new Error(`the sandbox refused the code (HTTP ${res.status})`)
  return body.access_token
}
