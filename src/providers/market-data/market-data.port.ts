/**
 * The market-data port, in domain terms. This first cut carries what portfolio valuation needs
 * (latest quotes); the market-data issue extends it with bars, option chains, news, earnings,
 * transcripts, insider filings and symbol metadata, and adds the real vendor adapters.
 */

export interface Quote {
  symbol: string
  last: number
  bid: number
  ask: number
  volume: number
  previous_close: number
  change: number
  change_pct: number
  /** True when the price is delayed (e.g. 15 minutes) rather than real time. */
  delayed: boolean
  as_of: string
}

export interface MarketDataProvider {
  readonly name: string
  /** Latest quotes; symbols the provider does not know are absent from the answer. */
  quotes(symbols: string[]): Promise<Quote[]>
}
