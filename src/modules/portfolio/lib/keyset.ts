/** Portfolio lists' keyset paging, as the repositories take it. */
import type { PageRequest } from '../../../platform/http/pagination.ts'

/** A page to read: the request, and its keyset position already checked against the list's key. */
export interface Keyset<K> {
  page: PageRequest
  after: K | null
}
