/** POST /exit/compute against the stop vector on D1, and the exit strategies CRUD (GET /exit, /exit/strategies). */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { d1Bars } from '../../src/modules/trading-intel/risk/lib/d1.fixture.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { bearer, holdings, RiskMarket, weekdaysUntil } from './risk-fixtures.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
const market = new RiskMarket({ clock })
market.daily.AAPL = d1Bars('2026-09-28') // 40 weekdays, the last 2026-11-20; bar 30 is 2026-11-09
let t: TestApp
before(async () => {
  t = await buildTestApp({ clock, providers: { market } })
})
after(() => t.close())

const compute = async (u: Client, body: unknown) =>
  u.post('/api/trading-intel/exit/compute', body, await bearer(t, u))
const S = '/api/trading-intel/exit/strategies'
const near = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-6, `${a} vs ${b}`)

describe('exit compute (D1)', () => {
  it('ATR stop: entry 101.73, k 2 → long 97.390050; the chandelier beside it', async () => {
    const u = await t.newTenant()
    const res = await compute(u, { positions: [{ symbol: 'aapl', quantity: 10, entry_price: 101.73 }] })
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res.body)
    assert.deepEqual(body.params, {
      method: 'atr',
      atr_period: 14,
      multiplier: 2,
      chandelier_period: 22,
      chandelier_multiplier: 3,
      percent: null,
      trailing: false,
    })
    const [p] = body.positions
    assert.deepEqual(
      [p.symbol, p.side, p.as_of, p.last_close, p.bars],
      ['AAPL', 'long', '2026-11-20', 101.73, 40],
    )
    near(p.atr, 2.169975)
    near(p.atr_stop, 97.39005)
    near(p.stop, 97.39005)
    near(p.chandelier.atr, 2.272645)
    assert.deepEqual([p.chandelier.highest_high, p.chandelier.lowest_low], [103.02, 94.28])
    near(p.chandelier.raw, 96.202065)
    assert.equal(p.at_risk, 43.4) // 10 × (101.73 − 97.39005), cents
    assert.ok(Math.abs(p.distance_pct - 4.26615) < 1e-4)
    assert.equal(p.triggered, false)
    assert.equal(body.total_at_risk, 43.4)
  })

  it('chandelier trailing from bar 30 stays at 96.316800; a short gets LL + 3·ATR = 101.097935', async () => {
    const u = await t.newTenant()
    const body = json(
      (
        await compute(u, {
          method: 'chandelier',
          positions: [
            { symbol: 'AAPL', quantity: 5, entry_price: 95.45, entry_date: '2026-11-09' },
            { symbol: 'AAPL', quantity: -5, entry_price: 101.73, entry_date: '2026-11-20' },
          ],
        })
      ).body,
    )
    assert.deepEqual(
      [body.params.chandelier_period, body.params.chandelier_multiplier, body.params.trailing],
      [22, 3, true],
    )
    const [long, short] = body.positions
    near(long.chandelier.trailing, 96.3168)
    near(long.stop, 96.3168)
    assert.equal(long.chandelier.trailing_from, '2026-11-09')
    near(short.chandelier.raw, 101.097935)
    near(short.stop, 101.097935) // ratcheted from the last bar: the raw value itself
    near(short.atr_stop, 106.06995)
    assert.equal(short.triggered, true)
    assert.equal(short.at_risk, 0, 'a breached stop puts nothing more at risk, and never a negative amount')
    assert.equal(short.past_stop, 3.16) // 5 × (101.73 − 101.097935) = 3.160325 past the stop
    assert.ok(Math.abs(short.distance_pct - ((101.097935 - 101.73) / 101.73) * 100) < 1e-4)
    assert.equal(long.at_risk, 27.07) // 5 × (101.73 − 96.3168) = 27.066
    assert.equal(long.past_stop, null)
    assert.equal(body.total_at_risk, 27.07, 'the breached short does not offset the long')
    assert.deepEqual([body.breached, body.total_past_stop], [1, 3.16])
  })

  it('each stop kind is triggered by its own level: a long at or below it, a short at or above it', async () => {
    // Up from 100 to 139 over 40 days, then down to 110 over 30: every trailing level is left far above.
    const closes = [
      ...Array.from({ length: 40 }, (_, i) => 100 + i),
      ...Array.from({ length: 30 }, (_, i) => 138 - (i + 1) * (28 / 30)),
    ]
    const dates = weekdaysUntil('2026-11-20', closes.length)
    market.daily.FALL = dates.map((d, i) => ({
      time: `${d}T05:00:00.000Z`,
      open: closes[i]!,
      high: closes[i]! + 1,
      low: closes[i]! - 1,
      close: closes[i]!,
      volume: 1000,
      vwap: null,
    }))
    const u = await t.newTenant()
    const position = { symbol: 'FALL', quantity: 10, entry_price: 100, entry_date: dates[0] }
    const [p] = json(
      (await compute(u, { positions: [position], percent: 10, trailing: true })).body,
    ).positions
    const close = closes.at(-1)!
    near(p.last_close, close)
    assert.ok(p.chandelier.trailing > close, `${p.chandelier.trailing} is above the close ${close}`)
    assert.equal(p.chandelier.trailing_triggered, true)
    assert.equal(p.chandelier.raw_triggered, p.chandelier.raw >= close)
    near(p.percent_stop, 139 * 0.9) // the best close since entry, less 10 %
    assert.equal(p.percent_stop_triggered, true)
    assert.ok(p.atr_stop < close)
    assert.deepEqual([p.atr_stop_triggered, p.triggered, p.stop], [false, false, p.atr_stop])
    const chand = json((await compute(u, { method: 'chandelier', positions: [position] })).body)
    assert.deepEqual([chand.positions[0].triggered, chand.positions[0].at_risk], [true, 0])
    assert.equal(chand.positions[0].past_stop, Math.round(10 * (chand.positions[0].stop - close) * 100) / 100)
    // A short entered at 95 on the same bars.
    const short = { ...position, quantity: -10, entry_price: 95 }
    const [s] = json((await compute(u, { positions: [short], percent: 10, trailing: true })).body).positions
    assert.equal(s.chandelier.trailing_triggered, s.chandelier.trailing <= close)
    near(s.percent_stop, 104.5) // entry-based: no close since entry went below 95
    assert.equal(s.percent_stop_triggered, true) // the close 110 is above it
    assert.equal(s.atr_stop_triggered, s.atr_stop <= close)
  })

  it('percent trailing ratchets from the entry-based stop: a long never above entry gets entry × (1 − p)', async () => {
    const u = await t.newTenant()
    const body = json(
      (
        await compute(u, {
          method: 'percent',
          percent: 5,
          trailing: true,
          positions: [{ symbol: 'AAPL', quantity: 2, entry_price: 200, entry_date: '2026-09-28' }],
        })
      ).body,
    )
    const [p] = body.positions
    near(p.percent_stop, 190) // not 5 % below the best close since entry (104.39 × 0.95)
    assert.deepEqual([p.triggered, p.percent_stop_triggered, p.at_risk], [true, true, 0])
    assert.equal(p.past_stop, Math.round(2 * (190 - 101.73) * 100) / 100)
  })

  it('reads the bars dated from today − 400 days, that day included', async () => {
    market.daily.WIN = ['2025-10-17', '2025-10-20', '2025-10-21'].map((d) => ({
      time: `${d}T04:00:00.000Z`,
      open: 10,
      high: 10,
      low: 10,
      close: 10,
      volume: 1,
      vwap: null,
    }))
    const u = await t.newTenant()
    const body = json(
      (await compute(u, { positions: [{ symbol: 'WIN', quantity: 1, entry_price: 9 }] })).body,
    )
    assert.equal(body.bars_from, '2025-10-20') // 2026-11-24 − 400 days
    assert.equal(body.positions[0].bars, 2, '2025-10-20 and 2025-10-21; not 2025-10-17')
  })

  it('holdings of an account (entry = cost basis / quantity); no bars → null levels with a reason', async () => {
    const u = await t.newTenant()
    const account = await holdings(u, [
      { symbol: 'AAPL', quantity: 10, value: 1017.3 },
      { symbol: 'MSFT', quantity: 1, value: 400 },
    ])
    const body = json((await compute(u, { account_id: account })).body)
    const [aapl, msft] = body.positions
    assert.deepEqual([aapl.entry_price, aapl.entry_date], [101.73, null])
    near(aapl.atr_stop, 97.39005)
    assert.deepEqual([msft.symbol, msft.stop, msft.null_reason, msft.bars], ['MSFT', null, 'no_prices', 0])
    const other = await t.newTenant()
    const foreign = await compute(other, { account_id: account })
    assert.equal(foreign.statusCode, 404)
    assert.equal(json(foreign.body).code, 'accounts.not_found')
    assert.deepEqual(json((await compute(other, {})).body).positions, [])
    market.failing = true
    try {
      const res = await compute(u, { account_id: account })
      assert.equal(res.statusCode, 503)
      assert.equal(json(res.body).code, 'upstream.unavailable')
    } finally {
      market.failing = false
    }
  })

  it('refuses bad input with 422 naming the field', async () => {
    const u = await t.newTenant()
    const cases: [unknown, string][] = [
      [{ account_id: 1, positions: [{ symbol: 'AAPL', quantity: 1, entry_price: 1 }] }, 'positions'],
      [{ positions: [{ symbol: 'AAPL', quantity: 0, entry_price: 1 }] }, 'quantity'],
      [{ positions: [{ symbol: 'AAPL', quantity: 1, entry_price: 0 }] }, 'entry_price'],
      [{ positions: [{ symbol: 'A\u0000', quantity: 1, entry_price: 1 }] }, 'symbol'],
      [{ method: 'percent', positions: [{ symbol: 'AAPL', quantity: 1, entry_price: 1 }] }, 'percent'],
      [{ atr_period: 1 }, 'atr_period'],
      [{ strategy_id: 999999 }, 'strategy_id'],
      [{ positions: [] }, 'positions'],
    ]
    for (const [body, field] of cases) {
      const res = await compute(u, body)
      assert.equal(res.statusCode, 422, JSON.stringify(body))
      assert.ok(
        json(res.body).errors.some((e: { loc: unknown[] }) => e.loc.includes(field)),
        res.body,
      )
    }
  })
})

