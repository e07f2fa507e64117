/** Reads more than one area of the console shows, under one query key each (one cache entry). */
import { api, data } from './client.ts'

export const ENTITLEMENTS = ['auth', 'entitlements'] as const
export const fetchEntitlements = () => data(api.GET('/api/auth/me/entitlements'))

/** The caller's unread in-app items: the header's badge and the inbox share this entry. */
export const UNREAD = ['inbox', 'unread-count'] as const
export const fetchUnread = () => data(api.GET('/api/alerts/in-app/unread-count'))

/** The caller's suppressions: notification settings list them, the alerts' trace names them. */
export const SUPPRESSIONS = ['notifications', 'suppressions'] as const
export const fetchSuppressions = () =>
  data(api.GET('/api/notifications/suppressions', { params: { query: { limit: 200 } } }))
export type Suppression = Awaited<ReturnType<typeof fetchSuppressions>>['items'][number]
