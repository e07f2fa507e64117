/**
 * GET /marketdata/v1/pricehistory (docs/vendor-formats.md#schwab-market-data): the period/frequency combinations Schwab accepts
 * with their defaults, candles from the market's bars (10- and 30-minute, weekly and monthly candles
 * aggregated from finer bars), epoch-millisecond datetimes and, with needPreviousClose, the close of
 * the day before the first candle.
 */
import { DateTime } from 'luxon'
import type { Bar, Interval } from '../../../market-data/market-data.port.ts'
import { previousTradingDay, tradingDay } from '../../../../kernel/calendar/nyse.ts'
import { ZONE } from '../history.ts'
import type { SchwabMarket } from './catalog.ts'
import { bool } from './wire.ts'

type PeriodType = 'day' | 'month' | 'year' | 'ytd'
type FrequencyType = 'minute' | 'daily' | 'weekly' | 'monthly'

const RULES: Record<
  PeriodType,
  { periods: number[]; period: number; types: FrequencyType[]; type: FrequencyType }
> = {
  day: { periods: [1, 2, 3, 4, 5, 10], period: 10, types: ['minute'], type: 'minute' },
  month: { periods: [1, 2, 3, 6], period: 1, types: ['daily', 'weekly'], type: 'weekly' },
  year: {
    periods: [1, 2, 3, 5, 10, 15, 20],
    period: 1,
    types: ['daily', 'weekly', 'monthly'],
    type: 'monthly',
  },
  ytd: { periods: [1], period: 1, types: ['daily', 'weekly'], type: 'weekly' },
}
const MINUTES = [1, 5, 10, 15, 30]

export interface HistoryQuery {
  symbol: string
  periodType: PeriodType
  period: number
  frequencyType: FrequencyType
  frequency: number
  start: number | undefined
  end: number | undefined
  extended: boolean
  previousClose: boolean
}

/** Epoch milliseconds; undefined when absent, NaN when malformed. */
const epoch = (v: string | undefined): number | undefined =>
  v === undefined || v === '' ? undefined : /^\d{1,15}$/.test(v) ? Number(v) : NaN

/** The validated query with defaults applied, or [parameter, message] for a 400. */
export function historyQuery(q: Record<string, string | undefined>): HistoryQuery | [string, string] {
  const symbol = q['symbol']?.trim().toUpperCase()
  if (!symbol) return ['symbol', 'symbol is required']
  const periodType = (q['periodType'] ?? 'day') as PeriodType
  const rule = RULES[periodType] as (typeof RULES)[PeriodType] | undefined
  if (!rule) return ['periodType', 'periodType must be day, month, year or ytd']
  const period = q['period'] === undefined ? rule.period : Number(q['period'])
  if (!rule.periods.includes(period))
    return ['period', `period for ${periodType} must be one of ${rule.periods.join(', ')}`]
  const frequencyType = (q['frequencyType'] ?? rule.type) as FrequencyType
  if (!rule.types.includes(frequencyType))
    return ['frequencyType', `frequencyType for ${periodType} must be one of ${rule.types.join(', ')}`]
  const frequency = q['frequency'] === undefined ? 1 : Number(q['frequency'])
  const allowed = frequencyType === 'minute' ? MINUTES : [1]
  if (!allowed.includes(frequency))
    return ['frequency', `frequency for ${frequencyType} must be one of ${allowed.join(', ')}`]
  const start = epoch(q['startDate'])
  const end = epoch(q['endDate'])
  if (Number.isNaN(start)) return ['startDate', 'startDate must be epoch milliseconds']
  if (Number.isNaN(end)) return ['endDate', 'endDate must be epoch milliseconds']
  if (start !== undefined && end !== undefined && end < start)
    return ['endDate', 'endDate must not be before startDate']
  const extended = bool(q['needExtendedHoursData'], false)
  const previousClose = bool(q['needPreviousClose'], false)
  if (extended === undefined) return ['needExtendedHoursData', 'needExtendedHoursData must be true or false']
  if (previousClose === undefined) return ['needPreviousClose', 'needPreviousClose must be true or false']
  return { symbol, periodType, period, frequencyType, frequency, start, end, extended, previousClose }
}

