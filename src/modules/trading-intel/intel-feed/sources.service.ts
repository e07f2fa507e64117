/**
 * Where the feed's items come from. A source is a name, the tags it can produce and a read of one
 * tenant's newest items; the merge asks every source and orders what they answer.
 *
 * Modules that store signals (intraday, options-flow, later recommendations) export `feedItems`
 * returning `FeedRow`s (the contract agreed between them): `rowSource` turns one into a source with
 * its id prefix and tag rule. News is shared market data, chosen per tenant (see `newsSource`).
 */
import type { FeedRow } from '../../../platform/feed-row.ts'
import type { NewsItem } from '../../../providers/market-data/index.ts'
import type { Content } from '../../market/content/index.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import { alertOrSignal, oneLine, type FeedItem, type Tag } from './lib/feed-order.ts'

export type { FeedRow }

/** What a source is asked: the tenant's rows created at or after `since`, newest first, at most `limit`. */
export interface SourceQuery {
  since: Date
  limit: number
  symbol?: string
}

/** A source module's `feedItems`: newest first (created_at desc, id desc), that tenant's rows only. */
export type FeedRows = (tenantId: number, q: SourceQuery) => Promise<FeedRow[]>

export interface FeedSource {
  /** Named in `degraded` when it fails. */
  name: string
  /** Every tag its items can carry: a tag filter skips sources that cannot produce it. */
  tags: readonly Tag[]
  items(tenantId: number, q: SourceQuery): Promise<FeedItem[]>
}

/** Tag rules: a fixed tag, or the recommendations' confidence rule (ALERT ≥ 0.80, else SIGNAL). */
export const TAG_RULES = {
  signal: { tags: ['SIGNAL'], tag: () => 'SIGNAL' },
  flow: { tags: ['FLOW'], tag: () => 'FLOW' },
  alertOrSignal: { tags: ['ALERT', 'SIGNAL'], tag: alertOrSignal },
} as const satisfies Record<string, { tags: readonly Tag[]; tag: (confidence: number | null) => Tag }>

/** A source over a module's `feedItems`: ids become `<prefix>:<row id>`, tags follow `rule`. */
export function rowSource(
  name: string,
  prefix: string,
  rule: keyof typeof TAG_RULES,
  rows: FeedRows,
): FeedSource {
  const { tags, tag } = TAG_RULES[rule]
  return {
    name,
    tags,
    async items(tenantId, q) {
      return (await rows(tenantId, q)).map((r) => ({
        id: `${prefix}:${r.id}`,
        tag: tag(r.confidence),
        symbol: r.symbol,
        text: oneLine(r.text),
        confidence: r.confidence,
        source: r.source,
        created_at: r.created_at,
      }))
    },
  }
}

/** Ticker news of this many of the tenant's largest holdings (by |market value|) joins the feed. */
export const NEWS_HOLDINGS = 20
/** News is read through the content module, whose pages hold at most 100 items. */
const NEWS_PAGE_MAX = 100
const MINUTE_MS = 60_000

/**
 * News (NEWS): shared, not the tenant's data. Without a symbol filter, ticker news of the tenant's
 * NEWS_HOLDINGS largest holdings merged with general market news; with one, that ticker's news.
 * An item's symbol is the first of its tickers the tenant holds (else its first ticker; null for
 * general news). Read through the content module (cached 60 s, de-duplicated by vendor id).
 */
export function newsSource({ content, portfolio }: { content: Content; portfolio: Portfolio }): FeedSource {
  return {
    name: 'news',
    tags: ['NEWS'],
    async items(tenantId, q) {
      const limit = Math.min(q.limit, NEWS_PAGE_MAX)
      if (q.symbol) {
        // From the minute before `since` (so the content cache key holds for a minute of stream polls).
        const from = Math.floor(q.since.getTime() / MINUTE_MS) * MINUTE_MS - 1
        const page = await content.news.ticker(q.symbol, new Date(from).toISOString(), { limit })
        return page.items
          .map((n) => newsItem(n, [q.symbol!.toUpperCase()]))
          .filter((i) => i.created_at >= q.since)
      }
      const held = (await portfolio.holdings.latest(tenantId, { limit: NEWS_HOLDINGS })).map((h) => h.symbol)
      const page = await content.news.feed(held, { limit })
      // The content feed has no lower bound; older items are not the caller's window.
      return page.items.map((n) => newsItem(n, held)).filter((i) => i.created_at >= q.since)
    },
  }
}

function newsItem(n: NewsItem, held: string[]): FeedItem {
  const symbol = n.symbols.find((s) => held.includes(s)) ?? n.symbols[0] ?? null
  return {
    id: `news:${n.id}`,
    tag: 'NEWS',
    symbol,
    text: oneLine(`${n.headline} (${n.source})`),
    confidence: null,
    source: 'news',
    created_at: new Date(n.published_at),
  }
}
