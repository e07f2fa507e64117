/**
 * A Schwab sandbox account's deterministic past: three years of TRADE transactions before its login
 * was created (buys and sells that never exceed holdings; every 25th or so a two-legged basket buy,
 * and at least one), the last few within 30 days; quarterly dividends on three holdings, monthly
 * interest, yearly ACH deposits and journals, and the opening ACH deposit that keeps cash
 * non-negative throughout. Seeded from the login and account type; prices anchored on the first
 * quote the sandbox saw for each symbol.
 */
import { DateTime } from 'luxon'
import { DAY_MS } from '../../../../kernel/dates.ts'
import { mulberry32 } from '../../../../platform/random.ts'
import { cents, centsOf, product, round } from '../decimal.ts'
import { paidDividends, pick, type Rng, tradingDayAt, tradingTime, ZONE } from '../history.ts'
import { seedOf } from '../universe.ts'
import { numericId } from './ids.ts'

const YEAR = 365 * DAY_MS
export const HISTORY_YEARS = 3

export interface Leg {
  symbol: string
  side: 'buy' | 'sell'
  qty: number
  price: number
}

export interface Fee {
  type: 'COMMISSION' | 'SEC_FEE' | 'TAF_FEE'
  amount: number
}

export interface Trade {
  activityId: number
  orderId: number
  at: number
  legs: Leg[]
  fees: Fee[]
}

export type CashType = 'DIVIDEND_OR_INTEREST' | 'ACH_RECEIPT' | 'JOURNAL'

export interface CashFlow {
  activityId: number
  at: number
  type: CashType
  amount: number
  /** Set for dividends; their description is the payer's name. */
  symbol?: string
  description: string
}

export interface SchwabHistory {
  trades: Trade[]
  cash: CashFlow[]
}

export interface HistoryInput {
  /** Seed and id label: login id and account type. */
  label: string
  createdAt: number
  anchors: ReadonlyMap<string, number>
  universe: readonly string[]
  positions: number
  perYear: number
}

/** Regulatory fees of a sale: SEC fee on the proceeds, FINRA TAF per share (capped), each at least a cent. */
export function feesOf(legs: readonly Leg[]): Fee[] {
  const fees: Fee[] = [{ type: 'COMMISSION', amount: 0 }]
  const sold = legs.filter((l) => l.side === 'sell')
  if (sold.length === 0) return fees
  const proceeds = sold.reduce((s, l) => s + l.qty * l.price, 0)
  const shares = sold.reduce((s, l) => s + l.qty, 0)
  fees.push({ type: 'SEC_FEE', amount: Math.max(0.01, Math.ceil(proceeds * 0.0000278 * 100) / 100) })
  fees.push({
    type: 'TAF_FEE',
    amount: Math.min(8.3, Math.max(0.01, Math.ceil(shares * 0.000166 * 100) / 100)),
  })
  return fees
}

/** A trade's net cash: sales less purchases less fees, in dollars (whole cents). */
export function tradeNet(t: Pick<Trade, 'legs' | 'fees'>): number {
  let c = 0
  for (const l of t.legs) c += (l.side === 'buy' ? -1 : 1) * centsOf(l.qty, l.price)
  for (const f of t.fees) c -= cents(f.amount)
  return c / 100
}

type PricePath = (symbol: string, at: number) => number

/** A price path per symbol: compound growth over the years and a wobble, ending near the anchor. */
function pricePaths(
  symbols: string[],
  anchors: ReadonlyMap<string, number>,
  end: number,
  rng: Rng,
): PricePath {
  const params = new Map(symbols.map((s) => [s, { growth: -0.05 + rng() * 0.3, phase: rng() * 2 * Math.PI }]))
  return (symbol, at) => {
    const p = params.get(symbol) ?? { growth: 0, phase: 0 }
    const years = (end - at) / YEAR
    const f = Math.exp(-p.growth * years) * (1 + 0.05 * Math.sin(p.phase + (years * 365) / 11))
    return Math.max(0.01, round((anchors.get(symbol) ?? 100) * f, 2))
  }
}

/** Trade times, oldest first: the last three (or fewer) within the 25 days before the login. */
function tradeTimes(input: HistoryInput, n: number, rng: Rng): number[] {
  const start = input.createdAt - HISTORY_YEARS * YEAR
  const recent = Math.min(3, n)
  const older = Array.from({ length: n - recent }, () =>
    tradingTime(start, input.createdAt - 26 * DAY_MS, rng),
  )
  const last = Array.from({ length: recent }, () =>
    tradingTime(input.createdAt - 25 * DAY_MS, input.createdAt, rng),
  )
  return [...older, ...last].sort((a, b) => a - b)
}

function generateTrades(input: HistoryInput, symbols: string[], price: PricePath, rng: Rng): Trade[] {
  const times = symbols.length ? tradeTimes(input, input.perYear * HISTORY_YEARS, rng) : []
  const slots = pick(
    times.map((_, i) => symbols[i % symbols.length] as string),
    times.length,
    rng,
  )
  const held = new Map<string, number>()
  const legOf = (symbol: string, at: number, forceBuy: boolean): Leg => {
    const p = price(symbol, at)
    const h = held.get(symbol) ?? 0
    const buy = forceBuy || h < 2 || rng() < 0.65
    const qty = buy
      ? Math.max(1, Math.floor((1000 + rng() * 7000) / p))
      : 1 + Math.floor(rng() * Math.floor(h / 2))
    held.set(symbol, h + (buy ? qty : -qty))
    return { symbol, side: buy ? 'buy' : 'sell', qty, price: p }
  }
  const firstBasket = Math.min(7, times.length - 1)
  return times.map((at, i): Trade => {
    const symbol = slots[i] as string
    const basket = symbols.length > 1 && i >= firstBasket && (i - firstBasket) % 25 === 0
    const legs = [legOf(symbol, at, basket)]
    if (basket) {
      const other = symbols[(symbols.indexOf(symbol) + 1) % symbols.length] as string
      legs.push(legOf(other, at, true))
    }
    const label = `${input.label}:trade:${i}`
    const ids = { activityId: numericId(label, 11), orderId: numericId(`${label}:order`, 13) }
    return { ...ids, at, legs, fees: feesOf(legs) }
  })
}

