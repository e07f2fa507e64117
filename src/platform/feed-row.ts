/**
 * One stored item a module offers the intel feed: the contract between the intel-feed
 * module and its sources (intraday signals, options flow, and recommendations to come). It lives in
 * the platform so that sources and the feed share it without importing each other.
 */
export interface FeedRow {
  id: number
  symbol: string
  /** A one-line human summary, e.g. "ORB long breakout at 51.85, 1.2× range volume". */
  text: string
  confidence: number | null
  /** What produced it, e.g. `intraday.orb`, `options-flow`. */
  source: string
  created_at: Date
}

/** What a source's `feedItems` is asked: its tenant's rows created at or after `since`, newest first. */
export interface FeedQuery {
  since: Date
  limit: number
  symbol?: string
}
