/**
 * POST /intraday/discovery/scan and GET /intraday/discovery: live scans of a universe, ranked by
 * the scan's rule (lib/scans.ts) and upserted per tenant + universe + scan type + symbol + trading
 * date; the feed of stored results of a window (the latest session by default, or `hours`) with its
 * stats and per-scan-type breakdown.
 */
import { effectiveTenant, type RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { sessionWindow } from '../../../platform/session-window.ts'
import type { Bar } from '../../../providers/market-data/index.ts'
import type { Universe } from './discovery.tables.ts'
import { rankScan } from './lib/rank.ts'
import type { ScanType } from './lib/scans.ts'
import * as repo from './scan.repository.ts'
import {
  DEFAULT_FEED_LIMIT,
  DEFAULT_SCAN_LIMIT,
  type FeedOut,
  type FeedQueryInput,
  type ResultOut,
  type ScanBodyInput,
  type ScanOut,
} from './scan.schemas.ts'
import type { Universes } from './universes.service.ts'

type ResultRow = Awaited<ReturnType<typeof repo.feed>>[number]

export function toResult(r: ResultRow): ResultOut {
  return {
    ...r,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }
}

export class ScanService {
  constructor(private readonly deps: { scopes: Scopes; clock: Clock; universes: Universes }) {}

  async scan(scope: RequestScope, body: ScanBodyInput): Promise<ScanOut> {
    const symbols = await this.deps.universes.symbols(body.universe, scope.tenantId)
    const bars = await this.deps.universes.dailyBars(symbols)
    return this.rankAndStore(scope.tenantId, body.universe, body.scan_type, bars, body.limit)
  }

  /** Ranks bars already read (the job shares one read across tenants) and upserts the top ones. */
  async rankAndStore(
    tenantId: number,
    universe: Universe,
    scanType: ScanType,
    bars: ReadonlyMap<string, readonly Bar[]>,
    limit = DEFAULT_SCAN_LIMIT,
  ): Promise<ScanOut> {
    const hits = rankScan(bars, scanType)
    const top = hits.slice(0, limit)
    const at = this.deps.clock.now()
    const rows = await this.deps.scopes.withTenant(tenantId, (s) =>
      repo.upsertResults(s, universe, scanType, top, at),
    )
    // The upsert answers in no particular order: keep the ranking.
    const bySymbol = new Map(rows.map((r) => [r.symbol, r]))
    return {
      universe,
      scan_type: scanType,
      scanned: bars.size,
      matched: hits.length,
      results: top.map((h) => toResult(bySymbol.get(h.symbol)!)),
    }
  }

  /**
   * The results of the window (platform/session-window.ts) whose latest scan (updated_at) is at or
   * after its start: by default since 04:00 New York of the latest session's date, so Friday's
   * results stay listed over the weekend; with `hours`, the last `hours` of wall clock.
   */
  async feed(scope: RequestScope, q: FeedQueryInput): Promise<FeedOut> {
    const tenantId = effectiveTenant(scope, q.tenant_id)
    const { window, since } = sessionWindow(this.deps.clock.now(), q)
    const filters: repo.ResultFilters = {
      since,
      scanType: q.scan_type,
      universe: q.universe,
      symbol: q.symbol?.toUpperCase(),
    }
    const sort = { by: q.sort_by ?? 'score', dir: q.sort_dir ?? 'desc' } as const
    const { rows, totals, breakdown } = await this.deps.scopes.withTenant(tenantId, async (s) => ({
      rows: await repo.feed(s, filters, sort, q.limit ?? DEFAULT_FEED_LIMIT),
      totals: await repo.totals(s, filters),
      breakdown: await repo.breakdown(s, filters),
    }))
    return {
      window,
      stats: {
        total: Number(totals.total),
        symbols: Number(totals.symbols),
        by_scan_type: Object.fromEntries(breakdown.map((b) => [b.scan_type, Number(b.count)])),
        last_scan_at: totals.last_scan_at ? new Date(totals.last_scan_at).toISOString() : null,
      },
      scan_breakdown: breakdown.map((b) => ({
        scan_type: b.scan_type,
        count: Number(b.count),
        avg_score: Math.round(Number(b.avg_score) * 1e4) / 1e4,
        top_symbol: b.top_symbol,
        top_score: Number(b.top_score),
      })),
      results: rows.map(toResult),
    }
  }
}
