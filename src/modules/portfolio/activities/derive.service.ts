/**
 * Keeps a manual account's holdings (portfolio_snapshot) and realized trades (source 'activity')
 * in step with its activity ledger: after any write, the symbols it touched are recomputed whole
 * from their BUY, SELL, SPLIT and securities-transfer activities (lib/derive.ts). Broker accounts
 * are never derived: their holdings and trades come from the broker.
 */
import { nyDate } from '../../../kernel/calendar/nyse.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { TenantScope } from '../../../platform/db/index.ts'
import { UnprocessableError } from '../../../platform/http/errors.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type { MarketDataProvider } from '../../../providers/market-data/index.ts'
import { replaceBrokerTrades } from '../holdings/broker-holdings.service.ts'
import { writePricedSnapshot, type PricedRow } from '../holdings/snapshots.repository.ts'
import type { ClosedTrade } from '../trades/lib/lots.ts'
import { deriveSymbol, type Derived, type LedgerEvent } from './lib/derive.ts'
import * as ledger from './ledger.repository.ts'

/** Daily closes by symbol and New York day, as decimal strings. */
export type Closes = Map<string, Map<string, string>>

interface DerivedAccount {
  id: number
  broker_type: string
  cost_method: 'fifo' | 'average'
}

/**
 * The daily closes of `symbols` from `from` to today, read before the writing transaction. A symbol
 * the provider does not price, or an upstream failure, leaves it out: its rows take trade prices.
 */
export async function fetchCloses(
  market: Pick<MarketDataProvider, 'bars'>,
  clock: Clock,
  symbols: readonly string[],
  from: string | null,
): Promise<Closes> {
  const out: Closes = new Map()
  if (from === null) return out
  const end = clock.now()
  const start = new Date(`${from}T00:00:00Z`)
  for (const symbol of new Set(symbols)) {
    try {
      const bars = await market.bars(symbol, { interval: '1d', start, end })
      out.set(symbol, new Map(bars.map((b) => [nyDate(new Date(b.time)), String(b.close)])))
    } catch (e) {
      if (!isUpstreamError(e)) throw e
    }
  }
  return out
}

const toEvent = (r: Awaited<ReturnType<typeof ledger.shareActivities>>[number]): LedgerEvent => ({
  id: r.id,
  type: r.type,
  date: r.activity_date,
  symbol: r.symbol!,
  quantity: r.quantity!,
  price: r.price,
  amount: r.amount,
  fee: r.fee,
})

/**
 * Recomputes the account's holdings and realized trades of `symbols`. A sale or transfer out of
 * more shares than the ledger holds at that point answers 422 `activities.oversold` (the caller's
 * transaction then writes nothing): a manual ledger does not go short. Answers the number of
 * realized trades the symbols now have (for the trade-writes notice).
 */
export async function rederive(
  s: TenantScope,
  account: DerivedAccount,
  symbols: readonly string[],
  closes: Closes,
): Promise<number> {
  if (account.broker_type !== 'manual' || symbols.length === 0) return 0
  const wanted = [...new Set(symbols)]
  const events = (await ledger.shareActivities(s, account.id, wanted)).map(toEvent)
  const closed: ClosedTrade[] = []
  const rows: PricedRow[] = []
  for (const symbol of wanted) {
    const own = events.filter((e) => e.symbol === symbol)
    const d = deriveSymbol(own, account.cost_method, (day) => closes.get(symbol)?.get(day) ?? null)
    refuseOversold(symbol, d)
    closed.push(...d.closed)
    for (const r of d.rows)
      rows.push({
        account_id: account.id,
        symbol,
        date: r.date,
        quantity: r.quantity,
        cost_basis: r.cost_basis,
        price: r.price,
      })
  }
  await ledger.deleteSymbolSnapshots(s, account.id, wanted)
  await writePricedSnapshot(s, rows)
  return replaceBrokerTrades(s, account.id, wanted, closed, 'activity')
}

function refuseOversold(symbol: string, d: Derived): void {
  const first = d.oversold[0]
  if (!first) return
  const msg =
    `${symbol}: the ledger holds ${first.quantity} share(s) fewer than activity ${first.id} on ${first.date} ` +
    'sells or transfers out; record the purchase first (a manual account does not go short)'
  throw new UnprocessableError('activities.oversold', msg, [
    { loc: ['body', 'quantity'], msg, type: 'oversold' },
  ])
}

/** Today in New York (the latest day an activity may carry). */
export const todayOf = (clock: Clock): string => nyDate(clock.now())
