/**
 * The portfolio area's reads and the one rule for its writes: every query key starts with
 * 'portfolio', and after any change everything under 'portfolio' and 'analytics' (the dashboard's
 * figures) is refetched, since a holding, a trade or an activity moves them all.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api, data, type paths } from '../../api/client.ts'

export const fetchAccounts = (includeArchived: boolean) =>
  data(api.GET('/api/accounts', { params: { query: { include_archived: includeArchived, page_size: 100 } } }))
export type Account = Awaited<ReturnType<typeof fetchAccounts>>['items'][number]

export const accountsKey = (includeArchived: boolean) =>
  ['portfolio', 'accounts', { includeArchived }] as const

export const fetchPositions = (accountId: number, cursor?: string) =>
  data(
    api.GET('/api/brokers/manual/positions', {
      params: { query: { account_id: accountId, page_size: 100, ...(cursor ? { cursor } : {}) } },
    }),
  )
export type Position = Awaited<ReturnType<typeof fetchPositions>>['items'][number]

export const fetchTrades = (accountId: number, cursor?: string) =>
  data(
    api.GET('/api/brokers/manual/transactions', {
      params: { query: { account_id: accountId, page_size: 100, ...(cursor ? { cursor } : {}) } },
    }),
  )
export type Trade = Awaited<ReturnType<typeof fetchTrades>>['items'][number]

export type HoldingsQuery = NonNullable<paths['/api/holdings']['get']['parameters']['query']>
export const fetchHoldings = (query: HoldingsQuery) => data(api.GET('/api/holdings', { params: { query } }))
export type Holdings = Awaited<ReturnType<typeof fetchHoldings>>
export type Holding = Holdings['items'][number]

export type ActivitiesQuery = NonNullable<paths['/api/activities']['get']['parameters']['query']>
export const fetchActivities = (query: ActivitiesQuery) =>
  data(api.GET('/api/activities', { params: { query } }))
export type Activity = Awaited<ReturnType<typeof fetchActivities>>['items'][number]
export type ActivityType = Activity['type']

/** Refetches every portfolio and analytics figure; call after each successful write. */
export function refreshAll(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: ['portfolio'] }),
    client.invalidateQueries({ queryKey: ['analytics'] }),
  ]).then(() => undefined)
}

export function useRefreshAll(): () => Promise<void> {
  const client = useQueryClient()
  return () => refreshAll(client)
}

/**
 * A form's number as the API takes it: blank → left out (the API then names a required field, or
 * uses its default); anything else as a number, so the API's own rule (decimals, sign, range)
 * answers for it. Text that is not a number is NaN, which JSON sends as null and the API refuses
 * for that field, naming it. Required fields cast the result: the API, not the page, says "required".
 */
export function numberField(text: string): number | undefined {
  const t = text.trim()
  return t === '' ? undefined : Number(t)
}

/** A form's optional text: blank → left out. */
export function textField(text: string): string | undefined {
  const t = text.trim()
  return t === '' ? undefined : t
}
