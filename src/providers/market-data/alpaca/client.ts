/**
 * Request building for the Alpaca adapter: one authenticated GET through the shared HTTP client
 * (retries and typed errors come from there), and next_page_token pagination on top of it.
 */
import type { Clock } from '../../../platform/clock.ts'
import type { HttpClient } from '../../shared/http.ts'
import { nextPageToken, obj, PROVIDER, protocolError } from './wire.ts'

export type AlpacaFeed = 'iex' | 'sip'

export interface AlpacaMarketDataOptions {
  http: HttpClient
  /** e.g. https://data.alpaca.markets (sandbox: https://data.sandbox.alpaca.markets). */
  baseUrl: string
  keyId: string
  secretKey: string
  /** Stock feed; default 'iex' (the free plan's feed). */
  feed?: AlpacaFeed
  clock: Clock
}

export type Query = Record<string, string | number | boolean | undefined>

/** One paged listing: which items a page holds, which to keep, and how far to go. */
export interface PageSpec<T> {
  perPage: number
  /** Stop once this many items were kept; undefined = every page. */
  take: number | undefined
  items: (body: Record<string, unknown>) => T[]
  keep?: (item: T) => boolean
  /** Stop quietly after this many pages (a client-side filter may never fill `take`). */
  softCap?: number | undefined
}

export interface AlpacaClient {
  feed: AlpacaFeed
  clock: Clock
  get(path: string, query: Query): Promise<Record<string, unknown>>
  paginate<T>(path: string, query: Query, spec: PageSpec<T>): Promise<T[]>
}

/** A runaway next_page_token loop is a protocol fault, not something to follow forever. */
const MAX_PAGES = 500

export function checkLimit(limit: number | undefined, what: string): void {
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 0)) {
    throw new RangeError(`${what}: limit must be a non-negative integer`)
  }
}

/** Trimmed, upper-cased, de-duplicated symbols, blanks dropped. */
export function normalizeSymbols(symbols: readonly string[]): string[] {
  return [...new Set(symbols.map((s) => s.trim().toUpperCase()).filter((s) => s !== ''))]
}

export function createAlpacaClient(opts: AlpacaMarketDataOptions): AlpacaClient {
  const base = opts.baseUrl.replace(/\/+$/, '')
  const headers = { 'APCA-API-KEY-ID': opts.keyId, 'APCA-API-SECRET-KEY': opts.secretKey }

  async function get(path: string, query: Query): Promise<Record<string, unknown>> {
    const body = await opts.http.getJson<unknown>({
      url: `${base}${path}`,
      query,
      headers,
      provider: PROVIDER,
    })
    return obj(body, `${path} response`)
  }

  /**
   * Follows next_page_token until `take` items passed `keep` or the pages run out. Each page asks
   * for at most what is still missing, as the vendor SDK does. With `softCap`, stops quietly after
   * that many pages; otherwise a token loop is a fault.
   */
  async function paginate<T>(path: string, query: Query, spec: PageSpec<T>): Promise<T[]> {
    const { perPage, take, items, keep = () => true, softCap } = spec
    const out: T[] = []
    let token: string | undefined
    for (let page = 0; page < (softCap ?? MAX_PAGES); page++) {
      const limit = take === undefined ? perPage : Math.min(perPage, take - out.length)
      const body = await get(path, { ...query, limit, page_token: token })
      for (const item of items(body)) if (keep(item)) out.push(item)
      token = nextPageToken(body)
      if (token === undefined || (take !== undefined && out.length >= take)) {
        return take === undefined ? out : out.slice(0, take)
      }
    }
    if (softCap !== undefined) return out
    throw protocolError(`${path} pagination did not end after ${MAX_PAGES} pages`)
  }

  return { feed: opts.feed ?? 'iex', clock: opts.clock, get, paginate }
}
