/**
 * Cursor paging for a list: the cursors of the pages walked so far, so "Previous" goes back and
 * "Next" follows the API's next_cursor. A list whose filters change starts again at page one.
 */
import { useState } from 'react'

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

export function Pager({ cursor, next }: { cursor: Cursor; next: string | null }) {
  if (cursor.page === 1 && !next) return null
  return (
    <nav className="pager" aria-label="Pages">
      <button
        type="button"
        className="secondary"
        disabled={cursor.page === 1}
        onClick={() => cursor.previous()}
      >
        Previous
      </button>
      <span>Page {cursor.page}</span>
      <button type="button" className="secondary" disabled={!next} onClick={() => next && cursor.next(next)}>
        Next
      </button>
    </nav>
  )
}
