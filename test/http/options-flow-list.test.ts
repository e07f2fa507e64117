/** GET /api/trading-intel/intraday/flow, the intel-feed items and the scheduled detection. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { assertFieldError, json } from '../helpers/assertions.ts'
import { bearer, FlowMarket } from './options-flow-fixtures.ts'

const clock = fixedClock('2026-11-23T15:00:00Z')
const market = new FlowMarket({ clock })
Object.assign(market.chains, {
  INTC: [[500], [100]], // 5.0 → PUT 0.99 (on 11-23 only: before the latest session on 11-24)
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
  it('stats, direction breakdown and the list of the default window (the latest session), hand-computed', async () => {
    const res = await list(u)
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res.body)
    // Tuesday 11:00 New York: Tuesday's session, from its 04:00 New York (EST, UTC−5).
    assert.deepEqual(body.window, {
      sessions: 1,
      from_session_date: '2026-11-24',
      hours: null,
      since: '2026-11-24T09:00:00.000Z',
    })
    assert.equal(body.since, '2026-11-24T09:00:00.000Z')
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

  it('hours (wall clock on updated_at) and sessions widen the window; symbol narrows it', async () => {
    const wide = json((await list(u, '?hours=48')).body)
    assert.equal(wide.stats.total, 5)
    assert.equal(wide.stats.by_direction.PUT_DOMINANCE, 3)
    assert.deepEqual(wide.window, {
      sessions: null,
      from_session_date: null,
      hours: 48,
      since: '2026-11-22T16:00:00.000Z',
    })
    const two = json((await list(u, '?sessions=2')).body)
    assert.equal(two.stats.total, 5)
    assert.equal(two.window.from_session_date, '2026-11-23')
    const one = json((await list(u, '?symbol=msft')).body)
    assert.deepEqual(
      one.items.map((i: { symbol: string }) => i.symbol),
      ['MSFT'],
    )
    assert.equal(one.stats.avg_put_call_ratio, 1.5)
  })

  it('bounds: hours 0 and 169, sessions 0 and 21, and hours with sessions are 422', async () => {
    assertFieldError(await list(u, '?hours=0'), ['query', 'hours'])
    assertFieldError(await list(u, '?hours=169'), ['query', 'hours'])
    assertFieldError(await list(u, '?sessions=0'), ['query', 'sessions'])
    assertFieldError(await list(u, '?sessions=21'), ['query', 'sessions'])
    assertFieldError(await list(u, '?sessions=1&hours=24'), ['query', 'hours'])
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

describe('GET /intraday/flow over a weekend (Thanksgiving week)', () => {
  it('on Saturday the default window is Friday’s session; sessions=2 skips the holiday; hours stay wall-clock', async () => {
    const w = await t.newTenant()
    const at = async (iso: string, query = '') => {
      clock.set(iso)
      const res = await list(w, query)
      assert.equal(res.statusCode, 200, res.body)
      const body = json(res.body)
      return { body, symbols: body.items.map((i: { symbol: string }) => i.symbol) as string[] }
    }
    const detect = async (iso: string, symbols: string[]) => {
      clock.set(iso)
      const res = await w.post('/api/trading-intel/intraday/flow/detect', { symbols }, await bearer(t, w))
      assert.equal(res.statusCode, 200, res.body)
    }
    try {
      await detect('2026-11-25T15:00:00Z', ['MSFT']) // Wednesday 10:00 New York
      await detect('2026-11-27T15:00:00Z', ['AAPL']) // Friday 10:00, a half day (Thursday is Thanksgiving)

      const sat = await at('2026-11-28T21:00:00Z') // Saturday 16:00 New York
      assert.deepEqual(sat.symbols, ['AAPL'])
      assert.deepEqual(sat.body.window, {
        sessions: 1,
        from_session_date: '2026-11-27',
        hours: null,
        since: '2026-11-27T09:00:00.000Z', // 04:00 New York (EST) of Friday
      })
      assert.equal(sat.body.since, '2026-11-27T09:00:00.000Z')
      assert.deepEqual(sat.body.stats, {
        total: 1,
        by_direction: { CALL_DOMINANCE: 1, PUT_DOMINANCE: 0, NEUTRAL_FLOW: 0 },
        avg_put_call_ratio: 0.5,
        avg_confidence: 0.65,
      })

      // The session before Friday is Wednesday: Thanksgiving has none.
      const two = await at('2026-11-28T21:00:00Z', '?sessions=2')
      assert.deepEqual(two.symbols, ['AAPL', 'MSFT'])
      assert.equal(two.body.window.from_session_date, '2026-11-25')
      assert.equal(two.body.window.since, '2026-11-25T09:00:00.000Z')

      // `hours` alone is on updated_at: 24 h before Saturday 21:00Z misses Friday 15:00Z, 30 h reaches it (≥).
      const day = await at('2026-11-28T21:00:00Z', '?hours=24')
      assert.deepEqual(day.symbols, [])
      assert.deepEqual(day.body.window, {
        sessions: null,
        from_session_date: null,
        hours: 24,
        since: '2026-11-27T21:00:00.000Z',
      })
      assert.deepEqual((await at('2026-11-28T21:00:00Z', '?hours=30')).symbols, ['AAPL'])

      // Monday before the open is still Friday's; from the open, Monday's (none yet).
      assert.deepEqual((await at('2026-11-30T14:00:00Z')).symbols, ['AAPL']) // 09:00 New York
      const monday = await at('2026-11-30T14:30:00Z') // 09:30, the open
      assert.deepEqual(monday.symbols, [])
      assert.equal(monday.body.window.from_session_date, '2026-11-30')
    } finally {
      clock.set('2026-11-24T16:00:00Z')
    }
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
