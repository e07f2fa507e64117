/**
 * A sandbox account's deterministic past: the symbols it holds, a year of fills before it was
 * connected (sells never exceed what was bought before them), a few dividends and fees, and the
 * opening deposit that keeps cash non-negative throughout. Seeded from the account id; prices are
 * anchored on the first quote the sandbox saw for each symbol.
 */
import { DAY_MS } from '../../../kernel/dates.ts'
import {
  isTradingDay,
  nextTradingDay,
  nyDate,
  previousTradingDay,
  tradingDay,
} from '../../../kernel/calendar/nyse.ts'
import { DateTime } from 'luxon'
import { mulberry32 } from '../../../platform/random.ts'
import { dividendPolicy, exDatesOf } from '../../market-data/simulator/content/dividends.ts'
import { cents, centsOf, product, round } from './decimal.ts'
import { hashUuid, seedOf } from './universe.ts'

export const ZONE = 'America/New_York'
const YEAR = 365 * DAY_MS

export interface Fill {
  id: string
  at: number
  symbol: string
  side: 'buy' | 'sell'
  qty: number
  price: number
  orderId: string
}

export interface CashActivity {
  id: string
  at: number
  /** Deposit, dividend, fee; CSW (a withdrawal) only in scripted histories. */
  type: 'CSD' | 'CSW' | 'DIV' | 'FEE'
  amount: number
  description: string
  symbol?: string
  qty?: number
  perShare?: number
}

export interface History {
  createdAt: number
  accountNumber: string
  /** Positions held before the history window (only for symbols the fills never touched). */
  opening: Fill[]
  fills: Fill[]
  cash: CashActivity[]
}

export interface HistoryInput {
  accountId: string
  connectedAt: number
  anchors: ReadonlyMap<string, number>
  universe: readonly string[]
  positions: number
  fills: number
}

/** Alpaca's activity id: the time in New York as yyyyMMddHHmmssSSS, "::", a UUID. */
export const activityId = (at: number, uuid: string): string =>
  `${DateTime.fromMillis(at, { zone: ZONE }).toFormat('yyyyMMddHHmmssSSS')}::${uuid}`

export type Rng = () => number

/** `n` items of `items` in a random order (Fisher–Yates on a copy). */
export function pick<T>(items: readonly T[], n: number, rng: Rng): T[] {
  const a = [...items]
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1))
    ;[a[i], a[j]] = [a[j] as T, a[i] as T]
  }
  return a.slice(0, n)
}

/** A price path per symbol: drift over the year and a wobble, ending near the anchor. */
function pricePaths(symbols: string[], anchors: ReadonlyMap<string, number>, end: number, rng: Rng) {
  const params = new Map(symbols.map((s) => [s, { drift: -0.1 + rng() * 0.45, phase: rng() * 2 * Math.PI }]))
  return (symbol: string, at: number): number => {
    const p = params.get(symbol) ?? { drift: 0, phase: 0 }
    const days = (end - at) / DAY_MS
    const f = (1 - (p.drift * days) / 365) * (1 + 0.04 * Math.sin(p.phase + days / 9))
    return Math.max(0.01, round((anchors.get(symbol) ?? 100) * f, 2))
  }
}

/** The NYSE trading day on or after `at`'s New York date. */
export function tradingDateNear(at: number): string {
  const date = nyDate(new Date(at))
  return isTradingDay(date) ? date : nextTradingDay(date)
}

/**
 * A time during a regular session within (start, end): the NYSE session of a day drawn in the
 * window (a weekend or holiday moves to the next session; one too close to `end`, to the previous
 * one), at a minute between its open and its close (13:00 on early-close days).
 */
export function tradingTime(start: number, end: number, rng: Rng): number {
  const drawn = start + DAY_MS + rng() * (end - start - 2 * DAY_MS)
  let day = tradingDay(tradingDateNear(drawn))!
  // Sessions open at 09:30, so the day's New York midnight is 9.5 hours before (never a DST day).
  while (day.open.getTime() - 9.5 * 3_600_000 >= end - DAY_MS) day = tradingDay(previousTradingDay(day.date))!
  const open = day.open.getTime()
  return open + Math.floor(rng() * (day.close.getTime() - open))
}

/** US equities settled two trading days after the trade (T+2) until 2024-05-28, one (T+1) since. */
const T_PLUS_ONE_FROM = '2024-05-28'

/** The settlement date (New York, YYYY-MM-DD) of a trade at `at`: weekends and NYSE holidays skipped. */
export function settlementDate(at: number): string {
  const trade = nyDate(new Date(at))
  const next = nextTradingDay(trade)
  return trade < T_PLUS_ONE_FROM ? nextTradingDay(next) : next
}

/** `hour` (New York) on the first trading day on or after `at`'s date: when cash moves post. */
export function tradingDayAt(at: number, hour: number): number {
  return DateTime.fromISO(tradingDateNear(at), { zone: ZONE }).set({ hour }).toMillis()
}

function generateFills(
  input: HistoryInput,
  symbols: string[],
  price: ReturnType<typeof pricePaths>,
  rng: Rng,
) {
  const start = input.connectedAt - YEAR
  const times = Array.from({ length: symbols.length ? input.fills : 0 }, () =>
    tradingTime(start, input.connectedAt, rng),
  ).sort((a, b) => a - b)
  const slots = pick(
    times.map((_, i) => symbols[i % symbols.length] as string),
    times.length,
    rng,
  )
  const held = new Map<string, number>()
  return times.map((at, i): Fill => {
    const symbol = slots[i] as string
    const p = price(symbol, at)
    const h = held.get(symbol) ?? 0
    const buy = h < 2 || rng() < 0.65
    const qty = buy
      ? Math.max(1, Math.floor((1000 + rng() * 7000) / p))
      : 1 + Math.floor(rng() * Math.floor(h / 2))
    held.set(symbol, h + (buy ? qty : -qty))
    const label = `${input.accountId}:fill:${i}`
    const orderId = hashUuid(`${label}:order`)
    return {
      id: activityId(at, hashUuid(label)),
      at,
      symbol,
      side: buy ? 'buy' : 'sell',
      qty,
      price: p,
      orderId,
    }
  })
}

