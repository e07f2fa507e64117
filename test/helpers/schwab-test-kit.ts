/**
 * What the Schwab adapter's tests share: the loopback fake on a clock the test moves (the adapter
 * reads the same one), an adapter over a real HTTP client whose sleeps are recorded instead of
 * waited, a fresh login (tokens obtained without the adapter) with its MARGIN and CASH accounts, the
 * fake's own payloads fetched independently, and an assertion that a call fails with a given
 * Upstream* error whose message carries no token or secret.
 */
import assert from 'node:assert/strict'
import { after, before, beforeEach } from 'node:test'
import {
  basicAuth,
  schwabApi,
  type SchwabBrokerFake,
  startSchwabBrokerFake,
  type WireJson,
} from '../fakes/schwab-broker-fake.ts'
import { fakeLogin, NOW } from '../fakes/schwab-fake-session.ts'
import type { HttpClientOptions, UpstreamError, UpstreamErrorInit } from '../../src/providers/shared/http.ts'
import { recordingHttp, rejectsWithout } from './broker-test-kit.ts'
import {
  createSchwabBroker,
  type SchwabBroker,
  type SchwabBrokerOptions,
} from '../../src/providers/brokers/schwab/schwab-broker.ts'

export { DAY, iso, NOW } from '../fakes/schwab-fake-session.ts'

export interface Login {
  token: string
  refreshToken: string
  /** The hashValues of the login's two accounts. */
  margin: string
  cash: string
  numbers: Array<{ accountNumber: string; hashValue: string }>
}

export interface Kit {
  fake: SchwabBrokerFake
  /** The instant both the fake and the adapter read (ms); reset to NOW before each test. */
  clock: { ms: number }
  broker: SchwabBroker
  sleeps: number[]
  /** Tokens and secrets seen: none may appear in an error message. */
  secrets: string[]
  adapter(http?: HttpClientOptions, over?: Partial<SchwabBrokerOptions>): SchwabBroker
  /** A new consent and code exchange, without the adapter. */
  login(): Promise<Login>
  /** The fake's own answer to a GET (status 200 required). */
  wire(path: string, token: string): Promise<WireJson>
  sent(path: string, method?: string): SchwabBrokerFake['sandbox']['requests']
  clearLog(): void
}

/** Registers the hooks of a test file and returns its kit (filled in before the first test). */
export function useSchwabKit(): Kit {
  const kit = { clock: { ms: NOW }, sleeps: [] as number[], secrets: [] as string[] } as unknown as Kit
  kit.adapter = (http = {}, over = {}) =>
    createSchwabBroker({
      http: recordingHttp(kit.sleeps, http),
      apiBaseUrl: kit.fake.baseUrl,
      authorizeUrl: `${kit.fake.baseUrl}/v1/oauth/authorize`,
      appKey: kit.fake.appKey,
      appSecret: kit.fake.appSecret,
      redirectUri: kit.fake.redirectUri,
      clock: { now: () => new Date(kit.clock.ms) },
      ...over,
    })
  kit.login = async () => {
    const { token, refreshToken, numbers, margin, cash } = await fakeLogin(kit.fake)
    kit.secrets.push(token, refreshToken)
    kit.clearLog()
    return { token, refreshToken, margin: margin.hashValue, cash: cash.hashValue, numbers }
  }
  kit.wire = async (path, token) => {
    const res = await schwabApi(kit.fake, path, token)
    assert.equal(res.status, 200, `${path}: ${res.text}`)
    return res.body
  }
  kit.sent = (path, method = 'GET') =>
    kit.fake.sandbox.requests.filter((r) => r.path === path && r.method === method)
  kit.clearLog = () => void (kit.fake.sandbox.requests.length = 0)

  before(async () => {
    kit.fake = await startSchwabBrokerFake({ now: () => new Date(kit.clock.ms) })
    kit.secrets.push(kit.fake.appSecret, basicAuth(kit.fake).slice('Basic '.length))
  })
  after(() => kit.fake.close())
  beforeEach(() => {
    kit.fake.sandbox.reset()
    kit.clock.ms = NOW
    kit.sleeps.length = 0
    kit.broker = kit.adapter()
  })
  return kit
}

/** Awaits a rejection of this Upstream* type (and status); its message must carry no secret. */
export const rejects = <E extends UpstreamError>(
  kit: Pick<Kit, 'secrets'>,
  p: Promise<unknown>,
  type: new (message: string, init: UpstreamErrorInit) => E,
  status?: number,
): Promise<E> => rejectsWithout(kit.secrets, p, type, status)

/** qty × price exactly, for prices of at most 4 decimals (independent of the adapter's arithmetic). */
export function exactProduct(qty: number, price: number): string {
  const units = BigInt(Math.round(Math.abs(qty))) * BigInt(Math.round(price * 1e4))
  const s = units.toString().padStart(5, '0')
  const out = `${s.slice(0, -4)}.${s.slice(-4)}`.replace(/\.?0+$/, '')
  return out === '' ? '0' : out
}

/** Sums of cents as the fake adds them (round to the cent). */
export const round2 = (x: number): number => Math.round(x * 100) / 100
