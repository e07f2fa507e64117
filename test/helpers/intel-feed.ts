/**
 * Test sources for the intel feed: in-memory `feedItems` stores keeping the source contract
 * (that tenant's rows, created at or after `since`, optional symbol, newest first by created_at
 * then id, at most `limit`), and the app's module list with intel-feed built over them.
 */
import { modules, type AnyModule } from '../../src/app/modules.ts'
import type { ModuleContext } from '../../src/modules/module.ts'
import { intelFeedModule, type IntelFeed } from '../../src/modules/trading-intel/intel-feed/index.ts'
import { IntelFeedService } from '../../src/modules/trading-intel/intel-feed/intel-feed.service.ts'
import {
  newsSource,
  rowSource,
  type FeedRow,
  type FeedRows,
  type FeedSource,
} from '../../src/modules/trading-intel/intel-feed/sources.service.ts'
import { FeedStreams } from '../../src/modules/trading-intel/intel-feed/stream.service.ts'

export class RowStore {
  readonly #rows: (FeedRow & { tenantId: number })[] = []
  /** The tenant of every read, for isolation checks. */
  readonly reads: number[] = []
  failing = false
  #next = 1
  #sorted = true

  add(tenantId: number, row: Partial<FeedRow> & { created_at: Date }): FeedRow {
    const full: FeedRow = {
      id: row.id ?? this.#next++,
      symbol: row.symbol ?? 'AAPL',
      text: row.text ?? 'a row',
      confidence: row.confidence === undefined ? 0.5 : row.confidence,
      source: row.source ?? 'test',
      created_at: row.created_at,
    }
    this.#rows.push({ ...full, tenantId })
    this.#sorted = false
    return full
  }

  readonly feedItems: FeedRows = async (tenantId, q) => {
    this.reads.push(tenantId)
    if (this.failing) throw new Error('source down')
    if (!this.#sorted) {
      this.#rows.sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id)
      this.#sorted = true
    }
    // Like an index scan on (tenant_id, created_at desc): stop at `since` or at `limit` rows.
    const out: FeedRow[] = []
    for (const { tenantId: owner, ...r } of this.#rows) {
      if (r.created_at.getTime() < q.since.getTime() || out.length >= q.limit) break
      if (owner === tenantId && (!q.symbol || r.symbol === q.symbol)) out.push(r)
    }
    return out
  }
}

export interface TestSources {
  intraday: RowStore
  flow: RowStore
  recs: RowStore
}

/** The intel-feed module's API over `sources`, built as the module builds it over its own. */
function intelFeedOver(ctx: ModuleContext, sources: readonly FeedSource[]): IntelFeed {
  const feed = new IntelFeedService({ clock: ctx.clock, log: ctx.log, sources })
  const streams = new FeedStreams({
    feed,
    clock: ctx.clock,
    log: ctx.log,
    pollMs: ctx.config.INTEL_FEED_POLL_MS,
    heartbeatMs: ctx.config.INTEL_FEED_HEARTBEAT_MS,
  })
  return { feed, streams }
}

/** The app's modules, with intel-feed reading the test stores and the (test) news provider. */
export function feedModules(s: TestSources): readonly AnyModule[] {
  const intelFeed: AnyModule = {
    ...intelFeedModule,
    build: (ctx: ModuleContext, needs: Parameters<typeof newsSource>[0]) =>
      intelFeedOver(ctx, [
        rowSource('intraday', 'signal', 'signal', s.intraday.feedItems),
        rowSource('options-flow', 'flow', 'flow', s.flow.feedItems),
        rowSource('recommendations', 'rec', 'alertOrSignal', s.recs.feedItems),
        newsSource(needs),
      ]),
  }
  return modules.map((m) => (m.key === 'intelFeed' ? intelFeed : m))
}

export const testSources = (): TestSources => ({
  intraday: new RowStore(),
  flow: new RowStore(),
  recs: new RowStore(),
})
