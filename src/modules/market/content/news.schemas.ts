/** Request and response schemas of the news endpoints. */
import { Type, type Static } from 'typebox'
import { Page, PageQuery } from '../../../platform/http/pagination.ts'

export const SYMBOL = '[A-Za-z0-9.\\-^]{1,16}'
export const SymbolList = Type.String({
  pattern: `^${SYMBOL}(,${SYMBOL}){0,49}$`,
  description: 'Comma-separated tickers (at most 50)',
})

export const NEWS_CATEGORIES = ['general', 'forex', 'crypto', 'merger'] as const

export const FeedQuery = Type.Object({ ...PageQuery.properties, symbols: Type.Optional(SymbolList) })
export const MarketQuery = Type.Object({
  ...PageQuery.properties,
  category: Type.Optional(Type.Enum([...NEWS_CATEGORIES], { description: 'Default: every category' })),
})
export const TickerParams = Type.Object({ symbol: Type.String({ pattern: `^${SYMBOL}$` }) })
export const TickerQuery = Type.Object({
  ...PageQuery.properties,
  since: Type.Optional(
    Type.String({ format: 'date-time', description: 'ISO 8601; only news published strictly later' }),
  ),
})

export const NewsItemSchema = Type.Object({
  id: Type.String(),
  symbols: Type.Array(Type.String(), { description: 'Empty for general market news' }),
  headline: Type.String(),
  summary: Type.String(),
  source: Type.String(),
  url: Type.String(),
  category: Type.String(),
  published_at: Type.String({ format: 'date-time' }),
})
export const NewsPage = Page(NewsItemSchema)

export type FeedQueryInput = Static<typeof FeedQuery>
export type MarketQueryInput = Static<typeof MarketQuery>
export type TickerQueryInput = Static<typeof TickerQuery>