/** The window: explicit dates win; otherwise `period` units of `periodType` back from the end. */
function windowOf(q: HistoryQuery, now: number): { start: number; end: number } {
  const end = q.end ?? now
  if (q.start !== undefined) return { start: q.start, end }
  const e = DateTime.fromMillis(end, { zone: ZONE })
  if (q.periodType === 'ytd') return { start: e.startOf('year').toMillis(), end }
  if (q.periodType === 'month') return { start: e.minus({ months: q.period }).toMillis(), end }
  if (q.periodType === 'year') return { start: e.minus({ years: q.period }).toMillis(), end }
  // `period` trading days back, counted from the latest session already begun: before the open,
  // on a weekend or a holiday, "1 day" is the previous session, not an empty day. Without extended
  // hours the session begins at the regular open; with them, at the pre-market.
  const today = e.toISODate()!
  const session = tradingDay(today)
  const begins = session && (q.extended ? session.preOpen : session.open)
  let day = begins && begins.getTime() <= end ? today : previousTradingDay(today)
  for (let n = 1; n < q.period; n++) day = previousTradingDay(day)
  return { start: DateTime.fromISO(day, { zone: ZONE }).toMillis(), end }
}

/** The market interval to ask for and how many of its bars make one candle (weekly/monthly: calendar). */
function source(q: HistoryQuery): { interval: Interval; bucket: (t: number) => number } {
  const minutes = (m: number) => (t: number) => Math.floor(t / (m * 60_000))
  if (q.frequencyType === 'minute') {
    const interval: Interval =
      q.frequency === 1 ? '1m' : q.frequency === 15 || q.frequency === 30 ? '15m' : '5m'
    return { interval, bucket: minutes(q.frequency) }
  }
  const unit = q.frequencyType === 'weekly' ? 'week' : q.frequencyType === 'monthly' ? 'month' : 'day'
  return { interval: '1d', bucket: (t) => DateTime.fromMillis(t, { zone: ZONE }).startOf(unit).toMillis() }
}

function candles(bars: Bar[], bucket: (t: number) => number) {
  const out: Array<{
    open: number
    high: number
    low: number
    close: number
    volume: number
    datetime: number
  }> = []
  let key: number | undefined
  for (const b of bars) {
    const t = Date.parse(b.time)
    const k = bucket(t)
    const last = out.at(-1)
    if (last && k === key) {
      Object.assign(last, {
        high: Math.max(last.high, b.high),
        low: Math.min(last.low, b.low),
        close: b.close,
      })
      last.volume += b.volume
      continue
    }
    key = k
    out.push({ open: b.open, high: b.high, low: b.low, close: b.close, volume: b.volume, datetime: t })
  }
  return out
}

export async function priceHistory(market: SchwabMarket, q: HistoryQuery, now: number) {
  const w = windowOf(q, now)
  const { interval, bucket } = source(q)
  const session = q.extended ? 'extended' : 'regular'
  const bars = await market.bars(q.symbol, {
    interval,
    start: new Date(w.start),
    end: new Date(w.end),
    session,
  })
  const list = candles(bars, bucket)
  const out: Record<string, unknown> = { candles: list, symbol: q.symbol, empty: list.length === 0 }
  if (q.previousClose) {
    const first = list[0]?.datetime ?? w.end
    const dayBefore = DateTime.fromMillis(first, { zone: ZONE }).startOf('day').toMillis() - 1
    const [prev] = (
      await market.bars(q.symbol, { interval: '1d', end: new Date(dayBefore), limit: 1 })
    ).slice(-1)
    if (prev) Object.assign(out, { previousClose: prev.close, previousCloseDate: Date.parse(prev.time) })
  }
  return out
}
