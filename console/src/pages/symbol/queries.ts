/**
 * The symbol page's reads, one function per API operation, and the chart's views: every timeframe
 * GET /api/bars offers, plus the latest session (GET /api/trading-intel/intraday/bars) whose bars carry
 * session VWAP, RSI(14) and MACD(12/26/9).
 */
import { queryOptions } from '@tanstack/react-query'
import { api, data, type paths } from '../../api/client.ts'
import { addDays } from '../../ui/time.ts'

type Query<P extends keyof paths> = paths[P]['get'] extends { parameters: { query?: infer Q } }
  ? NonNullable<Q>
  : never
export type BarsInterval = NonNullable<Query<'/api/bars/{symbol}'>['interval']>
export type SessionInterval = NonNullable<Query<'/api/trading-intel/intraday/bars'>['interval']>
export type TaTimeframe = NonNullable<Query<'/api/ta/ict/zones/{symbol}'>['timeframe']>

/** Every bar length GET /api/bars offers (a Record, so a new one in the API fails the type check). */
const BAR_LABELS: Record<BarsInterval, string> = {
  '1m': '1m',
  '5m': '5m',
  '15m': '15m',
  '1h': '1h',
  '1d': '1D',
}
const SESSION_LABELS: Record<SessionInterval, string> = {
  '1m': 'Session 1m',
  '5m': 'Session 5m',
  '15m': 'Session 15m',
}

export type View =
  { source: 'bars'; interval: BarsInterval } | { source: 'session'; interval: SessionInterval }

export const VIEWS: { view: View; label: string }[] = [
  ...(Object.keys(BAR_LABELS) as BarsInterval[]).map((interval) => ({
    view: { source: 'bars' as const, interval },
    label: BAR_LABELS[interval],
  })),
  ...(Object.keys(SESSION_LABELS) as SessionInterval[]).map((interval) => ({
    view: { source: 'session' as const, interval },
    label: SESSION_LABELS[interval],
  })),
]

export const sameView = (a: View, b: View) => a.source === b.source && a.interval === b.interval

/** Bars per chart: enough to cover the history the analysis reads on every timeframe. */
export const BAR_LIMIT = 500

export const quoteQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['quote', symbol],
    queryFn: () => data(api.GET('/api/quotes/{symbol}', { params: { path: { symbol } } })),
  })

export const instrumentQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['instrument', symbol],
    queryFn: () => data(api.GET('/api/instruments/{symbol}', { params: { path: { symbol } } })),
  })

export const barsQuery = (symbol: string, interval: BarsInterval) =>
  queryOptions({
    queryKey: ['bars', symbol, interval],
    queryFn: () =>
      data(
        api.GET('/api/bars/{symbol}', {
          params: { path: { symbol }, query: { interval, limit: BAR_LIMIT } },
        }),
      ),
  })

export const sessionQuery = (symbol: string, interval: SessionInterval) =>
  queryOptions({
    queryKey: ['intraday-bars', symbol, interval],
    queryFn: () =>
      data(api.GET('/api/trading-intel/intraday/bars', { params: { query: { symbol, interval } } })),
  })

export type Bars = Awaited<ReturnType<NonNullable<ReturnType<typeof barsQuery>['queryFn']>>>
export type SessionBars = Awaited<ReturnType<NonNullable<ReturnType<typeof sessionQuery>['queryFn']>>>

const ta = (symbol: string, timeframe: TaTimeframe) => ({
  params: { path: { symbol }, query: { timeframe } },
})

export const structureQuery = (symbol: string, tf: TaTimeframe) =>
  queryOptions({
    queryKey: ['ta-structure', symbol, tf],
    queryFn: () => data(api.GET('/api/ta/structure/{symbol}', ta(symbol, tf))),
  })

export const eventsQuery = (symbol: string, tf: TaTimeframe) =>
  queryOptions({
    queryKey: ['ta-events', symbol, tf],
    queryFn: () =>
      data(
        api.GET('/api/ta/structure/{symbol}/events', {
          params: { path: { symbol }, query: { timeframe: tf, limit: 100 } },
        }),
      ),
  })

export const zonesQuery = (symbol: string, tf: TaTimeframe) =>
  queryOptions({
    queryKey: ['ta-zones', symbol, tf],
    queryFn: () => data(api.GET('/api/ta/ict/zones/{symbol}', ta(symbol, tf))),
  })

export const premiumDiscountQuery = (symbol: string, tf: TaTimeframe) =>
  queryOptions({
    queryKey: ['ta-premium-discount', symbol, tf],
    queryFn: () => data(api.GET('/api/ta/ict/zones/{symbol}/premium-discount', ta(symbol, tf))),
  })

export const patternsQuery = (symbol: string, tf: TaTimeframe) =>
  queryOptions({
    queryKey: ['ta-patterns', symbol, tf],
    queryFn: () => data(api.GET('/api/ta/price-action/{symbol}', ta(symbol, tf))),
  })

export const confluenceQuery = (symbol: string, tf: TaTimeframe) =>
  queryOptions({
    queryKey: ['ta-confluence', symbol, tf],
    queryFn: () => data(api.GET('/api/ta/confluence/{symbol}', ta(symbol, tf))),
  })

export const newsQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['news', symbol],
    queryFn: () =>
      data(api.GET('/api/news/ticker/{symbol}', { params: { path: { symbol }, query: { page_size: 25 } } })),
  })

/**
 * The symbol's reports in the 60 days (the longest window the calendar takes) from the date of the
 * latest session, which the quote gives in New York time: the service's calendar, not the browser's.
 */
export const earningsQuery = (symbol: string, sessionDate: string | undefined) =>
  queryOptions({
    queryKey: ['earnings', symbol, sessionDate],
    enabled: sessionDate !== undefined,
    queryFn: () =>
      data(
        api.GET('/api/earnings/calendar', {
          params: { query: { symbols: symbol, from: sessionDate, to: addDays(sessionDate ?? '', 60) } },
        }),
      ),
  })

/** Open-market purchases by insiders over the last 90 days. */
export const insiderQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['insider-buying', symbol],
    queryFn: () =>
      data(api.GET('/api/intel/insider-buying', { params: { query: { symbols: symbol, days: 90 } } })),
  })
