/**
 * A sandbox account's deterministic past: the symbols it holds, a year of fills before it was
 * connected (sells never exceed what was bought before them), a few dividends and fees, and the
 * opening deposit that keeps cash non-negative throughout. Seeded from the account id; prices are
 * anchored on the first quote the sandbox saw for each symbol.
 */
import { DAY_MS } from '../../../platform/dates.ts'
import { DateTime } from 'luxon'
import { mulberry32 } from '../../../platform/random.ts'
import { cents, round } from './decimal.ts'
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
  type: 'CSD' | 'DIV' | 'FEE'
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

/** A time during regular hours on a weekday, within (start, end). */
export function tradingTime(start: number, end: number, rng: Rng): number {
  let day = DateTime.fromMillis(start + DAY_MS + rng() * (end - start - 2 * DAY_MS), { zone: ZONE }).startOf(
    'day',
  )
  if (day.weekday > 5) day = day.plus({ days: 8 - day.weekday })
  if (day.toMillis() >= end - DAY_MS) day = day.minus({ days: day.weekday + 2 })
  return day.set({ hour: 9, minute: 30 }).toMillis() + Math.floor(rng() * 390 * 60_000)
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

/** Quarterly dividends on up to three holdings, paid on what was held that day. */
function dividends(input: HistoryInput, symbols: string[], held: Fill[], rng: Rng): CashActivity[] {
  const out: CashActivity[] = []
  for (const [n, symbol] of symbols.slice(0, 3).entries()) {
    const perShare = round(0.1 + rng() * 1.4, 2)
    for (let k = 0; k < 4; k++) {
      let day = DateTime.fromMillis(input.connectedAt - YEAR + (40 + 91 * k + 9 * n) * DAY_MS, { zone: ZONE })
      if (day.weekday > 5) day = day.plus({ days: 8 - day.weekday })
      const at = day.set({ hour: 4, minute: 0, second: 0, millisecond: 0 }).toMillis()
      const qty = held
        .filter((f) => f.symbol === symbol && f.at < at)
        .reduce((q, f) => q + (f.side === 'buy' ? f.qty : -f.qty), 0)
      if (qty <= 0 || at >= input.connectedAt) continue
      const id = activityId(at, hashUuid(`${input.accountId}:div:${symbol}:${k}`))
      const description = `Cash dividend ${symbol} ${perShare} per share`
      out.push({ id, at, type: 'DIV', amount: round(qty * perShare, 2), description, symbol, qty, perShare })
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
    ...fills.map((f) => ({ at: f.at, c: (f.side === 'buy' ? -1 : 1) * cents(f.qty * f.price) })),
    ...flows.map((a) => ({ at: a.at, c: cents(a.amount) })),
  ].sort((a, b) => a.at - b.at)
  let balance = 0
  let lowest = 0
  for (const m of moves) lowest = Math.min(lowest, (balance += m.c))
  const amount = Math.ceil((-lowest / 100 + 1000 + rng() * 20_000) / 1000) * 1000
  const at = DateTime.fromMillis(input.connectedAt - YEAR, { zone: ZONE })
    .set({ hour: 7, minute: 0 })
    .toMillis()
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
