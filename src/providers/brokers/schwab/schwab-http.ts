/**
 * How the Schwab adapter reaches the vendor: one API host (trader under /trader/v1, market data under
 * /marketdata/v1), `Authorization: Bearer <access token>` and `Accept: application/json` on every
 * call, the shared client's retries for reads, none after a timeout for order writes.
 */
import type { Clock } from '../../../platform/clock.ts'
import type { HttpClient, HttpResponse } from '../../shared/http.ts'
import { PROVIDER } from './schwab-wire.ts'

export type Query = Record<string, string | number | boolean | undefined>

export interface SchwabHttp {
  /** The API host without a trailing slash. */
  readonly base: string
  readonly http: HttpClient
  now(): Date
  /** A GET's parsed JSON body (retried on 429, 5xx and timeouts by the shared client). */
  get(token: string, path: string, query?: Query): Promise<unknown>
  /**
   * An order write (POST or DELETE): only a 429 is retried, which the vendor refused unprocessed; after
   * a timeout or a 5xx the first attempt may have acted, so repeating it could place an order twice.
   */
  write(token: string, method: 'POST' | 'DELETE', path: string, json?: unknown): Promise<HttpResponse>
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, accept: 'application/json' })

export function schwabHttp(http: HttpClient, apiBaseUrl: string, clock: Clock): SchwabHttp {
  const base = apiBaseUrl.replace(/\/+$/, '')
  return {
    base,
    http,
    now: () => clock.now(),
    get: (token, path, query) =>
      http.getJson<unknown>({ provider: PROVIDER, url: `${base}${path}`, headers: bearer(token), query }),
    write: (token, method, path, json) =>
      http.request({
        provider: PROVIDER,
        method,
        url: `${base}${path}`,
        headers: bearer(token),
        ...(json !== undefined ? { json } : {}),
        idempotent: false,
      }),
  }
}

/** A path segment: an account hash, an order id, a CUSIP or an index such as `$SPX` (→ `%24SPX`). */
export const segment = (v: string): string => encodeURIComponent(v)
