/**
 * Computing one review: the day's signals (through the intraday and options-flow APIs), daily bars
 * of the held and signalled symbols from the previous session to the next, the arithmetic of
 * lib/review.ts, and the market's movers for the latest session only (they come from live quotes).
 */
import { DAY_MS } from '../../../kernel/dates.ts'
import { nyDate, tradingDay } from '../../../kernel/calendar/nyse.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import { barsOfMany, moversOf, type MarketDataProvider } from '../../../providers/market-data/index.ts'
import { MAX_REVIEW_SIGNALS, type Review } from './eod.schemas.ts'
import type { ReviewDates } from './lib/review-date.ts'
import {
  holdingMovers,
  playOut,
  positionPnl,
  signalStats,
  totals,
  type PriceBook,
  type SignalInput,
} from './lib/review.ts'

const MARKET_MOVERS_TOP = 5

/** The day's signals of a tenant, already mapped to the review's shape (see index.ts). */
export interface SignalSources {
  onDate(tenantId: number, date: string, limit: number): Promise<SignalInput[]>
}

interface BuildInput {
  tenantId: number
  accountId: number | null
  holdings: { symbol: string; quantity: number }[]
  dates: ReviewDates
  now: Date
}

async function priceBook(market: MarketDataProvider, symbols: string[], d: ReviewDates): Promise<PriceBook> {
  const start = new Date(Date.parse(`${d.previous}T00:00:00Z`) - DAY_MS)
  const end = new Date(Date.parse(`${d.nextKnown ? d.next : d.date}T23:59:59Z`) + DAY_MS)
  const bars = await barsOfMany(market, symbols, { interval: '1d', start, end })
  const book: PriceBook = new Map()
  for (const [symbol, list] of bars) {
    const days = new Map(list.map((b) => [nyDate(new Date(b.time)), { open: b.open, close: b.close }]))
    book.set(symbol, days)
  }
  return book
}

async function marketMovers(market: MarketDataProvider) {
  const m = await moversOf(market, MARKET_MOVERS_TOP)
  const q = (x: { symbol: string; last: number; change_pct: number }) => ({
    symbol: x.symbol,
    last: x.last,
    change_pct: x.change_pct,
  })
  return { gainers: m.gainers.map(q), losers: m.losers.map(q) }
}

export async function buildReview(
  deps: { market: MarketDataProvider; signals: SignalSources },
  input: BuildInput,
): Promise<Review> {
  const { dates, holdings, now } = input
  const signals = await deps.signals.onDate(input.tenantId, dates.date, MAX_REVIEW_SIGNALS)
  const symbols = [...new Set([...holdings.map((h) => h.symbol), ...signals.map((s) => s.symbol)])]
  const reasons: string[] = []
  let book: PriceBook = new Map()
  try {
    book = await priceBook(deps.market, symbols, dates)
  } catch (e) {
    if (!isUpstreamError(e)) throw e
    reasons.push(`market data unavailable (${e.kind}): positions and signals are unpriced`)
  }
  let market: Review['movers']['market'] = null
  // Quotes are live: they are the review date's only until the next session opens.
  if (now.getTime() < (tradingDay(dates.next)?.open.getTime() ?? 0)) {
    try {
      market = await marketMovers(deps.market)
    } catch (e) {
      if (!isUpstreamError(e)) throw e
      reasons.push(`market movers unavailable (${e.kind})`)
    }
  }
  const positions = positionPnl(holdings, book, dates.date, dates.previous)
  const played = signals.map((s) => playOut(s, book, { date: dates.date, next: dates.next }, dates.nextKnown))
  return {
    review_date: dates.date,
    previous_date: dates.previous,
    next_date: dates.next,
    account_id: input.accountId,
    computed_at: now.toISOString(),
    complete: dates.nextKnown || played.length === 0,
    degraded: reasons.length > 0,
    degraded_reasons: reasons,
    positions,
    totals: totals(positions, holdings),
    signals: played,
    signal_stats: signalStats(played),
    movers: { ...holdingMovers(positions), market },
  }
}