/**
 * The dividends a stock paid with its pay date in (from, to): when the cash arrives (04:00 New
 * York on the pay date), the ex-date's start (shares held before it are paid) and the amount a
 * share. The simulated market's dividend rules decide who pays, when and how much, so a sandbox
 * never pays a dividend on a stock that pays none.
 */
export function paidDividends(symbol: string, from: number, to: number) {
  const policy = dividendPolicy(symbol)
  if (!policy) return []
  const day = (date: string) => DateTime.fromISO(date, { zone: ZONE }).toMillis()
  const first = nyDate(new Date(from - 20 * DAY_MS))
  const months = Math.ceil((to - from) / (30 * DAY_MS)) + 2
  return exDatesOf(symbol, policy, first, nyDate(new Date(to)), months)
    .map((e) => ({
      // The simulated market always sets a pay date (two weeks after the ex-date).
      at: tradingDayAt(day(e.pay_date ?? e.ex_date), 4),
      exAt: day(e.ex_date),
      exDate: e.ex_date,
      perShare: e.amount,
    }))
    .filter((d) => d.at > from && d.at < to)
}

/** The dividends of up to three holdings, paid on what was held before each ex-date. */
function dividends(input: HistoryInput, symbols: string[], held: Fill[], rng: Rng): CashActivity[] {
  const out: CashActivity[] = []
  for (const symbol of symbols.slice(0, 3)) {
    rng() // the draw of a former per-share amount, kept so the rest of the history keeps its draws
    for (const d of paidDividends(symbol, input.connectedAt - YEAR, input.connectedAt)) {
      const qty = held
        .filter((f) => f.symbol === symbol && f.at < d.exAt)
        .reduce((q, f) => q + (f.side === 'buy' ? f.qty : -f.qty), 0)
      if (qty <= 0) continue
      const id = activityId(d.at, hashUuid(`${input.accountId}:div:${symbol}:${d.exDate}`))
      const { perShare } = d
      const description = `Cash dividend ${symbol} ${perShare} per share`
      out.push({
        id,
        at: d.at,
        type: 'DIV',
        amount: product(qty, perShare),
        description,
        symbol,
        qty,
        perShare,
      })
    }
  }
  return out
}

function fees(input: HistoryInput, rng: Rng): CashActivity[] {
  return [0, 1].map((k) => {
    const at = tradingTime(input.connectedAt - YEAR, input.connectedAt, rng)
    const amount = -round(0.05 + rng() * 2.5, 2)
    const id = activityId(at, hashUuid(`${input.accountId}:fee:${k}`))
    return { id, at, type: 'FEE' as const, amount, description: 'Regulatory fees (SEC/TAF)' }
  })
}

/** The opening deposit: enough that cash never goes negative, plus a cushion, in whole thousands. */
function deposit(input: HistoryInput, fills: Fill[], flows: CashActivity[], rng: Rng): CashActivity {
  const moves = [
    ...fills.map((f) => ({ at: f.at, c: (f.side === 'buy' ? -1 : 1) * centsOf(f.qty, f.price) })),
    ...flows.map((a) => ({ at: a.at, c: cents(a.amount) })),
  ].sort((a, b) => a.at - b.at)
  let balance = 0
  let lowest = 0
  for (const m of moves) lowest = Math.min(lowest, (balance += m.c))
  const amount = Math.ceil((-lowest / 100 + 1000 + rng() * 20_000) / 1000) * 1000
  // 07:00 on the window's first trading day: before any fill, as fills come on that session or later.
  const at = tradingDayAt(input.connectedAt - YEAR, 7)
  const id = activityId(at, hashUuid(`${input.accountId}:deposit`))
  return { id, at, type: 'CSD', amount, description: 'Initial deposit' }
}

export function generateHistory(input: HistoryInput): History {
  const rng = mulberry32(seedOf(input.accountId))
  const candidates = input.universe.filter((s) => input.anchors.has(s))
  const symbols = pick(candidates, Math.min(input.positions, candidates.length), rng)
  const price = pricePaths(symbols, input.anchors, input.connectedAt, rng)
  const fills = generateFills(input, symbols, price, rng)
  const start = input.connectedAt - YEAR
  const opening = symbols
    .filter((s) => !fills.some((f) => f.symbol === s))
    .map((symbol, i): Fill => {
      const p = price(symbol, start)
      const qty = Math.max(1, Math.floor((2000 + rng() * 8000) / p))
      const id = activityId(start, hashUuid(`${input.accountId}:opening:${i}`))
      return { id, at: start, symbol, side: 'buy', qty, price: p, orderId: hashUuid(`${id}:order`) }
    })
  const flows = [...dividends(input, symbols, [...opening, ...fills], rng), ...fees(input, rng)]
  const cash = [deposit(input, fills, flows, rng), ...flows]
  const createdAt = start - Math.floor((1 + rng() * 60) * DAY_MS)
  const accountNumber = `PA${hashUuid(`${input.accountId}:number`).replaceAll('-', '').slice(0, 10).toUpperCase()}`
  return { createdAt, accountNumber, opening, fills, cash }
}
