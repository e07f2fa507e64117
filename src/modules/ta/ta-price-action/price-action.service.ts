/**
 * GET /api/ta/price-action/*: reads the timeframe's bars (market-data timeframes, outside any
 * transaction), runs the pure analysis and shapes it. Upstream failures → the platform's 502 `upstream.<kind>`.
 */
import { effectiveTenant, type RequestScope } from '../../../platform/auth/scope.ts'
import type { Bar } from '../../../providers/market-data/market-data.port.ts'
import { barsFailure, type Timeframe, type TimeframeBars } from '../../market/market-data/index.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import { analyzePriceAction } from './lib/analysis.ts'
import { findCandles } from './lib/candles.ts'
import { scoreFromCandles } from './lib/layer.ts'
import { findReversals } from './lib/reversals.ts'
import { SWING_LR } from './lib/swings.ts'
import { findWyckoff, type Schematic } from './lib/wyckoff.ts'
import { candleOut, reversalOut, schematicOut } from './lib/wire.ts'
import {
  MAX_ITEMS,
  PORTFOLIO_HOLDINGS,
  type CandlesOutT,
  type PortfolioItemT,
  type PortfolioOutT,
  type ReversalsOutT,
  type WyckoffOutT,
} from './price-action.schemas.ts'

export interface Deps {
  timeframes: Pick<TimeframeBars, 'read'>
  holdings: Pick<Portfolio['holdings'], 'latest'>
}

const latestFirst = <T>(xs: readonly T[]) => xs.slice().reverse()

function header(symbol: string, timeframe: Timeframe, bars: readonly Bar[]) {
  return { symbol: symbol.toUpperCase(), timeframe, bars: bars.length, as_of: bars.at(-1)?.time ?? null }
}

/** The most recent schematic (by its first event) among those given. */
function latest(list: readonly Schematic[]): Schematic | null {
  return list.reduce<Schematic | null>(
    (a, s) => (!a || s.events[0]!.index >= a.events[0]!.index ? s : a),
    null,
  )
}

export class PriceActionService {
  constructor(private readonly deps: Deps) {}

  /** The timeframe's bars (an upstream failure propagates: the platform answers 502, never 500). */
  bars(symbol: string, timeframe: Timeframe): Promise<Bar[]> {
    return this.deps.timeframes.read(symbol, timeframe)
  }

  async candles(symbol: string, timeframe: Timeframe): Promise<CandlesOutT> {
    const bars = await this.bars(symbol, timeframe)
    const hits = findCandles(bars)
    const shown = latestFirst(hits).slice(0, MAX_ITEMS)
    return {
      ...header(symbol, timeframe, bars),
      patterns: shown.map((h) => candleOut(bars, h)),
      total: hits.length,
      truncated: hits.length > shown.length,
      score: scoreFromCandles(bars, hits),
    }
  }

  async reversals(symbol: string, timeframe: Timeframe): Promise<ReversalsOutT> {
    const bars = await this.bars(symbol, timeframe)
    const all = findReversals(bars, SWING_LR[timeframe])
    const shown = latestFirst(all).slice(0, MAX_ITEMS)
    return {
      ...header(symbol, timeframe, bars),
      reversals: shown.map((r) => reversalOut(bars, r)),
      total: all.length,
      truncated: all.length > shown.length,
    }
  }

  async wyckoff(symbol: string, timeframe: Timeframe): Promise<WyckoffOutT> {
    const bars = await this.bars(symbol, timeframe)
    const w = findWyckoff(bars)
    const [acc, dist] = [latest(w.accumulation), latest(w.distribution)]
    const current = latest([acc, dist].filter((s): s is Schematic => s !== null))
    return {
      ...header(symbol, timeframe, bars),
      current: current && schematicOut(bars, current),
      accumulation: acc && schematicOut(bars, acc),
      distribution: dist && schematicOut(bars, dist),
      schematics_found: { accumulation: w.accumulation.length, distribution: w.distribution.length },
    }
  }

  /** Each of the tenant's largest holdings on the default timeframe; a failing symbol carries `error`. */
  async portfolio(scope: RequestScope, tenantId: number | undefined): Promise<PortfolioOutT> {
    const tenant = effectiveTenant(scope, tenantId)
    const holdings = await this.deps.holdings.latest(tenant, { limit: PORTFOLIO_HOLDINGS })
    const items = await Promise.all(holdings.map((h) => this.item(h)))
    return { items, holdings_cap: PORTFOLIO_HOLDINGS }
  }

  private async item(h: { symbol: string; quantity: number; market_value: number }): Promise<PortfolioItemT> {
    const base = {
      symbol: h.symbol,
      quantity: h.quantity,
      market_value: h.market_value,
      timeframe: '1d' as const,
    }
    let bars: Bar[]
    try {
      bars = await this.bars(h.symbol, '1d')
    } catch (e) {
      const error = barsFailure(e)
      return { ...base, score: null, latest_pattern: null, latest_reversal: null, wyckoff: null, error }
    }
    const a = analyzePriceAction(bars, { swingLr: SWING_LR['1d'] })
    const p = a.candles.at(-1)
    const r = a.reversals.at(-1)
    const w = latest([...a.wyckoff.accumulation, ...a.wyckoff.distribution])
    return {
      ...base,
      score: a.score.score,
      latest_pattern: p
        ? { pattern: p.pattern, direction: p.direction, strength: p.strength, time: bars[p.index]!.time }
        : null,
      latest_reversal: r
        ? { direction: r.direction, status: r.status, time: bars[r.index]!.time, score: r.score }
        : null,
      wyckoff: w ? { kind: w.kind, phase: w.phase, status: w.status, confidence: w.confidence } : null,
      error: null,
    }
  }
}
