/**
 * Loopback fake of Charles Schwab's Trader API, Market Data API and OAuth (docs/vendor-formats.md#schwab-trader): the
 * app's own sandbox (src/providers/brokers/sandbox/schwab/schwab.ts) on a bare Fastify at 127.0.0.1,
 * with a small fixed market (eight symbols, generated bars, two option expirations) and a fixed
 * clock. Failure modes through `sandbox.chaos`, the request log in `sandbox.requests`.
 *
 *   const schwab = await startSchwabBrokerFake()
 *   const { access_token } = await fakeTokens(schwab)
 */
import { DateTime } from 'luxon'
import type {
  Bar,
  BarsQuery,
  OptionContract,
  Quote,
} from '../../src/providers/market-data/market-data.port.ts'
import {
  createSchwabSandbox,
  type SchwabMarket,
  type SchwabSandbox,
  type SchwabSandboxOptions,
} from '../../src/providers/brokers/sandbox/schwab/schwab.ts'
import { FAKE_BROKER_QUOTES, serveOnLoopback } from './sandbox-server.ts'

/** The same eight symbols and prices as the Alpaca and SnapTrade fakes. */
export const FAKE_SCHWAB_QUOTES: Readonly<Record<string, number>> = FAKE_BROKER_QUOTES
const NAMES: Record<string, [string, string, 'stock' | 'etf']> = {
  AAPL: ['Apple Inc.', 'NASDAQ', 'stock'],
  MSFT: ['Microsoft Corporation', 'NASDAQ', 'stock'],
  SPY: ['SPDR S&P 500 ETF Trust', 'NYSE Arca', 'etf'],
  NVDA: ['NVIDIA Corporation', 'NASDAQ', 'stock'],
  AMZN: ['Amazon.com, Inc.', 'NASDAQ', 'stock'],
  GOOGL: ['Alphabet Inc. Class A', 'NASDAQ', 'stock'],
  META: ['Meta Platforms, Inc.', 'NASDAQ', 'stock'],
  TSLA: ['Tesla, Inc.', 'NASDAQ', 'stock'],
}
/** A Friday, 15:59 in New York: inside the session, so orders placed through the sandbox reach the market. */
export const FAKE_SCHWAB_NOW = '2026-03-06T20:59:00.000Z'
export const FAKE_EXPIRATIONS = ['2026-03-13', '2026-03-20']
const ZONE = 'America/New_York'

/** Today's change of a symbol: ±3 %, fixed (AAPL up, TSLA down, …). */
const changeOf = (symbol: string, last: number) => {
  const pct =
    [1.2, -0.8, 0.3, 2.9, -1.6, 0.6, -0.2, -2.4][Object.keys(FAKE_SCHWAB_QUOTES).indexOf(symbol)] ?? 0
  return Math.round(last * pct) / 100
}

function quoteOf(symbol: string, last: number): Quote {
  const change = changeOf(symbol, last)
  const previous = Math.round((last - change) * 100) / 100
  const volume = 1_000_000 * (3 + Object.keys(FAKE_SCHWAB_QUOTES).indexOf(symbol) * 7)
  return {
    symbol,
    last,
    bid: Math.round((last - 0.02) * 100) / 100,
    ask: Math.round((last + 0.02) * 100) / 100,
    volume,
    previous_close: previous,
    change,
    change_pct: Math.round((change / previous) * 10000) / 100,
    delayed: false,
    as_of: FAKE_SCHWAB_NOW,
  }
}

const STEP: Record<string, number> = { '1m': 1, '5m': 5, '15m': 15, '1h': 60 }

/** Bars every step of regular hours (or 04:00–20:00 extended) on weekdays; daily bars at New York midnight. */
function barsOf(symbol: string, q: BarsQuery): Bar[] {
  const base = FAKE_SCHWAB_QUOTES[symbol]
  if (base === undefined) return []
  const end = q.end?.getTime() ?? Date.parse(FAKE_SCHWAB_NOW)
  const daily = q.interval === '1d'
  const start = q.start?.getTime() ?? end - ((q.limit ?? 100) * (daily ? 2 : 1) + 10) * 86_400_000
  const out: Bar[] = []
  let day = DateTime.fromMillis(start, { zone: ZONE }).startOf('day')
  for (; day.toMillis() <= end; day = day.plus({ days: 1 })) {
    if (day.weekday > 5) continue
    const [from, to] = daily ? [0, 1] : q.session === 'extended' ? [240, 1200] : [570, 960]
    for (let m = from; m < to; m += daily ? 1 : (STEP[q.interval] ?? 1)) {
      const t = daily ? day.toMillis() : day.plus({ minutes: m }).toMillis()
      if (t < start || t > end) continue
      const p = Math.round(base * (1 + 0.02 * Math.sin(t / 8.64e7 + base)) * 100) / 100
      const cents = (x: number) => Math.round(x * 100) / 100
      out.push({
        time: new Date(t).toISOString(),
        open: p,
        high: cents(p + 0.5),
        low: cents(p - 0.5),
        close: cents(p + 0.1),
        volume: 1000,
        vwap: null,
      })
    }
  }
  return q.limit !== undefined ? out.slice(-q.limit) : out
}

