/**
 * The three states every read has besides its data: loading, failed (the API's problem shown) and
 * empty (with what to do about it). Pages render their data only once these are out of the way.
 */
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
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
  if (query.isError) return <ProblemAlert error={query.error} />
  if (isEmpty?.(query.data)) return <div className="empty">{empty ?? 'Nothing here yet.'}</div>
  return <>{children(query.data)}</>
}

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <p className="loading" role="status">
      {label}…
    </p>
  )
}
