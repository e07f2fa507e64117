/** GET /api/trading-intel/intraday/flow, the intel-feed items and the scheduled detection. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { bearer, FlowMarket } from './options-flow-fixtures.ts'

const clock = fixedClock('2026-11-23T15:00:00Z')
const market = new FlowMarket({ clock })
Object.assign(market.chains, {
  INTC: [[500], [100]], // 5.0 → PUT 0.99 (on 11-23 only: outside a 24 h window on 11-24 16:00)
  AAPL: [
    [2000, 2500],
    [4000, 5000],
  ], // 0.5 → CALL 0.65
  MSFT: [[12000], [8000]], // 1.5 → PUT 0.7792
  NVDA: [[300], [0]], // ∞ → PUT 0.9429, ratio null
  AMD: [[3000], [4000]], // 0.75 → NEUTRAL 0.6442
})

let t: TestApp
let u: Client
before(async () => {
  t = await buildTestApp({ clock, providers: { market } })
  u = await t.newTenant()
  const post = async (symbols: string[]) =>
    assert.equal(
      (await u.post('/api/trading-intel/intraday/flow/detect', { symbols }, await bearer(t, u))).statusCode,
      200,
    )
  await post(['INTC'])
  clock.set('2026-11-24T15:00:00Z')
  await post(['AAPL', 'MSFT', 'NVDA', 'AMD'])
  clock.set('2026-11-24T16:00:00Z')
})
after(() => t.close())

const list = async (c: Client, query = '', role: 'user' | 'admin' = 'user') =>
  c.get(`/api/trading-intel/intraday/flow${query}`, await bearer(t, c, role))

describe('GET /intraday/flow', () => {
  it('stats, direction breakdown and the list of the default 24 h window, hand-computed', async () => {
    const res = await list(u)
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res.body)
    assert.equal(body.since, '2026-11-23T16:00:00.000Z')
    assert.deepEqual(body.stats, {
      total: 4,
      by_direction: { CALL_DOMINANCE: 1, PUT_DOMINANCE: 2, NEUTRAL_FLOW: 1 },
      avg_put_call_ratio: 0.9167, // (0.5 + 1.5 + 0.75) / 3, the null (∞) left out
      avg_confidence: 0.7541, // (0.65 + 0.7792 + 0.9429 + 0.6442) / 4 = 0.754075
    })
    assert.deepEqual(body.direction_breakdown, {
      CALL_DOMINANCE: { count: 1, avg_put_call_ratio: 0.5, avg_confidence: 0.65, symbols: ['AAPL'] },
      PUT_DOMINANCE: { count: 2, avg_put_call_ratio: 1.5, avg_confidence: 0.8611, symbols: ['MSFT', 'NVDA'] },
      NEUTRAL_FLOW: { count: 1, avg_put_call_ratio: 0.75, avg_confidence: 0.6442, symbols: ['AMD'] },
    })
    // Same updated_at: newest id first.
    assert.deepEqual(
      body.items.map((i: { symbol: string }) => i.symbol),
      ['AMD', 'NVDA', 'MSFT', 'AAPL'],
    )
    assert.equal(body.truncated, false)
  })

  it('hours widens the window; symbol narrows it', async () => {
    const wide = json((await list(u, '?hours=48')).body)
    assert.equal(wide.stats.total, 5)
    assert.equal(wide.stats.by_direction.PUT_DOMINANCE, 3)
    const one = json((await list(u, '?symbol=msft')).body)
    assert.deepEqual(
      one.items.map((i: { symbol: string }) => i.symbol),
      ['MSFT'],
    )
    assert.equal(one.stats.avg_put_call_ratio, 1.5)
  })

  it('bounds: hours 0 and 169 are 422', async () => {
    assert.equal((await list(u, '?hours=0')).statusCode, 422)
    assert.equal((await list(u, '?hours=169')).statusCode, 422)
  })

  it('another tenant sees none, cannot name this tenant; an administrator can', async () => {
    const other = await t.newTenant()
    const theirs = json((await list(other)).body)
    assert.equal(theirs.stats.total, 0)
    assert.equal(theirs.stats.avg_confidence, null)
    assert.deepEqual(theirs.items, [])
    assert.equal((await list(other, `?tenant_id=${u.tenantId}`)).statusCode, 403)
    const admin = await t.newTenant({ role: 'admin' })
    assert.equal(json((await list(admin, `?tenant_id=${u.tenantId}`, 'admin')).body).stats.total, 4)
  })
})

describe('feedItems (intel-feed contract)', () => {
  it('newest first, since-bounded, limited, with a one-line text; another tenant gets none', async () => {
    const since = new Date('2026-11-24T00:00:00Z')
    const items = await t.c.optionsFlow.feedItems(u.tenantId, { since, limit: 3 })
    assert.deepEqual(
      items.map((i) => [i.symbol, i.text, i.confidence, i.source]),
      [
        ['AMD', 'NEUTRAL_FLOW: put/call 0.75 on 7,000 contracts (exp 2026-11-27)', 0.6442, 'options-flow'],
        [
          'NVDA',
          'PUT_DOMINANCE: put/call ∞ (no calls) on 300 contracts (exp 2026-11-27)',
          0.9429,
          'options-flow',
        ],
        ['MSFT', 'PUT_DOMINANCE: put/call 1.50 on 20,000 contracts (exp 2026-11-27)', 0.7792, 'options-flow'],
      ],
    )
    assert.ok(items[0]!.created_at instanceof Date)
    assert.equal((await t.c.optionsFlow.feedItems(u.tenantId, { since: new Date(0), limit: 50 })).length, 5)
    assert.deepEqual(
      (await t.c.optionsFlow.feedItems(u.tenantId, { since, limit: 10, symbol: 'aapl' })).map(
        (i) => i.symbol,
      ),
      ['AAPL'],
    )
    const other = await t.newTenant()
    assert.deepEqual(await t.c.optionsFlow.feedItems(other.tenantId, { since: new Date(0), limit: 10 }), [])
  })
})

describe('scheduled detection (options-flow.detect)', () => {
  it('in the regular session, detects each holding tenant’s listed held symbols in its own rows', async () => {
    clock.set('2026-11-25T15:00:00Z')
    const holder = await t.newTenant()
    const h = await bearer(t, holder)
    const account = json(
      (await holder.post('/api/accounts', { name: 'Main', broker_type: 'manual' }, h)).body,
    ).id
    for (const [symbol, extra] of [
      ['MSFT', {}],
      ['ZZZZ', { allow_unlisted: true }],
    ] as const) {
      const res = await holder.post(
        '/api/brokers/manual/positions',
        { account_id: account, symbol, quantity: 2, cost_basis: 100, as_of: '2026-11-02', ...extra },
        h,
      )
      assert.equal(res.statusCode, 201, res.body)
    }
    const run = await t.c.optionsFlow.flow.detectHeld()
    assert.ok(run.tenants >= 1)
    const rows = await t.c.scopes.withTenant(holder.tenantId, ({ db }) =>
      db.selectFrom('options_flow_signal').select(['symbol', 'trading_date', 'direction']).execute(),
    )
    assert.deepEqual(rows, [{ symbol: 'MSFT', trading_date: '2026-11-25', direction: 'PUT_DOMINANCE' }])
  })

  it('outside the regular session it does nothing', async () => {
    clock.set('2026-11-25T23:00:00Z') // 18:00 New York, post-market
    assert.deepEqual(await t.c.optionsFlow.flow.detectHeld(), { tenants: 0, signals: 0 })
  })
})
