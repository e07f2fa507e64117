/**
 * What a sandbox account holds now: its generated history plus the fills of orders placed through
 * the sandbox, replayed at average cost; and the wire objects derived from it (positions, account),
 * every figure computed from the same rounded numbers so they add up.
 */
import { DateTime } from 'luxon'
import { averagePrice, cents, centsOf, dec, round } from './decimal.ts'
import { type Fill, type History, ZONE } from './history.ts'
import { assetIdOf, exchangeOf, seedOf } from './universe.ts'

export interface Holding {
  symbol: string
  qty: number
  avg: number
}

/** Every fill affecting the account, oldest first (the opening positions first of all). */
export const allFills = (history: History, placed: readonly Fill[]): Fill[] =>
  [...history.opening, ...history.fills, ...placed].sort((a, b) => a.at - b.at)

export function holdingsOf(history: History, placed: readonly Fill[]): Map<string, Holding> {
  return replayFills(allFills(history, placed))
}

/** What a sequence of fills (oldest first) leaves held, at average cost; sells do not change the average. */
export function replayFills(
  fills: Iterable<Pick<Fill, 'symbol' | 'side' | 'qty' | 'price'>>,
): Map<string, Holding> {
  const out = new Map<string, Holding>()
  for (const f of fills) {
    const h = out.get(f.symbol) ?? { symbol: f.symbol, qty: 0, avg: 0 }
    if (f.side === 'buy') {
      const qty = round(h.qty + f.qty, 9)
      h.avg = averagePrice([
        [h.qty, h.avg],
        [f.qty, f.price],
      ])
      h.qty = qty
    } else {
      h.qty = round(h.qty - f.qty, 9)
    }
    if (h.qty > 0) out.set(f.symbol, h)
    else out.delete(f.symbol)
  }
  return out
}

/** Cents a fill moves the cash by: less for a buy, more for a sell. */
export const fillCashCents = (f: Pick<Fill, 'side' | 'qty' | 'price'>): number =>
  (f.side === 'buy' ? -1 : 1) * centsOf(f.qty, f.price)

/**
 * Cash in cents: deposits, dividends and fees, less buys, plus sells (opening positions came in as
 * stock). A sum of whole cents, so an account keeps it as a running balance from its history's.
 */
export function cashCentsOf(history: History, placed: readonly Fill[]): number {
  let total = history.cash.reduce((sum, a) => sum + cents(a.amount), 0)
  for (const f of [...history.fills, ...placed]) total += fillCashCents(f)
  return total
}

/** Yesterday's close: within ±2 % of the last price, fixed per symbol and New York day. */
export function lastdayPrice(symbol: string, last: number, now: Date): number {
  const day = DateTime.fromJSDate(now, { zone: ZONE }).toISODate() ?? ''
  const change = ((seedOf(`${symbol}:${day}`) % 4001) - 2000) / 100_000
  return round(last / (1 + change), 2)
}

export interface PositionFigures {
  json: Record<string, unknown>
  marketCents: number
  lastdayCents: number
}

export function positionOf(h: Holding, last: number, lastday: number, reservedQty: number): PositionFigures {
  const marketCents = centsOf(h.qty, last)
  const costCents = centsOf(h.qty, h.avg)
  const lastdayCents = centsOf(h.qty, lastday)
  const pl = (marketCents - costCents) / 100
  const intraday = (marketCents - lastdayCents) / 100
  const json = {
    asset_id: assetIdOf(h.symbol),
    symbol: h.symbol,
    exchange: exchangeOf(h.symbol),
    asset_class: 'us_equity',
    asset_marginable: true,
    avg_entry_price: dec(h.avg, 4),
    qty: dec(h.qty, 9),
    qty_available: dec(Math.max(0, h.qty - reservedQty), 9),
    side: 'long',
    market_value: dec(marketCents / 100),
    cost_basis: dec(costCents / 100),
    unrealized_pl: dec(pl),
    unrealized_plpc: dec(costCents ? pl / (costCents / 100) : 0, 6),
    unrealized_intraday_pl: dec(intraday),
    unrealized_intraday_plpc: dec(lastdayCents ? intraday / (lastdayCents / 100) : 0, 6),
    current_price: dec(last, 4),
    lastday_price: dec(lastday, 4),
    change_today: dec(lastday ? (last - lastday) / lastday : 0, 6),
  }
  return { json, marketCents, lastdayCents }
}

export interface AccountFigures {
  id: string
  history: History
  cashCents: number
  positions: PositionFigures[]
  /** Cents held back for open buy orders. */
  reservedCents: number
}

/** The account object: a cash account (multiplier 1), so buying power is cash less open buys. */
export function accountJson(a: AccountFigures): Record<string, unknown> {
  const longCents = a.positions.reduce((s, p) => s + p.marketCents, 0)
  const lastdayCents = a.positions.reduce((s, p) => s + p.lastdayCents, 0)
  const equity = dec((a.cashCents + longCents) / 100)
  const buyingPower = dec(Math.max(0, a.cashCents - a.reservedCents) / 100)
  const flags = { trading_blocked: false, transfers_blocked: false, account_blocked: false }
  return {
    id: a.id,
    account_number: a.history.accountNumber,
    status: 'ACTIVE',
    crypto_status: 'INACTIVE',
    currency: 'USD',
    cash: dec(a.cashCents / 100),
    portfolio_value: equity,
    equity,
    last_equity: dec((a.cashCents + lastdayCents) / 100),
    buying_power: buyingPower,
    regt_buying_power: buyingPower,
    daytrading_buying_power: '0',
    non_marginable_buying_power: buyingPower,
    options_buying_power: buyingPower,
    long_market_value: dec(longCents / 100),
    short_market_value: '0',
    initial_margin: '0',
    maintenance_margin: '0',
    last_maintenance_margin: '0',
    sma: '0',
    multiplier: '1',
    daytrade_count: 0,
    pattern_day_trader: false,
    shorting_enabled: false,
    ...flags,
    trade_suspended_by_user: false,
    created_at: new Date(a.history.createdAt).toISOString(),
    accrued_fees: '0',
    pending_transfer_in: '0',
    pending_transfer_out: '0',
    options_approved_level: 0,
    options_trading_level: 0,
  }
}
