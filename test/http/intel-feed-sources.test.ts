/**
 * The intel feed over the real source modules (not test sources): what options-flow and intraday
 * detection write comes back in GET /intel-feed as FLOW and SIGNAL items of the caller's tenant only.
 */
import assert from 'node:assert/strict'
import { after, before, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { IntradayTestMarket } from './intraday-market.fixture.ts'
import { FlowMarket } from './options-flow-fixtures.ts'

// Friday 2026-11-20, 16:30 New York: the S1 session of the intraday fixture has closed.
const clock = fixedClock('2026-11-20T21:30:00Z')
const market = new FlowMarket({ clock })
const intradayMarket = new IntradayTestMarket(clock)
// One market for both: the intraday fixture's bars and instruments, the flow fixture's option chains.
market.bars = intradayMarket.bars.bind(intradayMarket)
market.instrument = intradayMarket.instrument.bind(intradayMarket)
let t: TestApp
before(async () => {
  t = await buildTestApp({ clock, providers: { market } })
})
after(() => t.close())

it('a flow detection appears in the feed as a FLOW item, for its tenant only', async () => {
  market.chains['AAPL'] = [[15_000], [5_000]] // put/call 3.0 on 20,000 contracts
  const owner = await t.newTenant()
  const other = await t.newTenant()
  const detect = await owner.post('/api/trading-intel/intraday/flow/detect', { symbols: ['AAPL'] })
  assert.equal(detect.statusCode, 200, detect.body)
  const row = (json(detect.body).signals as { id: number; direction: string; confidence: number }[])[0]
  assert.ok(row, detect.body)

  const feed = json((await owner.get('/api/trading-intel/intel-feed?tag=FLOW')).body)
  const items = feed.items as {
    id: string
    tag: string
    symbol: string
    confidence: number
    source: string
    text: string
  }[]
  assert.equal(items.length, 1, JSON.stringify(feed))
  assert.equal(items[0]?.id, `flow:${row.id}`)
  assert.equal(items[0]?.tag, 'FLOW')
  assert.equal(items[0]?.symbol, 'AAPL')
  assert.equal(items[0]?.source, 'options-flow')
  assert.equal(items[0]?.confidence, row.confidence)
  assert.match(items[0]?.text ?? '', new RegExp(row.direction))

  const theirs = json((await other.get('/api/trading-intel/intel-feed?tag=FLOW')).body)
  assert.deepEqual(theirs.items, [])
})

it('intraday detection appears in the feed as SIGNAL items, newest first, for its tenant only', async () => {
  const owner = await t.newTenant()
  const other = await t.newTenant()
  const detect = await owner.post('/api/trading-intel/intraday/detect', { symbols: ['AAPL'] })
  assert.equal(detect.statusCode, 200, detect.body)
  const signals = json(detect.body).signals as { id: number; setup: string; confidence: number }[]
  assert.equal(signals.length, 4, detect.body)
  const feed = json((await owner.get('/api/trading-intel/intel-feed?tag=SIGNAL&symbol=AAPL')).body)
  const items = feed.items as { id: string; tag: string; source: string; confidence: number }[]
  assert.deepEqual(items.map((i) => i.id).sort(), signals.map((s) => `signal:${s.id}`).sort())
  assert.ok(items.every((i) => i.tag === 'SIGNAL'))
  const bySource = Object.fromEntries(items.map((i) => [i.source, i.confidence]))
  for (const s of signals) assert.equal(bySource[`intraday.${s.setup}`], s.confidence)
  assert.deepEqual(json((await other.get('/api/trading-intel/intel-feed?tag=SIGNAL')).body).items, [])
})

it('recommendations appear as ALERT at confidence 0.80 and as SIGNAL at 0.7999, for their tenant only', async () => {
  const owner = await t.newTenant()
  const other = await t.newTenant()
  const base = {
    symbol: 'MSFT',
    action: 'buy' as const,
    rationale: 'r',
    origin: 'committee' as const,
    price_at: 400,
  }
  const alert = await t.c.recommendations.record(owner.tenantId, {
    ...base,
    confidence: 0.8,
    origin_ref: 'run-a',
  })
  const signal = await t.c.recommendations.record(owner.tenantId, {
    ...base,
    confidence: 0.7999,
    origin_ref: 'run-b',
  })
  const feed = json((await owner.get('/api/trading-intel/intel-feed?symbol=MSFT')).body)
  const items = feed.items as { id: string; tag: string; source: string; confidence: number; text: string }[]
  const byId = Object.fromEntries(items.map((i) => [i.id, i]))
  assert.equal(byId[`rec:${alert.recommendation.id}`]?.tag, 'ALERT', JSON.stringify(feed))
  assert.equal(byId[`rec:${alert.recommendation.id}`]?.confidence, 0.8)
  assert.equal(byId[`rec:${signal.recommendation.id}`]?.tag, 'SIGNAL')
  assert.equal(byId[`rec:${signal.recommendation.id}`]?.confidence, 0.7999)
  assert.equal(byId[`rec:${signal.recommendation.id}`]?.source, 'recommendations.committee')
  assert.equal(
    byId[`rec:${signal.recommendation.id}`]?.text,
    'BUY MSFT at 400.00 (committee, 20-day horizon): r',
  )
  const alerts = json((await owner.get('/api/trading-intel/intel-feed?tag=ALERT')).body).items as {
    id: string
  }[]
  assert.deepEqual(
    alerts.map((i) => i.id),
    [`rec:${alert.recommendation.id}`],
  )
  for (const tag of ['ALERT', 'SIGNAL'])
    assert.deepEqual(
      json((await other.get(`/api/trading-intel/intel-feed?tag=${tag}&symbol=MSFT`)).body).items,
      [],
    )
})
