/**
 * The intel feed over the real source modules (not test sources): what options-flow detection writes
 * comes back in GET /intel-feed as FLOW items of the caller's tenant only.
 */
import assert from 'node:assert/strict'
import { after, before, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { FlowMarket } from './options-flow-fixtures.ts'

const clock = fixedClock('2026-11-24T15:00:00Z') // Tuesday 10:00 New York
const market = new FlowMarket({ clock })
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
