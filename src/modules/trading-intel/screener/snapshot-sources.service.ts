/**
 * The providers behind the screener snapshot, each read once per build for the whole universe:
 * the instruments, daily bars (through `barsOfMany`), reported EPS (earnings calendar) and cash
 * dividends. The optional ones (earnings, dividends) answer `null` on an upstream failure: their
 * fields are then null and the source is marked degraded, never an error.
 */
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type { Logger } from 'pino'
import {
  barsOfMany,
  type DividendsProvider,
  type EarningsProvider,
  type Instrument,
  type MarketDataProvider,
} from '../../../providers/market-data/index.ts'
import { DAY_MS } from '../../../kernel/dates.ts'

/** Calendar days of daily bars before the session: 252 sessions of history plus the 52-week window's start. */
export const HISTORY_DAYS = 400
/** Reported quarters summed for the trailing EPS, and how far back to look for them. */
export const EPS_QUARTERS = 4
const EPS_LOOKBACK_DAYS = 500
const DIVIDEND_DAYS = 365

export interface SourceDeps {
  market: MarketDataProvider
  earnings: EarningsProvider
  dividends: DividendsProvider
  log: Logger
}

const ymd = (d: Date) => d.toISOString().slice(0, 10)
const daysBefore = (date: string, days: number) =>
  ymd(new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY_MS))

export async function readUniverse(d: SourceDeps): Promise<Instrument[]> {
  const all = await d.market.universe()
  return [...all].sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0))
}

/** Daily bars from HISTORY_DAYS before `session` up to `end` (a date), oldest first per symbol. */
export function readBars(d: SourceDeps, symbols: readonly string[], session: string, end: string) {
  return barsOfMany(d.market, symbols, {
    interval: '1d',
    start: new Date(`${daysBefore(session, HISTORY_DAYS)}T00:00:00Z`),
    end: new Date(`${end}T23:59:59Z`),
  })
}

/**
 * Trailing-four-quarter reported EPS per symbol as of `session`: the sum of the last four
 * `eps_actual` reported on or before it; a symbol with fewer than four reports is absent.
 * null when the provider failed.
 */
export async function readTtmEps(
  d: SourceDeps,
  symbols: readonly string[],
  session: string,
): Promise<Map<string, number> | null> {
  try {
    const events = await d.earnings.calendar(daysBefore(session, EPS_LOOKBACK_DAYS), session, [...symbols])
    const bySymbol = new Map<string, number[]>()
    for (const e of events) {
      if (e.eps_actual === null || e.date > session) continue
      bySymbol.set(e.symbol, [...(bySymbol.get(e.symbol) ?? []), e.eps_actual])
    }
    const out = new Map<string, number>()
    for (const [symbol, eps] of bySymbol)
      if (eps.length >= EPS_QUARTERS)
        out.set(
          symbol,
          eps.slice(-EPS_QUARTERS).reduce((a, b) => a + b, 0),
        )
    return out
  } catch (e) {
    if (!isUpstreamError(e)) throw e
    d.log.warn({ err: e }, 'screener: earnings unavailable, P/E left null')
    return null
  }
}

/** Cash dividends per share with an ex-date in the 365 days up to `session`, per symbol; null when the provider failed. */
export async function readTtmDividends(
  d: SourceDeps,
  symbols: readonly string[],
  session: string,
): Promise<Map<string, number> | null> {
  try {
    const rows = await d.dividends.exDividends([...symbols], daysBefore(session, DIVIDEND_DAYS - 1), session)
    const out = new Map<string, number>()
    for (const r of rows) out.set(r.symbol, (out.get(r.symbol) ?? 0) + r.amount)
    return out
  } catch (e) {
    if (!isUpstreamError(e)) throw e
    d.log.warn({ err: e }, 'screener: dividends unavailable, dividend yield left null')
    return null
  }
}
