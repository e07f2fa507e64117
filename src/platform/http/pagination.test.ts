import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Value } from 'typebox/value'
import { AppError } from './errors.ts'
import { encodeCursor, pageArray, PageQuery, resolvePage, toPage } from './pagination.ts'

const valid = (q: Record<string, unknown>) => Value.Check(PageQuery, q)

describe('pagination rule 6', () => {
  it('accepts page_size 25, 50, 100 and nothing else', () => {
    for (const s of [25, 50, 100]) assert.equal(valid({ page_size: s }), true)
    for (const s of [0, 1, 24, 30, 99, 101, 200, 25.5])
      assert.equal(valid({ page_size: s }), false, `page_size ${s}`)
  })

  it('page is a 1-based integer', () => {
    assert.equal(valid({ page: 1 }), true)
    assert.equal(valid({ page: 0 }), false)
    assert.equal(valid({ page: -1 }), false)
    assert.equal(valid({ page: 1.5 }), false)
  })

  it('legacy limit is an integer capped at 100', () => {
    assert.equal(valid({ limit: 1 }), true)
    assert.equal(valid({ limit: 100 }), true)
    assert.equal(valid({ limit: 101 }), false)
    assert.equal(valid({ limit: 0 }), false)
    assert.equal(valid({ limit: 2.5 }), false)
  })

  it('defaults to page 1 of the default size', () => {
    assert.deepEqual(resolvePage({}), { page: 1, pageSize: 25, offset: 0, after: null })
    assert.deepEqual(resolvePage({}, 50), { page: 1, pageSize: 50, offset: 0, after: null })
  })

  it('limit sets the size when page_size is absent', () => {
    assert.deepEqual(resolvePage({ limit: 10, page: 3 }), { page: 3, pageSize: 10, offset: 20, after: null })
  })

  it('page_size overrides limit', () => {
    assert.deepEqual(resolvePage({ limit: 10, page_size: 50, page: 2 }), {
      page: 2,
      pageSize: 50,
      offset: 50,
      after: null,
    })
  })

  it('a cursor gives the position and page number, and wins over page', () => {
    const cursor = encodeCursor(['2026-01-02T00:00:00.000Z', 42], 3, 25)
    assert.deepEqual(resolvePage({ cursor, page: 9 }), {
      page: 3,
      pageSize: 25,
      offset: 0,
      after: ['2026-01-02T00:00:00.000Z', 42],
    })
    assert.equal(resolvePage({ cursor, page_size: 100 }).pageSize, 100)
  })

  it('rejects a tampered or foreign cursor with a 422 on query.cursor', () => {
    const bad = [
      'not-base64-json',
      Buffer.from('{"v":2,"k":[1],"p":2,"s":25}').toString('base64url'),
      Buffer.from('{"v":1,"k":[],"p":2,"s":25}').toString('base64url'),
      Buffer.from('{"v":1,"k":[{}],"p":2,"s":25}').toString('base64url'),
      Buffer.from('{"v":1,"k":[1],"p":0,"s":25}').toString('base64url'),
      Buffer.from('{"v":1,"k":[1],"p":2,"s":101}').toString('base64url'),
      Buffer.from('[1,2]').toString('base64url'),
    ]
    for (const cursor of bad) {
      assert.throws(
        () => resolvePage({ cursor }),
        (e: unknown) =>
          e instanceof AppError && e.status === 422 && e.errors?.[0]?.loc.join('.') === 'query.cursor',
        cursor,
      )
    }
  })

  it('toPage serves pageSize rows and a cursor only when more exist', () => {
    const req = resolvePage({ limit: 2 })
    const rows = [{ id: 9 }, { id: 8 }, { id: 7 }]
    const first = toPage(rows, req, (r) => [r.id])
    assert.deepEqual(first.items, [{ id: 9 }, { id: 8 }])
    assert.equal(first.page, 1)
    assert.equal(first.page_size, 2)
    assert.deepEqual(resolvePage({ cursor: first.next_cursor! }).after, [8])
    const last = toPage([{ id: 7 }], resolvePage({ cursor: first.next_cursor! }), (r) => [r.id])
    assert.equal(last.next_cursor, null)
    assert.equal(last.page, 2)
  })

  it('pageArray walks a list to the end with cursors, no item twice or lost', () => {
    const all = Array.from({ length: 60 }, (_, i) => i * 10)
    const seen: number[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const page = pageArray(all, resolvePage(cursor ? { cursor } : { page_size: 25 }))
      seen.push(...page.items)
      assert.equal(page.total, 60)
      cursor = page.next_cursor ?? undefined
      pages++
    } while (cursor)
    assert.equal(pages, 3)
    assert.deepEqual(seen, all)
    assert.deepEqual(pageArray(all, resolvePage({ page: 3, page_size: 25 })).items, all.slice(50))
  })
})
