/**
 * Price vocabulary shared by every layer: a quote, a bar and the bar intervals. Times are ISO 8601
 * UTC strings; dates are 'YYYY-MM-DD' on the New York calendar. The market-data port answers these
 * shapes; the technical-analysis layers read them.
 */

export interface Quote {
  symbol: string
  last: number
  /** null when no market is quoting the symbol (outside its sessions: `last` is then a closing price). */
  bid: number | null
  ask: number | null
  volume: number
  previous_close: number
  change: number
  change_pct: number
  /** True when the price is delayed (e.g. 15 minutes) rather than real time. */
  delayed: boolean
  /** When `last` was the price: now while the session trades, its close time once it has closed. */
  as_of: string
  /** The New York date of the session `last` belongs to, when the vendor says. */
  session_date?: string
}

export type Interval = '1m' | '5m' | '15m' | '1h' | '1d'

export interface Bar {
  /** Start of the bar (ISO 8601 UTC). Daily bars start at the New York midnight of their date. */
  time: string
  open: number
  high: number
  low: number
  close: number
  volume: number
  /** Volume-weighted average price of the bar, when the vendor gives it. */
  vwap: number | null
}
