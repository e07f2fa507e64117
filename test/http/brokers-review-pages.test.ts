/**
 * The brokers module's review (issue 12), its lists: the sync log paged like every list (§4 rule 6),
 * vendor list limits capped at 100 (§8), broker B's transaction lists paged over stably ordered rows.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertFieldError, json, type Body } from '../helpers/assertions.ts'
import { connectB } from '../helpers/brokerb.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'

const t = useTestApp()

async function connected(): Promise<Client> {
  const u = await t.newTenant()
  await connectB(t, u)
  return u
}

describe('the sync log pages like every list', () => {
  it('refuses a page_size outside 25, 50, 100 and answers page, page_size, next_cursor', async () => {
    const u = await connected()
    assertFieldError(await u.get('/api/brokers/sync-log?page_size=7'), ['query', 'page_size'])
    assertFieldError(await u.get('/api/brokers/sync-log?limit=101'), ['query', 'limit'])
    assert.equal((await u.get('/api/brokerb/positions')).statusCode, 200)
    const all = json(await u.get('/api/brokers/sync-log?page_size=25'))
    assert.equal(all.page, 1)
    assert.equal(all.page_size, 25)
    assert.equal(all.next_cursor, null)
    assert.ok(all.items.length >= 2, JSON.stringify(all))
    const first = json(await u.get('/api/brokers/sync-log?limit=1'))
    assert.deepEqual(first.items, all.items.slice(0, 1))
    assert.equal(typeof first.next_cursor, 'string')
    const second = json(await u.get(`/api/brokers/sync-log?limit=1&cursor=${first.next_cursor}`))
    assert.equal(second.page, 2)
    assert.deepEqual(second.items, all.items.slice(1, 2))
    assert.deepEqual(json(await u.get('/api/brokers/sync-log?limit=1&page=2')).items, second.items)
    assertFieldError(await u.get('/api/brokers/sync-log?cursor=bm9wZQ'), ['query', 'cursor'])
  })
})

describe('vendor list limits are at most 100 (§8)', () => {
  it('broker A orders and broker B account activity refuse limit 101', async () => {
    const u = await t.newTenant()
    assertFieldError(await u.get('/api/brokera/orders?limit=101'), ['query', 'limit'])
    assertFieldError(await u.get('/api/brokerb/account-activity?limit=101'), ['query', 'limit'])
    const doc = json(await t.anon.get('/openapi.json'))
    const param = (path: string) =>
      (doc.paths[path].get.parameters as Body[]).find((p) => p.name === 'limit')!.schema.maximum
    assert.equal(param('/api/brokera/orders'), 100)
    assert.equal(param('/api/brokerb/account-activity'), 100)
  })
})
