/**
 * Loopback fake of Alpaca's Market Data REST API (docs/vendor-formats.md#alpaca-market-data): GET /v2/stocks/bars,
 * /v2/stocks/snapshots, /v1beta1/options/snapshots/{underlying} and /v1beta1/news, with key-pair
 * auth, compact field keys, `{code, message}` errors and next_page_token paging. Data is
 * deterministic; pages are small (default 3 items) so clients must follow tokens.
 *
 *   const alpaca = await startAlpacaDataFake()
 *   const md = createAlpacaMarketData({ http, baseUrl: alpaca.baseUrl, ...alpaca.credentials, clock })
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DateTime } from 'luxon'

export interface AlpacaFakeRequest {
  method: string
  path: string
  query: Record<string, string>
  status: number
  keyId: string | undefined
  secretKey: string | undefined
}

export interface AlpacaDataFake {
  readonly baseUrl: string
  readonly credentials: { keyId: string; secretKey: string }
  /** The fake's "now": no bars after it; the default bar window starts at its NY midnight. */
  readonly now: Date
  /** Every request received, including failed ones. */
  readonly requests: AlpacaFakeRequest[]
  /** The next request (any endpoint) fails with this status and an Alpaca error body. */
  failNext(status: number, body?: Record<string, unknown>): void
  /** The next n requests get 429, with Retry-After when given. */
  rateLimitNext(n: number, retryAfterSeconds?: number): void
  /** The next successful payload lacks a required field. */
  malformNext(): void
  reset(): void
  close(): Promise<void>
}

export interface AlpacaDataFakeOptions {
  keyId?: string
  secretKey?: string
  now?: Date | string
  pageSize?: number
}

type Json = Record<string, unknown>
type Query = Record<string, string>
type Reply = { status: number; body: Json; headers?: Record<string, string> }

/** Alpaca's error body. The numeric codes are illustrative; only the shape is documented (docs/vendor-formats.md#alpaca-market-data). */
export const alpacaError = (code: number, message: string): Json => ({ code, message })

const ZONE = 'America/New_York'
const round4 = (x: number) => Math.round(x * 1e4) / 1e4

/** Snapshot inputs per symbol: last trade, bid, ask, day volume, previous close. */
type SnapshotInput = { p: number; bp: number; ap: number; v: number; prev: number }
export const FAKE_SNAPSHOTS: Record<string, SnapshotInput> = {
  AAPL: { p: 187.25, bp: 187.24, ap: 187.26, v: 41_234_567, prev: 185.5 },
  MSFT: { p: 402.1, bp: 402.05, ap: 402.15, v: 18_765_432, prev: 405.3 },
  SPY: { p: 512.34, bp: 512.33, ap: 512.35, v: 60_111_222, prev: 512.34 },
}
const BASE_PRICE: Record<string, number> = { AAPL: 180, MSFT: 400, SPY: 500 }
const TIMEFRAMES: Record<string, number> = { '1Min': 1, '5Min': 5, '15Min': 15, '1Hour': 60, '1Day': 1440 }

/** AAPL's chain: three expirations × three strikes × call/put. */
export const FAKE_EXPIRATIONS = ['2026-03-13', '2026-03-20', '2026-04-17']
export const FAKE_STRIKES = [180, 185, 190]

/** Newest first; two items carry no symbols (general market news). */
export const FAKE_NEWS: { id: number; symbols: string[]; created_at: string }[] = [
  { id: 9007, symbols: ['AAPL'], created_at: '2026-03-06T20:00:00Z' },
  { id: 9006, symbols: [], created_at: '2026-03-06T18:30:00Z' },
  { id: 9005, symbols: ['AAPL', 'MSFT'], created_at: '2026-03-06T15:00:00Z' },
  { id: 9004, symbols: ['SPY'], created_at: '2026-03-05T21:10:00Z' },
  { id: 9003, symbols: ['MSFT'], created_at: '2026-03-05T13:00:00Z' },
  { id: 9002, symbols: [], created_at: '2026-03-04T12:00:00Z' },
  { id: 9001, symbols: ['AAPL'], created_at: '2026-03-03T11:45:00Z' },
]

/** Deterministic OHLCV for a bar starting at `t` (compact keys as on the wire). */
export function fakeBar(symbol: string, t: Date, minutes: number): Json {
  const idx = Math.floor(t.getTime() / (minutes * 60_000))
  const o = round4((BASE_PRICE[symbol] ?? 100) + (idx % 97) * 0.05)
  const c = round4(o + ((idx % 7) - 3) * 0.01)
  const h = round4(Math.max(o, c) + 0.1)
  const l = round4(Math.min(o, c) - 0.1)
  const vw = round4((h + l + c) / 3)
  const iso = t.toISOString().replace('.000Z', 'Z')
  return { t: iso, o, h, l, c, v: 1000 + (idx % 500), n: 10 + (idx % 50), vw }
}