function contractsOf(symbol: string, expiration: string): OptionContract[] {
  const spot = FAKE_SCHWAB_QUOTES[symbol] ?? 0
  const center = Math.round(spot / 5) * 5
  return [-10, -5, 0, 5, 10].flatMap((d) =>
    (['call', 'put'] as const).map((type): OptionContract => {
      const strike = center + d
      const intrinsic = Math.max(0, type === 'call' ? spot - strike : strike - spot)
      const mid = Math.round((intrinsic + 2 + (expiration === FAKE_EXPIRATIONS[1] ? 1.5 : 0)) * 100) / 100
      const occ = `${symbol}${expiration.slice(2).replaceAll('-', '')}${type === 'call' ? 'C' : 'P'}${String(strike * 1000).padStart(8, '0')}`
      const prices = {
        bid: Math.round((mid - 0.05) * 100) / 100,
        ask: Math.round((mid + 0.05) * 100) / 100,
        last: mid,
      }
      return {
        symbol: occ,
        underlying: symbol,
        expiration,
        strike,
        type,
        volume: 100 + strike,
        open_interest: 1000,
        ...prices,
      }
    }),
  )
}

/** The fake's market: fixed quotes, generated bars, two expirations of five strikes, eight instruments. */
export const fakeSchwabMarket = (): SchwabMarket => ({
  quotes: async (symbols) =>
    symbols.flatMap((s) => (FAKE_SCHWAB_QUOTES[s] === undefined ? [] : [quoteOf(s, FAKE_SCHWAB_QUOTES[s])])),
  bars: async (symbol, q) => barsOf(symbol, q),
  optionChain: async (symbol, q) => {
    const known = FAKE_SCHWAB_QUOTES[symbol] !== undefined
    const expiration = q?.expiration ?? FAKE_EXPIRATIONS[0]!
    const contracts = known && FAKE_EXPIRATIONS.includes(expiration) ? contractsOf(symbol, expiration) : []
    return { underlying: symbol, expirations: known ? [...FAKE_EXPIRATIONS] : [], contracts }
  },
  instrument: async (symbol) => {
    const n = NAMES[symbol]
    if (!n) return null
    return {
      symbol,
      name: n[0],
      exchange: n[1],
      type: n[2],
      sector: null,
      industry: null,
      market_cap: null,
      currency: 'USD',
      country: null,
    }
  },
})

export interface SchwabBrokerFake {
  readonly baseUrl: string
  readonly appKey: string
  readonly appSecret: string
  /** The one registered callback URL. */
  readonly redirectUri: string
  readonly sandbox: SchwabSandbox
  close(): Promise<void>
}

export async function startSchwabBrokerFake(
  opts: Partial<SchwabSandboxOptions> = {},
): Promise<SchwabBrokerFake> {
  const appKey = opts.appKey ?? 'fake-schwab-app-key'
  const appSecret = opts.appSecret ?? 'fake-schwab-app-secret'
  const redirectUris = opts.redirectUris ?? ['https://127.0.0.1:3000/api/brokers/schwab/callback']
  const now = new Date(FAKE_SCHWAB_NOW)
  const sandbox = createSchwabSandbox({
    secret: 'fake-schwab-sandbox-secret',
    market: fakeSchwabMarket(),
    symbols: Object.keys(FAKE_SCHWAB_QUOTES),
    now: () => now,
    ...opts,
    appKey,
    appSecret,
    redirectUris,
  })
  const { baseUrl, close } = await serveOnLoopback(sandbox.plugin)
  return { baseUrl, appKey, appSecret, redirectUri: redirectUris[0] ?? '', sandbox, close }
}

/** `Authorization: Basic base64(appKey:appSecret)` of the fake's app. */
export const basicAuth = (fake: SchwabBrokerFake): string =>
  `Basic ${Buffer.from(`${fake.appKey}:${fake.appSecret}`).toString('base64')}`

/** Allows the consent form (as a browser would) and returns the redirect's Location, as sent. */
export async function fakeConsent(fake: SchwabBrokerFake, state?: string): Promise<string> {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: fake.appKey,
    redirect_uri: fake.redirectUri,
  })
  if (state !== undefined) q.set('state', state)
  const res = await fetch(`${fake.baseUrl}/v1/oauth/authorize?${q.toString()}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'decision=allow',
    redirect: 'manual',
  })
  const location = res.headers.get('location')
  if (!location) throw new Error(`the sandbox did not redirect (HTTP ${res.status})`)
  return location
}

/** A new login's authorization code, decoded once (it ends with `@`). */
export async function fakeAuthorizationCode(fake: SchwabBrokerFake): Promise<string> {
  const code = new URL(await fakeConsent(fake)).searchParams.get('code')
  if (!code) throw new Error('the sandbox redirected without a code')
  return code
}

export interface FakeTokens {
  access_token: string
  refresh_token: string
  id_token: string
  expires_in: number
  token_type: string
  scope: string
}

/** Posts to the token endpoint with the app's Basic credentials. */
export async function tokenRequest(
  fake: SchwabBrokerFake,
  form: Record<string, string>,
  authorization = basicAuth(fake),
) {
  const res = await fetch(`${fake.baseUrl}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
    body: new URLSearchParams(form),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

/** A new login's tokens: consent allowed, code exchanged. */
export async function fakeTokens(fake: SchwabBrokerFake): Promise<FakeTokens> {
  const code = await fakeAuthorizationCode(fake)
  const res = await tokenRequest(fake, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: fake.redirectUri,
  })
  if (res.status !== 200) throw new Error(`the sandbox refused the code (HTTP ${res.status})`)
  return res.body as unknown as FakeTokens
}

/** A parsed JSON answer, untyped (what `JSON.parse` returns). */
export type WireJson = ReturnType<typeof JSON.parse>

/** GET (or another method) with a bearer token; the parsed JSON body when there is one. */
export async function schwabApi(
  fake: SchwabBrokerFake,
  path: string,
  bearer?: string,
  init: RequestInit = {},
) {
  const headers = {
    ...(init.headers as Record<string, string>),
    ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
  }
  const res = await fetch(`${fake.baseUrl}${path}`, { ...init, headers })
  const text = await res.text()
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: text ? JSON.parse(text) : undefined,
  }
}
