/** Free replay of sessions this installation never published: rebuilt from history. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import type { Bar } from '../../src/providers/market-data/index.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'

// Friday 2026-11-20, 11:00 New York (EST): today's delayed window ends at 10:45.
const NOW = '2026-11-20T16:00:00.000Z'
const freshClock = fixedClock(NOW)
// A second installation whose job did run, to compare with what it published.
const publisherClock = fixedClock('2026-11-19T21:15:00.000Z') // Thursday 16:15 ET

let fresh: TestApp
let publisher: TestApp
let user: Client
let publisherUser: Client
before(async () => {
  fresh = await buildTestApp({ clock: freshClock })
  publisher = await buildTestApp({ clock: publisherClock })
  user = await fresh.newTenant()
  publisherUser = await publisher.newTenant()
})
after(async () => {
  await fresh.close()
  await publisher.close()
})

const items = async (client: Client, query: string): Promise<Bar[]> => {
  const r = await client.get(`/api/free/replay/${query}`)
  assert.equal(r.statusCode, 200, r.body)
  return (JSON.parse(r.body) as { items: Bar[] }).items
}

describe('free replay without a publication', () => {
  it('a fresh installation replays a past session with the bars the publish job published', async () => {
    const admin = await publisher.newTenant({ role: 'admin' })
    assert.equal((await admin.post('/api/free/publish')).statusCode, 200)
    const published = await items(publisherUser, 'AAPL?date=2026-11-19&limit=1000')
    assert.equal(published.length, 390, '09:30–15:59 ET')

    const rebuilt = await items(user, 'AAPL?date=2026-11-19&limit=1000')
    assert.deepEqual(rebuilt, published)
    const stored = await fresh.c.scopes.withGlobal((db) =>
      db.selectFrom('free_bar').select('symbol').execute(),
    )
    assert.equal(stored.length, 0, 'a replay reads; it publishes nothing')
    // 5-minute bars aggregate the same minutes.
    const five = await items(user, 'AAPL?date=2026-11-19&interval=5m')
    assert.equal(five.length, 78)
    assert.equal(
      five[0]!.volume,
      published.slice(0, 5).reduce((s, b) => s + b.volume, 0),
    )
  })

  it('replays any past session of the free universe, early closes included', async () => {
    const blackFriday = await items(user, 'SPY?date=2025-11-28&limit=1000')
    assert.equal(blackFriday.length, 210, '09:30–12:59 ET')
    assert.equal(blackFriday.at(-1)!.time, '2025-11-28T17:59:00.000Z')
    assert.equal((await items(user, 'QQQ?date=2024-03-01&limit=1000')).length, 390)
  })

  it('answers 422 free_feed.no_session on a day without a session, naming the nearest ones', async () => {
    const refused = async (date: string) => {
      const r = await user.get(`/api/free/replay/SPY?date=${date}`)
      assert.equal(r.statusCode, 422, `${date}: ${r.body}`)
      const p = JSON.parse(r.body) as Record<string, unknown>
      assert.equal(p['code'], 'free_feed.no_session')
      assert.deepEqual(p['errors'], [
        { loc: ['query', 'date'], msg: (p['errors'] as { msg: string }[])[0]!.msg, type: 'no_session' },
      ])
      return p as { detail: string; previous_session: string | null; next_session: string | null }
    }
    const saturday = await refused('2026-11-14')
    assert.match(
      saturday.detail,
      /2026-11-14: a Saturday; the previous session is 2026-11-13; the next is 2026-11-16/,
    )
    assert.deepEqual([saturday.previous_session, saturday.next_session], ['2026-11-13', '2026-11-16'])
    const christmas = await refused('2023-12-25')
    assert.match(christmas.detail, /an NYSE holiday \(Christmas Day\)/)
    assert.deepEqual([christmas.previous_session, christmas.next_session], ['2023-12-22', '2023-12-26'])
    // Tomorrow (Saturday) and Thanksgiving are after today: the latest replayable session is today's.
    for (const date of ['2026-11-21', '2026-11-26', '2026-11-27', '2030-01-02']) {
      const p = await refused(date)
      assert.deepEqual([p.previous_session, p.next_session], ['2026-11-20', null], date)
    }
    assert.match((await refused('2030-01-02')).detail, /not traded yet/)
    const old = await refused('1985-09-27')
    assert.match(old.detail, /calendar covers 1990–2100/)
    assert.deepEqual([old.previous_session, old.next_session], [null, null])
  })

  it('answers 404 outside the universe, naming the universe spelling of a share class', async () => {
    const r = await user.get('/api/free/replay/NOPE?date=2026-11-19')
    assert.equal(r.statusCode, 404)
    assert.equal(JSON.parse(r.body).suggestion, undefined)
  })

  it('gives today only the minutes ended 15 minutes ago, as publishing does', async () => {
    const today = await items(user, 'MSFT?date=2026-11-20&limit=1000')
    assert.equal(today.length, 75, '09:30–10:44 ET')
    assert.equal(today.at(-1)!.time, '2026-11-20T15:44:00.000Z')
    freshClock.set('2026-11-20T16:01:00.000Z')
    try {
      assert.equal((await items(user, 'MSFT?date=2026-11-20&limit=1000')).length, 76)
    } finally {
      freshClock.set(NOW)
    }
  })
})
