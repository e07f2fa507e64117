/**
 * The end-of-day review's arithmetic, pure: P&L by position from daily closes, how the day's
 * signals played out, the largest movers among holdings. Money rounds to cents, percentages and
 * returns to 4 decimals; every figure is computed from the unrounded inputs.
 */
import { cents } from '../../../../kernel/decimal/cents.ts'

export const HIT_THRESHOLD = 0 // a direction-adjusted return above this is a hit, below its negative a miss
export const MOVERS_TOP = 3

export interface DayPrices {
  open: number
  close: number
}
/** symbol → date → that day's open and close. */
export type PriceBook = Map<string, Map<string, DayPrices>>

export interface PositionPnl {
  symbol: string
  quantity: number
  previous_close: number | null
  close: number | null
  change: number | null
  change_pct: number | null
  /** quantity × (close − previous close); null when either close is missing. */
  pnl: number | null
  market_value: number | null
}

export type Outcome = 'hit' | 'miss' | 'flat' | 'pending' | 'unpriced' | 'no_direction'

export interface SignalInput {
  source: 'intraday' | 'options_flow'
  id: number
  symbol: string
  /** The intraday setup or the flow direction. */
  kind: string
  direction: 'long' | 'short' | 'neutral'
  confidence: number
  /** Intraday: the trigger price; flow (readings carry no price): null, the day's open is used. */
  price: number | null
  at: string
}

export interface SignalPlayout extends SignalInput {
  reference_price: number | null
  close: number | null
  next_close: number | null
  return_to_close: number | null
  return_to_next_close: number | null
  outcome: Outcome
  outcome_next: Outcome
}

/** Money: to the cent, half away from zero, from the shortest decimal of the unrounded figure. */
const r2 = (x: number) => (Number.isFinite(x) ? cents(x) : x)
const r4 = (x: number) => Math.round(x * 1e4) / 1e4

export function positionPnl(
  holdings: { symbol: string; quantity: number }[],
  prices: PriceBook,
  date: string,
  previousDate: string,
): PositionPnl[] {
  return holdings
    .map((h) => {
      const close = prices.get(h.symbol)?.get(date)?.close ?? null
      const prev = prices.get(h.symbol)?.get(previousDate)?.close ?? null
      const priced = close !== null && prev !== null
      return {
        symbol: h.symbol,
        quantity: h.quantity,
        previous_close: prev,
        close,
        change: priced ? r4(close - prev) : null,
        change_pct: priced && prev !== 0 ? r4(((close - prev) / prev) * 100) : null,
        pnl: priced ? r2(h.quantity * (close - prev)) : null,
        market_value: close === null ? null : r2(h.quantity * close),
      }
    })
    .sort((a, b) => Math.abs(b.pnl ?? 0) - Math.abs(a.pnl ?? 0) || a.symbol.localeCompare(b.symbol))
}

export function totals(positions: PositionPnl[], holdings: { symbol: string; quantity: number }[]) {
  const priced = positions.filter((p) => p.pnl !== null)
  const qty = new Map(holdings.map((h) => [h.symbol, h.quantity]))
  const pnl = priced.reduce((a, p) => a + qty.get(p.symbol)! * (p.close! - p.previous_close!), 0)
  const previous = priced.reduce((a, p) => a + qty.get(p.symbol)! * p.previous_close!, 0)
  const value = priced.reduce((a, p) => a + qty.get(p.symbol)! * p.close!, 0)
  return {
    positions: positions.length,
    priced: priced.length,
    unpriced: positions.filter((p) => p.pnl === null).map((p) => p.symbol),
    pnl: priced.length ? r2(pnl) : null,
    market_value: priced.length ? r2(value) : null,
    previous_market_value: priced.length ? r2(previous) : null,
    /** pnl ÷ |previous market value| × 100. */
    pnl_pct: previous !== 0 ? r4((pnl / Math.abs(previous)) * 100) : null,
  }
}

function outcomeOf(ret: number | null, known: boolean): Outcome {
  if (!known) return 'pending'
  if (ret === null) return 'unpriced'
  return ret > HIT_THRESHOLD ? 'hit' : ret < -HIT_THRESHOLD ? 'miss' : 'flat'
}

/**
 * Direction-adjusted return = sign × (price later − reference) ÷ reference, sign +1 long, −1 short;
 * the reference is the signal's price (flow: the day's open). `nextKnown` is false until the next
 * session has closed (then the next-close outcome is `pending`).
 */
export function playOut(
  s: SignalInput,
  prices: PriceBook,
  dates: { date: string; next: string },
  nextKnown: boolean,
): SignalPlayout {
  const day = prices.get(s.symbol)?.get(dates.date)
  const nextDay = nextKnown ? prices.get(s.symbol)?.get(dates.next) : undefined
  const reference = s.price ?? day?.open ?? null
  const close = day?.close ?? null
  const nextClose = nextDay?.close ?? null
  const base = { ...s, reference_price: reference, close, next_close: nextClose }
  if (s.direction === 'neutral') {
    const none = { return_to_close: null, return_to_next_close: null }
    return { ...base, ...none, outcome: 'no_direction', outcome_next: 'no_direction' }
  }
  const sign = s.direction === 'long' ? 1 : -1
  const ret = (later: number | null) =>
    later === null || !reference ? null : r4((sign * (later - reference)) / reference)
  const toClose = ret(close)
  const toNext = ret(nextClose)
  return {
    ...base,
    return_to_close: toClose,
    return_to_next_close: toNext,
    outcome: outcomeOf(toClose, true),
    outcome_next: outcomeOf(toNext, nextKnown),
  }
}

export function signalStats(xs: SignalPlayout[]) {
  const count = (o: Outcome, key: 'outcome' | 'outcome_next' = 'outcome') =>
    xs.filter((x) => x[key] === o).length
  const hits = count('hit')
  const misses = count('miss')
  // Averaged from the unrounded returns (the listed ones are rounded to 4 decimals).
  const rets = xs.flatMap((x) =>
    x.return_to_close === null
      ? []
      : [((x.direction === 'long' ? 1 : -1) * (x.close! - x.reference_price!)) / x.reference_price!],
  )
  return {
    count: xs.length,
    directional: xs.filter((x) => x.direction !== 'neutral').length,
    hits,
    misses,
    flat: count('flat'),
    /** hits ÷ (hits + misses); null without any. */
    hit_rate: hits + misses ? r4(hits / (hits + misses)) : null,
    avg_return_to_close: rets.length ? r4(rets.reduce((a, b) => a + b, 0) / rets.length) : null,
    hits_next: count('hit', 'outcome_next'),
    misses_next: count('miss', 'outcome_next'),
    pending_next: count('pending', 'outcome_next'),
  }
}

/** The MOVERS_TOP largest rises and falls by change_pct among priced positions. */
export function holdingMovers(positions: PositionPnl[]) {
  const pick = (p: PositionPnl) => ({ symbol: p.symbol, change_pct: p.change_pct!, pnl: p.pnl! })
  const moved = positions.filter((p) => p.change_pct !== null)
  const bySymbol = (a: PositionPnl, b: PositionPnl) => a.symbol.localeCompare(b.symbol)
  return {
    gainers: moved
      .filter((p) => p.change_pct! > 0)
      .sort((a, b) => b.change_pct! - a.change_pct! || bySymbol(a, b))
      .slice(0, MOVERS_TOP)
      .map(pick),
    losers: moved
      .filter((p) => p.change_pct! < 0)
      .sort((a, b) => a.change_pct! - b.change_pct! || bySymbol(a, b))
      .slice(0, MOVERS_TOP)
      .map(pick),
  }
}
