/**
 * The Finnhub economic-calendar adapter against the loopback fake (wire mapping and each failure),
 * and what the API makes of a failure: GET /economic-calendar → 503, the game plan's section degraded.
 */
import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import {
  UpstreamAuthError,
  UpstreamProtocolError,
  UpstreamRateLimitError,
  UpstreamServerError,
} from '../../src/platform/upstream-errors.ts'
import { createFinnhub, type FinnhubProvider } from '../../src/providers/market-data/finnhub/finnhub.ts'
import { createHttpClient } from '../../src/providers/shared/http.ts'
import { startFinnhubFake, type FinnhubFake } from '../fakes/finnhub-fake.ts'
import { assertFieldError, assertProblem, json } from '../helpers/assertions.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { bearer } from './daily-fixtures.ts'

const clock = fixedClock('2025-05-12T12:00:00Z')
let fake: FinnhubFake
let finnhub: FinnhubProvider
let t: TestApp
let u: Client
before(async () => {
  fake = await startFinnhubFake()
  const http = createHttpClient({ sleep: async () => {}, random: () => 0 })
  finnhub = createFinnhub({ http, baseUrl: fake.baseUrl, apiKey: fake.apiKey, clock })
  t = await buildTestApp({ clock, providers: { economicCalendar: finnhub } })
  u = await t.newTenant()
})
after(async () => {
  await t.close()
  await fake.close()
})
beforeEach(() => fake.reset())

const rejection = (p: Promise<unknown>) =>
  p.then(
    (v) => assert.fail(`expected a rejection, got ${JSON.stringify(v)}`),
    (e: unknown) => e,
  )
const calendar = async (query: string) =>
  u.get(`/api/trading-intel/economic-calendar?${query}`, await bearer(t, u))

describe('finnhub economic calendar adapter', () => {
  it('maps the wire rows: numeric strings, impact case, prev → previous, zone-less UTC times', async () => {
    const events = await finnhub.economicCalendar('2025-05-12', '2025-05-16')
    assert.deepEqual(
      fake.requests.map((r) => [r.path, r.query.from, r.query.to, r.tokenVia]),
      [['/calendar/economic', '2025-05-12', '2025-05-16', 'query']],
    )
    assert.deepEqual(events, [
      {
        event: 'CPI YoY',
        country: 'US',
        time: '2025-05-13T12:30:00.000Z',
        impact: 'high',
        actual: 2.3,
        estimate: 2.4,
        previous: 2.4,
        unit: '%',
      },
      {
        event: 'ECB Interest Rate Decision',
        country: 'EU',
        time: '2025-05-14T12:15:00.000Z',
        impact: 'high',
        actual: 2.25,
        estimate: null,
        previous: 2.5,
        unit: '%',
      },
      {
        event: 'Initial Jobless Claims',
        country: 'US',
        time: '2025-05-15T12:30:00.000Z',
        impact: 'medium',
        actual: null,
        estimate: 230,
        previous: 228,
        unit: 'K',
      },
      {
        event: 'Tankan Survey',
        country: 'JP',
        time: '2025-05-15T23:50:00.000Z',
        impact: 'low', // an impact Finnhub leaves empty
        actual: null,
        estimate: null,
        previous: null,
        unit: '',
      },
    ])
  })

  it('each failure is a typed upstream error', async () => {
    fake.failNext(403, { error: "You don't have access to this resource." }) // premium endpoint
    assert.ok(
      (await rejection(finnhub.economicCalendar('2025-05-12', '2025-05-16'))) instanceof UpstreamAuthError,
    )
    fake.rateLimitNext(3)
    const limited = await rejection(finnhub.economicCalendar('2025-05-12', '2025-05-16'))
    assert.ok(limited instanceof UpstreamRateLimitError)
    for (let i = 0; i < 3; i++) fake.failNext(500)
    assert.ok(
      (await rejection(finnhub.economicCalendar('2025-05-12', '2025-05-16'))) instanceof UpstreamServerError,
    )
    fake.malformNext('json')
    assert.ok(
      (await rejection(finnhub.economicCalendar('2025-05-12', '2025-05-16'))) instanceof
        UpstreamProtocolError,
    )
    fake.malformNext('shape')
    assert.ok(
      (await rejection(finnhub.economicCalendar('2025-05-12', '2025-05-16'))) instanceof
        UpstreamProtocolError,
    )
    const http = createHttpClient({ sleep: async () => {} })
    const badKey = createFinnhub({ http, baseUrl: fake.baseUrl, apiKey: 'wrong' })
    const e = await rejection(badKey.economicCalendar('2025-05-12', '2025-05-16'))
    assert.ok(e instanceof UpstreamAuthError && e.status === 401)
  })
})

describe('GET /economic-calendar over Finnhub', () => {
  it('filters by country and minimum impact, by New York date', async () => {
    const res = await calendar('from=2025-05-12&to=2025-05-16&country=us&impact=medium')
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res)
    assert.equal(body.provider, 'finnhub')
    assert.deepEqual(
      body.items.map((e: { event: string }) => e.event),
      ['CPI YoY', 'Initial Jobless Claims'],
    )
    // 2025-05-15 23:50 UTC is 19:50 in New York: still the 15th.
    const all = json(await calendar('from=2025-05-15&to=2025-05-15')).items
    assert.deepEqual(
      all.map((e: { event: string }) => e.event),
      ['Initial Jobless Claims', 'Tankan Survey'],
    )
  })

  it('422: to before from, more than 31 days, a bad impact', async () => {
    assertFieldError(await calendar('from=2025-05-12&to=2025-05-11'), ['query', 'to'])
    assertFieldError(await calendar('from=2025-05-01&to=2025-06-01'), ['query', 'to'])
    assert.equal((await calendar('from=2025-05-01&to=2025-05-31')).statusCode, 200) // 31 days
    assert.equal((await calendar('from=2025-05-01&to=2025-05-02&impact=extreme')).statusCode, 422)
    assertFieldError(await calendar('from=9999-12-01&to=9999-12-31'), ['query', 'from'])
    assertFieldError(await calendar('from=1989-12-30&to=1990-01-02'), ['query', 'from'])
  })

  it('each provider failure → 503 upstream.unavailable naming its kind; the game plan degrades instead', async () => {
    const cases: [() => void, string][] = [
      [() => fake.failNext(403, { error: "You don't have access to this resource." }), 'auth'],
      [() => fake.rateLimitNext(3), 'rate_limited'],
      [() => [1, 2, 3].forEach(() => fake.failNext(502)), 'server'],
      [() => fake.malformNext('json'), 'protocol'],
    ]
    for (const [fail, kind] of cases) {
      fail()
      const body = assertProblem(await calendar('from=2025-05-12&to=2025-05-16'), 503, 'upstream.unavailable')
      assert.equal(body.upstream_kind, kind)
      fake.reset()
      fail()
      const plan = json(await u.get('/api/trading-intel/gameplan', await bearer(t, u)))
      assert.deepEqual(plan.sections.economic, {
        status: 'degraded',
        reason: `economic calendar unavailable (upstream ${kind})`,
        count: 0,
      })
      assert.equal(plan.degraded, true)
      fake.reset()
    }
  })
})
