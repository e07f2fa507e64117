/** The Alpaca adapter's news, and how every call fails (rate limits, 5xx, auth, malformed payloads). */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { UpstreamProtocolError, UpstreamServerError } from '../../../../src/providers/shared/http.ts'
import {
  adapter,
  authError,
  fake,
  md,
  requestsTo,
  sleeps,
  statuses,
  useAlpacaFake,
} from '../../../helpers/alpaca-market-data.ts'

useAlpacaFake()

describe('alpaca news', () => {
  it('maps items, newest first, for some symbols', async () => {
    const items = await md.news({ symbols: ['aapl'], limit: 2 })
    assert.deepEqual(
      items.map((n) => [n.id, n.symbols, n.category]),
      [
        ['9007', ['AAPL'], 'company'],
        ['9005', ['AAPL', 'MSFT'], 'company'],
      ],
    )
    assert.deepEqual(items[0], {
      id: '9007',
      symbols: ['AAPL'],
      headline: 'Headline 9007',
      summary: 'Summary 9007',
      source: 'benzinga',
      url: 'https://news.example/9007',
      category: 'company',
      published_at: '2026-03-06T20:00:00.000Z',
    })
    assert.deepEqual(fake.requests[0]?.query, { symbols: 'AAPL', sort: 'desc', limit: '2' })
  })

  it('pages through until the limit, passes since/until, and filters categories', async () => {
    const all = await md.news({ limit: 5 })
    assert.deepEqual(
      all.map((n) => n.id),
      ['9007', '9006', '9005', '9004', '9003'],
    )
    assert.ok(requestsTo('/v1beta1/news').length >= 2)
    fake.reset()
    const since = new Date('2026-03-04T00:00:00Z')
    const until = new Date('2026-03-06T19:00:00Z')
    const general = await md.news({ category: 'general', since, until })
    assert.deepEqual(
      general.map((n) => [n.id, n.category, n.symbols]),
      [
        ['9006', 'general', []],
        ['9002', 'general', []],
      ],
    )
    assert.equal(fake.requests[0]?.query['start'], since.toISOString())
    assert.equal(fake.requests[0]?.query['end'], until.toISOString())
    fake.reset()
    assert.deepEqual(await md.news({ category: 'merger' }), [])
    assert.equal(fake.requests.length, 0)
  })
})

describe('alpaca market data: failures', () => {
  it('waits out a 429 with Retry-After, then succeeds', async () => {
    fake.rateLimitNext(1, 1)
    const quotes = await md.quotes(['AAPL'])
    assert.equal(quotes.length, 1)
    assert.deepEqual(sleeps, [1000])
    assert.deepEqual(statuses(), [429, 200])
  })

  it('retries a GET after a 5xx', async () => {
    fake.failNext(503)
    assert.equal((await md.news({ limit: 1 })).length, 1)
    assert.deepEqual(statuses(), [503, 200])
  })

  it('surfaces persistent 5xx as UpstreamServerError with the Alpaca body', async () => {
    for (let i = 0; i < 3; i++) fake.failNext(500)
    await assert.rejects(md.bars('AAPL', { interval: '1d', limit: 1 }), (e: unknown) => {
      assert.ok(e instanceof UpstreamServerError)
      assert.equal(e.provider, 'alpaca')
      assert.match(e.body ?? '', /"code":50000000/)
      return true
    })
  })

  it('maps 401 and wrong keys (403) to UpstreamAuthError without retrying', async () => {
    fake.failNext(401)
    await assert.rejects(md.quotes(['AAPL']), authError(401))
    fake.reset()
    const wrong = adapter({ secretKey: 'nope' })
    await assert.rejects(wrong.quotes(['AAPL']), authError(403))
    assert.equal(fake.requests.length, 1)
  })

  const calls: [string, () => Promise<unknown>][] = [
    ['quotes', () => md.quotes(['AAPL'])],
    ['bars', () => md.bars('AAPL', { interval: '1d', limit: 2 })],
    ['optionChain', () => md.optionChain('AAPL')],
    ['news', () => md.news({ limit: 2 })],
  ]
  for (const [name, call] of calls) {
    it(`throws UpstreamProtocolError on a malformed ${name} payload`, async () => {
      fake.malformNext()
      await assert.rejects(
        call(),
        (e: unknown) => e instanceof UpstreamProtocolError && e.provider === 'alpaca',
      )
    })
  }
})
