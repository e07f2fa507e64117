/**
 * GET /correlation: the Pearson matrix of daily simple returns of the tenant's 20 largest holdings
 * and six benchmarks. Holdings are read first (they are part of the cache key); the bars and
 * the matrix are cached per tenant + account + lookback + symbol set, ~15 minutes while the regular
 * session runs (today's daily bar still moves) and until the next open, at most 24 hours, outside it.
 */
import { effectiveTenant, type RequestScope } from '../../../platform/auth/scope.ts'
import type { Cache } from '../../../platform/cache/index.ts'
import type { Clock } from '../../../platform/clock.ts'
import { etagOf } from '../../../platform/http/etag.ts'
import { nextOpen, sessionAt } from '../../../kernel/calendar/nyse.ts'
import type { HoldingsService } from '../../portfolio/index.ts'
import { alignCloses } from './lib/align.ts'
import { correlationCore, MIN_PAIRS } from './lib/correlation.ts'
import {
  DEFAULT_LOOKBACK_DAYS,
  MAX_HOLDINGS,
  type CorrelationOut,
  type CorrelationQueryInput,
} from './correlation.schemas.ts'
import { BENCHMARKS, dailyBars, windowStart, type Market } from './risk.service.ts'

export const SESSION_TTL_MS = 15 * 60_000
export const OVERNIGHT_TTL_MS = 24 * 3_600_000

export interface CachedAnswer {
  /** The exact body bytes (UTF-8 JSON). */
  json: string
  /** MD5 of `json`, quoted: the strong ETag. */
  etag: string
}

export interface CorrelationDeps {
  clock: Clock
  cache: Cache
  market: Market
  holdings: Pick<HoldingsService, 'latest'>
}

/** 15 minutes in the regular session; otherwise until the next open, at most 24 hours. */
export function correlationTtl(now: Date): number {
  try {
    if (sessionAt(now) === 'regular') return SESSION_TTL_MS
    return Math.max(60_000, Math.min(OVERNIGHT_TTL_MS, nextOpen(now).getTime() - now.getTime()))
  } catch {
    return SESSION_TTL_MS // outside the calendar's years: the short one
  }
}

export class CorrelationService {
  constructor(private readonly deps: CorrelationDeps) {}

  /**
   * The answer serialized once, on the miss: the cache keeps the JSON text and its ETag, so a hit
   * sends stored bytes without parsing, re-serializing or re-hashing them.
   */
  async correlation(scope: RequestScope, q: CorrelationQueryInput): Promise<CachedAnswer & { hit: boolean }> {
    const tenantId = effectiveTenant(scope, q.tenant_id)
    const lookback = q.lookback_days ?? DEFAULT_LOOKBACK_DAYS
    const held = await this.deps.holdings.latest(tenantId, {
      limit: MAX_HOLDINGS,
      ...(q.account_id ? { accountId: q.account_id } : {}),
    })
    const heldSymbols = [...new Set(held.map((h) => h.symbol.toUpperCase()))]
    const symbols = [...heldSymbols, ...BENCHMARKS.filter((b) => !heldSymbols.includes(b))]
    const key = `risk:correlation:v2:${tenantId}:${q.account_id ?? 'all'}:${lookback}:${symbols.join(',')}`
    const now = this.deps.clock.now()
    const { value, hit } = await this.deps.cache.wrap(key, correlationTtl(now), async () => {
      const json = JSON.stringify(await this.compute(symbols, new Set(heldSymbols), lookback, now))
      return { json, etag: etagOf(json) }
    })
    return { ...value, hit }
  }

  private async compute(
    symbols: string[],
    held: Set<string>,
    lookback: number,
    now: Date,
  ): Promise<CorrelationOut> {
    const bars = await dailyBars(this.deps.market, symbols, now, lookback)
    const aligned = alignCloses(symbols, bars)
    const core = correlationCore(aligned)
    const bench = new Set<string>(BENCHMARKS)
    return {
      symbols,
      benchmarks: [...BENCHMARKS],
      matrix: core.matrix,
      observations: core.observations,
      series: symbols.map((symbol, i) => ({
        symbol,
        held: held.has(symbol),
        benchmark: bench.has(symbol),
        closes: aligned.closes[i]!.filter((c) => Number.isFinite(c)).length,
        returns: core.returns[i]!,
        null_reason: core.reasons[i]!,
      })),
      lookback_days: lookback,
      from: windowStart(now, lookback),
      as_of: aligned.dates.at(-1) ?? null,
      method: 'pearson_simple_returns',
      min_pairs: MIN_PAIRS,
    }
  }
}
