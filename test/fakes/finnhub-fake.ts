/**
 * Loopback fake of Finnhub's REST API v1 (docs/vendor-formats.md#finnhub): `token` query or X-Finnhub-Token header
 * auth, `{"error": "..."}` bodies on failure, and deterministic data for /company-news, /news,
 * /calendar/earnings, /calendar/economic, /stock/insider-transactions, /stock/transcripts/list and /stock/transcripts.
 *
 *   const finnhub = await startFinnhubFake()
 *   const provider = createFinnhub({ http, baseUrl: finnhub.baseUrl, apiKey: finnhub.apiKey })
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FinnhubFakeRequest {
  method: string
  path: string
  query: Record<string, string>
  /** Where the key came from, or null when none was sent. */
  tokenVia: 'query' | 'header' | null
  status: number
}

export interface FinnhubFake {
  /** e.g. http://127.0.0.1:54321 (stands for https://finnhub.io/api/v1). */
  readonly baseUrl: string
  readonly apiKey: string
  readonly requests: FinnhubFakeRequest[]
  /** The next request fails with this status; body defaults to `{"error": ...}`. */
  failNext(status: number, body?: Record<string, unknown>): void
  /** The next n requests get 429, with Retry-After when given. */
  rateLimitNext(n: number, retryAfterSeconds?: number): void
  /** The next request answers 200 with a JSON body of the wrong shape ('json': not JSON at all). */
  malformNext(kind?: 'shape' | 'json'): void
  reset(): void
  close(): Promise<void>
}

type Row = Record<string, unknown>
type Scripted = { status: number; body: string; headers?: Record<string, string> }

const ts = (iso: string): number => Date.parse(iso) / 1000
/** Rows are written as value tuples in the wire field order below, to keep the fixtures readable. */
const zip = (keys: string[], values: unknown[]): Row => Object.fromEntries(keys.map((k, i) => [k, values[i]]))

const NEWS_KEYS = ['id', 'datetime', 'headline', 'related', 'source', 'category', 'summary', 'image', 'url']
const news = (rows: [number, string, string, string, string, string][]): Row[] =>
  rows.map(([id, iso, headline, ...rest]) =>
    zip(NEWS_KEYS, [id, ts(iso), headline, ...rest, `${headline}.`, '', `https://news.example/${id}`]),
  )

export const FINNHUB_COMPANY_NEWS: Row[] = news([
  [1001, '2025-05-02T13:30:00Z', 'Apple beats estimates', 'AAPL', 'Reuters', 'company'],
  [1002, '2025-05-01T09:00:00Z', 'Apple and Microsoft partner', 'AAPL,MSFT', 'Bloomberg', 'company'],
  [1000, '2025-04-20T16:00:00Z', 'Older Apple story', 'AAPL', 'CNBC', 'company'],
  [2001, '2025-05-01T20:00:00Z', 'Microsoft cloud grows', 'MSFT', 'Reuters', 'company'],
])

export const FINNHUB_MARKET_NEWS: Row[] = news([
  [7001, '2025-05-02T12:00:00Z', 'Stocks rise', '', 'MarketWatch', 'general'],
  [7002, '2025-05-02T15:00:00Z', 'Fed holds rates', '', 'Reuters', 'general'],
  [7101, '2025-05-02T10:00:00Z', 'Dollar slips', '', 'FXStreet', 'forex'],
])

const EARNINGS_KEYS = ['symbol', 'date', 'hour', 'year', 'quarter', 'epsEstimate', 'epsActual']
export const FINNHUB_EARNINGS: Row[] = [
  ['MSFT', '2025-04-29', 'amc', 2025, 3, 3.22, 3.46, 68_440_000_000, 70_066_000_000],
  ['AAPL', '2025-05-01', 'amc', 2025, 2, 1.63, 1.65, 94_000_000_000, 95_359_000_000],
  ['XYZ', '2025-04-30', '', 2025, 1, null, null, null, null],
  ['AAPL', '2025-07-31', 'bmo', 2025, 3, 1.43, null, null, null],
].map((v) => zip([...EARNINGS_KEYS, 'revenueEstimate', 'revenueActual'], v))

