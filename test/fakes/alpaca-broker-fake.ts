/**
 * Loopback fake of Alpaca's Trading API v2 via OAuth (wire-facts §1): the app's own sandbox
 * (src/providers/brokers/sandbox/alpaca.ts) on a bare Fastify at 127.0.0.1, with fixed quotes, a
 * universe of those eight symbols and a fixed clock. Failure modes through `sandbox.chaos`, the
 * request log in `sandbox.requests`.
 *
 *   const alpaca = await startAlpacaBrokerFake()
 *   const broker = createAlpacaBroker({ tradingBaseUrl: alpaca.baseUrl, oauthBaseUrl: alpaca.baseUrl, ... })
 */
import Fastify from 'fastify'
import type { AddressInfo } from 'node:net'
import {
  type AlpacaSandbox,
  type AlpacaSandboxOptions,
  createAlpacaSandbox,
} from '../../src/providers/brokers/sandbox/alpaca.ts'

export const FAKE_BROKER_QUOTES: Readonly<Record<string, number>> = {
  AAPL: 187.25,
  MSFT: 402.1,
  SPY: 512.34,
  NVDA: 118.5,
  AMZN: 178.2,
  GOOGL: 141.8,
  META: 495.3,
  TSLA: 176.4,
}
export const FAKE_BROKER_NOW = '2026-03-06T21:00:00.000Z'

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
  const now = new Date(FAKE_BROKER_NOW)
  const sandbox = createAlpacaSandbox({
    secret: 'fake-alpaca-sandbox-secret',
    quotes: async (symbols) =>
      symbols.flatMap((symbol) => {
        const last = FAKE_BROKER_QUOTES[symbol]
        return last === undefined ? [] : [{ symbol, last }]
      }),
    symbols: Object.keys(FAKE_BROKER_QUOTES),
    now: () => now,
    ...opts,
    clientId,
    clientSecret,
    redirectUris,
  })
  const app = Fastify({ logger: false })
  await app.register(sandbox.plugin)
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    redirectUri: redirectUris[0] ?? '',
    sandbox,
    close: () => app.close(),
  }
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
