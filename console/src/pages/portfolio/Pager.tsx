/**
 * Cursor paging for a list: the cursors of the pages walked so far, so "Previous" goes back and
 * "Next" follows the API's next_cursor. A list whose filters change starts again at page one.
 */
import { useState } from 'react'
import { PagerNav } from '../../ui/Pager.tsx'

export interface Cursor {
  current: string | undefined
  page: number
  next(cursor: string): void
  previous(): void
  reset(): void
}

export function useCursor(): Cursor {
  const [stack, setStack] = useState<string[]>([])
  return {
    current: stack.at(-1),
    page: stack.length + 1,
    next: (c) => setStack([...stack, c]),
    previous: () => setStack(stack.slice(0, -1)),
    reset: () => setStack([]),
  }
}

/** Previous · Page n · Next over a cursor list; Next waits while the page it follows still loads. */
export function Pager({ cursor, next, loading }: { cursor: Cursor; next: string | null; loading: boolean }) {
  if (cursor.page === 1 && !next) return null
  return (
    <PagerNav
      label="Pages"
      previous={{ unavailable: cursor.page === 1, onPress: () => cursor.previous() }}
      next={{ unavailable: !next || loading, onPress: () => next && cursor.next(next) }}
    >
      Page {cursor.page}
    </PagerNav>
  )
}
