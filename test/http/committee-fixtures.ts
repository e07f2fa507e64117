/**
 * Shared by the committee and market-research tests: a market whose daily bars, option chains and
 * failures the test sets, news and earnings providers with fixed content, and run helpers.
 */
import { fixedClock } from '../../src/platform/clock.ts'
import { UpstreamServerError } from '../../src/platform/upstream-errors.ts'
import {
  SimulatedMarketData,
  type Bar,
  type BarsQuery,
  type EarningsEvent,
  type EarningsProvider,
  type NewsItem,
  type NewsProvider,
  type OptionChain,
} from '../../src/providers/market-data/index.ts'
import type { Client, TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'

export const NOW = '2026-11-24T15:00:00Z'
export const clock = fixedClock(NOW)

/** 250 daily closes: a drift with a wave, so every indicator has a value. */
export const CLOSES = Array.from({ length: 250 }, (_, t) => 100 + 0.1 * t + 8 * Math.sin(t / 9))

export function dailyBars(closes: number[]): Bar[] {
  return closes.map((c, t) => ({
    time: new Date(Date.UTC(2025, 11, 1) + t * 86_400_000).toISOString(),
    open: c,
    high: c * 1.01,
    low: c * 0.99,
    close: c,
    volume: 1_000_000,
    vwap: null,
  }))
}

type Fail = 'bars' | 'chain' | 'instrument'

export class CommitteeMarket extends SimulatedMarketData {
  closes = CLOSES
  puts = 300
  calls = 1000
  readonly failing = new Set<Fail>()
  /** When set, daily bars wait for it (a run held in its first analyst). */
  gate: Promise<void> | null = null

  constructor() {
    super({ clock })
  }

  override async bars(symbol: string, q: BarsQuery): Promise<Bar[]> {
    if (q.interval !== '1d') return super.bars(symbol, q)
    if (this.gate) await this.gate
    if (this.failing.has('bars'))
      throw new UpstreamServerError('bars down', { provider: 'test', status: 503 })
    return dailyBars(this.closes)
  }

  override async optionChain(symbol: string): Promise<OptionChain> {
    if (this.failing.has('chain'))
      throw new UpstreamServerError('chain down', { provider: 'test', status: 503 })
    const c = (type: 'put' | 'call', volume: number, exp: string) => ({
      symbol: `${symbol}${type}${exp}`,
      underlying: symbol,
      expiration: exp,
      strike: 100,
      type,
      volume,
      open_interest: null,
      bid: null,
      ask: null,
      last: null,
    })
    return {
      underlying: symbol,
      expirations: ['2026-11-27', '2026-12-04'],
      // The later expiration's volumes must not count.
      contracts: [
        c('put', this.puts, '2026-11-27'),
        c('call', this.calls, '2026-11-27'),
        c('put', 99_999, '2026-12-04'),
      ],
    }
  }

  override async instrument(symbol: string) {
    if (this.failing.has('instrument'))
      throw new UpstreamServerError('reference down', { provider: 'test', status: 503 })
    return super.instrument(symbol)
  }
}

/**
 * Words: beats, surge, record (+1 each), weak (−1); analyst actions (2 hits each): the downgrade
 * (−2) and the price target raised (+2). P = 5, N = 3: score 0.25, confidence 0.8.
 */
export const HEADLINES = [
  'Apple beats estimates, shares surge',
  'Morgan Stanley downgrades Apple Inc. to Hold on weak iPhone demand',
  'Wedbush raises its Apple price target to $325',
  'Apple posts record services revenue',
]

export class FixedNews implements NewsProvider {
  readonly name = 'test-news'
  failing = false
  async news(): Promise<NewsItem[]> {
    if (this.failing) throw new UpstreamServerError('news down', { provider: 'test', status: 503 })
    return HEADLINES.map((headline, i) => ({
      id: `n${i}`,
      symbols: ['AAPL'],
      headline,
      summary: '',
      source: 'test',
      url: `https://news.example/${i}`,
      category: 'company',
      published_at: `2026-11-2${i}T12:00:00Z`,
    }))
  }
}

const quarter = (date: string, q: number, actual: number, estimate: number): EarningsEvent => ({
  symbol: 'AAPL',
  date,
  hour: 'amc',
  quarter: q,
  year: 2026,
  eps_actual: actual,
  eps_estimate: estimate,
  revenue_actual: null,
  revenue_estimate: null,
})

/** Surprises +10 %, +5 %, 0 %, +5 % (the oldest, 2025, is a fifth quarter and not used): mean 0.05. */
export class FixedEarnings implements EarningsProvider {
  readonly name = 'test-earnings'
  failing = false
  async calendar(): Promise<EarningsEvent[]> {
    if (this.failing) throw new UpstreamServerError('earnings down', { provider: 'test', status: 503 })
    return [
      { ...quarter('2025-10-30', 4, 0.5, 1), year: 2025 },
      quarter('2026-01-29', 1, 2.1, 2.0),
      quarter('2026-04-30', 2, 1.6, 1.6),
      quarter('2026-07-30', 3, 1.575, 1.5),
      quarter('2026-10-29', 4, 1.1, 1.0),
      { ...quarter('2026-12-15', 1, 0, 0), eps_actual: null },
    ]
  }
}

export const RUNS = '/api/trading-intel/committee/runs'

/** Creates a run, drains the jobs and answers the run. */
export async function runToEnd(t: TestApp, u: Client, body: Record<string, unknown> = { symbol: 'AAPL' }) {
  const res = await u.post(RUNS, body)
  if (res.statusCode !== 202) throw new Error(`expected 202, got ${res.statusCode}: ${res.body}`)
  await t.c.jobs.drain()
  return json(await u.get(`${RUNS}/${json(res).run_id}`))
}
