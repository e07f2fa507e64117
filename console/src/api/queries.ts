/** Reads more than one area of the console shows, under one query key each (one cache entry). */
import { api, data } from './client.ts'

export const ENTITLEMENTS = ['auth', 'entitlements'] as const
export const fetchEntitlements = () => data(api.GET('/api/auth/me/entitlements'))
