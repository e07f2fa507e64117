/**
 * The window's own session, per symbol, as prefix sums of volume and of price × volume plus each
 * minute's close, extended as minutes end. During a session the window moves every minute;
 * with the tape a new minute costs one provider read of the minutes not yet held (usually one
 * bar) per symbol, and the window's figures are two subtractions and a short scan for the first
 * and last close, not a re-read and re-sum of the whole window.
 *
 * Minutes are read only once they have ended (a window never reaches past now), and a minute is
 * never read twice: a vendor's later correction of an ended bar is not picked up.
 * Bounded to the `maxDates` most recent dates (about 10 KB per symbol and date).
 */
import { tradingDay } from '../../../kernel/calendar/nyse.ts'
import type { Bar } from '../../../kernel/bars.ts'
import { barsOfMany, type MarketDataProvider } from '../../../providers/market-data/index.ts'
import { round4, type WindowStats } from './lib/window-stats.ts'

const MINUTE_MS = 60_000

interface Tape {
  /** Minutes [0, loaded) of the session are held. */
  loaded: number
  /** vol[k], pv[k]: sums over the first k minutes; close[k]: minute k's close, NaN without a bar. */
  vol: Float64Array
  pv: Float64Array
  close: Float64Array
}

export class SessionTape {
  private readonly dates = new Map<string, Map<string, Tape>>()

  constructor(
    private readonly market: MarketDataProvider,
    private readonly maxDates = 3,
  ) {}

  /** Figures of the regular-session minutes [from, to) of `date`; null without any bar. */
  async stats(symbol: string, date: string, from: number, to: number): Promise<WindowStats | null> {
    const tape = this.tape(symbol, date)
    if (!tape) return null
    // A failed read leaves `loaded` where it was: the next request reads those minutes again.
    if (tape.loaded < Math.min(to, tape.close.length)) await this.prepare([symbol], date, to)
    let first = from
    while (first < to && Number.isNaN(tape.close[first]!)) first++
    if (first === to) return null
    let last = to - 1
    while (Number.isNaN(tape.close[last]!)) last--
    const volume = tape.vol[to]! - tape.vol[from]!
    const pv = tape.pv[to]! - tape.pv[from]!
    const change = tape.close[last]! - tape.close[first]!
    const open = tape.close[first]!
    return {
      volume,
      vwap: volume > 0 ? round4(pv / volume) : null,
      price_change: round4(change),
      change_pct: open !== 0 ? round4((change / open) * 100) : 0,
    }
  }

  private tape(symbol: string, date: string): Tape | null {
    let bySymbol = this.dates.get(date)
    if (!bySymbol) {
      bySymbol = new Map()
      this.dates.set(date, bySymbol)
      // Maps iterate in insertion order: the first key is the oldest date held.
      if (this.dates.size > this.maxDates) this.dates.delete(this.dates.keys().next().value!)
    }
    let tape = bySymbol.get(symbol)
    if (!tape) {
      const day = tradingDay(date)
      if (!day) return null
      const minutes = (day.close.getTime() - day.open.getTime()) / MINUTE_MS
      tape = {
        loaded: 0,
        vol: new Float64Array(minutes + 1),
        pv: new Float64Array(minutes + 1),
        close: new Float64Array(minutes).fill(Number.NaN),
      }
      bySymbol.set(symbol, tape)
    }
    return tape
  }

  /**
   * Brings every symbol's tape of `date` up to minute `to`, reading the missing minutes of all of
   * them together (`barsOfMany`: one request per batch of symbols on a vendor that takes lists).
   * Batches run one after another, so two overlapping calls never read the same minutes twice;
   * `stats` reads a lone symbol's missing minutes the same way.
   */
  prepare(symbols: readonly string[], date: string, to: number): Promise<void> {
    const run = this.batch.then(() => this.fill(symbols, date, to))
    this.batch = run.catch(() => undefined)
    return run
  }

  private batch: Promise<void> = Promise.resolve()

  private async fill(symbols: readonly string[], date: string, to: number): Promise<void> {
    // Tapes needing the same minutes are read together (usually all of them: from the same minute).
    const groups = new Map<number, string[]>()
    for (const symbol of symbols) {
      const tape = this.tape(symbol, date)
      if (!tape || tape.loaded >= Math.min(to, tape.close.length)) continue
      groups.set(tape.loaded, [...(groups.get(tape.loaded) ?? []), symbol])
    }
    const open = tradingDay(date)?.open.getTime()
    if (open === undefined) return
    for (const [from, group] of groups) {
      const end = Math.min(to, this.tape(group[0]!, date)!.close.length)
      const bars = await barsOfMany(this.market, group, {
        interval: '1m',
        start: new Date(open + from * MINUTE_MS),
        end: new Date(open + end * MINUTE_MS - 1),
        session: 'regular',
      })
      for (const symbol of group) append(this.tape(symbol, date)!, open, from, end, bars.get(symbol) ?? [])
    }
  }
}

/** Appends the bars of minutes [from, end) to a tape that holds exactly [0, from) (batches run one at a time). */
function append(tape: Tape, open: number, from: number, end: number, bars: readonly Bar[]): void {
  const vol = new Float64Array(end - from)
  const pv = new Float64Array(end - from)
  for (const b of bars) {
    const k = (Date.parse(b.time) - open) / MINUTE_MS
    if (!Number.isInteger(k) || k < from || k >= end) continue
    vol[k - from] = b.volume
    // A bar without a vendor vwap is weighted at its close (as windowStats does).
    pv[k - from] = (b.vwap ?? b.close) * b.volume
    tape.close[k] = b.close
  }
  for (let k = from; k < end; k++) {
    tape.vol[k + 1] = tape.vol[k]! + vol[k - from]!
    tape.pv[k + 1] = tape.pv[k]! + pv[k - from]!
  }
  tape.loaded = end
}
