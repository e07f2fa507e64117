/**
 * GET /trader/v1/accounts/{hash}/transactions (docs/vendor-formats.md#schwab-trader) has no paging: startDate, endDate and
 * types are required, a window may start at most 60 days back by schwab-py's reading and an answer
 * holds at most 3000 rows. A range is therefore fetched in windows of at most 60 days (a full one
 * split in halves until it is not full), merged, de-duplicated by activityId and sorted by time.
 */
import { DAY_MS } from '../../../kernel/dates.ts'
import type { SchwabHttp } from './schwab-http.ts'
import { segment } from './schwab-http.ts'
import { array, idOf, object, type SchwabJson, wireMillis, wireQueryTime } from './schwab-wire.ts'

export const WINDOW_MS = 60 * DAY_MS
/** The vendor's row cap per answer: a full answer may have left rows out. */
export const MAX_ROWS = 3000

export const TRANSACTION_TYPES: readonly string[] = [
  'TRADE',
  'RECEIVE_AND_DELIVER',
  'DIVIDEND_OR_INTEREST',
  'ACH_RECEIPT',
  'ACH_DISBURSEMENT',
  'CASH_RECEIPT',
  'CASH_DISBURSEMENT',
  'ELECTRONIC_FUND',
  'WIRE_OUT',
  'WIRE_IN',
  'JOURNAL',
  'MEMORANDUM',
  'MARGIN_CALL',
  'MONEY_MARKET',
  'SMA_ADJUSTMENT',
]

export interface SchwabTransactionQuery {
  /** Inclusive bounds, as the vendor treats them. */
  start: Date
  end: Date
  /** Schwab's transaction types (TRADE, DIVIDEND_OR_INTEREST, …); empty: all of them. */
  types: string[]
  symbol?: string | undefined
}

/** Consecutive inclusive windows [from, to] of at most `span` ms covering [start, end]. */
export function windowsOf(start: number, end: number, span = WINDOW_MS): Array<[number, number]> {
  const out: Array<[number, number]> = []
  for (let from = start; from <= end;) {
    const to = Math.min(end, from + span)
    out.push([from, to])
    from = to + 1
  }
  return out
}

interface Row {
  at: number
  id: string
  json: SchwabJson
}

const byTimeThenId = (a: Row, b: Row) =>
  a.at - b.at || a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** Every transaction of the account in the range, oldest first, each once. */
export async function fetchTransactions(
  api: SchwabHttp,
  token: string,
  hash: string,
  q: SchwabTransactionQuery,
): Promise<SchwabJson[]> {
  const start = q.start.getTime()
  const end = q.end.getTime()
  if (Number.isNaN(start) || Number.isNaN(end)) throw new RangeError('transactions need valid start and end')
  const path = `/trader/v1/accounts/${segment(hash)}/transactions`
  const types = (q.types.length ? q.types : TRANSACTION_TYPES).join(',')
  const rows = new Map<string, Row>()

  const fetchWindow = async (from: number, to: number): Promise<void> => {
    const body = await api.get(token, path, {
      startDate: wireQueryTime(from),
      endDate: wireQueryTime(to),
      types,
      symbol: q.symbol,
    })
    const list = array(body, 'transactions')
    if (list.length >= MAX_ROWS && to - from >= 2000) {
      const mid = Math.floor((from + to) / 2)
      await fetchWindow(from, mid)
      return fetchWindow(mid + 1, to)
    }
    list.forEach((v, i) => {
      const json = object(v, `transactions[${i}]`)
      const id = idOf(json, 'activityId', `transactions[${i}]`)
      if (!rows.has(id)) rows.set(id, { at: wireMillis(json['time'], `transactions[${i}].time`), id, json })
    })
  }

  // One window after another: the vendor throttles, and the request log stays in order.
  for (const [from, to] of windowsOf(start, end)) await fetchWindow(from, to)
  return [...rows.values()].sort(byTimeThenId).map((r) => r.json)
}
