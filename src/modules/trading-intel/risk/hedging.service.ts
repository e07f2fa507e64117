/**
 * GET /hedging: inverse-fund hedges of positions above 10 % of the total. Holdings and
 * the fund table are read first, then the market (instruments, daily bars, fund prices) outside any
 * transaction; each concentrated position gets β/R² against SPY, QQQ, DIA and IWM, the best fit's
 * −1× fund as the hedge, the index's −2×/−3× funds and its sector's funds as alternatives.
 */
import { effectiveTenant, type RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { cents, centsToNumber, sumCents } from '../../../kernel/decimal/cents.ts'
import type { Holding, HoldingsService } from '../../portfolio/index.ts'
import { alignCloses } from './lib/align.ts'
import { DRIFT_WARNING, INDEX_BENCHMARKS, sizeFund, type FundRow, type IndexKey } from './lib/funds.ts'
import {
  bestFit,
  betaOfCloses,
  CONCENTRATION_LIMIT,
  isConcentrated,
  weightOf,
  type BetaFit,
} from './lib/hedge.ts'
import { inverseFunds } from './hedging.repository.ts'
import {
  DEFAULT_BETA_LOOKBACK_DAYS,
  type HedgingOut,
  type HedgingQueryInput,
  type SuggestionOut,
} from './hedging.schemas.ts'
import { dailyBars, upstream, type Market } from './risk.service.ts'

export interface HedgingDeps {
  scopes: Scopes
  clock: Clock
  market: Market
  holdings: Pick<HoldingsService, 'latest'>
}

type Fit = BetaFit & { key: string; benchmark: string }
interface Context {
  total: number
  mode: 'excess' | 'full'
  maxLeverage: number
  funds: FundRow[]
  prices: Map<string, number>
  closes: Map<string, Float64Array>
}

const r6 = (v: number) => Math.round(v * 1e6) / 1e6
const INDEX_KEYS = Object.keys(INDEX_BENCHMARKS) as IndexKey[]

export class HedgingService {
  constructor(private readonly deps: HedgingDeps) {}

  async hedging(scope: RequestScope, q: HedgingQueryInput): Promise<HedgingOut> {
    const tenantId = effectiveTenant(scope, q.tenant_id)
    const held = await this.deps.holdings.latest(tenantId, q.account_id ? { accountId: q.account_id } : {})
    // Money is summed exactly and carried in cents (a float sum shows tails like 1000204.0999999999).
    const cash = cents(q.cash ?? 0)
    const gross = centsToNumber(sumCents(held.map((h) => Math.abs(h.market_value))))
    const total = centsToNumber(sumCents([gross, cash]))
    const mode = q.mode ?? 'excess'
    const flagged = held
      .filter((h) => isConcentrated(weightOf(h.market_value, total)))
      .sort((a, b) => b.market_value - a.market_value)
    const base = {
      total,
      gross_exposure: gross,
      cash,
      limit: CONCENTRATION_LIMIT,
      mode,
      positions: held.length,
    }
    if (!flagged.length) return { ...base, suggestions: [], warnings: [] }
    const funds = await inverseFunds(this.deps.scopes)
    const ctx = await this.marketContext(flagged, funds, q.beta_lookback_days ?? DEFAULT_BETA_LOOKBACK_DAYS)
    const suggestions = flagged.map((h) =>
      this.suggest(
        h,
        { ...ctx.ctx, total, mode, maxLeverage: q.max_leverage ?? 3, funds },
        ctx.sectors.get(h.symbol),
      ),
    )
    return { ...base, suggestions, warnings: [DRIFT_WARNING] }
  }

  /** Instruments, daily closes of the positions and benchmarks, and fund prices: provider calls only. */
  private async marketContext(flagged: Holding[], funds: FundRow[], lookback: number) {
    const { market } = this.deps
    const infos = await upstream('instruments', () =>
      Promise.all(flagged.map((h) => market.instrument(h.symbol))),
    )
    const sectors = new Map(flagged.map((h, i) => [h.symbol, infos[i] ?? null]))
    const benchmarks = new Set<string>(Object.values(INDEX_BENCHMARKS))
    for (const f of funds) if (f.benchmark && !f.index_key.startsWith('index:')) benchmarks.add(f.benchmark)
    const symbols = [...new Set([...flagged.map((h) => h.symbol), ...benchmarks])]
    const bars = await dailyBars(market, symbols, this.deps.clock.now(), lookback)
    const aligned = alignCloses(symbols, bars)
    const quotes = await upstream('quotes', () => market.quotes(funds.map((f) => f.ticker)))
    return {
      sectors,
      ctx: {
        prices: new Map(quotes.filter((x) => x.last > 0).map((x) => [x.symbol, x.last])),
        closes: new Map(symbols.map((s, i) => [s, aligned.closes[i]!])),
      },
    }
  }

  private suggest(
    h: Holding,
    c: Context,
    info: { sector: string | null; industry: string | null } | null | undefined,
  ): SuggestionOut {
    const own = c.closes.get(h.symbol)!
    const fitOf = (key: string, benchmark: string): Fit => {
      const bench = c.closes.get(benchmark)
      const fit = bench ? betaOfCloses(own, bench) : { beta: null, r2: null, observations: 0 }
      return { key, benchmark, ...fit }
    }
    const fits = INDEX_KEYS.map((k) => fitOf(k, INDEX_BENCHMARKS[k]))
    const best = bestFit(fits)
    const index = best ?? { key: 'SPX', benchmark: 'SPY', beta: 1, r2: null, observations: 0 }
    const beta = index.beta!
    const sized = (f: FundRow, b: number) =>
      sizeFund(f, {
        mv: h.market_value,
        total: c.total,
        beta: b,
        price: c.prices.get(f.ticker) ?? null,
        mode: c.mode,
      })
    const allowed = c.funds.filter((f) => Math.abs(f.daily_leverage) <= c.maxLeverage)
    const indexFunds =
      beta > 0 ? allowed.filter((f) => f.index_key === `index:${index.key}`).map((f) => sized(f, beta)) : []
    const sectorKeys = [
      info?.sector && `sector:${info.sector}`,
      info?.industry && `industry:${info.industry}`,
    ]
    const sectorFunds = allowed
      .filter((f) => sectorKeys.includes(f.index_key) && f.benchmark)
      .flatMap((f) => {
        const b = fitOf(f.index_key, f.benchmark!).beta ?? 1
        return b > 0 ? [sized(f, b)] : []
      })
    return {
      symbol: h.symbol,
      market_value: cents(h.market_value),
      weight: r6(weightOf(h.market_value, c.total)),
      excess_value: cents(h.market_value - CONCENTRATION_LIMIT * c.total),
      sector: info?.sector ?? null,
      industry: info?.industry ?? null,
      fits,
      index: best,
      beta_assumed: best === null,
      hedge: indexFunds[0] ?? null,
      alternatives: indexFunds.slice(1),
      sector_funds: sectorFunds,
      skipped_reason: beta > 0 ? null : 'negative_beta',
    }
  }
}
