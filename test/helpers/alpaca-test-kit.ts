/**
 * What the Alpaca adapter's tests share: the loopback fake, an adapter over a real HTTP client whose
 * sleeps are recorded instead of waited, a fresh trading token before each test, the fake's own
 * payloads fetched without the adapter, and `rejects`, which also checks that no error message
 * carries a token or the client secret. `fake`, `broker` and `token` are live bindings, set by the
 * hooks `useAlpacaKit()` registers.
 */
import assert from 'node:assert/strict'
import { after, before, beforeEach } from 'node:test'
import { type AlpacaBrokerFake, fakeAccessToken, startAlpacaBrokerFake } from '../fakes/alpaca-broker-fake.ts'
import type { HttpClientOptions } from '../../src/providers/shared/http.ts'
import type { BrokerAdapter, OAuthBroker } from '../../src/providers/brokers/broker.port.ts'
import {
  type AlpacaBrokerOptions,
  createAlpacaBroker,
} from '../../src/providers/brokers/alpaca/alpaca-broker.ts'
import { recordingHttp, upstreamRejects } from './broker-test-kit.ts'

export type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed wire bodies
export type Alpaca = Required<Omit<BrokerAdapter, 'oauth'>> & {
  oauth: Required<Omit<OAuthBroker, 'refresh'>>
}
export const TRADING = 'account:write trading'
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
export let fake: AlpacaBrokerFake
export let broker: Alpaca
export let token: string
export const sleeps: number[] = []
/** Every token and secret seen: none may appear in an error message. */
export const secrets: string[] = []

export function adapter(http: HttpClientOptions = {}, over: Partial<AlpacaBrokerOptions> = {}): Alpaca {
  return createAlpacaBroker({
    http: recordingHttp(sleeps, http),
    tradingBaseUrl: fake.baseUrl,
    oauthBaseUrl: fake.baseUrl,
    authorizeUrl: `${fake.baseUrl}/oauth/authorize`,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    redirectUri: fake.redirectUri,
    ...over,
  }) as Alpaca
}

/** Allows the consent page at the adapter's own authorization URL; returns where it redirected. */
export async function consent(state = 's-1'): Promise<URL> {
  const url = broker.oauth.authorizationUrl(state)
  const res = await fetch(url, { method: 'POST', headers: FORM, body: 'decision=allow', redirect: 'manual' })
  return new URL(res.headers.get('location') ?? 'http://x/')
}
export const freshCode = async () => (await consent()).searchParams.get('code') ?? assert.fail('no code')

/** The fake's own payload, fetched without the adapter. */
export async function wire<T = Json>(path: string): Promise<T> {
  const res = await fetch(`${fake.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })
  assert.equal(res.status, 200)
  return (await res.json()) as T
}
export const sent = (path: string, method = 'GET') =>
  fake.sandbox.requests.filter((r) => r.path === path && r.method === method)
export const clearLog = () => void (fake.sandbox.requests.length = 0)

export const rejects = upstreamRejects(() => secrets)

/** Starts the fake for this test file; before each test: a reset fake, a new adapter and token. */
export function useAlpacaKit(): void {
  before(async () => {
    fake = await startAlpacaBrokerFake()
    secrets.push(fake.clientSecret)
  })
  after(() => fake.close())
  beforeEach(async () => {
    fake.sandbox.reset()
    sleeps.length = 0
    broker = adapter()
    token = await fakeAccessToken(fake, TRADING)
    secrets.push(token)
    clearLog()
  })
}