/** Bars within [start, end]: weekdays only (holidays are not modelled), 04:00–20:00 NY intraday. */
function barsBetween(symbol: string, minutes: number, start: Date, end: Date): Json[] {
  const out: Json[] = []
  let day = DateTime.fromJSDate(start, { zone: ZONE }).startOf('day')
  for (; day.toMillis() <= end.getTime(); day = day.plus({ days: 1 })) {
    if (day.weekday > 5) continue
    const count = minutes === 1440 ? 1 : (16 * 60) / minutes
    const first = minutes === 1440 ? day : day.set({ hour: 4 })
    for (let i = 0; i < count; i++) {
      const t = first.plus({ minutes: i * minutes }).toJSDate()
      if (t >= start && t <= end) out.push(fakeBar(symbol, t, minutes))
    }
  }
  return out
}

// dailyBar on option snapshots is not documented (an assumption); one contract carries it.
const OPTION_DAILY_BAR = { t: '2026-03-06T05:00:00Z', o: 2, h: 2.6, l: 1.9, c: 2.5, v: 1234, n: 80, vw: 2.3 }
const QT = '2026-03-06T20:59:59Z'
const TRADE_T = '2026-03-06T20:59:59.123456789Z'

function optionSnapshots(): [string, Json][] {
  const out: [string, Json][] = []
  for (const [e, exp] of FAKE_EXPIRATIONS.entries()) {
    for (const strike of FAKE_STRIKES) {
      for (const cp of ['C', 'P']) {
        const occ = `AAPL${exp.slice(2).replaceAll('-', '')}${cp}${String(strike * 1000).padStart(8, '0')}`
        const bp = round4(1 + e + (strike - 180) * 0.1 + (cp === 'P' ? 0.5 : 0))
        const ap = round4(bp + 0.05)
        const snap: Json = { latestQuote: { t: QT, ax: 'N', ap, as: 10, bx: 'N', bp, bs: 12, c: 'A' } }
        // The 190 puts never traded: no latestTrade, so `last` must map to null.
        if (!(strike === 190 && cp === 'P'))
          snap['latestTrade'] = { t: '2026-03-06T20:30:00Z', x: 'N', p: round4(bp + 0.02), s: 1, c: 'I' }
        if (e === 0 && strike === 185 && cp === 'C') snap['dailyBar'] = OPTION_DAILY_BAR
        out.push([occ, snap])
      }
    }
  }
  return out.sort(([a], [b]) => a.localeCompare(b))
}

function newsItem(n: (typeof FAKE_NEWS)[number]): Json {
  const { id, symbols, created_at } = n
  const text = { headline: `Headline ${id}`, author: 'Fake Author', summary: `Summary ${id}`, content: '' }
  const meta = { source: 'benzinga', url: `https://news.example/${id}`, updated_at: created_at, images: [] }
  return { id, ...text, ...meta, created_at, symbols }
}

const csv = (v: string | undefined): string[] => (v ? v.split(',').filter((s) => s !== '') : [])

