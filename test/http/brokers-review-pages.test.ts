/**
 * The brokers module's review, its lists: the sync log paged like every list,
 * vendor list limits capped at 100, Schwab's transaction lists paged over stably ordered rows.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertFieldError, json, type Body } from '../helpers/assertions.ts'
import { connectedSchwab } from '../helpers/schwab.ts'
import { allItems } from '../helpers/paging.ts'
import { useTestApp } from '../helpers/test-app.ts'

const t = useTestApp()

const connected = () => connectedSchwab(t)

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

describe('vendor list limits are at most 100', () => {
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

describe('broker B’s transaction lists are paged over stably ordered rows', () => {
  it('transactions-auto: pages of page_size, cursor to the end, all rows once, count the whole year', async () => {
    const u = await connected()
    const year = String(new Date().getUTCFullYear())
    const url = `/api/brokerb/transactions-auto?year=${year}&page_size=25`
    const first = json(await u.get(url))
    assert.equal(first.page, 1)
    assert.equal(first.page_size, 25)
    assert.ok(first.count > 25, `more than a page: ${first.count}`)
    assert.equal(first.items.length, 25)
    const rows = await allItems(u, url)
    assert.equal(rows.length, first.count)
    const keys = rows.map((r) => `${r.hashValue}:${r.activityId}:${r.item_index}`)
    assert.equal(new Set(keys).size, keys.length, 'no row twice')
    const times = rows.map((r) => r.time ?? '~')
    assert.deepEqual(times, [...times].sort())
    const page2 = json(await u.get(`${url}&page=2`))
    assert.deepEqual(page2.items, rows.slice(25, 50))
    assert.equal(json(await u.get(`/api/brokerb/transactions-auto?year=${year}`)).page_size, 100)
    assertFieldError(await u.get(`${url.replace('25', '7')}`), ['query', 'page_size'])
  })

  it('transactions (broker B and unified) page too', async () => {
    const u = await connected()
    const year = String(new Date().getUTCFullYear())
    const hash = json(await u.get('/api/brokerb/accounts')).items[0].hashValue
    for (const base of ['/api/brokerb/transactions', '/api/brokers/brokerb/transactions']) {
      const url = `${base}?account_hash=${hash}&year=${year}&page_size=25`
      const first = json(await u.get(url))
      assert.equal(first.page_size, 25)
      assert.equal(typeof first.page, 'number')
      assert.ok('next_cursor' in first)
      const all = await allItems(u, url)
      assert.equal(new Set(all.map((i) => i.id ?? i.activityId)).size, all.length)
    }
  })
})