const heldAt = (trades: readonly Trade[], symbol: string, at: number): number =>
  trades
    .filter((t) => t.at < at)
    .flatMap((t) => t.legs)
    .filter((l) => l.symbol === symbol)
    .reduce((q, l) => q + (l.side === 'buy' ? l.qty : -l.qty), 0)

/** The dividends of up to three holdings (the simulated market's payers only), paid on what was held before each ex-date. */
function dividends(input: HistoryInput, symbols: string[], trades: Trade[], rng: Rng): CashFlow[] {
  const start = input.createdAt - HISTORY_YEARS * YEAR
  const out: CashFlow[] = []
  for (const symbol of symbols.slice(0, 3)) {
    rng() // the draw of a former per-share amount, kept so the rest of the history keeps its draws
    for (const d of paidDividends(symbol, start, input.createdAt)) {
      const qty = heldAt(trades, symbol, d.exAt)
      if (qty <= 0) continue
      const activityId = numericId(`${input.label}:div:${symbol}:${d.exDate}`, 11)
      const amount = product(qty, d.perShare)
      out.push({ activityId, at: d.at, type: 'DIVIDEND_OR_INTEREST', amount, symbol, description: symbol })
    }
  }
  return out
}

/** Monthly credit interest, yearly ACH deposits and journals (every other one outgoing). */
function otherFlows(input: HistoryInput, rng: Rng): CashFlow[] {
  const start = input.createdAt - HISTORY_YEARS * YEAR
  const out: CashFlow[] = []
  for (let m = 1; m < 12 * HISTORY_YEARS; m++) {
    const at = tradingDayAt(start + m * (YEAR / 12), 5)
    const from = DateTime.fromMillis(at - YEAR / 12, { zone: ZONE }).toFormat('MM/dd')
    const description = `SCHWAB1 INT ${from}-${DateTime.fromMillis(at, { zone: ZONE }).toFormat('MM/dd')}`
    const activityId = numericId(`${input.label}:int:${m}`, 11)
    out.push({
      activityId,
      at,
      type: 'DIVIDEND_OR_INTEREST',
      amount: round(0.01 + rng() * 4, 2),
      description,
    })
  }
  for (let y = 0; y < HISTORY_YEARS; y++) {
    const depositAt = tradingDayAt(start + y * YEAR + 100 * DAY_MS, 8)
    const amount = 1000 + 100 * Math.floor(rng() * 40)
    const id = (what: string) => numericId(`${input.label}:${what}:${y}`, 11)
    out.push({
      activityId: id('ach'),
      at: depositAt,
      type: 'ACH_RECEIPT',
      amount,
      description: 'ACH DEPOSIT',
    })
    const journal = round((y % 2 === 0 ? 1 : -1) * (100 + rng() * 500), 2)
    const journalAt = tradingDayAt(start + y * YEAR + 200 * DAY_MS, 10)
    out.push({
      activityId: id('jnl'),
      at: journalAt,
      type: 'JOURNAL',
      amount: journal,
      description: 'JOURNALED FUNDS',
    })
  }
  return out.filter((f) => f.at < input.createdAt)
}

/** The opening deposit: enough that cash never goes negative, plus a cushion, in whole thousands. */
function openingDeposit(input: HistoryInput, trades: Trade[], flows: CashFlow[], rng: Rng): CashFlow {
  const moves = [
    ...trades.map((t) => ({ at: t.at, c: cents(tradeNet(t)) })),
    ...flows.map((f) => ({ at: f.at, c: cents(f.amount) })),
  ].sort((a, b) => a.at - b.at)
  let balance = 0
  let lowest = 0
  for (const m of moves) lowest = Math.min(lowest, (balance += m.c))
  const amount = Math.ceil((-lowest / 100 + 1000 + rng() * 20_000) / 1000) * 1000
  const at = tradingDayAt(input.createdAt - HISTORY_YEARS * YEAR, 7)
  const activityId = numericId(`${input.label}:deposit`, 11)
  return { activityId, at, type: 'ACH_RECEIPT', amount, description: 'ACH DEPOSIT' }
}

export function generateSchwabHistory(input: HistoryInput): SchwabHistory {
  const rng = mulberry32(seedOf(`schwab:${input.label}`))
  const candidates = input.universe.filter((s) => input.anchors.has(s))
  const symbols = pick(candidates, Math.min(input.positions, candidates.length), rng)
  const price = pricePaths(symbols, input.anchors, input.createdAt, rng)
  const trades = generateTrades(input, symbols, price, rng)
  const flows = [...dividends(input, symbols, trades, rng), ...otherFlows(input, rng)]
  const cash = [openingDeposit(input, trades, flows, rng), ...flows].sort((a, b) => a.at - b.at)
  return { trades, cash }
}
