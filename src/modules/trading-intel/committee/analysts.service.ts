/**
 * The analysts at work: reads each one's data from the providers (never inside a transaction) and
 * hands it to its pure rule (lib/). A provider failing for one analyst makes that analyst's opinion
 * `unavailable` with the reason; the others proceed. Also used without a run by market-research
 * (`evaluate` with no callback) for its committee view.
 */
import { DAY_MS } from '../../../kernel/dates.ts'
import { centsToNumber, sumCents } from '../../../kernel/decimal/cents.ts'
import type { Clock } from '../../../platform/clock.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type {
  Bar,
  EarningsProvider,
  MarketDataProvider,
  NewsProvider,
} from '../../../providers/market-data/index.ts'
import type { HoldingsService } from '../../portfolio/index.ts'
import type { CommitteeConfig } from './lib/config.ts'
import type { SizingInputs } from './lib/decide.ts'
import { flowOpinion } from './lib/flow.ts'
import { fundamentalOpinion } from './lib/fundamental.ts'
import { unavailable, VOTING_ANALYSTS, type Opinion, type VotingAnalyst } from './lib/opinion.ts'
import { riskOpinion, weightOf, type Position } from './lib/risk.ts'
import { LOOKBACK_DAYS, MAX_HEADLINES, sentimentOpinion } from './lib/sentiment.ts'
import { technicalOpinion } from './lib/technical.ts'

/** Daily bars read: enough for SMA200 with room. */
export const DAILY_BARS = 260
/** Earnings looked back over (covers the last four quarters). */
export const EARNINGS_LOOKBACK_DAYS = 400

export interface AnalystsDeps {
  clock: Clock
  market: MarketDataProvider
  news: NewsProvider
  earnings: EarningsProvider
  holdings: Pick<HoldingsService, 'latest'>
}

export interface Evaluation {
  opinions: Opinion[]
  sizing: SizingInputs
  /** True when the callback stopped the run (it was cancelled). */
  stopped: boolean
}

/** What one evaluation reads once and shares between analysts (bars: technical and risk). */
class Reads {
  #bars: Promise<Bar[]> | null = null
  #position: Promise<Position> | null = null
  constructor(
    private readonly deps: AnalystsDeps,
    readonly tenantId: number,
    readonly symbol: string,
    readonly accountId: number | null,
  ) {}
  bars(): Promise<Bar[]> {
    return (this.#bars ??= this.deps.market.bars(this.symbol, { interval: '1d', limit: DAILY_BARS }))
  }
  position(): Promise<Position> {
    return (this.#position ??= this.deps.holdings
      .latest(this.tenantId, this.accountId === null ? {} : { accountId: this.accountId })
      .then((held) => {
        const row = held.find((h) => h.symbol.toUpperCase() === this.symbol)
        // Σ|market value|, exact in cents (a float sum shows tails like 12345.970000000001).
        const account_value = centsToNumber(sumCents(held.map((h) => Math.abs(h.market_value))))
        return { quantity: row?.quantity ?? 0, market_value: row?.market_value ?? 0, account_value }
      }))
  }
}

const reasonOf = (e: unknown): string =>
  isUpstreamError(e)
    ? `upstream.${e.kind}: ${e.message}`
    : `error: ${e instanceof Error ? e.message : String(e)}`

export class AnalystsService {
  constructor(private readonly deps: AnalystsDeps) {}

  /**
   * The enabled voting analysts, in the documented order; `onOpinion` after each one (false stops
   * the evaluation: the run was cancelled). Sizing inputs come from the same reads.
   */
  async evaluate(
    tenantId: number,
    symbol: string,
    accountId: number | null,
    config: CommitteeConfig,
    onOpinion: (o: Opinion) => Promise<boolean> = async () => true,
  ): Promise<Evaluation> {
    const reads = new Reads(this.deps, tenantId, symbol, accountId)
    const opinions: Opinion[] = []
    for (const analyst of VOTING_ANALYSTS) {
      if (!config.members[analyst].enabled) continue
      const o = await this.opinionOf(analyst, reads, config).catch((e: unknown) =>
        unavailable(analyst, reasonOf(e)),
      )
      opinions.push(o)
      if (!(await onOpinion(o))) return { opinions, sizing: await this.sizing(reads), stopped: true }
    }
    return { opinions, sizing: await this.sizing(reads), stopped: false }
  }

  private async opinionOf(analyst: VotingAnalyst, reads: Reads, config: CommitteeConfig): Promise<Opinion> {
    const now = this.deps.clock.now()
    switch (analyst) {
      case 'technical':
        return technicalOpinion((await reads.bars()).map((b) => b.close))
      case 'fundamental': {
        const instrument = await this.deps.market.instrument(reads.symbol)
        if (!instrument) return unavailable('fundamental', 'no instrument data for the symbol')
        const from = new Date(now.getTime() - EARNINGS_LOOKBACK_DAYS * DAY_MS).toISOString().slice(0, 10)
        const to = now.toISOString().slice(0, 10)
        return fundamentalOpinion(instrument, await this.deps.earnings.calendar(from, to, [reads.symbol]))
      }
      case 'news_sentiment': {
        const since = new Date(now.getTime() - LOOKBACK_DAYS * DAY_MS)
        return sentimentOpinion(
          await this.deps.news.news({ symbols: [reads.symbol], since, limit: MAX_HEADLINES }),
        )
      }
      case 'flow':
        return flowOpinion((await this.deps.market.optionChain(reads.symbol)).contracts)
      case 'risk_manager': {
        const bars = await reads.bars()
        const daily = {
          high: bars.map((b) => b.high),
          low: bars.map((b) => b.low),
          close: bars.map((b) => b.close),
        }
        return riskOpinion(daily, await reads.position(), config.risk.max_position_weight)
      }
    }
  }

  private async sizing(reads: Reads): Promise<SizingInputs> {
    const bars = await reads.bars().catch(() => [] as Bar[])
    const p = await reads.position().catch(() => ({ quantity: 0, market_value: 0, account_value: 0 }))
    return {
      price: bars.length ? bars[bars.length - 1]!.close : null,
      account_value: p.account_value,
      held_quantity: p.quantity,
      position_weight: weightOf(p),
    }
  }
}
