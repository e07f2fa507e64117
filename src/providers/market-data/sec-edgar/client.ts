/**
 * Requests to SEC EDGAR: a declared User-Agent on every call and a client-side rate limit (SEC
 * publishes at most 10 requests/second), plus the protocol error every decoder throws.
 */
import type { Clock } from '../../../platform/clock.ts'
import { UpstreamProtocolError, type HttpClient } from '../../shared/http.ts'

export interface SecEdgarOptions {
  http: HttpClient
  /** https://data.sec.gov (serves /submissions), or a loopback fake. */
  baseUrl: string
  /** https://www.sec.gov (serves /Archives and /files/company_tickers.json), or a loopback fake. */
  archivesBaseUrl: string
  /** "AppName contact@example.com": SEC blocks undeclared tools. */
  userAgent: string
  /** Overrides for symbol → CIK; when absent or null, SEC's company_tickers.json is consulted. */
  tickerToCik?: (symbol: string) => string | null
  clock: Clock
  /** Waits for the rate limiter; real timers by default. */
  sleep?: (ms: number) => Promise<void>
  /** Default and ceiling 10 (SEC's published limit). */
  maxRequestsPerSecond?: number
  /** Newest Form 4 filings read per symbol and call (each is one request). Default 100. */
  maxFilingsPerSymbol?: number
}

export type Obj = Record<string, unknown>

export const PROVIDER = 'sec'

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Slots at least 1000/rate ms apart, reserved synchronously so concurrent callers queue too. */
function createLimiter(perSecond: number, clock: Clock, sleep: (ms: number) => Promise<void>) {
  const gapMs = 1000 / perSecond
  let nextAt = 0
  return async (): Promise<void> => {
    const now = clock.now().getTime()
    const at = Math.max(now, nextAt)
    nextAt = at + gapMs
    if (at <= now) return
    // A timer may fire a millisecond early by the wall clock (libuv rounds its loop time): then
    // sleep the rest once more. (A test's sleep that does not move its clock is not re-slept.)
    await sleep(at - now)
    const early = at - clock.now().getTime()
    if (early > 0 && early < at - now) await sleep(early)
    // Timers wake late; count the gap from the real departure so jitter never squeezes two closer.
    nextAt = Math.max(nextAt, clock.now().getTime() + gapMs)
  }
}

export function malformed(url: string, detail: string, body: string, status = 200): UpstreamProtocolError {
  const u = new URL(url)
  return new UpstreamProtocolError(`sec GET ${u.origin}${u.pathname} ${detail}`, {
    provider: PROVIDER,
    status,
    body,
  })
}

export interface SecClient {
  getJson(url: string): Promise<unknown>
  getText(url: string): Promise<{ status: number; text: string }>
}

export function createSecClient(opts: SecEdgarOptions): SecClient {
  const headers = { 'user-agent': opts.userAgent }
  const perSecond = Math.min(10, Math.max(0.1, opts.maxRequestsPerSecond ?? 10))
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const limit = createLimiter(perSecond, opts.clock, sleep)

  // Retries inside the shared client are not spaced by the limiter; they are rare and back off.
  async function getJson(url: string): Promise<unknown> {
    await limit()
    return opts.http.getJson<unknown>({ url, headers, provider: PROVIDER })
  }

  async function getText(url: string): Promise<{ status: number; text: string }> {
    await limit()
    const res = await opts.http.request<unknown>({
      url,
      headers: { ...headers, accept: 'application/xml, text/xml, */*' },
      provider: PROVIDER,
    })
    return { status: res.status, text: res.text }
  }

  return { getJson, getText }
}
