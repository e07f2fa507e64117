import { after, before, beforeEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { startFinnhubFake, type FinnhubFake } from '../../../fakes/finnhub-fake.ts'
import { fixedClock } from '../../../../src/platform/clock.ts'
import {
  UpstreamAuthError,
  UpstreamError,
  UpstreamProtocolError,
  UpstreamRateLimitError,
  createHttpClient,
  type HttpClient,
} from '../../../../src/providers/shared/http.ts'
import { createFinnhub, type FinnhubProvider } from '../../../../src/providers/market-data/finnhub/finnhub.ts'

const rejection = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    (v) => assert.fail(`expected rejection, got ${JSON.stringify(v)}`),
    (e: unknown) => e,
  )

describe('finnhub adapter', () => {
  let fake: FinnhubFake
  let http: HttpClient
  let sleeps: number[]
  let finnhub: FinnhubProvider

  before(async () => {
    fake = await startFinnhubFake()
  })
  after(() => fake.close())
  beforeEach(() => {
    fake.reset()
    sleeps = []
    http = createHttpClient({ sleep: async (ms) => void sleeps.push(ms), random: () => 0 })
    finnhub = createFinnhub({
      http,
      baseUrl: fake.baseUrl,
      apiKey: fake.apiKey,
      clock: fixedClock('2025-05-03T00:00:00Z'),
    })
  })

  /** The key must not leak into anything a log line could show. */
  function assertNoKey(e: unknown): void {
    assert.ok(e instanceof UpstreamError)
    for (const text of [e.message, e.stack ?? '', e.body ?? '', String(e)])
      assert.ok(!text.includes(fake.apiKey), text)
  }

  it('maps company news for several symbols, merging shared items, newest first', async () => {
    const items = await finnhub.news({
      symbols: ['AAPL', 'MSFT'],
      since: new Date('2025-04-25T00:00:00Z'),
      until: new Date('2025-05-03T00:00:00Z'),
    })
    assert.deepEqual(
      items.map((n) => n.id),
      ['1001', '2001', '1002'],
    )
    assert.deepEqual(items[0], {
      id: '1001',
      symbols: ['AAPL'],
      headline: 'Apple beats estimates',
      summary: 'Apple beats estimates.',
      source: 'Reuters',
      url: 'https://news.example/1001',
      category: 'company',
      published_at: '2025-05-02T13:30:00.000Z',
    })
    assert.deepEqual(items[2]?.symbols, ['AAPL', 'MSFT'])
    const calls = fake.requests.map((r) => [r.path, r.query.symbol, r.query.from, r.query.to])
    assert.deepEqual(calls, [
      ['/company-news', 'AAPL', '2025-04-24', '2025-05-04'],
      ['/company-news', 'MSFT', '2025-04-24', '2025-05-04'],
    ])
    assert.ok(fake.requests.every((r) => r.tokenVia === 'query'))
  })

  it('filters company news to the exact instants and applies limit', async () => {
    const items = await finnhub.news({
      symbols: ['AAPL'],
      since: new Date('2025-05-01T12:00:00Z'),
      until: new Date('2025-05-03T00:00:00Z'),
      limit: 5,
    })
    assert.deepEqual(
      items.map((n) => n.id),
      ['1001'],
    )
    const limited = await finnhub.news({
      symbols: ['AAPL'],
      since: new Date('2025-04-01T00:00:00Z'),
      limit: 2,
    })
    assert.deepEqual(
      limited.map((n) => n.id),
      ['1001', '1002'],
    )
  })

  it('reads market news by category with empty symbols', async () => {
    const general = await finnhub.news({ since: new Date('2025-05-01T00:00:00Z') })
    assert.deepEqual(
      general.map((n) => [n.id, n.category, n.symbols.length]),
      [
        ['7002', 'general', 0],
        ['7001', 'general', 0],
      ],
    )
    const forex = await finnhub.news({ category: 'forex', since: new Date('2025-05-01T00:00:00Z'), limit: 1 })
    assert.deepEqual(
      forex.map((n) => n.headline),
      ['Dollar slips'],
    )
    assert.deepEqual(
      fake.requests.map((r) => r.query.category),
      ['general', 'forex'],
    )
  })

  it('maps the earnings calendar ascending, one request per symbol', async () => {
    const events = await finnhub.calendar('2025-04-01', '2025-05-31', ['AAPL', 'MSFT'])
    assert.deepEqual(events, [
      {
        symbol: 'MSFT',
        date: '2025-04-29',
        hour: 'amc',
        quarter: 3,
        year: 2025,
        eps_estimate: 3.22,
        eps_actual: 3.46,
        revenue_estimate: 68_440_000_000,
        revenue_actual: 70_066_000_000,
      },
      {
        symbol: 'AAPL',
        date: '2025-05-01',
        hour: 'amc',
        quarter: 2,
        year: 2025,
        eps_estimate: 1.63,
        eps_actual: 1.65,
        revenue_estimate: 94_000_000_000,
        revenue_actual: 95_359_000_000,
      },
    ])
    assert.deepEqual(
      fake.requests.map((r) => r.query.symbol),
      ['AAPL', 'MSFT'],
    )
  })

  it('asks for the whole calendar without a symbol and maps an empty hour to null', async () => {
    const events = await finnhub.calendar('2025-04-01', '2025-05-31')
    assert.deepEqual(
      events.map((e) => [e.symbol, e.date, e.hour]),
      [
        ['MSFT', '2025-04-29', 'amc'],
        ['XYZ', '2025-04-30', null],
        ['AAPL', '2025-05-01', 'amc'],
      ],
    )
    assert.equal(events[1]?.eps_estimate, null)
    assert.equal(fake.requests.length, 1)
    assert.equal('symbol' in (fake.requests[0]?.query ?? {}), false)
  })

  it('maps insider transactions in the range, newest first', async () => {
    const rows = await finnhub.insiderTransactions(['AAPL'], '2025-03-01', '2025-04-30')
    assert.deepEqual(
      rows.map((t) => [t.insider_name, t.transaction_code]),
      [
        ['LEVINSON ARTHUR D', 'P'],
        ['ADAMS KATHERINE L', 'A'],
        ['COOK TIMOTHY D', 'S'],
      ],
    )
    assert.deepEqual(rows[0], {
      symbol: 'AAPL',
      insider_name: 'LEVINSON ARTHUR D',
      insider_title: null,
      transaction_code: 'P',
      transaction_date: '2025-04-24',
      shares: 10_000,
      price: 200.5,
      value: 2_005_000,
      shares_owned_after: 4_200_000,
      filing_url: null,
      filed_at: '2025-04-25',
    })
    assert.equal(rows[2]?.shares, 108_136)
    assert.deepEqual(fake.requests[0]?.query, {
      symbol: 'AAPL',
      from: '2025-03-01',
      to: '2025-04-30',
      token: fake.apiKey,
    })
  })

  it('lists transcripts, fetches the newest ones by id and maps sections', async () => {
    const list = await finnhub.transcripts('AAPL', 2)
    assert.deepEqual(
      list.map((t) => t.id),
      ['AAPL_2025_Q2', 'AAPL_2025_Q1'],
    )
    assert.deepEqual(list[1], {
      id: 'AAPL_2025_Q1',
      symbol: 'AAPL',
      title: 'AAPL - Earnings call Q1 2025',
      year: 2025,
      quarter: 1,
      time: '2025-01-30T22:00:00.000Z',
      sections: [
        { speaker: 'Operator', role: null, text: 'Good day and welcome.' },
        { speaker: 'Tim Cook', role: 'executive', text: 'Thank you.\nRecord revenue.' },
        { speaker: 'Erik Woodring', role: 'analyst', text: 'Question on margins.' },
      ],
    })
    assert.deepEqual(
      fake.requests.map((r) => [r.path, r.query.symbol ?? r.query.id]),
      [
        ['/stock/transcripts/list', 'AAPL'],
        ['/stock/transcripts', 'AAPL_2025_Q2'],
        ['/stock/transcripts', 'AAPL_2025_Q1'],
      ],
    )
    assert.deepEqual(await finnhub.transcripts('AAPL', 0), [])
  })

  it('can send the key in the X-Finnhub-Token header instead', async () => {
    const viaHeader = createFinnhub({ http, baseUrl: fake.baseUrl, apiKey: fake.apiKey, auth: 'header' })
    await viaHeader.calendar('2025-04-01', '2025-04-30')
    assert.equal(fake.requests[0]?.tokenVia, 'header')
    assert.equal(fake.requests[0]?.query.token, undefined)
  })

  it('honours Retry-After on 429 and then succeeds', async () => {
    fake.rateLimitNext(1, 1)
    const events = await finnhub.calendar('2025-04-01', '2025-05-31', ['AAPL'])
    assert.equal(events.length, 1)
    assert.deepEqual(sleeps, [1000])
    assert.deepEqual(
      fake.requests.map((r) => r.status),
      [429, 200],
    )
  })

  it('surfaces a persistent 429 as UpstreamRateLimitError without the key', async () => {
    fake.rateLimitNext(3)
    const e = await rejection(finnhub.insiderTransactions(['AAPL'], '2025-01-01', '2025-05-01'))
    assert.ok(e instanceof UpstreamRateLimitError)
    assertNoKey(e)
  })

  it('retries a 5xx and then succeeds', async () => {
    fake.failNext(502)
    const items = await finnhub.news({ category: 'general', since: new Date('2025-05-01T00:00:00Z') })
    assert.equal(items.length, 2)
    assert.deepEqual(
      fake.requests.map((r) => r.status),
      [502, 200],
    )
  })

  it('turns malformed payloads into UpstreamProtocolError', async () => {
    fake.malformNext()
    const shape = await rejection(finnhub.calendar('2025-04-01', '2025-05-31'))
    assert.ok(shape instanceof UpstreamProtocolError)
    assertNoKey(shape)
    fake.malformNext('json')
    const json = await rejection(finnhub.transcripts('AAPL', 1))
    assert.ok(json instanceof UpstreamProtocolError)
    assertNoKey(json)
    fake.malformNext()
    assert.ok((await rejection(finnhub.news({ symbols: ['AAPL'] }))) instanceof UpstreamProtocolError)
  })

  it('maps a bad key to UpstreamAuthError and keeps the key out of the error', async () => {
    for (const auth of ['query', 'header'] as const) {
      const wrongKey = `${fake.apiKey}-wrong`
      const bad = createFinnhub({ http, baseUrl: fake.baseUrl, apiKey: wrongKey, auth })
      const e = await rejection(bad.news({ symbols: ['AAPL'] }))
      assert.ok(e instanceof UpstreamAuthError)
      assert.equal(e.status, 401)
      assertNoKey(e)
      assert.ok(!e.message.includes(wrongKey))
    }
  })

  it('keeps the key out of network errors too', async () => {
    const noRetry = createHttpClient({ retries: 0 })
    const down = createFinnhub({ http: noRetry, baseUrl: 'http://127.0.0.1:1', apiKey: fake.apiKey })
    const e = await rejection(down.calendar('2025-04-01', '2025-04-30'))
    assertNoKey(e)
    assert.ok(!JSON.stringify(e, Object.getOwnPropertyNames(e)).includes(fake.apiKey))
  })
})
