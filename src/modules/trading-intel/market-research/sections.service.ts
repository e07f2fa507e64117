/**
 * The five parts of a research report, each read per symbol of the run's basket from the providers
 * (outside any transaction). A symbol whose data cannot be read carries `error`; a section where no
 * symbol could be read is `unavailable` (the run goes on with the others).
 * - market: price, 1M/3M/YTD returns, volatility (lib/market.ts);
 * - news: headlines of NEWS_DAYS days (at most NEWS_MAX per symbol) with the committee's lexicon score;
 * - transcripts: the latest earnings call, summarized extractively (the transcripts module's rule);
 * - insider: Form 4 transactions of INSIDER_DAYS days: purchases (P) and sales (S), count and value;
 * - committee: the committee's analysts and rule decision on the tenant's committee configuration,
 *   computed here without creating a committee run.
 */
import { DAY_MS } from '../../../kernel/dates.ts'
import type { Clock } from '../../../platform/clock.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type {
  InsiderProvider,
  MarketDataProvider,
  NewsProvider,
  TranscriptsProvider,
} from '../../../providers/market-data/index.ts'
import { headlineSentiment, ruleDecision, votingWeights, type Committee } from '../committee/index.ts'
import { extractiveSummary } from '../../market/transcripts/index.ts'
import { marketFigures } from './lib/market.ts'

export const SECTION_NAMES = ['market', 'news', 'transcripts', 'insider', 'committee'] as const
export type SectionName = (typeof SECTION_NAMES)[number]
export const NEWS_DAYS = 7
export const NEWS_MAX = 10
export const INSIDER_DAYS = 90
export const DAILY_BARS = 260

export interface Section {
  name: SectionName
  status: 'ok' | 'unavailable'
  items: Record<string, unknown>[]
  reason?: string
}

export interface SectionDeps {
  clock: Clock
  market: MarketDataProvider
  news: NewsProvider
  transcripts: TranscriptsProvider
  insider: InsiderProvider
  committee: {
    analysts: Pick<Committee['analysts'], 'evaluate'>
    config: Pick<Committee['config'], 'current'>
  }
}

const reasonOf = (e: unknown): string =>
  isUpstreamError(e)
    ? `upstream.${e.kind}: ${e.message}`
    : `error: ${e instanceof Error ? e.message : String(e)}`

const day = (d: Date) => d.toISOString().slice(0, 10)

export class ResearchSections {
  constructor(private readonly deps: SectionDeps) {}

  async section(name: SectionName, tenantId: number, symbols: string[]): Promise<Section> {
    const items: Record<string, unknown>[] = []
    for (const symbol of symbols) {
      try {
        items.push({ symbol, ...(await this.read(name, tenantId, symbol)) })
      } catch (e) {
        items.push({ symbol, error: reasonOf(e) })
      }
    }
    const ok = items.some((i) => !('error' in i))
    return ok
      ? { name, status: 'ok', items }
      : { name, status: 'unavailable', items, reason: 'no symbol could be read' }
  }

  private read(name: SectionName, tenantId: number, symbol: string): Promise<Record<string, unknown>> {
    switch (name) {
      case 'market':
        return this.market(symbol)
      case 'news':
        return this.news(symbol)
      case 'transcripts':
        return this.transcript(symbol)
      case 'insider':
        return this.insider(symbol)
      case 'committee':
        return this.committeeView(tenantId, symbol)
    }
  }

  private async market(symbol: string) {
    const bars = await this.deps.market.bars(symbol, { interval: '1d', limit: DAILY_BARS })
    return marketFigures(bars, day(this.deps.clock.now()))
  }

  private async news(symbol: string) {
    const since = new Date(this.deps.clock.now().getTime() - NEWS_DAYS * DAY_MS)
    const items = await this.deps.news.news({ symbols: [symbol], since, limit: NEWS_MAX })
    const headlines = items.map((n) => ({
      headline: n.headline,
      published_at: n.published_at,
      url: n.url,
      ...headlineSentiment(n.headline),
    }))
    const P = headlines.reduce((a, h) => a + h.positive, 0)
    const N = headlines.reduce((a, h) => a + h.negative, 0)
    return { sentiment: P + N ? Math.round(((P - N) / (P + N)) * 10_000) / 10_000 : 0, headlines }
  }

  private async transcript(symbol: string) {
    const [latest] = await this.deps.transcripts.transcripts(symbol, 1)
    if (!latest) return { latest: null }
    return {
      latest: {
        title: latest.title,
        year: latest.year,
        quarter: latest.quarter,
        time: latest.time,
        summary: extractiveSummary(latest.sections),
      },
    }
  }

  private async insider(symbol: string) {
    const now = this.deps.clock.now()
    const from = day(new Date(now.getTime() - INSIDER_DAYS * DAY_MS))
    const rows = await this.deps.insider.insiderTransactions([symbol], from, day(now))
    const of = (code: string) => {
      const r = rows.filter((x) => x.symbol === symbol && x.transaction_code === code)
      return {
        count: r.length,
        shares: r.reduce((a, x) => a + x.shares, 0),
        value: r.reduce((a, x) => a + (x.value ?? 0), 0),
      }
    }
    const purchases = of('P')
    const sales = of('S')
    return { days: INSIDER_DAYS, purchases, sales, net_value: purchases.value - sales.value }
  }

  private async committeeView(tenantId: number, symbol: string) {
    const { config } = await this.deps.committee.config.current(tenantId)
    const ev = await this.deps.committee.analysts.evaluate(tenantId, symbol, null, config)
    const d = ruleDecision(ev.opinions, votingWeights(config), config.risk, ev.sizing)
    return {
      opinions: ev.opinions.map((o) => ({
        analyst: o.analyst,
        status: o.status,
        score: o.score,
        confidence: o.confidence,
        stance: o.stance,
        summary: o.summary,
      })),
      decision: {
        action: d.action,
        conviction: d.conviction,
        weighted_score: d.weighted_score,
        rationale: d.rationale,
      },
    }
  }
}
