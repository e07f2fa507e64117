/**
 * The money story of a linked account, written by every sync: the vendor's activities mapped into the
 * ledger (one map per vendor, activity-maps/), the broker's cash of the day, and, on the account's
 * first sync only, its opening balance (docs/broker-activities.md):
 *
 *   value at the window's start = (cash now − the cash effects of the window's activities)
 *                               + Σ (shares now − the window's share effects) × that day's close
 *
 * written as one capital flow of kind `opening_balance` dated the window's first day when not zero.
 */
import { decAdd, decDiv, decMul, decSub } from '../../../../kernel/decimal/decimal-string.ts'
import type { BrokerActivity, BrokerPosition, CashBalance } from '../../../../providers/brokers/index.ts'
import type { MarketDataProvider } from '../../../../providers/market-data/index.ts'
import type { Portfolio } from '../../../portfolio/index.ts'
import type { ConnectedBroker } from '../../brokers.tables.ts'
import { mapAlpacaActivity } from './activity-maps/alpaca.map.ts'
import type { LedgerRow, MapContext, Mapped } from './activity-maps/ledger-row.ts'
import { mapSchwabActivity } from './activity-maps/schwab.map.ts'
import { mapSnapTradeActivity } from './activity-maps/snaptrade.map.ts'

const MAPS: Record<ConnectedBroker, (a: BrokerActivity, ctx: MapContext) => Mapped> = {
  brokera: mapAlpacaActivity,
  brokerb: mapSchwabActivity,
  aggregator: mapSnapTradeActivity,
}

/** The vendor's activities as ledger rows (each vendor id once) and the vendor types left out, counted. */
export function mapActivities(broker: ConnectedBroker, items: readonly BrokerActivity[], ctx: MapContext) {
  const rows: LedgerRow[] = []
  const seen = new Set<string>()
  const unmapped = new Map<string, number>()
  for (const a of items) {
    const m = MAPS[broker](a, ctx)
    if ('unmapped' in m) unmapped.set(m.unmapped, (unmapped.get(m.unmapped) ?? 0) + 1)
    else if (!seen.has(m.row.source_id)) {
      seen.add(m.row.source_id)
      rows.push(m.row)
    }
  }
  return { rows, unmapped }
}

/** The log note naming what had no ledger meaning: `activities with no ledger meaning: SPLIT ×2`. */
export function unmappedNote(unmapped: ReadonlyMap<string, number>): string | null {
  if (unmapped.size === 0) return null
  const parts = [...unmapped].sort(([a], [b]) => a.localeCompare(b)).map(([t, n]) => `${t} ×${n}`)
  return `activities with no ledger meaning (left out): ${parts.join(', ')}`
}

export interface OpeningInput {
  /** The window's first day (New York). */
  date: string
  currency: string
  /** The account's cash now in its currency; null when the broker reports none. */
  cashNow: string | null
  positions: readonly BrokerPosition[]
  rows: readonly LedgerRow[]
  /** The close of a symbol on the day (or the last before it), null when market data has none. */
  close: (symbol: string) => Promise<string | null>
}

/**
 * The account's value at the start of the window, and the notes of what it could not value; null
 * when the cash is unknown. Shares at the start are the shares now with the window's share effects
 * undone, newest first (a split's ratio divides).
 */
export async function openingValue(
  p: OpeningInput,
  h: Pick<Portfolio['brokerHoldings'], 'cashEffect' | 'shareEffect'>,
): Promise<{ value: string; notes: string[] } | null> {
  if (p.cashNow === null) return null
  let cash = p.cashNow
  const shares = new Map<string, string>()
  for (const pos of p.positions) shares.set(pos.symbol, decAdd(shares.get(pos.symbol) ?? '0', pos.quantity))
  for (const r of [...p.rows].reverse()) {
    if (r.currency === p.currency) cash = decSub(cash, h.cashEffect(r))
    const e = h.shareEffect(r)
    if (!e) continue
    const held = shares.get(e.symbol) ?? '0'
    shares.set(e.symbol, e.kind === 'add' ? decSub(held, e.quantity) : (decDiv(held, e.ratio, 8) ?? held))
  }
  let value = cash
  const notes: string[] = []
  for (const [symbol, qty] of shares) {
    if (!/[1-9]/.test(qty)) continue
    const close = await p.close(symbol)
    if (close === null)
      notes.push(`no close of ${symbol} on ${p.date}: its ${qty} shares then held valued at 0`)
    else value = decAdd(value, decMul(qty, close))
  }
  return { value: decDiv(value, '1', 2)!, notes }
}

/** The close of `symbol` on `date`, or on the last trading day before it (within ten days). */
export async function closeOn(
  market: Pick<MarketDataProvider, 'bars'> | null,
  symbol: string,
  date: string,
): Promise<string | null> {
  if (!market) return null
  const end = new Date(`${date}T23:59:59Z`)
  const start = new Date(end.getTime() - 10 * 86_400_000)
  const bars = await market.bars(symbol, { interval: '1d', start, end }).catch(() => [])
  const last = bars.filter((b) => b.time.slice(0, 10) <= date).at(-1)
  return last && Number.isFinite(last.close) ? String(last.close) : null
}

/** The broker's cash rows as stored: one per currency, to the ledger's 4 places. */
export const cashRows = (cash: readonly CashBalance[]) => {
  const by = new Map<string, string>()
  for (const c of cash) by.set(c.currency, decAdd(by.get(c.currency) ?? '0', c.amount))
  return [...by].map(([currency, amount]) => ({ currency, balance: decDiv(amount, '1', 4)! }))
}

/** The rows as the activity writer takes them, under the vendor's source. */
export const withSource = (rows: readonly LedgerRow[], source: ConnectedBroker) =>
  rows.map((r) => ({ ...r, source }))
