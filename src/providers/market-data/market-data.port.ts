/**
 * Market data and content ports, in domain terms. One port per capability, so each can come from a
 * different vendor (configuration: MARKET_DATA_PROVIDER, NEWS_PROVIDER, EARNINGS_PROVIDER,
 * INSIDER_PROVIDER, TRANSCRIPTS_PROVIDER). Every adapter maps its vendor's wire format to these
 * shapes and throws the typed UpstreamErrors of providers/shared on failure.
 * Times are ISO 8601 UTC strings; dates are 'YYYY-MM-DD' (New York calendar for market dates).
 */

import type { Bar, Interval, Quote } from '../../kernel/bars.ts'

/** The price vocabulary lives in the kernel (src/kernel/bars.ts); the port answers it. */
export type { Bar, Interval, Quote } from '../../kernel/bars.ts'

export interface BarsQuery {
  interval: Interval
  /** Inclusive bounds; defaults chosen by the adapter (e.g. the latest `limit` bars). */
  start?: Date
  end?: Date
  /** At most this many bars, the most recent ones; answered oldest first. */
  limit?: number
  /** Intraday only: 'regular' (09:30–16:00) or 'extended' (04:00–20:00). Default 'regular'. */
  session?: 'regular' | 'extended'
}

/** A window for several symbols at once: bounded by time, not by a per-symbol count. */
export interface ManyBarsQuery {
  interval: Interval
  start: Date
  end: Date
  session?: 'regular' | 'extended'
}

export interface OptionContract {
  /** OCC symbol, e.g. AAPL250117C00150000. */
  symbol: string
  underlying: string
  expiration: string
  strike: number
  type: 'call' | 'put'
  /** null when the vendor does not report it (Alpaca's snapshots carry no open interest). */
  volume: number | null
  open_interest: number | null
  bid: number | null
  ask: number | null
  last: number | null
}

export interface OptionChain {
  underlying: string
  /** Every listed expiration, ascending. */
  expirations: string[]
  /** Contracts of the requested expiration (default: the nearest). */
  contracts: OptionContract[]
}

export type InstrumentType = 'stock' | 'etf' | 'inverse_etf' | 'index'

export interface Instrument {
  symbol: string
  name: string
  exchange: string
  type: InstrumentType
  sector: string | null
  industry: string | null
  /** USD; null for indices and funds where it does not apply. */
  market_cap: number | null
  /** ISO 4217 code of the currency the instrument is quoted in. */
  currency: string
  /** ISO 3166 alpha-2 of the issuer's home country; null for funds, indices and the unknown. */
  country: string | null
}

export interface MarketDataProvider {
  readonly name: string
  /** Latest quotes; symbols the provider does not know are absent from the answer. */
  quotes(symbols: string[]): Promise<Quote[]>
  /** Bars oldest first; an unknown symbol answers an empty list. */
  bars(symbol: string, query: BarsQuery): Promise<Bar[]>
  /**
   * Optional: bars of many symbols between `start` and `end`, in as few requests as the vendor
   * allows (Alpaca takes a symbol list). Symbols without bars are absent. Callers use
   * `barsOfMany` (bars-many.ts), which falls back to one `bars` call per symbol.
   */
  barsMany?(symbols: string[], query: ManyBarsQuery): Promise<Map<string, Bar[]>>
  /** The option chain of one expiration (the nearest by default). */
  optionChain(symbol: string, query?: { expiration?: string }): Promise<OptionChain>
  /** Metadata of one symbol, or null when unknown. */
  instrument(symbol: string): Promise<Instrument | null>
  /** The symbols the provider covers (the simulated universe; a vendor's asset list). */
  universe(): Promise<Instrument[]>
}

export interface NewsItem {
  /** Stable across calls (vendor id, or a hash of the item). */
  id: string
  /** Tickers the item is about; empty for general market news. */
  symbols: string[]
  headline: string
  summary: string
  source: string
  url: string
  /** e.g. general, forex, crypto, merger, earnings, company. */
  category: string
  published_at: string
}

