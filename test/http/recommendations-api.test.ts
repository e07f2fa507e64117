/** Recommendations: record (idempotent), list with filters and pages, get, close with its outcome. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { assertFieldError, assertProblem, json } from '../helpers/assertions.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { RecMarket } from './recommendations-fixtures.ts'

const clock = fixedClock('2026-11-20T15:00:00Z')
const market = new RecMarket({ clock })
market.prices['AAPL'] = 200
market.prices['MSFT'] = 400
let t: TestApp
before(async () => {
  t = await buildTestApp({ clock, providers: { market } })
})
after(() => t.close())

const URL = '/api/trading-intel/recommendations'
const committee = (over: Record<string, unknown> = {}) => ({
  symbol: 'aapl',
  action: 'buy' as const,
  confidence: 0.82,
  rationale: 'breakout',
  origin: 'committee' as const,
  origin_ref: 'run-1',
  ...over,
})

describe('record (the module API)', () => {
  it('stores once per tenant + origin + origin_ref; the second call answers the stored row, created=false', async () => {
    const u = await t.newTenant()
    const first = await t.c.recommendations.record(u.tenantId, { ...committee(), evidence: { score: 0.64 } })
    assert.equal(first.created, true)
    assert.equal(first.recommendation.symbol, 'AAPL')
    assert.equal(first.recommendation.price_at, 200) // the quote when made
    assert.equal(first.recommendation.horizon_days, 20) // the documented default
    assert.deepEqual(first.recommendation.evidence, { score: 0.64 })
    assert.equal(first.recommendation.status, 'open')
    const again = await t.c.recommendations.record(u.tenantId, { ...committee(), confidence: 0.3 })
    assert.equal(again.created, false)
    assert.deepEqual(again.recommendation, first.recommendation) // the first call's values stand
    // Another origin with the same ref, and another tenant with the same key, are new rows.
    assert.equal(
      (await t.c.recommendations.record(u.tenantId, committee({ origin: 'research' }))).created,
      true,
    )
    const other = await t.newTenant()
    assert.equal((await t.c.recommendations.record(other.tenantId, committee())).created, true)
  })

  it('keeps a given price_at, and stores null when the quote cannot be read', async () => {
    const u = await t.newTenant()
    const given = await t.c.recommendations.record(u.tenantId, committee({ price_at: 150.5 }))
    assert.equal(given.recommendation.price_at, 150.5)
    market.failQuotes = true
    try {
      const r = await t.c.recommendations.record(u.tenantId, committee({ origin_ref: 'run-2' }))
      assert.equal(r.recommendation.price_at, null)
    } finally {
      market.failQuotes = false
    }
  })

  it('refuses input the HTTP schemas would refuse', async () => {
    const u = await t.newTenant()
    const bad = [
      committee({ confidence: 1.01 }),
      committee({ symbol: 'not a ticker' }),
      committee({ rationale: 'a\u0000b' }),
      committee({ origin_ref: '' }),
      committee({ horizon_days: 0 }),
      committee({ action: 'short' }),
    ]
    for (const input of bad)
      await assert.rejects(
        t.c.recommendations.record(u.tenantId, input),
        (e: { status?: number }) => e.status === 422,
      )
  })
})

describe('HTTP', () => {
  it('POST creates a manual call (201), the same origin_ref answers it again (200)', async () => {
    const u = await t.newTenant()
    const body = { symbol: 'MSFT', action: 'sell', confidence: 0.6, rationale: 'rich', origin_ref: 'k1' }
    const a = await u.post(URL, body)
    assert.equal(a.statusCode, 201, a.body)
    assert.equal(json(a).origin, 'manual')
    assert.equal(json(a).price_at, 400)
    const b = await u.post(URL, { ...body, confidence: 0.9 })
    assert.equal(b.statusCode, 200)
    assert.equal(json(b).id, json(a).id)
    assert.equal(json(b).confidence, 0.6)
    assertFieldError(await u.post(URL, { ...body, confidence: 2 }), ['body', 'confidence'])
    assertFieldError(await u.post(URL, { ...body, action: 'short' }), ['body', 'action'])
    assertFieldError(await u.post(URL, { ...body, rationale: 'x\u001b[0m' }), ['body', 'rationale'])
  })

  it('lists newest first with filters and pages; another tenant sees none', async () => {
    const u = await t.newTenant()
    const ids: number[] = []
    for (const [i, [symbol, conf]] of (
      [
        ['AAPL', 0.5],
        ['MSFT', 0.8],
        ['AAPL', 0.9],
      ] as const
    ).entries())
      ids.push(
        (
          await t.c.recommendations.record(
            u.tenantId,
            committee({ symbol, confidence: conf, origin_ref: `r${i}` }),
          )
        ).recommendation.id,
      )
    const all = json(await u.get(URL))
    assert.deepEqual(
      all.items.map((r: { id: number }) => r.id),
      [...ids].reverse(),
    )
    const aapl = json(await u.get(`${URL}?symbol=aapl&min_confidence=0.9`))
    assert.deepEqual(
      aapl.items.map((r: { id: number }) => r.id),
      [ids[2]],
    )
    const p1 = json(await u.get(`${URL}?limit=2`))
    assert.equal(p1.items.length, 2)
    const p2 = json(await u.get(`${URL}?limit=2&cursor=${p1.next_cursor}`))
    assert.deepEqual(
      p2.items.map((r: { id: number }) => r.id),
      [ids[0]],
    )
    assert.equal(p2.next_cursor, null)
    assert.deepEqual(json(await u.get(`${URL}?status=closed`)).items, [])
    assertFieldError(await u.get(`${URL}?status=done`), ['query', 'status'])
    const other = await t.newTenant()
    assert.deepEqual(json(await other.get(URL)).items, [])
    assertProblem(await other.get(`${URL}?tenant_id=${u.tenantId}`), 403, 'auth.tenant_forbidden')
  })

  it('closes once: sign-adjusted return and outcome; a second close is 409 and changes nothing', async () => {
    const u = await t.newTenant()
    const sell = (await t.c.recommendations.record(u.tenantId, committee({ action: 'sell', price_at: 250 })))
      .recommendation
    const res = await u.post(`${URL}/${sell.id}/close`, { exit_price: 240, note: 'covered' })
    assert.equal(res.statusCode, 200, res.body)
    const closed = json(res)
    assert.equal(closed.status, 'closed')
    // sell at 250, exit 240: (240/250 − 1)·100 = −4 → +4 for a sell → hit
    assert.deepEqual(
      { ...closed.outcome, closed_at: undefined },
      { exit_price: 240, return_pct: 4, outcome: 'hit', note: 'covered', closed_at: undefined },
    )
    assert.equal(closed.outcome.closed_at, '2026-11-20T15:00:00.000Z')
    const again = assertProblem(
      await u.post(`${URL}/${sell.id}/close`, { exit_price: 1 }),
      409,
      'recommendations.already_closed',
    )
    assert.equal(again.recommendation.outcome.exit_price, 240)
    assert.deepEqual(json(await u.get(`${URL}/${sell.id}`)), closed)
    assert.deepEqual(
      json(await u.get(`${URL}?status=closed`)).items.map((r: { id: number }) => r.id),
      [sell.id],
    )
  })

  it('closes at the current quote without exit_price; 422 when there is none, 502 when quotes are down', async () => {
    const u = await t.newTenant()
    const buy = (await t.c.recommendations.record(u.tenantId, committee({ price_at: 201 }))).recommendation
    market.failQuotes = true
    try {
      assertProblem(await u.post(`${URL}/${buy.id}/close`, {}), 502, 'upstream.server')
    } finally {
      market.failQuotes = false
    }
    const res = json(await u.post(`${URL}/${buy.id}/close`, {}))
    // buy at 201, quote 200: −0.4975 % is inside the ±0.5 % band → scratch
    assert.deepEqual(
      [res.outcome.exit_price, res.outcome.return_pct, res.outcome.outcome],
      [200, -0.4975, 'scratch'],
    )
    const noQuote = (
      await t.c.recommendations.record(
        u.tenantId,
        committee({ symbol: 'NVDA', price_at: 100, origin_ref: 'run-nvda' }),
      )
    ).recommendation
    assertFieldError(await u.post(`${URL}/${noQuote.id}/close`, {}), ['body', 'exit_price'], 'no_quote')
  })

  it('closes a call without price_at with a null return and outcome', async () => {
    const u = await t.newTenant()
    const r = (await t.c.recommendations.record(u.tenantId, committee({ symbol: 'NVDA' }))).recommendation
    assert.equal(r.price_at, null)
    const closed = json(await u.post(`${URL}/${r.id}/close`, { exit_price: 10 }))
    assert.deepEqual([closed.outcome.return_pct, closed.outcome.outcome], [null, null])
  })

  it("answers 404 for unknown ids and another tenant's recommendation", async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    const r = (await t.c.recommendations.record(u.tenantId, committee())).recommendation
    assertProblem(await other.get(`${URL}/${r.id}`), 404, 'recommendations.not_found')
    assertProblem(
      await other.post(`${URL}/${r.id}/close`, { exit_price: 1 }),
      404,
      'recommendations.not_found',
    )
    assertProblem(await u.get(`${URL}/999999999`), 404, 'recommendations.not_found')
    assert.equal(json(await u.get(`${URL}/${r.id}`)).status, 'open') // the other tenant closed nothing
  })
})
