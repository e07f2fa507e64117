/**
 * Keyset pages over an in-memory list already sorted by its key: a cursor names the last item
 * served, and the next page starts at the first item strictly after it, so items that arrive in
 * between never shift or repeat the walk (an offset would).
 */
import {
  toPage,
  type CursorKey,
  type PageRequest,
  type PageResult,
} from '../../../../platform/http/pagination.ts'

/** `isAfter(item)`: the item sorts strictly after the cursor's position (called only with one). */
export function keysetPage<T>(
  sorted: T[],
  req: PageRequest,
  keyOf: (item: T) => CursorKey,
  isAfter: (item: T) => boolean,
): PageResult<T> {
  const start = req.after ? firstIndex(sorted, isAfter) : req.offset
  const rows = sorted.slice(start, start + req.pageSize + 1)
  return toPage(rows, req, keyOf)
}

function firstIndex<T>(sorted: T[], isAfter: (item: T) => boolean): number {
  const i = sorted.findIndex(isAfter)
  return i < 0 ? sorted.length : i
}
