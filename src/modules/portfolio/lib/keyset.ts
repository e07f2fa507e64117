/** Portfolio lists' keyset paging, as the repositories take it. */
import {
  afterKey,
  resolvePage,
  type CursorKey,
  type KeyPart,
  type PageQueryInput,
  type PageRequest,
} from '../../../platform/http/pagination.ts'

/** A page to read: the request, and its keyset position already checked against the list's key. */
export interface Keyset<K> {
  page: PageRequest
  after: K | null
}

/** The keyset of a list request: its page, and the cursor's position checked against the key's `shape`. */
export function keysetOf<K extends CursorKey>(q: PageQueryInput, shape: readonly KeyPart[]): Keyset<K> {
  const page = resolvePage(q)
  return { page, after: afterKey<K>(page, shape) }
}