// `share` is the holding after the trade, `change` the signed delta.
const INSIDER_KEYS = ['name', 'share', 'change', 'filingDate', 'transactionDate', 'transactionPrice']
export const FINNHUB_INSIDER: Row[] = [
  ['COOK TIMOTHY D', 3_280_557, -108_136, '2025-04-03', '2025-04-01', 223.85, 'S'],
  ['LEVINSON ARTHUR D', 4_200_000, 10_000, '2025-04-25', '2025-04-24', 200.5, 'P'],
  ['ADAMS KATHERINE L', 450_000, 20_000, '2025-04-16', '2025-04-15', 0, 'A'],
  ['OLD INSIDER', 1000, 100, '2025-01-03', '2025-01-02', 150, 'P'],
].map((v) => ({ symbol: 'AAPL', ...zip([...INSIDER_KEYS, 'transactionCode'], v) }))

export const FINNHUB_TRANSCRIPTS: Row[] = [
  {
    symbol: 'AAPL',
    id: 'AAPL_2025_Q1',
    title: 'AAPL - Earnings call Q1 2025',
    time: '2025-01-30 22:00:00',
    year: 2025,
    quarter: 1,
    audio: '',
    participant: [
      { name: 'Tim Cook', description: 'Chief Executive Officer', role: 'executive' },
      { name: 'Erik Woodring', description: 'Morgan Stanley', role: 'analyst' },
    ],
    transcript: [
      { name: 'Operator', speech: ['Good day and welcome.'], session: 'management_discussion' },
      { name: 'Tim Cook', speech: ['Thank you.', 'Record revenue.'], session: 'management_discussion' },
      { name: 'Erik Woodring', speech: ['Question on margins.'], session: 'question_answer' },
    ],
  },
  {
    symbol: 'AAPL',
    id: 'AAPL_2025_Q2',
    title: 'AAPL - Earnings call Q2 2025',
    time: '2025-05-01 21:00:00',
    year: 2025,
    quarter: 2,
    audio: '',
    participant: [{ name: 'Kevan Parekh', description: 'Chief Financial Officer', role: 'executive' }],
    transcript: [
      { name: 'Kevan Parekh', speech: ['Gross margin was 47%.'], session: 'management_discussion' },
    ],
  },
  {
    symbol: 'AAPL',
    id: 'AAPL_2024_Q4',
    title: 'AAPL - Earnings call Q4 2024',
    time: '2024-10-31 21:00:00',
    year: 2024,
    quarter: 4,
    audio: '',
    participant: [],
    transcript: [{ name: 'Operator', speech: ['Welcome.'], session: 'management_discussion' }],
  },
]

// Economic calendar rows as the SDK models show them: numbers or numeric strings, zone-less UTC times.
const ECONOMIC_KEYS = ['event', 'country', 'time', 'impact', 'actual', 'estimate', 'prev', 'unit']
export const FINNHUB_ECONOMIC: Row[] = [
  ['CPI YoY', 'US', '2025-05-13 12:30:00', 'high', 2.3, 2.4, 2.4, '%'],
  ['ECB Interest Rate Decision', 'EU', '2025-05-14 12:15:00', 'High', '2.25', null, '2.5', '%'],
  ['Initial Jobless Claims', 'US', '2025-05-15 12:30:00', 'medium', null, 230, 228, 'K'],
  ['Tankan Survey', 'JP', '2025-05-15 23:50:00', '', null, null, null, ''],
  ['Nonfarm Payrolls', 'US', '2025-06-06 12:30:00', 'high', null, 130, 177, 'K'],
].map((v) => zip(ECONOMIC_KEYS, v))

const inRange = (date: string, from?: string, to?: string) => (!from || date >= from) && (!to || date <= to)
const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10)

