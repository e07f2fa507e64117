/**
 * GET /api/watchlists/analytics: per list of the caller, the figures of lib/analytics.ts from the
 * members' quotes (day change), daily bars of the last 365 days (52-week high) and sectors, plus
 * the members' signals of the last 24 hours from the intraday signals and the discovery feed.
 * Quotes and bars degrade to null when the provider fails; signals are the tenant's own rows.
 */
import { DAY_MS } from '../../../kernel/dates.ts'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { barsOfMany, type MarketDataProvider } from '../../../providers/market-data/index.ts'
import type { Discovery } from '../../trading-intel/discovery/index.ts'
import type { Intraday } from '../../trading-intel/intraday/index.ts'
import { high52w, listFigures } from './lib/analytics.ts'
import { type AnalyticsOut, SIGNAL_HOURS, type SignalOut } from './analytics.schemas.ts'
import type { SymbolsService } from './symbols.service.ts'
import * as repo from './watchlists.repository.ts'
import type { WatchlistsService } from './watchlists.service.ts'

const HIGH_WINDOW_DAYS = 365
/** The most signal rows read from each source for the window. */
const SIGNALS_READ = 500

export class WatchlistAnalyticsService {
  constructor(
    private readonly deps: {
      scopes: Scopes
      clock: Clock
      market: Pick<MarketDataProvider, 'bars' | 'barsMany'>
      symbols: Pick<SymbolsService, 'index'>
      watchlists: Pick<WatchlistsService, 'quotes'>
      intraday: Pick<Intraday, 'feedItems'>
      discovery: { scans: Pick<Discovery['scans'], 'feed'> }
    },
  ) {}

  async analytics(scope: RequestScope): Promise<AnalyticsOut> {
    const now = this.deps.clock.now()
    const rows = await this.deps.scopes.withTenant(scope.tenantId, (s) => repo.allItems(s, scope.userId))
    const symbols = [...new Set(rows.map((r) => r.symbol))]
    const [{ quotes, ok }, highs, index, signals] = await Promise.all([
      this.deps.watchlists.quotes(symbols),
      this.highs(symbols, now),
      this.deps.symbols.index().catch(() => null),
      this.signals(scope, new Set(symbols), now),
    ])
    const lists = new Map<string, string[]>()
    for (const r of rows) lists.set(r.list_name, [...(lists.get(r.list_name) ?? []), r.symbol])
    return {
      as_of: now.toISOString(),
      quotes: ok ? 'ok' : 'unavailable',
      lists: [...lists].map(([list_name, members]) => {
        const facts = members.map((symbol) => {
          const q = quotes.get(symbol)
          const price = q?.last ?? null
          const bars = highs.get(symbol)
          return {
            symbol,
            sector: index?.get(symbol)?.sector ?? null,
            price,
            change_pct: q?.change_pct ?? null,
            high_52w: bars ? high52w(bars, price) : null,
          }
        })
        const own = new Set(members)
        return {
          list_name,
          count: members.length,
          ...listFigures(facts),
          signals: signals.filter((s) => own.has(s.symbol)),
        }
      }),
    }
  }

  /** Each symbol's daily highs over the window; an empty map when the provider fails. */
  private async highs(symbols: string[], now: Date): Promise<Map<string, number[]>> {
    if (!symbols.length) return new Map()
    const end = new Date(Math.floor(now.getTime() / 60_000) * 60_000)
    const start = new Date(end.getTime() - HIGH_WINDOW_DAYS * DAY_MS)
    try {
      const bars = await barsOfMany(this.deps.market, symbols, { interval: '1d', start, end })
      return new Map([...bars].map(([s, list]) => [s, list.map((b) => b.high)]))
    } catch {
      return new Map()
    }
  }

  /** The tenant's intraday signals and discovery results of the last 24 h for `symbols`, newest first. */
  private async signals(scope: RequestScope, symbols: Set<string>, now: Date): Promise<SignalOut[]> {
    if (!symbols.size) return []
    const since = new Date(now.getTime() - (SIGNAL_HOURS / 24) * DAY_MS)
    const [intraday, discovery] = await Promise.all([
      this.deps.intraday.feedItems(scope.tenantId, { since, limit: SIGNALS_READ }),
      this.deps.discovery.scans.feed(scope, {
        hours: SIGNAL_HOURS,
        limit: SIGNALS_READ,
        sort_by: 'updated_at',
      }),
    ])
    const out: SignalOut[] = [
      ...intraday.map((r) => ({
        symbol: r.symbol,
        source: r.source,
        text: r.text,
        score: r.confidence,
        at: new Date(r.created_at).toISOString(),
      })),
      ...discovery.results.map((r) => ({
        symbol: r.symbol,
        source: `discovery.${r.scan_type}`,
        text: `${r.scan_type} scan (${r.universe}), ${r.direction}, score ${r.score}`,
        score: r.score,
        at: r.updated_at,
      })),
    ]
    return out
      .filter((s) => symbols.has(s.symbol))
      .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.symbol < b.symbol ? -1 : 1))
  }
}