export interface NewsQuery {
  /** Ticker news for these symbols; absent → general market news. */
  symbols?: string[]
  category?: string
  since?: Date
  until?: Date
  limit?: number
}

export interface NewsProvider {
  readonly name: string
  /** Newest first. */
  news(query: NewsQuery): Promise<NewsItem[]>
}

export interface EarningsEvent {
  symbol: string
  date: string
  /** bmo: before market open; amc: after market close; dmh: during market hours. */
  hour: 'bmo' | 'amc' | 'dmh' | null
  quarter: number
  year: number
  eps_estimate: number | null
  eps_actual: number | null
  revenue_estimate: number | null
  revenue_actual: number | null
}

export interface EarningsProvider {
  readonly name: string
  /** Events with from ≤ date ≤ to, optionally for some symbols only; ascending by date. */
  calendar(from: string, to: string, symbols?: string[]): Promise<EarningsEvent[]>
}

export interface TranscriptSection {
  speaker: string
  /** e.g. CEO, CFO, Analyst, Operator. */
  role: string | null
  text: string
}

export interface Transcript {
  /** The vendor's id of the transcript (stable). */
  id: string
  symbol: string
  title: string
  year: number
  quarter: number
  /** When the call took place (ISO 8601). */
  time: string
  sections: TranscriptSection[]
}

export interface TranscriptsProvider {
  readonly name: string
  /** The most recent transcripts of a symbol, newest first. */
  transcripts(symbol: string, limit: number): Promise<Transcript[]>
}

export interface InsiderTransaction {
  symbol: string
  insider_name: string
  insider_title: string | null
  /** SEC Form 4 transaction code (P = open-market purchase, S = sale, A = grant, …). */
  transaction_code: string
  transaction_date: string
  shares: number
  price: number | null
  /** shares × price, USD; null without a price. */
  value: number | null
  shares_owned_after: number | null
  filing_url: string | null
  filed_at: string | null
}

export interface InsiderProvider {
  readonly name: string
  /** Transactions of the symbols between the dates (inclusive), newest first. */
  insiderTransactions(symbols: string[], from: string, to: string): Promise<InsiderTransaction[]>
}

export type EconomicImpact = 'low' | 'medium' | 'high'

/** One scheduled macro release (CPI, payrolls, a rate decision…). */
export interface EconomicEvent {
  event: string
  /** ISO 3166 alpha-2, e.g. US. */
  country: string
  /** Release instant, ISO 8601 UTC. */
  time: string
  impact: EconomicImpact
  /** null until released / when the vendor has none. */
  actual: number | null
  estimate: number | null
  previous: number | null
  /** e.g. '%', 'K', '' when none. */
  unit: string
}

export interface EconomicCalendarProvider {
  readonly name: string
  /** Releases whose New York date is within from..to (inclusive), ascending by time then event. */
  economicCalendar(from: string, to: string): Promise<EconomicEvent[]>
}

/** A cash dividend's ex-date: buying on or after it no longer earns the dividend. */
export interface ExDividend {
  symbol: string
  ex_date: string
  pay_date: string | null
  /** Per share, in `currency`. */
  amount: number
  currency: string
}

export interface DividendsProvider {
  readonly name: string
  /** Ex-dates of the symbols with from ≤ ex_date ≤ to, ascending by date then symbol. */
  exDividends(symbols: string[], from: string, to: string): Promise<ExDividend[]>
}

/** One day's reference rates: units of each currency per 1 EUR, as decimal strings. */
export interface FxDay {
  date: string
  rates: Record<string, string>
}

/**
 * Daily foreign-exchange reference rates, quoted against the euro as the ECB publishes them (one
 * fixing per TARGET business day, around 16:00 CET). Any cross rate is the ratio of two quotes.
 */
export interface FxProvider {
  readonly name: string
  /** The currencies it quotes, EUR included. */
  currencies(): Promise<string[]>
  /** The fixings published between `from` and `to` inclusive, ascending; days without one absent. */
  dailyRates(from: string, to: string): Promise<FxDay[]>
}
