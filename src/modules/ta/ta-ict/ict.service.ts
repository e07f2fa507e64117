/**
 * The ICT zones of one symbol and timeframe, and of each holding. Bars come from
 * `marketData.timeframes` only (unknown symbol → 404 `market.unknown_symbol`); an upstream failure
 * is the platform's 502 `upstream.<kind>` for one symbol, and an item's `error` on the portfolio route.
 */
import { effectiveTenant, type RequestScope } from '../../../platform/auth/scope.ts'
import type { Bar } from '../../../providers/market-data/market-data.port.ts'
import {
  barsFailure,
  DEFAULT_TIMEFRAME,
  type Timeframe,
  type TimeframeBars,
} from '../../market/market-data/index.ts'
import type { HoldingsService } from '../../portfolio/index.ts'
import { analyzeIct, type IctAnalysis } from './lib/analyze.ts'
import { KILLZONE_TZ, KILLZONES, clockOf, killzonesAt } from './lib/killzones.ts'
import { MAX_BARS_LISTED, MAX_ZONES } from './lib/constants.ts'
import { SWING_LR } from './lib/swings.ts'
import { ictScore, liveZones } from './lib/score.ts'
import type {
  BreakersOut,
  PortfolioQueryInput,
  PortfolioWire,
  PremiumDiscountWire,
  ZonesOut,
} from './ict.schemas.ts'

/** Holdings analysed by GET /ict/zones/portfolio, largest |market value| first. */
export const PORTFOLIO_HOLDINGS = 20
const INTRADAY: ReadonlySet<Timeframe> = new Set(['1m', '5m', '15m', '1h'])

export interface IctDeps {
  timeframes: Pick<TimeframeBars, 'read'>
  holdings: Pick<HoldingsService, 'latest'>
}

const newest = <T>(list: readonly T[]): T[] => list.slice(-MAX_ZONES).reverse()

export class IctService {
  constructor(private readonly deps: IctDeps) {}

  /** The bars of a timeframe (an upstream failure propagates: the platform answers 502, never 500). */
  bars(symbol: string, timeframe: Timeframe): Promise<Bar[]> {
    return this.deps.timeframes.read(symbol, timeframe)
  }

  async analysis(symbol: string, timeframe: Timeframe = DEFAULT_TIMEFRAME) {
    const bars = await this.bars(symbol, timeframe)
    const a = analyzeIct(bars, { swingLR: SWING_LR[timeframe] })
    const header = {
      symbol: symbol.toUpperCase(),
      timeframe,
      swing_lr: a.swing_lr,
      bars: bars.length,
      as_of: bars.at(-1)?.time ?? null,
    }
    return { bars, a, header }
  }

  async zones(symbol: string, timeframe?: Timeframe): Promise<ZonesOut> {
    const { a, header } = await this.analysis(symbol, timeframe)
    return {
      ...header,
      fvgs: newest(a.fvgs),
      fvg_total: a.fvgs.length,
      order_blocks: newest(a.order_blocks),
      order_block_total: a.order_blocks.length,
    }
  }

  async breakers(symbol: string, timeframe?: Timeframe): Promise<BreakersOut> {
    const { a, header } = await this.analysis(symbol, timeframe)
    return {
      ...header,
      breakers: newest(a.breakers),
      total: a.breakers.length,
      valid: a.breakers.filter((b) => !b.invalidated).length,
    }
  }

  async premiumDiscount(symbol: string, timeframe?: Timeframe): Promise<PremiumDiscountWire> {
    const { bars, a, header } = await this.analysis(symbol, timeframe)
    return {
      ...header,
      dealing_range: a.premium_discount,
      liquidity: { pip: a.pip, pools: newest(a.liquidity), total: a.liquidity.length },
      killzones: INTRADAY.has(header.timeframe) && bars.length > 0 ? killzonesOf(bars) : null,
    }
  }

  async portfolio(scope: RequestScope, q: PortfolioQueryInput): Promise<PortfolioWire> {
    const tenantId = effectiveTenant(scope, q.tenant_id)
    const held = await this.deps.holdings.latest(tenantId, {
      limit: PORTFOLIO_HOLDINGS,
      ...(q.account_id ? { accountId: q.account_id } : {}),
    })
    const symbols = [...new Set(held.map((h) => h.symbol.toUpperCase()))]
    const items = await Promise.all(symbols.map((s) => this.item(s)))
    return { timeframe: '1d', items }
  }

  private async item(symbol: string): Promise<PortfolioWire['items'][number]> {
    try {
      const { a, header } = await this.analysis(symbol, '1d')
      return summary(symbol, header.as_of, a)
    } catch (e) {
      return { ...summary(symbol, null, null), error: barsFailure(e) }
    }
  }
}

function killzonesOf(bars: readonly Bar[]): NonNullable<PremiumDiscountWire['killzones']> {
  const at = (i: number) => ({ index: i, time: bars[i]!.time, killzones: killzonesAt(bars[i]!.time) })
  const from = Math.max(0, bars.length - MAX_BARS_LISTED)
  return {
    timezone: KILLZONE_TZ,
    windows: KILLZONES.map((w) => ({ id: w.id, start: clockOf(w.start), end: clockOf(w.end) })),
    current: at(bars.length - 1),
    bars: bars.slice(from).map((_, k) => at(from + k)),
  }
}

function summary(symbol: string, asOf: string | null, a: IctAnalysis | null): PortfolioWire['items'][number] {
  const pd = a?.premium_discount ?? null
  const s = a ? ictScore(a) : null
  const live = a ? liveZones(a) : []
  return {
    symbol,
    error: null,
    as_of: asOf,
    score: s?.score ?? null,
    score_evidence: s?.evidence ?? null,
    zone: pd?.last.zone ?? null,
    position: pd?.last.position ?? null,
    equilibrium: pd?.equilibrium ?? null,
    live_fvgs: live.filter((z) => z.kind === 'fvg').length,
    live_order_blocks: live.filter((z) => z.kind === 'order_block').length,
    valid_breakers: live.filter((z) => z.kind === 'breaker').length,
  }
}
