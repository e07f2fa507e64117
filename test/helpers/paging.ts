/** Following a paged list through its next_cursor to the end. */
import assert from 'node:assert/strict'
import { json, type Body } from './assertions.ts'
import type { Client } from './test-app.ts'

/** Every page of `url` (which has no cursor): the pages' bodies, in order. */
export async function allPages(u: Client, url: string, max = 100): Promise<Body[]> {
  const pages: Body[] = []
  let cursor: string | null = null
  do {
    const res = await u.get(cursor === null ? url : `${url}${url.includes('?') ? '&' : '?'}cursor=${cursor}`)
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res)
    pages.push(body)
    cursor = body.next_cursor as string | null
  } while (cursor !== null && pages.length < max)
  return pages
}

/** Every item of a paged list. */
export const allItems = async (u: Client, url: string) =>
  (await allPages(u, url)).flatMap((p) => p.items as Body[])
