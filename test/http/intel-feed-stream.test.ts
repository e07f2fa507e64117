/**
 * GET /api/trading-intel/intel-feed/stream over a real port: a real EventSource client gets the
 * items in order with their ids and resumes after a server-ended connection with Last-Event-ID,
 * without gaps or repeats; heartbeats, headers, Last-Event-ID handling, auth, clean shutdown.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { EventSource } from 'eventsource'
import type { NewsProvider } from '../../src/providers/market-data/index.ts'
import { encodePosition } from '../../src/modules/trading-intel/intel-feed/lib/feed-order.ts'
import { json } from '../helpers/assertions.ts'
import { feedModules, testSources, type TestSources } from '../helpers/intel-feed.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'

const PATH = '/api/trading-intel/intel-feed/stream'
const noNews: NewsProvider = { name: 'none', news: async () => [] }
const env = { INTEL_FEED_POLL_MS: '50', INTEL_FEED_HEARTBEAT_MS: '100' }

async function listening(s: TestSources): Promise<{ t: TestApp; base: string }> {
  const t = await buildTestApp({ env, modules: feedModules(s), providers: { news: noNews } })
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  return { t, base: address }
}

/** An EventSource sending the user's bearer token; `sent` records each request's Last-Event-ID. */
function eventSource(url: string, token: string, sent: (string | undefined)[] = []) {
  return new EventSource(url, {
    fetch: (input, init) => {
      const headers: Record<string, string> = {
        ...(init?.headers as Record<string, string>),
        authorization: `Bearer ${token}`,
      }
      sent.push(headers['Last-Event-ID'])
      return fetch(input, { ...init, headers })
    },
  })
}

/** Resolves with the first `n` `item` events (data parsed, with their lastEventId). */
function items(es: EventSource, n: number, timeoutMs = 10_000) {
  const got: { id: string; item: Record<string, unknown> }[] = []
  return new Promise<typeof got>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${got.length} of ${n} events`)), timeoutMs)
    es.addEventListener('item', (e) => {
      got.push({ id: e.lastEventId, item: JSON.parse(e.data) as Record<string, unknown> })
      if (got.length === n) {
        clearTimeout(timer)
        resolve(got)
      }
    })
  })
}

/** Reads a raw stream until `done(text)` or the time is up; then cancels it. */
async function readUntil(res: Response, done: (text: string) => boolean, ms = 3000): Promise<string> {
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  const deadline = Date.now() + ms
  while (!done(text) && Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now())),
    ])
    if (!chunk || chunk.done) break
    text += decoder.decode(chunk.value, { stream: true })
  }
  await reader.cancel()
  return text
}

const s = testSources()
let t: TestApp
let base: string
let u: Client
before(async () => {
  ;({ t, base } = await listening(s))
  u = await t.newTenant()
})
after(() => t.close())

const open = (c: Client, extra: Record<string, string> = {}, query = '') =>
  fetch(`${base}${PATH}${query}`, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${c.token}`, ...extra },
  })
const itemIds = (text: string) => [...text.matchAll(/^data: (.*)$/gm)].map((m) => json(m[1]!).id as string)

