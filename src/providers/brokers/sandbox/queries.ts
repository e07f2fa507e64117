/** The list endpoints' query rules: GET /v2/orders and GET /v2/account/activities (docs/vendor-formats.md#alpaca-trading). */
import { DateTime } from 'luxon'
import { partitionPoint } from '../../../platform/sorted.ts'
import { ZONE } from './history.ts'
import { OPEN_STATUSES, type Order } from './orders.ts'

export type Query = Record<string, string | undefined>
type Json = Record<string, unknown>
export type Listing<T> = { items: T[] } | { error: string }

export const ACTIVITY_TYPES = new Set(
  (
    'FILL TRANS MISC ACATC ACATS CFEE CSD CSW DIV DIVCGL DIVCGS DIVFEE DIVFT DIVNRA DIVROC DIVTW ' +
    'DIVTXEX FEE INT INTNRA INTTW JNL JNLC JNLS MA NC OPASN OPEXP OPXRC PTC PTR REORG SC SSO SSP'
  ).split(' '),
)

export const csv = (v: string | undefined): string[] =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** An RFC 3339 time, or a date (midnight in New York); NaN when it is neither. */
export function parseTime(v: string): number {
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return DateTime.fromISO(v, { zone: ZONE }).toMillis()
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(v)) return NaN
  return Date.parse(v)
}

/** `after`/`until` as an exclusive window, or the 422 message. */
function window(q: Query): { after: number; until: number } | string {
  const after = q['after'] === undefined ? -Infinity : parseTime(q['after'])
  const until = q['until'] === undefined ? Infinity : parseTime(q['until'])
  if (Number.isNaN(after)) return 'invalid after: must be an RFC 3339 timestamp or a date'
  if (Number.isNaN(until)) return 'invalid until: must be an RFC 3339 timestamp or a date'
  return { after, until }
}

function direction(q: Query): 'asc' | 'desc' | undefined {
  const d = q['direction'] ?? 'desc'
  return d === 'asc' || d === 'desc' ? d : undefined
}

/** A whole number in [1, max] (default when absent), or undefined when invalid. */
function count(v: string | undefined, fallback: number, max: number): number | undefined {
  if (v === undefined) return fallback
  if (!/^\d+$/.test(v)) return undefined
  const n = Number(v)
  return n >= 1 && n <= max ? n : undefined
}

export function listOrders(orders: readonly Order[], q: Query): Listing<Order> {
  const status = q['status'] ?? 'open'
  if (!['open', 'closed', 'all'].includes(status)) return { error: 'invalid status: open, closed or all' }
  const limit = count(q['limit'], 50, 500)
  if (limit === undefined) return { error: 'invalid limit: a whole number from 1 to 500' }
  const dir = direction(q)
  if (!dir) return { error: 'invalid direction: asc or desc' }
  const w = window(q)
  if (typeof w === 'string') return { error: w }
  const side = q['side']
  if (side !== undefined && side !== 'buy' && side !== 'sell') return { error: 'invalid side' }
  const symbols = csv(q['symbols']).map((s) => s.toUpperCase())
  const items = orders
    .filter(
      (o) =>
        (status === 'all' || OPEN_STATUSES.has(o.status) === (status === 'open')) &&
        o.submittedAt > w.after &&
        o.submittedAt < w.until &&
        (symbols.length === 0 || symbols.includes(o.symbol)) &&
        (side === undefined || o.side === side),
    )
    .sort((a, b) => a.submittedAt - b.submittedAt || a.seq - b.seq)
  if (dir === 'desc') items.reverse()
  return { items: items.slice(0, limit) }
}

export interface ActivityRow {
  id: string
  at: number
  type: string
  json: Json
}

/** The types a filter names, TRANS and MISC expanded; undefined when one is unknown. */
function typeFilter(names: string[]): ((type: string) => boolean) | undefined {
  if (names.some((n) => !ACTIVITY_TYPES.has(n))) return undefined
  if (names.length === 0) return () => true
  const misc = (t: string) => !['FILL', 'CSD', 'CSW'].includes(t) && !t.startsWith('DIV')
  return (t) =>
    names.includes(t) ||
    (names.includes('TRANS') && (t === 'CSD' || t === 'CSW')) ||
    (names.includes('MISC') && misc(t))
}

const PAGE_TOKEN = /^\d{17}::[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Activities newest first by default. Ids sort by time (their New York timestamp prefix), so a page
 * token (the last id received) splits the list whether or not it is still in it.
 */
export function listActivities(rows: readonly ActivityRow[], q: Query, pathType?: string): Listing<Json> {
  const accepts = typeFilter(pathType !== undefined ? [pathType] : csv(q['activity_types']))
  if (!accepts) return { error: 'invalid activity type' }
  const date = q['date']
  if (date !== undefined && (q['after'] !== undefined || q['until'] !== undefined))
    return { error: 'date cannot be combined with after or until' }
  if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date)) return { error: 'invalid date: YYYY-MM-DD' }
  const w = window(q)
  if (typeof w === 'string') return { error: w }
  const dir = direction(q)
  if (!dir) return { error: 'invalid direction: asc or desc' }
  const size = count(
    q['page_size'],
    date === undefined ? 100 : Number.MAX_SAFE_INTEGER,
    date === undefined ? 100 : Number.MAX_SAFE_INTEGER,
  )
  if (size === undefined) return { error: 'invalid page_size: a whole number from 1 to 100' }
  const token = q['page_token']
  if (token !== undefined && !PAGE_TOKEN.test(token)) return { error: 'invalid page_token' }
  const day = (at: number) => DateTime.fromMillis(at, { zone: ZONE }).toISODate()
  const keep = (r: ActivityRow) =>
    accepts(r.type) && (date === undefined || day(r.at) === date) && r.at > w.after && r.at < w.until
  // The rows in id order, walked from the page token in the page's direction until the page is full:
  // the same page as filtering and sorting every row for every page, which made a year of 100-row
  // pages cost as much as syncing them (bench/README.md, "Broker sync").
  const sorted = byId(rows)
  const items: Json[] = []
  const step = dir === 'asc' ? 1 : -1
  let i: number
  if (dir === 'asc') i = token === undefined ? 0 : firstAfter(sorted, token, true)
  else i = (token === undefined ? sorted.length : firstAfter(sorted, token, false)) - 1
  for (; i >= 0 && i < sorted.length && items.length < size; i += step)
    if (keep(sorted[i]!)) items.push(sorted[i]!.json)
  return { items }
}

const SORTED = new WeakMap<readonly ActivityRow[], ActivityRow[]>()

/** The rows by id, sorted once per rows array (a generated history's rows are one array: activities.ts). */
function byId(rows: readonly ActivityRow[]): ActivityRow[] {
  let sorted = SORTED.get(rows)
  if (!sorted) {
    sorted = [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    SORTED.set(rows, sorted)
  }
  return sorted
}

/** The index of the first row whose id is above `token` (`strictly`) or at least `token`. */
function firstAfter(sorted: readonly ActivityRow[], token: string, strictly: boolean): number {
  return partitionPoint(sorted, ({ id }) => (strictly ? id <= token : id < token))
}