function route(path: string, q: Record<string, string>): { status: number; body: unknown } {
  const missing = (p: string) => ({ status: 422, body: { error: `Wrong parameter: ${p} is required.` } })
  switch (path) {
    case '/company-news': {
      if (!q.symbol || !q.from || !q.to) return missing('symbol, from and to')
      const symbol = q.symbol
      return {
        status: 200,
        body: FINNHUB_COMPANY_NEWS.filter(
          (n) =>
            String(n.related).split(',').includes(symbol) && inRange(dayOf(Number(n.datetime)), q.from, q.to),
        ).map((n) => ({ ...n, related: symbol })),
      }
    }
    case '/news':
      if (!q.category) return missing('category')
      return { status: 200, body: FINNHUB_MARKET_NEWS.filter((n) => n.category === q.category) }
    case '/calendar/earnings':
      return {
        status: 200,
        body: {
          earningsCalendar: FINNHUB_EARNINGS.filter(
            (e) => (!q.symbol || e.symbol === q.symbol) && inRange(String(e.date), q.from, q.to),
          ),
        },
      }
    case '/calendar/economic':
      if (!q.from || !q.to) return missing('from and to')
      return {
        status: 200,
        body: {
          economicCalendar: FINNHUB_ECONOMIC.filter((e) =>
            inRange(String(e.time).slice(0, 10), q.from, q.to),
          ),
        },
      }
    case '/stock/insider-transactions':
      return {
        status: 200,
        body: {
          symbol: q.symbol ?? '',
          data: FINNHUB_INSIDER.filter(
            (t) => (!q.symbol || t.symbol === q.symbol) && inRange(String(t.transactionDate), q.from, q.to),
          ),
        },
      }
    case '/stock/transcripts/list':
      if (!q.symbol) return missing('symbol')
      return {
        status: 200,
        body: {
          symbol: q.symbol,
          transcripts: FINNHUB_TRANSCRIPTS.filter((t) => t.symbol === q.symbol).map((t) => ({
            id: t.id,
            title: t.title,
            time: t.time,
            year: t.year,
            quarter: t.quarter,
          })),
        },
      }
    case '/stock/transcripts': {
      const found = FINNHUB_TRANSCRIPTS.find((t) => t.id === q.id)
      return found ? { status: 200, body: found } : { status: 404, body: { error: 'Transcript not found.' } }
    }
    default:
      return { status: 404, body: { error: 'Not found.' } }
  }
}

export async function startFinnhubFake(opts: { apiKey?: string } = {}): Promise<FinnhubFake> {
  const apiKey = opts.apiKey ?? `fh_${randomBytes(10).toString('hex')}`
  const requests: FinnhubFakeRequest[] = []
  let scripted: Scripted[] = []

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://x')
    const query = Object.fromEntries(url.searchParams)
    const header = req.headers['x-finnhub-token']
    const tokenVia = query.token ? 'query' : typeof header === 'string' && header ? 'header' : null
    const token = tokenVia === 'query' ? query.token : tokenVia === 'header' ? header : undefined
    const send = (s: Scripted) => {
      requests.push({ method: req.method ?? '', path: url.pathname, query, tokenVia, status: s.status })
      res.writeHead(s.status, { 'content-type': 'application/json; charset=utf-8', ...s.headers })
      res.end(s.body)
    }
    const failure = scripted.shift()
    if (failure) return send(failure)
    if (token !== apiKey) return send({ status: 401, body: JSON.stringify({ error: 'Invalid API key' }) })
    if (req.method !== 'GET')
      return send({ status: 405, body: JSON.stringify({ error: 'Method not allowed' }) })
    const out = route(url.pathname, query)
    send({ status: out.status, body: JSON.stringify(out.body) })
  }

  const server = createServer(handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    failNext(status, body) {
      const message = status >= 500 ? 'Internal server error' : `HTTP ${status}`
      scripted.push({ status, body: JSON.stringify(body ?? { error: message }) })
    },
    rateLimitNext(n, retryAfterSeconds) {
      const headers =
        retryAfterSeconds === undefined ? undefined : { 'retry-after': String(retryAfterSeconds) }
      const body = JSON.stringify({ error: 'API limit reached. Please try again later. Remaining Limit: 0' })
      for (let i = 0; i < n; i++) scripted.push({ status: 429, body, ...(headers ? { headers } : {}) })
    },
    malformNext(kind = 'shape') {
      scripted.push({
        status: 200,
        body: kind === 'json' ? '{"earningsCalendar": [' : '{"unexpected": true}',
      })
    },
    reset() {
      requests.length = 0
      scripted = []
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((e) => (e ? reject(e) : resolve()))
      }),
  }
}
