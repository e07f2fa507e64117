/**
 * GET /trader/v1/accounts/{hash}/transactions (docs/vendor-formats.md#schwab-trader): the query rules (startDate, endDate
 * and types required; at most a year; at most 3000 rows, newest first, no paging) and the objects:
 * TRADE with one security leg per executed symbol plus fee legs, cash-only DIVIDEND_OR_INTEREST
 * (the payer named in the description), ACH_RECEIPT and JOURNAL.
 */
import { DateTime } from 'luxon'
import { centsOf } from '../decimal.ts'
import { settlementDate, ZONE } from '../history.ts'
import { activityName, type CatalogEntry } from './catalog.ts'
import { type CashFlow, type Trade, tradeNet } from './history.ts'
import { cusipOf, instrumentIdOf, numericId } from './ids.ts'
import { type SchwabAccount, tradesOf } from './ledger.ts'
import { csv, parseIsoMillis, wireTime } from './wire.ts'

export const TRANSACTION_TYPES = new Set(
  (
    'TRADE RECEIVE_AND_DELIVER DIVIDEND_OR_INTEREST ACH_RECEIPT ACH_DISBURSEMENT CASH_RECEIPT ' +
    'CASH_DISBURSEMENT ELECTRONIC_FUND WIRE_OUT WIRE_IN JOURNAL MEMORANDUM MARGIN_CALL MONEY_MARKET SMA_ADJUSTMENT'
  ).split(' '),
)
const MAX_ROWS = 3000

type Json = Record<string, unknown>

export interface TransactionQuery {
  start: number
  end: number
  types: Set<string>
  symbol: string | undefined
}

/** The validated query, or the 400 message. */
export function transactionQuery(q: Record<string, string | undefined>): TransactionQuery | string {
  for (const name of ['startDate', 'endDate', 'types']) if (!q[name]) return `${name} is required`
  const start = parseIsoMillis(q['startDate'])
  const end = parseIsoMillis(q['endDate'])
  if (Number.isNaN(start)) return "startDate must be ISO-8601 yyyy-MM-dd'T'HH:mm:ss.SSSZ"
  if (Number.isNaN(end)) return "endDate must be ISO-8601 yyyy-MM-dd'T'HH:mm:ss.SSSZ"
  if (end < start) return 'endDate must not be before startDate'
  if (DateTime.fromMillis(start, { zone: 'utc' }).plus({ years: 1 }).toMillis() < end)
    return 'the date range must not exceed one year'
  const types = csv(q['types'])
  const unknown = types.find((t) => !TRANSACTION_TYPES.has(t))
  if (unknown !== undefined || types.length === 0) return `invalid types: ${unknown ?? ''}`
  const symbol = q['symbol']?.trim().toUpperCase() || undefined
  return { start, end, types: new Set(types), symbol }
}

const CURRENCY = {
  assetType: 'CURRENCY',
  status: 'ACTIVE',
  symbol: 'CURRENCY_USD',
  description: 'USD currency',
  instrumentId: 1,
  closingPrice: 0,
}

/** Midnight in New York of the trade's settlement date (weekends and holidays skipped). */
function settlementOf(at: number): number {
  return DateTime.fromISO(settlementDate(at), { zone: ZONE }).toMillis()
}

export interface TransactionContext {
  account: SchwabAccount
  names: ReadonlyMap<string, CatalogEntry>
  /** The instrument's current closing price (the last known price). */
  closing: (symbol: string) => number
}

function tradeJson(c: TransactionContext, t: Trade): Json {
  const first = t.legs[0]?.symbol ?? ''
  const legs = t.legs.map((l) => ({
    instrument: {
      assetType: 'EQUITY',
      status: 'ACTIVE',
      symbol: l.symbol,
      description: c.names.get(l.symbol)?.name ?? l.symbol,
      cusip: cusipOf(l.symbol),
      instrumentId: instrumentIdOf(l.symbol),
      closingPrice: c.closing(l.symbol),
      type: 'COMMON_STOCK',
    },
    amount: l.side === 'buy' ? l.qty : -l.qty,
    cost: ((l.side === 'buy' ? -1 : 1) * centsOf(l.qty, l.price)) / 100,
    price: l.price,
    positionEffect: l.side === 'buy' ? 'OPENING' : 'CLOSING',
  }))
  const fees = t.fees.map((f) => ({
    instrument: CURRENCY,
    amount: f.amount,
    cost: -f.amount,
    feeType: f.type,
  }))
  const sides = new Set(t.legs.map((l) => l.side))
  return {
    ...common(c, t.activityId, t.at, 'TRADE'),
    settlementDate: wireTime(settlementOf(t.at)),
    positionId: numericId(`${c.account.label}:position:${first}`, 10),
    orderId: t.orderId,
    netAmount: tradeNet(t),
    activityType: 'EXECUTION',
    description: sides.size === 1 && sides.has('sell') ? 'SELL TRADE' : 'BUY TRADE',
    transferItems: [...legs, ...fees],
  }
}

function common(c: TransactionContext, activityId: number, at: number, type: string): Json {
  return {
    activityId,
    time: wireTime(at),
    accountNumber: c.account.accountNumber,
    type,
    status: 'VALID',
    subAccount: c.account.type,
    tradeDate: wireTime(at),
  }
}

function cashJson(c: TransactionContext, f: CashFlow): Json {
  const payer = f.symbol !== undefined ? c.names.get(f.symbol)?.name : undefined
  return {
    ...common(c, f.activityId, f.at, f.type),
    settlementDate: wireTime(f.at),
    netAmount: f.amount,
    activityType: 'TRANSFER',
    description: payer !== undefined ? activityName(payer) : f.description,
    transferItems: [{ instrument: CURRENCY, amount: f.amount, cost: f.amount }],
  }
}

/** Symbols the rows of an account mention (for names and closing prices). */
export const transactionSymbols = (a: SchwabAccount): string[] => [
  ...new Set([
    ...tradesOf(a).flatMap((t) => t.legs.map((l) => l.symbol)),
    ...a.history.cash.flatMap((f) => (f.symbol ? [f.symbol] : [])),
  ]),
]

export function listTransactions(c: TransactionContext, q: TransactionQuery): Json[] {
  const inWindow = (at: number) => at >= q.start && at <= q.end
  const rows: Array<{ at: number; id: number; json: () => Json }> = []
  if (q.types.has('TRADE'))
    for (const t of tradesOf(c.account))
      if (inWindow(t.at) && (!q.symbol || t.legs.some((l) => l.symbol === q.symbol)))
        rows.push({ at: t.at, id: t.activityId, json: () => tradeJson(c, t) })
  for (const f of c.account.history.cash)
    if (q.types.has(f.type) && inWindow(f.at) && (!q.symbol || f.symbol === q.symbol))
      rows.push({ at: f.at, id: f.activityId, json: () => cashJson(c, f) })
  rows.sort((x, y) => y.at - x.at || y.id - x.id)
  return rows.slice(0, MAX_ROWS).map((r) => r.json())
}
