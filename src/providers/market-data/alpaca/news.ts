/** Alpaca news (/v1beta1/news), newest first. */
import type { NewsItem, NewsQuery } from '../market-data.port.ts'
import { checkLimit, type AlpacaClient, type Query } from './client.ts'
import { MAX_NEWS_PER_PAGE, parseNewsItem, protocolError } from './wire.ts'

const DEFAULT_NEWS_LIMIT = 50
/** Pages scanned when filtering news by category client-side (Alpaca's archive goes back years). */
const NEWS_FILTER_PAGES = 10

export async function news(client: AlpacaClient, query: NewsQuery): Promise<NewsItem[]> {
  checkLimit(query.limit, 'news')
  const take = query.limit ?? DEFAULT_NEWS_LIMIT
  // Alpaca has no categories; ours are derived (company/general), so others can never match.
  const category = query.category
  if (take === 0 || (category !== undefined && category !== 'company' && category !== 'general')) return []
  const symbols = query.symbols?.map((s) => s.trim().toUpperCase()).filter((s) => s !== '')
  const q: Query = {
    symbols: symbols && symbols.length > 0 ? symbols.join(',') : undefined,
    start: query.since?.toISOString(),
    end: query.until?.toISOString(),
    sort: 'desc',
  }
  return client.paginate('/v1beta1/news', q, {
    perPage: MAX_NEWS_PER_PAGE,
    take,
    items: (body) => {
      const list = body['news']
      if (!Array.isArray(list)) throw protocolError('news is not a list')
      return list.map(parseNewsItem)
    },
    keep: (item) => category === undefined || item.category === category,
    softCap: category === undefined ? undefined : NEWS_FILTER_PAGES,
  })
}