describe('exit strategies', () => {
  it('create (defaults by method), duplicate name → 409, cross-field rules → 422', async () => {
    const u = await t.newTenant()
    const h = await bearer(t, u)
    const res = await u.post(S, { name: ' Swing ', method: 'chandelier', symbols: ['aapl'] }, h)
    assert.equal(res.statusCode, 201, res.body)
    const s = json(res.body)
    assert.deepEqual(
      [s.name, s.method, s.atr_period, s.multiplier, s.trailing, s.percent, s.account_id, s.symbols],
      ['Swing', 'chandelier', 22, 3, true, null, null, ['AAPL']],
    )
    assert.equal((await u.post(S, { name: 'Swing', method: 'atr' }, h)).statusCode, 409)
    const account = await holdings(u, [], h)
    for (const [body, field] of [
      [{ name: 'P', method: 'percent' }, 'percent'],
      [{ name: 'B', method: 'atr', account_id: account, symbols: ['AAPL'] }, 'symbols'],
      [{ name: 'C', method: 'atr', account_id: 987654 }, 'account_id'],
      [{ name: '  ', method: 'atr' }, 'name'],
      [{ name: 'D', method: 'stop' }, 'method'],
      [{ name: 'E', method: 'atr', multiplier: 11 }, 'multiplier'],
      [{ name: 'F', method: 'atr', extra: 1 }, 'body'],
    ] as const) {
      const r = await u.post(S, body, h)
      assert.equal(r.statusCode, 422, JSON.stringify(body))
      assert.ok(JSON.stringify(json(r.body).errors).includes(field), r.body)
    }
    const ok = json(
      (await u.post(S, { name: 'Pct', method: 'percent', percent: 5, account_id: account }, h)).body,
    )
    assert.deepEqual(
      [ok.atr_period, ok.multiplier, ok.trailing, ok.percent, ok.account_id],
      [14, 2, false, 5, account],
    )
  })

  it('list pages by id; get, patch, delete; another tenant sees nothing and gets 404', async () => {
    const u = await t.newTenant()
    const h = await bearer(t, u)
    const ids = []
    for (const name of ['A', 'B', 'C']) ids.push(json((await u.post(S, { name, method: 'atr' }, h)).body).id)
    const first = json((await u.get('/api/trading-intel/exit?limit=2', h)).body)
    assert.deepEqual([first.items.map((s: { id: number }) => s.id), first.total], [ids.slice(0, 2), 3])
    const second = json((await u.get(`/api/trading-intel/exit?limit=2&cursor=${first.next_cursor}`, h)).body)
    assert.deepEqual([second.items.map((s: { id: number }) => s.id), second.next_cursor], [[ids[2]], null])
    assert.equal((await u.get('/api/trading-intel/exit?page_size=10', h)).statusCode, 422)

    const patched = await u.patch(`${S}/${ids[0]}`, { method: 'chandelier', name: 'A2' })
    assert.equal(patched.statusCode, 200, patched.body)
    assert.deepEqual(
      (({ name, method, atr_period, multiplier, trailing }) => [
        name,
        method,
        atr_period,
        multiplier,
        trailing,
      ])(json(patched.body)),
      ['A2', 'chandelier', 22, 3, true],
    )
    assert.equal((await u.patch(`${S}/${ids[0]}`, { name: 'B' })).statusCode, 409)
    assert.equal((await u.patch(`${S}/${ids[0]}`, {})).statusCode, 422)
    assert.equal((await u.patch(`${S}/${ids[0]}`, { method: 'percent' })).statusCode, 422)
    assert.equal(json((await u.get(`${S}/${ids[0]}`, h)).body).name, 'A2')

    const other = await t.newTenant()
    const oh = await bearer(t, other)
    assert.equal((await other.get(`${S}/${ids[1]}`, oh)).statusCode, 404)
    assert.equal((await other.patch(`${S}/${ids[1]}`, { name: 'X' })).statusCode, 404)
    assert.equal((await other.delete(`${S}/${ids[1]}`)).statusCode, 404)
    assert.deepEqual(json((await other.get('/api/trading-intel/exit', oh)).body).items, [])
    assert.equal((await other.get(`/api/trading-intel/exit?tenant_id=${u.tenantId}`, oh)).statusCode, 403)
    assert.equal(
      (await other.post(S, { name: 'A2', method: 'atr' }, oh)).statusCode,
      201,
      'names are per tenant',
    )

    assert.equal((await u.delete(`${S}/${ids[1]}`)).statusCode, 204)
    assert.equal((await u.get(`${S}/${ids[1]}`, h)).statusCode, 404)
    assert.equal((await u.delete(`${S}/${ids[1]}`)).statusCode, 404)
    assert.equal((await t.anon.get('/api/trading-intel/exit')).statusCode, 401)
  })

  it('compute with strategy_id uses its method, parameters and symbols; another tenant’s → 422', async () => {
    const u = await t.newTenant()
    const h = await bearer(t, u)
    await holdings(
      u,
      [
        { symbol: 'AAPL', quantity: 10, value: 1017.3 },
        { symbol: 'MSFT', quantity: 1, value: 400 },
      ],
      h,
    )
    const s = json(
      (await u.post(S, { name: 'Tight', method: 'atr', multiplier: 1.5, symbols: ['AAPL'] }, h)).body,
    )
    const body = json((await compute(u, { strategy_id: s.id })).body)
    assert.deepEqual([body.strategy_id, body.params.multiplier, body.positions.length], [s.id, 1.5, 1])
    near(body.positions[0].stop, 101.73 - 1.5 * 2.169975)
    const inline = json((await compute(u, { strategy_id: s.id, multiplier: 2 })).body)
    near(inline.positions[0].stop, 97.39005)
    const other = await t.newTenant()
    assert.equal((await compute(other, { strategy_id: s.id })).statusCode, 422)
  })
})
