/** The inbox's reads and writes: the caller's in-app items under /api/alerts/in-app. */
import { api, data } from '../../api/client.ts'

/** One of the page sizes the API offers (25, 50, 100). */
export const PAGE_SIZE = 25
export const itemsKey = (unread: boolean, page: number) => ['inbox', 'items', { unread, page }] as const

export const fetchItems = (unread: boolean, page: number) =>
  data(
    api.GET('/api/alerts/in-app', {
      params: { query: { ...(unread ? { unread: true } : {}), page, page_size: PAGE_SIZE } },
    }),
  )
export const markRead = (item_id: number) =>
  data(api.POST('/api/alerts/in-app/{item_id}/read', { params: { path: { item_id } } }))
export const markAllRead = () => data(api.POST('/api/alerts/in-app/read-all'))

export type Items = Awaited<ReturnType<typeof fetchItems>>
export type Item = Items['items'][number]
