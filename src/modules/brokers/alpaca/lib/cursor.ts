/**
 * Our `next_cursor` over a vendor's page token: opaque, and tied to the filters of the listing it
 * came from (a cursor replayed with other filters would page a different list), so a mismatch
 * answers 422 like any unusable cursor.
 */
import { createHash } from 'node:crypto'
import { badCursor } from '../../../../platform/http/pagination.ts'

const fingerprint = (filters: Record<string, string>) =>
  createHash('sha256').update(JSON.stringify(filters)).digest('base64url').slice(0, 12)

export function encodeCursor(vendorToken: string, filters: Record<string, string>): string {
  return Buffer.from(JSON.stringify({ v: 1, t: vendorToken, f: fingerprint(filters) })).toString('base64url')
}

export function decodeCursor(cursor: string, filters: Record<string, string>): string {
  let body: { v?: unknown; t?: unknown; f?: unknown }
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as typeof body
  } catch {
    throw badCursor()
  }
  if (body.v !== 1 || typeof body.t !== 'string' || body.f !== fingerprint(filters)) throw badCursor()
  return body.t
}
