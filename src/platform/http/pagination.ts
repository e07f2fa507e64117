/**
 * Pagination (docs/api-behaviour.md#pagination), in one place:
 * - `page_size` must be one of 25, 50, 100 (else 422);
 * - `page` is a 1-based integer;
 * - legacy `limit` is an integer capped at 100 (else 422);
 * - when `page_size` is given it overrides `limit`;
 * - `cursor` is opaque, taken from the previous page's `next_cursor`; it wins over `page`.
 * Cursors carry the last row's sort key (keyset pagination, stable under inserts) and the page
 * number they lead to; they are validated on the way in (a tampered cursor is a 422, never a 500).
 */
import { Type, type Static, type TSchema } from 'typebox'
import { UnprocessableError } from './errors.ts'

export const PAGE_SIZES = [25, 50, 100] as const
export const MAX_LIMIT = 100

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: '1-based page number' })),
  page_size: Type.Optional(
    Type.Integer({ enum: [...PAGE_SIZES], description: 'Items per page: 25, 50 or 100; overrides limit' }),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_LIMIT, description: 'Legacy page size, at most 100' }),
  ),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 512,
      pattern: '^[A-Za-z0-9_-]+$',
      description: "Opaque; the previous page's next_cursor",
    }),
  ),
})
export type PageQueryInput = Static<typeof PageQuery>

/** Sort key values of the last row served: numbers, strings (ISO timestamps), or null. */
export type CursorKey = (string | number | null)[]

export interface PageRequest {
  page: number
  pageSize: number
  /** Rows to skip: 0 when a cursor gives the position. */
  offset: number
  /** Keyset position from the cursor: fetch rows strictly after it. */
  after: CursorKey | null
}

interface CursorBody {
  v: 1
  k: CursorKey
  p: number
  s: number
}

export function encodeCursor(key: CursorKey, nextPage: number, pageSize: number): string {
  const body: CursorBody = { v: 1, k: key, p: nextPage, s: pageSize }
  return Buffer.from(JSON.stringify(body)).toString('base64url')
}

/** The 422 for a cursor this list cannot use: tampered, expired, or another list's. */
export const badCursor = () =>
  UnprocessableError.field(['query', 'cursor'], 'invalid or expired cursor', 'cursor')

function decodeCursor(cursor: string): CursorBody {
  let body: unknown
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw badCursor()
  }
  if (typeof body !== 'object' || body === null) throw badCursor()
  const c = body as Partial<CursorBody>
  const keyOk =
    Array.isArray(c.k) &&
    c.k.length > 0 &&
    c.k.length <= 4 &&
    c.k.every((x) => x === null || typeof x === 'number' || (typeof x === 'string' && x.length <= 200))
  if (
    c.v !== 1 ||
    !keyOk ||
    !Number.isInteger(c.p) ||
    (c.p ?? 0) < 1 ||
    !Number.isInteger(c.s) ||
    (c.s ?? 0) < 1 ||
    (c.s ?? 0) > MAX_LIMIT
  ) {
    throw badCursor()
  }
  return c as CursorBody
}

/** Resolves the query into a page request. `defaultSize` applies when neither page_size nor limit is given. */
export function resolvePage(q: PageQueryInput, defaultSize = 25): PageRequest {
  const explicitSize = q.page_size ?? q.limit
  if (q.cursor) {
    const c = decodeCursor(q.cursor)
    return { page: c.p, pageSize: explicitSize ?? c.s, offset: 0, after: c.k }
  }
  const pageSize = explicitSize ?? defaultSize
  const page = q.page ?? 1
  return { page, pageSize, offset: (page - 1) * pageSize, after: null }
}

/** The one list shape: items, the cursor to the next page (null on the last), page, page_size. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'null on the last page' }),
    page: Type.Integer({ minimum: 1 }),
    page_size: Type.Integer(),
    total: Type.Optional(
      Type.Integer({ minimum: 0, description: 'All matching items, where cheap to count' }),
    ),
  })

export interface PageResult<T> {
  items: T[]
  next_cursor: string | null
  page: number
  page_size: number
  total?: number
}

/**
 * Builds the page from rows fetched with `limit pageSize + 1` (the extra row only says whether a
 * next page exists). `keyOf` returns the row's sort key, the same columns the query orders by.
 */
export function toPage<R, T = R>(
  rows: R[],
  req: PageRequest,
  keyOf: (row: R) => CursorKey,
  map: (row: R) => T = (r) => r as unknown as T,
  total?: number,
): PageResult<T> {
  const hasMore = rows.length > req.pageSize
  const served = hasMore ? rows.slice(0, req.pageSize) : rows
  const last = served[served.length - 1]
  const next_cursor =
    hasMore && last !== undefined ? encodeCursor(keyOf(last), req.page + 1, req.pageSize) : null
  return {
    items: served.map(map),
    next_cursor,
    page: req.page,
    page_size: req.pageSize,
    ...(total === undefined ? {} : { total }),
  }
}

/** Pages an in-memory, already sorted list the same way; the cursor key is the last index served. */
export function pageArray<T>(all: T[], req: PageRequest): PageResult<T> {
  const after = req.after?.[0]
  const start = typeof after === 'number' ? after + 1 : req.offset
  const rows = all.slice(start, start + req.pageSize + 1).map((item, i) => ({ item, i: start + i }))
  return toPage(
    rows,
    req,
    (r) => [r.i],
    (r) => r.item,
    all.length,
  )
}

/** What each position of a cursor key must hold before it reaches SQL: `?` allows null. */
export type KeyPart = 'int' | 'text' | 'date' | 'date?' | 'time?'

const KEY_CHECKS: Record<KeyPart, (x: unknown) => boolean> = {
  int: (x) => Number.isSafeInteger(x),
  text: (x) => typeof x === 'string',
  date: (x) => typeof x === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(x),
  'date?': (x) => x === null || KEY_CHECKS.date(x),
  'time?': (x) =>
    x === null ||
    (typeof x === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(x) && !Number.isNaN(Date.parse(x))),
}

/**
 * The request's keyset position, checked against the list's key shape (a cursor of another list
 * or a tampered one is a 422 on `cursor`, never a database error); null without a cursor.
 */
export function afterKey<T extends CursorKey>(req: PageRequest, shape: readonly KeyPart[]): T | null {
  const k = req.after
  if (!k) return null
  if (k.length !== shape.length || !shape.every((part, i) => KEY_CHECKS[part](k[i]))) {
    throw badCursor()
  }
  return k as T
}
