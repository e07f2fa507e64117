/**
 * POST /intraday/detect and /intraday/detect/portfolio on hand-built bars (the S1 session): the
 * stored signals and bars, idempotent re-detection, the 422s, the empty portfolio, degradation.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { assertFieldError, assertProblem, json, type Body } from '../helpers/assertions.ts'
import { IntradayTestMarket } from './intraday-market.fixture.ts'
import { S1 } from '../../src/modules/trading-intel/intraday/lib/fixtures.fixture.ts'
import {
  referenceMacd,
  referenceRsi,
} from '../../src/modules/trading-intel/intraday/lib/reference.fixture.ts'

// Friday 2026-11-20, 16:30 New York: the session is over, every S1 bar has closed.
const clock = fixedClock('2026-11-20T21:30:00Z')
const market = new IntradayTestMarket(clock)
const t = useTestApp({ clock, providers: { market } })
const DETECT = '/api/trading-intel/intraday/detect'

const detect = (u: Client, body: unknown, query = '') => u.post(`${DETECT}${query}`, body)
const brief = (signals: Body[]) =>
  signals.map((s) => `${s.setup} ${s.direction} ${s.trigger_time} ${s.confidence}`)

describe('POST /intraday/detect', () => {
  it('finds the S1 setups: gap 09:30, VWAP reclaim 10:05, ORB and volume spike 10:15, with their evidence', async () => {
    const u = await t.newTenant()
    const res = await detect(u, { symbols: ['aapl'] })
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res)
    assert.equal(body.date, '2026-11-20')
    assert.equal(body.session, 'REGULAR')
    assert.deepEqual(body.results, [{ symbol: 'AAPL', bars: 12, signals: 4 }])
    assert.deepEqual(brief(body.signals), [
      'gap long 2026-11-20T14:30:00.000Z 0.87',
      'vwap_reclaim long 2026-11-20T15:05:00.000Z 0.7067',
      'orb long 2026-11-20T15:15:00.000Z 0.6153',
      'volume_spike long 2026-11-20T15:15:00.000Z 0.9',
    ])
    const [gap, reclaim, , spike] = body.signals as Body[]
    assert.equal(gap!.evidence.gap_pct, 2.4)
    assert.equal(gap!.evidence.fill_fraction, 0.541667)
    assert.equal(gap!.evidence.gap_and_go_time, '2026-11-20T15:10:00.000Z')
    assert.equal(reclaim!.evidence.trigger_bar, '2026-11-20T15:00:00.000Z')
    assert.equal(spike!.evidence.baseline_sd, 6268.971207)
    assert.equal(spike!.evidence.z, 12.378427)
    assert.equal(spike!.session_date, '2026-11-20')
  })

  it('stores the session bars with VWAP (S1 table) and RSI/MACD seeded from the 5 sessions before', async () => {
    const u = await t.newTenant()
    await detect(u, { symbols: ['AAPL'], detectors: ['gap'] })
    const rows = await t.c.scopes.withGlobal((db) =>
      db
        .selectFrom('intraday_bar')
        .select(['time', 'vwap', 'rsi', 'macd', 'macd_signal', 'macd_hist'])
        .where('symbol', '=', 'AAPL')
        .where('session_date', '=', '2026-11-20')
        .orderBy('time')
        .execute(),
    )
    assert.equal(rows.length, 12)
    assert.ok(Math.abs(Number(rows[0]!.vwap) - 51.316667) < 1e-6)
    assert.ok(Math.abs(Number(rows[11]!.vwap) - 51.455041) < 1e-6)
    // The five sessions before (12 bars each, all closing at 50.00), then S1: computed over the whole.
    const closes = [...Array<number>(60).fill(50), ...S1.map((b) => b[3])]
    const rsi = referenceRsi(closes).slice(60)
    const m = referenceMacd(closes)
    const near = (stored: string | null, want: number | null | undefined) =>
      assert.ok(stored !== null && Math.abs(Number(stored) - want!) < 1e-6, `${stored} ≠ ${want}`)
    rows.forEach((r, i) => {
      near(r.rsi, rsi[i])
      near(r.macd, m.macd[60 + i])
      near(r.macd_signal, m.signal[60 + i])
      near(r.macd_hist, m.hist[60 + i])
    })
  })

  it('is idempotent: a re-run answers and stores the same rows with the same ids', async () => {
    const u = await t.newTenant()
    const first = json(await detect(u, { symbols: ['AAPL'] }))
    const second = json(await detect(u, { symbols: ['AAPL', 'AAPL'] }))
    assert.deepEqual(second.signals, first.signals)
    const count = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .selectFrom('intraday_signal')
        .select((e) => e.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    )
    assert.equal(Number(count.n), 4)
  })

  it('runs only the detectors asked for, with the parameters given', async () => {
    const u = await t.newTenant()
    const body = json(await detect(u, { symbols: ['AAPL'], detectors: ['orb'], params: { orb_minutes: 30 } }))
    assert.deepEqual(brief(body.signals), ['orb long 2026-11-20T15:10:00.000Z 0.5341'])
    const none = json(
      await detect(u, { symbols: ['AAPL'], detectors: ['gap'], params: { gap_threshold_pct: 2.5 } }),
    )
    assert.deepEqual(none.results, [{ symbol: 'AAPL', bars: 12, signals: 0 }])
  })

  it('answers 422 naming unknown symbols, a future asof, bad detectors and parameters', async () => {
    const u = await t.newTenant()
    const unknown = await detect(u, { symbols: ['AAPL', 'ZZZQ', 'QQQZ'] })
    assertFieldError(unknown, ['body', 'symbols'])
    assert.match(json(unknown).errors[0].msg, /ZZZQ, QQQZ/)
    assertFieldError(await detect(u, { symbols: ['AAPL'] }, '?asof=2026-11-21'), ['query', 'asof'])
    assertFieldError(await detect(u, { symbols: [] }), ['body', 'symbols'])
    assertFieldError(await detect(u, { symbols: ['AAPL'], detectors: ['rsi'] }), ['body', 'detectors', 0])
    assertFieldError(await detect(u, { symbols: ['AAPL'], params: { orb_minutes: 10 } }), [
      'body',
      'params',
      'orb_minutes',
    ])
    assertFieldError(await detect(u, { symbols: ['AAPL'] }, '?session=LUNCH'), ['query', 'session'])
  })

  it('PRE and EXTENDED runs are anchored at 04:00: no opening range there, the gap from the first bar', async () => {
    const u = await t.newTenant()
    const pre = json(await detect(u, { symbols: ['AAPL'] }, '?session=PRE'))
    assert.deepEqual(pre.results, [{ symbol: 'AAPL', bars: 0, signals: 0 }])
    const ext = json(await detect(u, { symbols: ['AAPL'], detectors: ['orb', 'gap'] }, '?session=EXTENDED'))
    assert.deepEqual(brief(ext.signals), ['gap long 2026-11-20T14:30:00.000Z 0.72']) // no gap-and-go before 05:00
    assert.equal(ext.signals[0].session, 'EXTENDED')
    assert.equal(ext.signals[0].evidence.gap_and_go, false)
  })

  it('a weekend asof detects the last session before it', async () => {
    clock.set('2026-11-23T15:00:00Z') // Monday 10:00; asof Sunday → Friday
    try {
      const u = await t.newTenant()
      const body = json(await detect(u, { symbols: ['AAPL'], detectors: ['gap'] }, '?asof=2026-11-22'))
      assert.equal(body.date, '2026-11-20')
      assert.deepEqual(body.results, [{ symbol: 'AAPL', bars: 12, signals: 1 }])
    } finally {
      clock.set('2026-11-20T21:30:00Z')
    }
  })

  it('reads only closed bars: at 10:17 the 10:15 bar is still open, so no ORB or spike yet', async () => {
    clock.set('2026-11-20T15:17:00Z')
    try {
      const u = await t.newTenant()
      const body = json(await detect(u, { symbols: ['AAPL'] }))
      assert.deepEqual(body.results, [{ symbol: 'AAPL', bars: 9, signals: 2 }])
      assert.deepEqual(
        body.signals.map((s: Body) => s.setup),
        ['gap', 'vwap_reclaim'],
      )
    } finally {
      clock.set('2026-11-20T21:30:00Z')
    }
  })

  it('an upstream failure is a documented 502, and nothing is written', async () => {
    const u = await t.newTenant()
    market.failing = true
    try {
      assertProblem(await detect(u, { symbols: ['AAPL'] }), 502, 'upstream.server')
    } finally {
      market.failing = false
    }
    assert.deepEqual(json(await u.get('/api/trading-intel/intraday/signals')).items, [])
  })
})

describe('POST /intraday/detect/portfolio', () => {
  it('no holdings → 200 with empty results', async () => {
    const u = await t.newTenant()
    const res = await u.post('/api/trading-intel/intraday/detect/portfolio')
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(json(res), { date: null, session: 'REGULAR', interval: '5m', results: [], signals: [] })
  })

  it('an archived (closed) account leaves the detection: only live accounts’ holdings are scanned', async () => {
    const u = await t.newTenant()
    const account = async (symbol: string) => {
      const id = json(await u.post('/api/accounts', { name: symbol, broker_type: 'manual' })).id as number
      const res = await u.post('/api/brokers/manual/positions', {
        account_id: id,
        symbol,
        quantity: 1,
        cost_basis: 100,
        allow_unlisted: true,
      })
      assert.equal(res.statusCode, 201, res.body)
      return id
    }
    await account('AAPL')
    const closed = await account('MSFT')
    const scanned = async () =>
      json(await u.post('/api/trading-intel/intraday/detect/portfolio')).results.map((r: Body) => r.symbol)
    assert.deepEqual((await scanned()).sort(), ['AAPL', 'MSFT'])
    assert.equal((await u.patch(`/api/accounts/${closed}`, { status: 'closed' })).statusCode, 200)
    assert.deepEqual(await scanned(), ['AAPL'])
  })

  it('runs on the largest holdings first, `limit` of them; another tenant’s account is a 404', async () => {
    const u = await t.newTenant()
    const account = json(await u.post('/api/accounts', { name: 'Main', broker_type: 'manual' })).id as number
    const add = (symbol: string, quantity: number, cost_basis: number) =>
      u.post('/api/brokers/manual/positions', {
        account_id: account,
        symbol,
        quantity,
        cost_basis,
        as_of: '2026-11-02',
      })
    assert.equal((await add('MSFT', 3, 1000)).statusCode, 201)
    assert.equal((await add('AAPL', 10, 1500)).statusCode, 201)
    const both = json(await u.post('/api/trading-intel/intraday/detect/portfolio'))
    assert.deepEqual(
      both.results.map((r: Body) => r.symbol),
      ['AAPL', 'MSFT'],
    )
    const one = json(
      await u.post(`/api/trading-intel/intraday/detect/portfolio?limit=1&account_id=${account}`),
    )
    assert.deepEqual(one.results, [{ symbol: 'AAPL', bars: 12, signals: 4 }])
    const other = await t.newTenant()
    assertProblem(
      await other.post(`/api/trading-intel/intraday/detect/portfolio?account_id=${account}`),
      404,
      'accounts.not_found',
    )
    assertFieldError(await u.post('/api/trading-intel/intraday/detect/portfolio?interval=2m'), [
      'query',
      'interval',
    ])
    assertFieldError(await u.post('/api/trading-intel/intraday/detect/portfolio?limit=51'), [
      'query',
      'limit',
    ])
  })
})