describe('intel feed stream', () => {
  it('sends new items in order with position ids, and resumes after a reconnect without gaps or repeats', async () => {
    const now = Date.now()
    s.intraday.add(u.tenantId, { created_at: new Date(now - 5000) }) // before the stream: not sent
    const sent: (string | undefined)[] = []
    const es = eventSource(`${base}${PATH}`, u.token, sent)
    const firstTwo = items(es, 2)
    await new Promise<void>((r) => es.addEventListener('open', () => r(), { once: true }))
    const r1 = s.intraday.add(u.tenantId, { created_at: new Date(now + 1) })
    const r2 = s.flow.add(u.tenantId, { created_at: new Date(now + 1) }) // same instant: signal:… first
    const got = await firstTwo
    const at = new Date(now + 1)
    assert.deepEqual(
      got.map((g) => [g.id, g.item.id]),
      [
        [encodePosition({ at, id: `flow:${r2.id}` }), `flow:${r2.id}`],
        [encodePosition({ at, id: `signal:${r1.id}` }), `signal:${r1.id}`],
      ],
    )
    assert.equal(got[0]!.item.tag, 'FLOW')
    // The server ends the connection (as on a restart); meanwhile two more items are written.
    const nextTwo = items(es, 2, 15_000)
    t.c.intelFeed.streams.closeAll()
    const r3 = s.recs.add(u.tenantId, { created_at: new Date(now + 2), confidence: 0.9 })
    const r4 = s.intraday.add(u.tenantId, { created_at: new Date(now + 3) })
    const all = [...got, ...(await nextTwo)]
    es.close()
    assert.deepEqual(
      all.map((g) => g.item.id),
      [`flow:${r2.id}`, `signal:${r1.id}`, `rec:${r3.id}`, `signal:${r4.id}`],
    )
    assert.equal(all[2]!.item.tag, 'ALERT')
    assert.deepEqual(sent, [undefined, got[1]!.id]) // the reconnect carried the last id
  })

  it('answers the event-stream headers, retry, and heartbeat comments; cleans up when the client leaves', async () => {
    const res = await open(u)
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('content-type'), 'text/event-stream; charset=utf-8')
    assert.equal(res.headers.get('cache-control'), 'no-cache, no-transform')
    assert.equal(res.headers.get('x-accel-buffering'), 'no')
    const text = await readUntil(res, (x) => x.includes(': heartbeat\n\n'))
    assert.match(text, /^retry: 3000\n\n/)
    assert.match(text, /: heartbeat\n\n/)
    for (let i = 0; i < 50 && t.c.intelFeed.streams.size > 0; i++) await new Promise((r) => setTimeout(r, 20))
    assert.equal(t.c.intelFeed.streams.size, 0)
  })

  it('replays exactly what came after a Last-Event-ID; an unknown one starts from now', async () => {
    const v = await t.newTenant()
    const now = Date.now() - 60_000
    const rows = [0, 1, 2].map((i) => s.intraday.add(v.tenantId, { created_at: new Date(now + i) }))
    const from = encodePosition({ at: new Date(now), id: `signal:${rows[0]!.id}` })
    const replay = await readUntil(await open(v, { 'last-event-id': from }), (x) => itemIds(x).length >= 2)
    assert.deepEqual(itemIds(replay), [`signal:${rows[1]!.id}`, `signal:${rows[2]!.id}`])
    const fresh = await readUntil(await open(v, { 'last-event-id': 'garbage' }), (x) =>
      x.includes('heartbeat'),
    )
    assert.match(fresh, /: unknown Last-Event-ID: starting from now/)
    assert.deepEqual(itemIds(fresh), [])
  })

  it('resumes after a Last-Event-ID as far back as the list’s widest window (20 sessions), beyond 168 h', async () => {
    const v = await t.newTenant()
    const DAY = 86_400_000
    // 8 days back: past the wall-clock 168 h, within 20 trading sessions (at least 26 calendar days).
    const old = Date.now() - 8 * DAY
    const rows = [0, 1].map((i) => s.intraday.add(v.tenantId, { created_at: new Date(old + i) }))
    const from = encodePosition({ at: new Date(old), id: `signal:${rows[0]!.id}` })
    const replay = await readUntil(await open(v, { 'last-event-id': from }), (x) => itemIds(x).length >= 1)
    assert.doesNotMatch(replay, /unknown Last-Event-ID/)
    assert.deepEqual(itemIds(replay), [`signal:${rows[1]!.id}`])
    // 60 days back is older than any window the list has: the stream starts from now.
    const tooOld = encodePosition({ at: new Date(Date.now() - 60 * DAY), id: `signal:${rows[0]!.id}` })
    const fresh = await readUntil(await open(v, { 'last-event-id': tooOld }), (x) => x.includes('heartbeat'))
    assert.match(fresh, /: unknown Last-Event-ID: starting from now/)
    assert.deepEqual(itemIds(fresh), [])
  })

  it('sends a gap event, then the newest batch, when more was written than one poll sends', async () => {
    const v = await t.newTenant()
    const now = Date.now() - 60_000
    const rows = Array.from({ length: 150 }, (_, i) =>
      s.intraday.add(v.tenantId, { created_at: new Date(now + i) }),
    )
    const past = encodePosition({ at: new Date(now - 1), id: 'signal:1' })
    const text = await readUntil(await open(v, { 'last-event-id': past }), (x) => itemIds(x).length >= 101)
    assert.ok(
      text.indexOf('event: gap\n') > 0 && text.indexOf('event: gap\n') < text.indexOf('event: item\n'),
    )
    assert.deepEqual(
      itemIds(text).filter(Boolean),
      rows.slice(50).map((r) => `signal:${r.id}`),
    )
  })

  it('refuses a tenant’s eleventh open stream with 429', async () => {
    const v = await t.newTenant()
    const opened: Response[] = []
    for (let i = 0; i < 10; i++) opened.push(await open(v))
    assert.deepEqual(
      opened.map((r) => r.status),
      Array(10).fill(200),
    )
    const refused = await open(v)
    assert.equal(refused.status, 429)
    assert.equal(json(await refused.text()).code, 'intel_feed.too_many_streams')
    for (const r of opened) await r.body!.cancel()
  })

  it('streams only the caller’s tenant and honours the tag filter', async () => {
    const v = await t.newTenant()
    const w = await t.newTenant()
    const now = Date.now() - 60_000
    s.intraday.add(v.tenantId, { created_at: new Date(now) })
    const flow = s.flow.add(v.tenantId, { created_at: new Date(now + 1) })
    const past = encodePosition({ at: new Date(now - 1), id: 'signal:1' })
    const other = await readUntil(await open(w, { 'last-event-id': past }), (x) => x.includes('heartbeat'))
    assert.deepEqual(itemIds(other), [])
    const flows = await readUntil(await open(v, { 'last-event-id': past }, '?tag=FLOW'), (x) =>
      x.includes('heartbeat'),
    )
    assert.deepEqual(itemIds(flows), [`flow:${flow.id}`])
  })

  it('refuses without Accept: text/event-stream (406), without auth (401, no reconnect); cookie auth works', async () => {
    const plain = await fetch(`${base}${PATH}`, { headers: { authorization: `Bearer ${u.token}` } })
    assert.equal(plain.status, 406)
    assert.equal(json(await plain.text()).code, 'intel_feed.not_acceptable')
    const es = new EventSource(`${base}${PATH}`)
    const code = await new Promise<number | undefined>((r) => es.addEventListener('error', (e) => r(e.code)))
    assert.equal(code, 401)
    assert.equal(es.readyState, EventSource.CLOSED)
    const cookie = await open(u, { authorization: '', cookie: `svc_token=${u.token}` })
    assert.equal(cookie.status, 200)
    await readUntil(cookie, (x) => x.includes('retry'))
  })
})

describe('intel feed stream: shutdown', () => {
  it('app.close() ends open streams promptly and the client sees a clean end', async () => {
    const own = await listening(testSources())
    const v = await own.t.newTenant()
    const es = eventSource(`${own.base}${PATH}`, v.token)
    await new Promise<void>((r) => es.addEventListener('open', () => r(), { once: true }))
    const ended = new Promise<void>((r) => es.addEventListener('error', () => r(), { once: true }))
    const started = Date.now()
    const timeout = new Promise((_, reject) =>
      setTimeout(() => reject(new Error('app.close() hangs')), 5000).unref(),
    )
    await Promise.race([own.t.close(), timeout])
    await ended
    es.close()
    assert.ok(Date.now() - started < 5000, `close took ${Date.now() - started} ms`)
    assert.equal(own.t.c.intelFeed.streams.size, 0)
  })
})