export async function startAlpacaDataFake(opts: AlpacaDataFakeOptions = {}): Promise<AlpacaDataFake> {
  const keyId = opts.keyId ?? 'PKFAKEKEYID0000000'
  const secretKey = opts.secretKey ?? 'fake-secret-key-0000000000000000'
  const now = new Date(opts.now ?? '2026-03-06T21:00:00Z')
  const pageSize = opts.pageSize ?? 3
  const requests: AlpacaFakeRequest[] = []
  let scripted: Reply[] = []
  let malform = false

  /** Slices one page; the token is the offset, which is enough for a fake. */
  function page<T>(items: T[], q: Query, max: number): { items: T[]; next_page_token: string | null } {
    const offset = q['page_token'] ? Number(Buffer.from(q['page_token'], 'base64url').toString()) : 0
    const size = Math.min(Number(q['limit'] ?? max), max, pageSize)
    const end = offset + size
    const token = end < items.length ? Buffer.from(String(end)).toString('base64url') : null
    return { items: items.slice(offset, end), next_page_token: token }
  }

  function bars(q: Query): Reply {
    const minutes = TIMEFRAMES[q['timeframe'] ?? '']
    if (minutes === undefined) return { status: 422, body: alpacaError(42210000, 'invalid timeframe') }
    // Without start, Alpaca answers from the start of the current day (Alpaca docs; not confirmed against the API).
    const today = DateTime.fromJSDate(now, { zone: ZONE }).startOf('day').toJSDate()
    const start = q['start'] ? new Date(q['start']) : today
    const end = new Date(Math.min(q['end'] ? Date.parse(q['end']) : now.getTime(), now.getTime()))
    const all = csv(q['symbols'])
      .filter((s) => s in BASE_PRICE)
      .flatMap((s) => barsBetween(s, minutes, start, end).map((b) => [s, b] as const))
    if (q['sort'] === 'desc') all.reverse()
    const { items, next_page_token } = page(all, q, 10_000)
    const grouped: Record<string, Json[]> = {}
    for (const [s, b] of items) (grouped[s] ??= []).push(b)
    if (malform && items[0]) delete items[0][1]['c']
    return { status: 200, body: { bars: grouped, next_page_token } }
  }

  function snapshots(q: Query): Reply {
    const symbols = csv(q['symbols'])
    if (symbols.length === 0) return { status: 400, body: alpacaError(40010001, 'missing symbols') }
    const body: Json = {}
    for (const s of symbols) {
      const d = FAKE_SNAPSHOTS[s]
      if (!d) continue
      const bar = (c: number, t: string) => ({ t, o: c, h: c, l: c, c, v: d.v, n: 1, vw: c })
      const trade: Json = { t: TRADE_T, x: 'V', p: d.p, s: 100, c: ['@'], i: 1, z: 'C' }
      if (malform) delete trade['p']
      const { ap, bp } = d
      const quote = { t: '2026-03-06T20:59:59.5Z', ax: 'V', ap, as: 2, bx: 'V', bp, bs: 3, c: ['R'], z: 'C' }
      body[s] = {
        latestTrade: trade,
        latestQuote: quote,
        minuteBar: bar(d.p, '2026-03-06T20:59:00Z'),
        dailyBar: bar(d.p, '2026-03-06T05:00:00Z'),
        prevDailyBar: bar(d.prev, '2026-03-05T05:00:00Z'),
      }
    }
    return { status: 200, body }
  }

  function chain(underlying: string, q: Query): Reply {
    const all = (underlying === 'AAPL' ? optionSnapshots() : []).filter(([occ]) => {
      const exp = `20${occ.slice(4, 6)}-${occ.slice(6, 8)}-${occ.slice(8, 10)}`
      const type = occ[10] === 'C' ? 'call' : 'put'
      const strike = Number(occ.slice(11)) / 1000
      return (
        (!q['expiration_date'] || q['expiration_date'] === exp) &&
        (!q['type'] || q['type'] === type) &&
        (!q['strike_price_gte'] || strike >= Number(q['strike_price_gte'])) &&
        (!q['strike_price_lte'] || strike <= Number(q['strike_price_lte']))
      )
    })
    const { items, next_page_token } = page(all, q, 1000)
    const body = malform ? { next_page_token } : { snapshots: Object.fromEntries(items), next_page_token }
    return { status: 200, body }
  }

  function news(q: Query): Reply {
    const symbols = csv(q['symbols'])
    const all = FAKE_NEWS.filter(
      (n) =>
        (symbols.length === 0 || n.symbols.some((s) => symbols.includes(s))) &&
        (!q['start'] || Date.parse(n.created_at) >= Date.parse(q['start'])) &&
        (!q['end'] || Date.parse(n.created_at) <= Date.parse(q['end'])),
    ).map(newsItem)
    if (q['sort'] === 'asc') all.reverse()
    const { items, next_page_token } = page(all, q, 50)
    if (malform && items[0]) delete items[0]['headline']
    return { status: 200, body: { news: items, next_page_token } }
  }

  function route(method: string, path: string, q: Query): Reply {
    if (method !== 'GET') return { status: 405, body: alpacaError(40510000, 'method not allowed') }
    if (path === '/v2/stocks/bars') return bars(q)
    if (path === '/v2/stocks/snapshots') return snapshots(q)
    if (path === '/v1beta1/news') return news(q)
    const m = /^\/v1beta1\/options\/snapshots\/([^/]+)$/.exec(path)
    if (m?.[1]) return chain(decodeURIComponent(m[1]), q)
    return { status: 404, body: alpacaError(40410000, 'not found') }
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://x')
    const query = Object.fromEntries(url.searchParams)
    const header = (name: string): string | undefined => [req.headers[name] ?? []].flat()[0]
    const gotKey = header('apca-api-key-id')
    const gotSecret = header('apca-api-secret-key')
    let reply = scripted.shift()
    if (!reply && (!gotKey || !gotSecret))
      reply = { status: 401, body: alpacaError(40110000, 'request is not authorized') }
    if (!reply && (gotKey !== keyId || gotSecret !== secretKey))
      reply = { status: 403, body: alpacaError(40310000, 'forbidden') }
    if (!reply) {
      reply = route(req.method ?? 'GET', url.pathname, query)
      if (reply.status === 200) malform = false
    }
    // Recorded before the reply goes out, so a client that saw the response sees the request here.
    const seen = { method: req.method ?? '', path: url.pathname, query, status: reply.status }
    requests.push({ ...seen, keyId: gotKey, secretKey: gotSecret })
    res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', ...reply.headers })
    res.end(JSON.stringify(reply.body))
  }

  const server = createServer(handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    credentials: { keyId, secretKey },
    now,
    requests,
    failNext(status, body) {
      const message = status >= 500 ? 'internal server error' : `HTTP ${status}`
      scripted.push({ status, body: body ?? alpacaError(status * 100_000, message) })
    },
    rateLimitNext(n, retryAfterSeconds) {
      const headers: Record<string, string> = {}
      if (retryAfterSeconds !== undefined) headers['retry-after'] = String(retryAfterSeconds)
      for (let i = 0; i < n; i++)
        scripted.push({ status: 429, body: alpacaError(42910000, 'rate limit exceeded'), headers })
    },
    malformNext() {
      malform = true
    },
    reset() {
      requests.length = 0
      scripted = []
      malform = false
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((e) => (e ? reject(e) : resolve()))
      }),
  }
}
