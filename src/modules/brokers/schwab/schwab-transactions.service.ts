/**
 * Schwab's transactions: one account's TRADE transactions of a whole tax year (the
 * adapter fetches them in Schwab's ≤ 60-day windows and merges them), and every linked account's
 * transactions of a year with each transaction's transfer items flattened into rows.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import { UnprocessableError } from '../../../platform/http/errors.ts'
import { pageArray, resolvePage, type PageQueryInput } from '../../../platform/http/pagination.ts'
import { decimalString, SCHWAB_TRANSACTION_TYPES, type SchwabJson } from '../../../providers/brokers/index.ts'
import { maskNumber } from '../lib/broker-errors.ts'
import type { SchwabAccessService, Linked } from './schwab-access.service.ts'
import { transferItem } from './lib/decimals.ts'
import { objectOf } from './lib/json.ts'
import { taxYear } from '../lib/tax-year.ts'

/** Short names for Schwab's transaction types (BUY, SELL, …), as the answers show them. */
const ALIASES: Record<string, string> = { DIVIDEND: 'DIVIDEND_OR_INTEREST', INTEREST: 'DIVIDEND_OR_INTEREST' }

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)
const idText = (v: unknown): string | null =>
  typeof v === 'number' || (typeof v === 'string' && v !== '') ? String(v) : null
const iso = (v: unknown): string | null => {
  if (typeof v !== 'string') return null
  const ms = Date.parse(v.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'))
  return Number.isNaN(ms) ? null : new Date(ms).toISOString()
}

/** `types` of transactions-auto: Schwab's names (or the aliases), comma-separated; none: all. */
export function schwabTypes(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return []
  const wanted = [...new Set(raw.split(',').map((t) => t.trim().toUpperCase()))].map((t) => ALIASES[t] ?? t)
  const bad = wanted.filter((t) => !SCHWAB_TRANSACTION_TYPES.includes(t))
  if (bad.length)
    throw UnprocessableError.field(
      ['query', 'types'],
      `unknown transaction type ${bad.join(', ')}: one of ${SCHWAB_TRANSACTION_TYPES.join(', ')} (DIVIDEND means DIVIDEND_OR_INTEREST)`,
      'enum',
    )
  return [...new Set(wanted)]
}

/** One transaction with the account it belongs to, its fields named as Schwab names them. */
function txView(a: Linked, tx: SchwabJson) {
  return {
    hashValue: a.external_id,
    accountNumber: maskNumber(a.account_number),
    activityId: idText(tx['activityId']),
    time: iso(tx['time']),
    tradeDate: iso(tx['tradeDate']),
    settlementDate: iso(tx['settlementDate']),
    type: text(tx['type']),
    status: text(tx['status']),
    subAccount: text(tx['subAccount']),
    activityType: text(tx['activityType']),
    description: text(tx['description']),
    netAmount: decimalString(tx['netAmount']),
    orderId: idText(tx['orderId']),
    positionId: idText(tx['positionId']),
  }
}

/** One row per transfer item, carrying its transaction's fields; a transaction without items is one row. */
export function flatten(a: Linked, tx: SchwabJson) {
  const parent = txView(a, tx)
  const items = Array.isArray(tx['transferItems']) ? tx['transferItems'].map(objectOf) : []
  if (items.length === 0) return [{ ...parent, ...itemFields(null, null) }]
  return items.map((item, i) => ({ ...parent, ...itemFields(item, i) }))
}

function itemFields(item: SchwabJson | null, index: number | null) {
  const instrument = objectOf(item?.['instrument'])
  return {
    item_index: index,
    symbol: text(instrument['symbol']),
    asset_type: text(instrument['assetType']),
    cusip: text(instrument['cusip']),
    amount: item ? decimalString(item['amount']) : null,
    price: item ? decimalString(item['price']) : null,
    cost: item ? decimalString(item['cost']) : null,
    fee_type: item ? text(item['feeType']) : null,
    position_effect: item ? text(item['positionEffect']) : null,
  }
}

/** A year's rows are paged 100 at a time unless page_size (25, 50, 100) says otherwise. */
const DEFAULT_PAGE = 100

const cmp = (x: string | number | null, y: string | number | null) =>
  x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? -1 : 1

/** Oldest first; then account, transaction and item, so pages never shuffle. */
function stableOrder(a: ReturnType<typeof flatten>[number], b: ReturnType<typeof flatten>[number]) {
  return (
    cmp(a.time, b.time) ||
    cmp(a.hashValue, b.hashValue) ||
    cmp(a.activityId, b.activityId) ||
    cmp(a.item_index, b.item_index)
  )
}

export class SchwabTransactionsService {
  constructor(private readonly deps: { clock: Clock; access: SchwabAccessService }) {}

  /** TRADE transactions of one account for the full tax year, oldest first, one page of them. */
  async transactions(scope: RequestScope, q: PageQueryInput & { account_hash: string; year: string }) {
    const page = resolvePage(q, DEFAULT_PAGE)
    const range = taxYear(q.year, this.deps.clock.now())
    const { value } = await this.deps.access.withToken(scope, async (t, l) => {
      const a = this.deps.access.account(l, q.account_hash)
      return {
        a,
        rows: await this.deps.access.adapter().transactions(t, a.external_id, { ...range, types: ['TRADE'] }),
      }
    })
    const trades = value.rows.filter((tx) => tx['type'] === 'TRADE')
    const served = pageArray(trades, page)
    return {
      hashValue: value.a.external_id,
      accountNumber: maskNumber(value.a.account_number),
      year: q.year,
      from: range.start.toISOString(),
      to: range.end.toISOString(),
      count: trades.length,
      ...served,
      items: served.items.map((tx) => ({
        ...txView(value.a, tx),
        transferItems: Array.isArray(tx['transferItems'])
          ? tx['transferItems'].map((i) => transferItem(objectOf(i)))
          : [],
      })),
    }
  }

  /**
   * Every linked account's transactions of the year (types filtered), transfer items flattened, in a
   * stable order (time, account, transaction, item), one page of them. Schwab is read for the whole
   * year on every page (it has no paging of its own): the page is cut from the merged rows.
   */
  async transactionsAuto(
    scope: RequestScope,
    q: PageQueryInput & { year: string; types?: string | undefined },
  ) {
    const page = resolvePage(q, DEFAULT_PAGE)
    const range = taxYear(q.year, this.deps.clock.now())
    const types = schwabTypes(q.types)
    const { value, live } = await this.deps.access.withToken(scope, async (t, l) => {
      const out: Array<{ a: Linked; rows: SchwabJson[] }> = []
      for (const a of l.accounts)
        out.push({
          a,
          rows: await this.deps.access.adapter().transactions(t, a.external_id, { ...range, types }),
        })
      return out
    })
    const wanted = types.length ? new Set(types) : null
    const rows = value
      .flatMap(({ a, rows: txs }) =>
        txs.filter((tx) => wanted === null || wanted.has(String(tx['type']))).flatMap((tx) => flatten(a, tx)),
      )
      .sort(stableOrder)
    return {
      year: q.year,
      types: types.length ? types : [...SCHWAB_TRANSACTION_TYPES],
      accounts: live.accounts.length,
      transactions: new Set(rows.map((r) => `${r.hashValue}:${r.activityId}`)).size,
      count: rows.length,
      ...pageArray(rows, page),
    }
  }
}
