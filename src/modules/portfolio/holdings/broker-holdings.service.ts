/**
 * What the brokers module asks of the portfolio, in the caller's transaction: a portfolio account
 * for each linked brokerage account (created once, soft-archived on disconnect, revived on
 * reconnect), and the day's snapshot replaced by what the broker reports, so every analytic reads
 * broker and manual accounts alike.
 */
import type { TenantScope } from '../../../platform/db/index.ts'
import * as accounts from '../accounts/accounts.repository.ts'
import type { ClosedTrade, CostMethod } from '../trades/lib/lots.ts'
import * as snapshots from './snapshots.repository.ts'
import * as trades from '../trades/trades.repository.ts'
import { diffTrades } from '../trades/lib/trade-diff.ts'

export { matchLots, type ClosedTrade, type CostMethod, type Fill } from '../trades/lib/lots.ts'

/** The symbols a snapshot row accepts (the portfolio's symbol check). */
const SNAPSHOT_SYMBOL = /^[A-Z0-9.\-^]{1,16}$/

export interface BrokerHolding {
  symbol: string
  quantity: string
  costBasis: string
  /** The broker's price; a holding without one is priced at its book price. */
  price: string | null
}

export interface LinkedAccountInput {
  brokerType: string
  externalId: string
  name: string
  accountType: string | null
  currency: string
}

/** The portfolio account of a brokerage account: found by the vendor's id (revived if archived) or made. */
export async function ensureBrokerAccount(scope: TenantScope, a: LinkedAccountInput): Promise<number> {
  const found = await accounts.findByExternalId(scope, a.brokerType, a.externalId)
  if (found) {
    if (found.archived_at !== null || found.status !== 'active')
      await accounts.setArchived(scope, [found.id], false)
    return found.id
  }
  const row = await accounts.insertBrokerAccount(scope, {
    name: a.name.slice(0, 120),
    broker_type: a.brokerType,
    account_type: a.accountType,
    currency: /^[A-Z]{3}$/.test(a.currency) ? a.currency : 'USD',
    external_id: a.externalId,
  })
  return row.id
}

/**
 * Soft-archives accounts at `at` (the caller's clock): hidden from `GET /api/accounts` unless
 * `include_archived=true`, data kept; from `at`'s New York date on they leave every figure (holdings
 * other modules read, analytics, market refresh) and stay in the history before it.
 */
export async function archiveAccounts(scope: TenantScope, ids: readonly number[], at?: Date): Promise<void> {
  await accounts.setArchived(scope, ids, true, at)
}

/**
 * The account's snapshot for `date` becomes exactly `holdings`: rows written at the broker's price,
 * rows of symbols no longer held removed. Symbols a snapshot cannot hold (crypto pairs, options
 * with spaces) are left out and counted.
 */
export async function replaceHoldings(
  scope: TenantScope,
  accountId: number,
  date: string,
  holdings: readonly BrokerHolding[],
): Promise<{ written: number; skipped: string[] }> {
  const kept = holdings.filter((h) => SNAPSHOT_SYMBOL.test(h.symbol))
  const skipped = holdings.filter((h) => !SNAPSHOT_SYMBOL.test(h.symbol)).map((h) => h.symbol)
  await snapshots.deleteSnapshotsExcept(
    scope,
    accountId,
    date,
    kept.map((h) => h.symbol),
  )
  // One row per symbol (a vendor listing a symbol twice keeps its last), written in one statement.
  const bySymbol = new Map(kept.map((h) => [h.symbol, h]))
  // A holding sold since the last sync gets a flat row today (quantity 0): without it the
  // analytics would carry its last row forward and keep counting it.
  for (const symbol of await snapshots.heldBefore(scope, accountId, date))
    if (!bySymbol.has(symbol)) bySymbol.set(symbol, { symbol, quantity: '0', costBasis: '0', price: '0' })
  await snapshots.writePricedSnapshot(
    scope,
    [...bySymbol.values()].map((h) => ({
      account_id: accountId,
      date,
      symbol: h.symbol,
      quantity: h.quantity,
      cost_basis: h.costBasis,
      price: h.price ?? bookPrice(h),
    })),
  )
  return { written: kept.length, skipped }
}

/** How the account's broker fills are matched into trades (the owner's choice; FIFO by default). */
export async function costMethod(scope: TenantScope, accountId: number): Promise<CostMethod> {
  return (await accounts.findAccount(scope, accountId))?.cost_method ?? 'fifo'
}

/**
 * The account's broker-derived realized trades of `symbols` (every symbol when null) become exactly
 * `closed`, from lot matching over all of their fills: recomputing is idempotent, and a fill that
 * arrives late still lands in the right lot. Written as a difference (trade ids are stable,
 * `<closing fill id>:<n>`): new trades inserted, changed ones rewritten, vanished ones removed, the
 * rest untouched, so a re-sync costs the rollup triggers only what changed. `source` 'activity'
 * does the same for the trades a manual account's activity ledger derives (activities/derive.service.ts).
 */
export async function replaceBrokerTrades(
  scope: TenantScope,
  accountId: number,
  symbols: readonly string[] | null,
  closed: readonly ClosedTrade[],
  source: trades.DerivedSource = 'broker',
): Promise<number> {
  const derived = closed.map((c) => ({
    symbol: c.symbol,
    quantity: c.quantity,
    date_acquired: c.date_acquired,
    date_sold: c.date_sold,
    sold_on: c.date_sold,
    proceeds: c.proceeds,
    cost_basis: c.cost_basis,
    fees: c.fees,
    gain_loss: c.gain_loss,
    term: c.term,
    external_id: c.id,
  }))
  const stored = await trades.brokerTradesOf(scope, accountId, symbols, source)
  const diff = diffTrades(stored, derived)
  await trades.deleteTradeRows(scope, diff.remove)
  await trades.updateBrokerTrades(scope, diff.update)
  await trades.insertBrokerTrades(
    scope,
    diff.insert.map((t) => ({ ...t, account_id: accountId })),
    source,
  )
  return closed.length
}

/** A holding without a broker price is valued at what it cost (no unrealized P&L until priced). */
function bookPrice(h: BrokerHolding): string {
  const q = Number(h.quantity)
  return q === 0 ? '0' : Math.abs(Number(h.costBasis) / q).toFixed(6)
}
