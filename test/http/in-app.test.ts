/**
 * The in-app inbox under /api/alerts/in-app: items from in_app deliveries, newest first, the unread
 * filter and count, page and page_size (validated), marking one read (another user's → 404) and all.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { assertProblem, json, type Body } from '../helpers/assertions.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
const t = useTestApp({ clock })
const BASE = '/api/alerts/in-app'

async function items(u: Client, n: number): Promise<number[]> {
  const ids: number[] = []
  for (let i = 1; i <= n; i++) {
    clock.advance(1000)
    const res = await u.post(
      '/api/notifications',
      { title: `N${i}`, body: 'b', channels: ['in_app'] },
      { 'idempotency-key': `ia-${u.userId}-${i}` },
    )
    ids.push(json(res).deliveries[0].detail.item_id as number)
  }
  return ids
}

describe('in-app inbox', () => {
  it('lists newest first with the unread count; page and page_size page through it', async () => {
    const u = await t.newTenant()
    const ids = await items(u, 30)
    const first = json(await u.get(`${BASE}?page_size=25`))
    assert.deepEqual(
      first.items.map((i: Body) => i.item_id),
      ids.slice().reverse().slice(0, 25),
    )
    assert.deepEqual([first.total, first.unread, first.page, first.page_size], [30, 30, 1, 25])
    assert.equal(first.items[0].title, 'N30')
    assert.equal(first.items[0].read, false)
    const second = json(await u.get(`${BASE}?page=2&page_size=25`))
    assert.deepEqual(
      second.items.map((i: Body) => i.item_id),
      ids.slice(0, 5).reverse(),
    )
    assert.deepEqual(
      json(await u.get(`${BASE}?limit=3`)).items.map((i: Body) => i.item_id),
      ids.slice(-3).reverse(),
    )
    for (const bad of ['page_size=10', 'page=0', 'limit=101', 'unread=maybe'])
      assertProblem(await u.get(`${BASE}?${bad}`), 422, 'validation.failed')
  })

  it('marks one read (the first time stays), filters unread, counts, and marks all read', async () => {
    const u = await t.newTenant()
    const ids = await items(u, 3)
    clock.advance(5000)
    const read = await u.post(`${BASE}/${ids[0]}/read`)
    assert.equal(read.statusCode, 200, read.body)
    assert.deepEqual([json(read).read, json(read).read_at], [true, clock.now().toISOString()])
    clock.advance(5000)
    assert.equal(json(await u.post(`${BASE}/${ids[0]}/read`)).read_at, json(read).read_at)
    const unread = json(await u.get(`${BASE}?unread=true`))
    assert.deepEqual(
      unread.items.map((i: Body) => i.item_id),
      [ids[2], ids[1]],
    )
    assert.deepEqual(json(await u.get(`${BASE}/unread-count`)), { unread: 2 })
    assert.deepEqual(json(await u.post(`${BASE}/read-all`)), { updated: 2 })
    assert.deepEqual(json(await u.get(`${BASE}/unread-count`)), { unread: 0 })
    assert.deepEqual(json(await u.post(`${BASE}/read-all`)), { updated: 0 })
  })

  it('keeps items personal: another user’s item → 404, and read-all leaves it alone', async () => {
    const u = await t.newTenant()
    const [id] = await items(u, 1)
    const colleague = await t.newUser(u.tenantId)
    assertProblem(await colleague.post(`${BASE}/${id}/read`), 404, 'alerts.in_app_item_not_found')
    assert.deepEqual(json(await colleague.post(`${BASE}/read-all`)), { updated: 0 })
    assert.deepEqual(json(await colleague.get(BASE)).items, [])
    assert.deepEqual(json(await u.get(`${BASE}/unread-count`)), { unread: 1 })
    assertProblem(await u.post(`${BASE}/0/read`), 422, 'validation.failed')
  })
})
