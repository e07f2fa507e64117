/**
 * The port's activities from Schwab transactions: each security leg of a TRADE becomes a FILL (its
 * fee legs are folded into the first security leg's `fee`); any other transaction is one activity
 * named by its Schwab type (DIVIDEND_OR_INTEREST, ACH_RECEIPT, JOURNAL, …). No paging at Schwab:
 * one page holds the whole range.
 */
import { DAY_MS } from '../../../kernel/dates.ts'
import type { ActivityQuery, BrokerActivity } from '../broker.port.ts'
import { decAbs, decDiv, decSign, decSub, decSum } from '../../../kernel/decimal/decimal-string.ts'
import type { SchwabHttp } from './schwab-http.ts'
import { fetchTransactions, TRANSACTION_TYPES } from './schwab-transactions.ts'
import {
  array,
  dec,
  idOf,
  instant,
  isoOf,
  object,
  optDec,
  optStr,
  str,
  type SchwabJson,
} from './schwab-wire.ts'

export interface SchwabActivity extends BrokerActivity {
  /** A fill's fees (commission, SEC and TAF fees…), all on a trade's first security leg; null for other activities. */
  fee: string | null
}

export interface SchwabActivityPage {
  items: SchwabActivity[]
  /** Always null: Schwab has no paging, the page holds the whole range. */
  nextPageToken: null
}

export type SchwabActivityQuery = ActivityQuery & {
  /** The account's hashValue (required: a Schwab login has several accounts). */
  accountId: string
}

const isFee = (item: SchwabJson) => item['feeType'] != null
const instrumentOf = (item: SchwabJson, what: string) =>
  object(item['instrument'] ?? {}, `${what}.instrument`)
const isSecurity = (item: SchwabJson, what: string) =>
  !isFee(item) && optStr(instrumentOf(item, what), 'assetType') !== 'CURRENCY'

/** Buy or sell from the amount's sign, else the cost's (paid: buy), else the position effect. */
function sideOf(amount: string, cost: string | null, effect: string | null): 'buy' | 'sell' | null {
  const sign = decSign(amount) || -decSign(cost ?? '0')
  if (sign !== 0) return sign > 0 ? 'buy' : 'sell'
  return effect === 'OPENING' ? 'buy' : effect === 'CLOSING' ? 'sell' : null
}

function fills(tx: SchwabJson, what: string): SchwabActivity[] {
  const items = array(tx['transferItems'] ?? [], `${what}.transferItems`).map((v, i) =>
    object(v, `${what}.transferItems[${i}]`),
  )
  const fees = items.filter(isFee).map((f) => decAbs(optDec(f, 'cost') ?? optDec(f, 'amount') ?? '0'))
  const fee = decSum(fees)
  const id = idOf(tx, 'activityId', what)
  const time = isoOf(tx['time'], `${what}.time`)
  const orderId = tx['orderId'] == null ? null : idOf(tx, 'orderId', what)
  return items
    .filter((item) => isSecurity(item, what))
    .map((item, i): SchwabActivity => {
      const leg = `${what}.transferItems`
      const amount = dec(item, 'amount', leg)
      const cost = optDec(item, 'cost')
      const qty = decAbs(amount)
      return {
        id: i === 0 ? id : `${id}-${i}`,
        type: 'FILL',
        time,
        symbol: str(instrumentOf(item, leg), 'symbol', `${leg}.instrument`),
        side: sideOf(amount, cost, optStr(item, 'positionEffect')),
        qty,
        price: optDec(item, 'price') ?? (cost === null ? null : decDiv(decAbs(cost), qty)),
        netAmount: cost === null ? null : i === 0 ? decSub(cost, fee) : cost,
        description: optStr(tx, 'description'),
        orderId,
        fee: i === 0 ? fee : '0',
      }
    })
}

function other(tx: SchwabJson, what: string): SchwabActivity {
  const items = array(tx['transferItems'] ?? [], `${what}.transferItems`).map((v, i) =>
    object(v, `${what}.transferItems[${i}]`),
  )
  const security = items.find((item) => isSecurity(item, what))
  return {
    id: idOf(tx, 'activityId', what),
    type: str(tx, 'type', what),
    time: isoOf(tx['time'], `${what}.time`),
    symbol: security ? optStr(instrumentOf(security, what), 'symbol') : null,
    side: null,
    // Shares received (+) or delivered (−) and their price, for a securities movement.
    qty: security ? optDec(security, 'amount') : null,
    price: security ? optDec(security, 'price') : null,
    netAmount: optDec(tx, 'netAmount'),
    description: optStr(tx, 'description'),
    orderId: null,
    fee: null,
  }
}

/** The port's activities of one Schwab transaction. */
export function toActivities(tx: SchwabJson, what = 'transaction'): SchwabActivity[] {
  return str(tx, 'type', what) === 'TRADE' ? fills(tx, what) : [other(tx, what)]
}

/** The Schwab types to ask for: FILL is a TRADE's; Schwab's own names pass; no types: all of them. */
function schwabTypes(types: readonly string[] | undefined): string[] {
  if (!types?.length) return [...TRANSACTION_TYPES]
  const wanted = types.map((t) => (t.toUpperCase() === 'FILL' ? 'TRADE' : t.toUpperCase()))
  return TRANSACTION_TYPES.filter((t) => wanted.includes(t))
}

/**
 * Activities between `after` and `until` (exclusive, as the port's other vendors treat them; default:
 * the year up to now), fetched in ≤ 60-day windows. `direction` defaults to newest first.
 */
export async function activities(
  api: SchwabHttp,
  token: string,
  q: SchwabActivityQuery,
): Promise<SchwabActivityPage> {
  if (!q.accountId) throw new TypeError('Schwab activities need accountId (the account hashValue)')
  const types = schwabTypes(q.types)
  if (types.length === 0) return { items: [], nextPageToken: null }
  const end = q.until !== undefined ? instant(q.until, 'until') - 1 : api.now().getTime()
  const start = q.after !== undefined ? instant(q.after, 'after') + 1 : end - 365 * DAY_MS
  if (end < start) return { items: [], nextPageToken: null }
  const rows = await fetchTransactions(api, token, q.accountId, {
    start: new Date(start),
    end: new Date(end),
    types,
  })
  const items = rows.flatMap((tx, i) => toActivities(tx, `transactions[${i}]`))
  if (q.direction !== 'asc') items.reverse()
  return { items, nextPageToken: null }
}
