/**
 * The watchlist area's reads and writes (GET/POST/PATCH/DELETE under /api/watchlists). Types come
 * from the generated client.
 */
import { api, data } from '../../api/client.ts'

export const WATCHLISTS = ['watchlists'] as const
export const itemsKey = (list: string) => ['watchlists', 'items', list] as const
export const ANALYTICS = ['watchlists', 'analytics'] as const

export const fetchLists = () => data(api.GET('/api/watchlists'))
export const fetchItems = (list_name: string) =>
  data(api.GET('/api/watchlists/items', { params: { query: { list_name } } }))
export const fetchAnalytics = () => data(api.GET('/api/watchlists/analytics'))
export const fetchSuggestions = (q: string) =>
  data(api.GET('/api/watchlists/autocomplete', { params: { query: { q, limit: 8 } } }))
export const addSymbol = (symbol: string, list_name: string) =>
  data(api.POST('/api/watchlists/items', { body: { symbol, list_name } }))
export const removeSymbol = (symbol: string, list_name: string) =>
  data(api.DELETE('/api/watchlists/items/{symbol}', { params: { path: { symbol }, query: { list_name } } }))
export const reorder = (list_name: string, symbols: string[]) =>
  data(api.PATCH('/api/watchlists/items/reorder', { body: { list_name, symbols } }))

export type Lists = Awaited<ReturnType<typeof fetchLists>>
export type Items = Awaited<ReturnType<typeof fetchItems>>
export type Item = Items['items'][number]
export type Analytics = Awaited<ReturnType<typeof fetchAnalytics>>
export type ListFigures = Analytics['lists'][number]
export type Suggestion = Awaited<ReturnType<typeof fetchSuggestions>>['items'][number]

/** The page address of a list. */
export const listPath = (name: string) => `/watchlists/${encodeURIComponent(name)}`

/** `symbols` with the one at `from` moved to `to`. */
export function moved<T>(symbols: readonly T[], from: number, to: number): T[] {
  const out = [...symbols]
  const [s] = out.splice(from, 1)
  if (s !== undefined) out.splice(to, 0, s)
  return out
}
