/**
 * The structure operations: one symbol and timeframe (analysis, events, multi-timeframe alignment)
 * and each holding of the portfolio. Bars come only from `marketData.timeframes.read` (404 for an
 * unknown symbol); an upstream failure is the platform's 502 `upstream.<kind>` on a symbol route and
 * an item `error` on the portfolio route. No transaction is open while a provider is awaited.
 */
import { effectiveTenant, type RequestScope } from '../../../platform/auth/scope.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type { Bar } from '../../../providers/market-data/market-data.port.ts'
import {
  barsFailure,
  DEFAULT_TIMEFRAME,
  type Timeframe,
  type TimeframeBars,
} from '../../market/market-data/index.ts'
import type { HoldingsService } from '../../portfolio/index.ts'
import { analyzeStructure, optionsFor, type BreakOut, type StructureAnalysis } from './lib/analyze.ts'
import { mtfAlignment, mtfWindow, type MtfResult } from './lib/mtf.ts'

/** Holdings analysed by GET /structure/portfolio (largest |market value| first). */
export const PORTFOLIO_CAP = 20
/** Events per answer: default and maximum of `limit`. */
export const EVENTS_DEFAULT_LIMIT = 20
export const EVENTS_MAX_LIMIT = 100

export interface StructureDeps {
  timeframes: Pick<TimeframeBars, 'read'>
  holdings: Pick<HoldingsService, 'latest'>
}

type Analysis = Omit<StructureAnalysis, 'events'> & {
  symbol: string
  timeframe: Timeframe
  event_count: number
}

export class StructureService {
  constructor(private readonly deps: StructureDeps) {}

  async analyze(symbol: string, timeframe: Timeframe = DEFAULT_TIMEFRAME): Promise<Analysis> {
    const bars = await this.bars(symbol, timeframe)
    return summary(symbol, timeframe, bars)
  }

  async events(symbol: string, timeframe: Timeframe = DEFAULT_TIMEFRAME, limit = EVENTS_DEFAULT_LIMIT) {
    const bars = await this.bars(symbol, timeframe)
    const a = analyzeStructure(bars, optionsFor(timeframe))
    const items: BreakOut[] = a.events.slice().reverse().slice(0, limit)
    return {
      symbol: symbol.toUpperCase(),
      timeframe,
      swing_length: a.left,
      bars: a.bars,
      as_of: a.as_of,
      total: a.events.length,
      limit,
      items,
    }
  }

  async mtf(symbol: string, anchor: Timeframe = DEFAULT_TIMEFRAME) {
    const window = mtfWindow(anchor)
    const reads = await Promise.allSettled(window.map((tf) => this.bars(symbol, tf)))
    const failed = reads.find((r) => r.status === 'rejected' && !isUpstreamError(r.reason))
    if (failed) throw (failed as PromiseRejectedResult).reason
    const anchorRead = reads[window.indexOf(anchor)]!
    if (anchorRead.status === 'rejected') throw anchorRead.reason
    const frames = window.map((tf, k) => frame(tf, reads[k]!))
    const result: MtfResult = mtfAlignment(
      frames.map((f) => ({ timeframe: f.timeframe, trend: f.trend_sign })),
      anchor,
    )
    return {
      symbol: symbol.toUpperCase(),
      anchor,
      ...result,
      degraded: frames.some((f) => f.error),
      timeframes: frames,
    }
  }

  async portfolio(scope: RequestScope, tenantId?: number) {
    const tenant = effectiveTenant(scope, tenantId)
    const held = await this.deps.holdings.latest(tenant, { limit: PORTFOLIO_CAP })
    const symbols = [...new Set(held.map((h) => h.symbol.toUpperCase()))]
    const items = await Promise.all(symbols.map((s) => this.holding(s)))
    return { timeframe: DEFAULT_TIMEFRAME, cap: PORTFOLIO_CAP, items }
  }

  private async holding(symbol: string) {
    try {
      const a = await this.analyze(symbol, DEFAULT_TIMEFRAME)
      return {
        symbol,
        error: null,
        as_of: a.as_of,
        trend: a.trend,
        break_trend: a.break_trend,
        last_bos: a.last_bos,
        last_choch: a.last_choch,
        levels: a.levels,
      }
    } catch (e) {
      return {
        symbol,
        error: barsFailure(e),
        as_of: null,
        trend: null,
        break_trend: null,
        last_bos: null,
        last_choch: null,
        levels: null,
      }
    }
  }

  /** The timeframe's bars (an upstream failure propagates: the platform answers 502, never 500). */
  private bars(symbol: string, timeframe: Timeframe): Promise<Bar[]> {
    return this.deps.timeframes.read(symbol, timeframe)
  }
}

function summary(symbol: string, timeframe: Timeframe, bars: readonly Bar[]): Analysis {
  const { events, ...rest } = analyzeStructure(bars, optionsFor(timeframe))
  return { symbol: symbol.toUpperCase(), timeframe, ...rest, event_count: events.length }
}

function frame(timeframe: Timeframe, r: PromiseSettledResult<Bar[]>) {
  if (r.status === 'rejected')
    return {
      timeframe,
      error: 'upstream.unavailable',
      bars: 0,
      as_of: null,
      trend: null,
      trend_sign: null,
      last_high: null,
      last_low: null,
    }
  const a = analyzeStructure(r.value, optionsFor(timeframe))
  return {
    timeframe,
    error: null,
    bars: a.bars,
    as_of: a.as_of,
    trend: a.trend,
    trend_sign: a.trend_sign,
    last_high: a.last_high,
    last_low: a.last_low,
  }
}
