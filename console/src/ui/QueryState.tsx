/**
 * The three states every read has besides its data: loading, failed (the API's problem shown) and
 * empty (with what to do about it). Pages render their data only once these are out of the way.
 *
 * A read that already has data and fails to refresh (a poll, a refetch on focus or after a change)
 * keeps that data on screen with a short notice of how old it is: an error panel in its place would
 * hide what the user was reading over what may be a passing network fault. Only a first load that
 * fails shows the problem instead of the data.
 */
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { clockTime } from './format.ts'
import { ProblemAlert } from './ProblemAlert.tsx'

interface Props<T> {
  query: UseQueryResult<T>
  /** True when the loaded data has nothing to show. */
  isEmpty?: (data: T) => boolean
  empty?: ReactNode
  children: (data: T) => ReactNode
  label?: string
}

export function QueryState<T>({ query, isEmpty, empty, children, label = 'Loading' }: Props<T>) {
  if (query.isPending) return <Loading label={label} />
  if (query.isLoadingError) return <ProblemAlert error={query.error} />
  const data = query.data
  return (
    <>
      {query.isRefetchError && <StaleNotice updatedAt={query.dataUpdatedAt} />}
      {isEmpty?.(data) ? <div className="empty">{empty ?? 'Nothing here yet.'}</div> : children(data)}
    </>
  )
}

/** Said politely (role=status), not as an alert: the data below is still usable. */
export function StaleNotice({ updatedAt }: { updatedAt: number }) {
  return (
    <p className="stale-notice muted" role="status" data-stale-since={new Date(updatedAt).toISOString()}>
      Could not refresh — showing data from {clockTime(updatedAt)}
    </p>
  )
}

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <p className="loading" role="status">
      {label}…
    </p>
  )
}
