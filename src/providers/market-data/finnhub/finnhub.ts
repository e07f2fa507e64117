/**
 * Finnhub adapter (https://finnhub.io/api/v1) for news, earnings calendar, insider transactions
 * and earnings-call transcripts. Wire format: docs/vendor-formats.md#finnhub.
 * Split by concern: wire.ts decodes, and news.ts, earnings.ts, insider.ts and transcripts.ts
 * implement the ports' methods over the one authenticated GET built here.
 */
import { systemClock, type Clock } from '../../../platform/clock.ts'
import type { HttpClient } from '../../shared/http.ts'
import type {
  EarningsProvider,
  EconomicCalendarProvider,
  InsiderProvider,
  NewsProvider,
  TranscriptsProvider,
} from '../market-data.port.ts'
import { calendar } from './earnings.ts'
import { economicCalendar } from './economic.ts'
import { insiderTransactions } from './insider.ts'
import { news } from './news.ts'
import { transcripts } from './transcripts.ts'
import type { FinnhubGet, Query } from './wire.ts'

export interface FinnhubOptions {
  http: HttpClient
  /** https://finnhub.io/api/v1, or a loopback fake in tests. */
  baseUrl: string
  apiKey: string
  /**
   * 'query' sends `?token=` (Finnhub's only documented scheme); 'header' sends X-Finnhub-Token,
   * which is community-reported only (not in the vendor documentation). Either way the shared client keeps the query
   * string out of error messages.
   */
  auth?: 'query' | 'header'
  /** Supplies "now" when a news query has no `until`. */
  clock?: Clock
  /** Look-back of company news when `since` is absent (company-news requires from/to). */
  newsLookbackDays?: number
}

export type FinnhubProvider = NewsProvider &
  EarningsProvider &
  InsiderProvider &
  TranscriptsProvider &
  EconomicCalendarProvider

function finnhubGet(opts: FinnhubOptions): FinnhubGet {
  const base = opts.baseUrl.replace(/\/+$/, '')
  const auth = opts.auth ?? 'query'
  return (path, query) => {
    const q: Query = { ...query }
    const headers: Record<string, string> = {}
    if (auth === 'header') headers['x-finnhub-token'] = opts.apiKey
    else q.token = opts.apiKey
    return opts.http.getJson<unknown>({ url: `${base}${path}`, query: q, headers, provider: 'finnhub' })
  }
}

export function createFinnhub(opts: FinnhubOptions): FinnhubProvider {
  const get = finnhubGet(opts)
  const newsDeps = { get, clock: opts.clock ?? systemClock, lookbackDays: opts.newsLookbackDays ?? 7 }
  return {
    name: 'finnhub',
    news: (query) => news(newsDeps, query),
    calendar: (from, to, symbols) => calendar(get, from, to, symbols),
    insiderTransactions: (symbols, from, to) => insiderTransactions(get, symbols, from, to),
    transcripts: (symbol, limit) => transcripts(get, symbol, limit),
    economicCalendar: (from, to) => economicCalendar(get, from, to),
  }
}
