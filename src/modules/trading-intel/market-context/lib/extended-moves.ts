/**
 * Pre- and post-market moves of one symbol from its extended-session bars (04:00–20:00 New York):
 * pre-market = the last bar close before today's open against the previous session's regular close;
 * post-market = the last bar close from today's close on against today's regular close. A bar
 * belongs to the session its start time falls in. Pure: the service hands it the bars and the days.
 */
import type { Bar } from '../../../../providers/market-data/index.ts'

export interface SessionBounds {
  /** Previous trading day's regular session. */
  prevOpen: Date
  prevClose: Date
  /** The trading day read. */
  preOpen: Date
  open: Date
  close: Date
  postClose: Date
}

export interface ExtendedLeg {
  price: number
  change: number
  change_pct: number
  volume: number
}

export interface ExtendedMove {
  previous_close: number | null
  pre_market: ExtendedLeg | null
  regular_close: number | null
  post_market: ExtendedLeg | null
  /** The latest extended move: post-market when it has started, else pre-market (percent). */
  move_pct: number | null
}

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000

const within = (bars: readonly Bar[], from: Date, to: Date) =>
  bars.filter((b) => {
    const t = Date.parse(b.time)
    return t >= from.getTime() && t < to.getTime()
  })

function leg(bars: readonly Bar[], reference: number | null): ExtendedLeg | null {
  const last = bars.at(-1)
  if (!last || reference === null || reference <= 0) return null
  const change = last.close - reference
  return {
    price: last.close,
    change: round4(change),
    change_pct: round4((change / reference) * 100),
    volume: bars.reduce((sum, b) => sum + b.volume, 0),
  }
}

/** `bars` oldest first, covering at least the previous day's regular session to now. */
export function extendedMove(bars: readonly Bar[], d: SessionBounds): ExtendedMove {
  const previousClose = within(bars, d.prevOpen, d.prevClose).at(-1)?.close ?? null
  const regularClose = within(bars, d.open, d.close).at(-1)?.close ?? null
  const pre = leg(within(bars, d.preOpen, d.open), previousClose)
  const post = leg(within(bars, d.close, d.postClose), regularClose)
  return {
    previous_close: previousClose,
    pre_market: pre,
    regular_close: regularClose,
    post_market: post,
    move_pct: post?.change_pct ?? pre?.change_pct ?? null,
  }
}

/** Largest |move_pct| first, then symbol; symbols without any extended move are left out. */
export function rankMovers<T extends { symbol: string; move_pct: number | null }>(rows: readonly T[]): T[] {
  return rows
    .filter((r) => r.move_pct !== null)
    .sort(
      (a, b) =>
        Math.abs(b.move_pct!) - Math.abs(a.move_pct!) ||
        (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0),
    )
}
