/** GET /api/trading-intel/correlation: numbers, nulls, ETag/304, X-Cache, TTLs, isolation. */
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { before, after, describe, it } from 'node:test'
import { createMemoryCache } from '../../src/platform/cache/index.ts'
import { fixedClock } from '../../src/platform/clock.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { bearer, closeBars, fromReturns, holdings, RiskMarket, walk, weekdaysUntil } from './risk-fixtures.ts'

const clock = fixedClock('2026-11-24T15:00:00Z') // Tuesday 10:00 New York, regular session
const market = new RiskMarket({ clock })
const days = weekdaysUntil('2026-11-23', 62)
let t: TestApp
before(async () => {
  t = await buildTestApp({
    clock,
    providers: { market },
    cache: createMemoryCache({ now: () => clock.now().getTime() }),
  })
})
after(() => t.close())

const URL = '/api/trading-intel/correlation'
const get = async (u: Client, query = '', headers: Record<string, string> = {}) =>
  u.get(`${URL}${query}`, { ...(await bearer(t, u)), ...headers })

/** Pearson of two symbols' simple returns on the union date axis, pairs where both exist (written apart from the kernel). */
function independent(a: Map<string, number>, b: Map<string, number>, axis: string[]): number | null {
  const ret = (m: Map<string, number>, i: number) =>
    m.has(axis[i]!) && m.has(axis[i - 1]!) ? m.get(axis[i]!)! / m.get(axis[i - 1]!)! - 1 : null
  const xs: number[] = []
  const ys: number[] = []
  for (let i = 1; i < axis.length; i++) {
    const x = ret(a, i)
    const y = ret(b, i)
    if (x === null || y === null) continue
    xs.push(x)
    ys.push(y)
  }
  if (xs.length < 20) return null
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length
  const [mx, my] = [mean(xs), mean(ys)]
  let sxy = 0
  let sxx = 0
  let syy = 0
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my)
    sxx += (x - mx) ** 2
    syy += (ys[i]! - my) ** 2
  })
  if (sxx === 0 || syy === 0) return null // a flat series
  return Math.round((sxy / Math.sqrt(sxx * syy)) * 1000) / 1000
}

function setSeries(series: Record<string, number[]>) {
  for (const [s, closes] of Object.entries(series))
    market.daily[s] = closeBars(days.slice(-closes.length), closes)
}

describe('correlation: the numbers', () => {
  it('matches an independent Pearson of simple returns, pairwise on common dates, 3 decimals', async () => {
    clock.set('2026-11-24T15:00:00Z')
    const msft = walk(2, 62)
    msft[30] = Number.NaN // a missing day: MSFT's pairs skip the two returns that touch it
    setSeries({
      AAPL: walk(1, 62),
      MSFT: msft,
      NVDA: walk(3, 62),
      SPY: walk(4, 62),
      QQQ: walk(5, 62),
      DIA: walk(6, 62),
    })
    setSeries({ GLD: new Array(62).fill(180), TLT: walk(7, 10) })
    delete market.daily.IWM
    const u = await t.newTenant()
    await holdings(u, [
      { symbol: 'NVDA', quantity: 10, value: 3000 },
      { symbol: 'AAPL', quantity: 10, value: 5000 },
      { symbol: 'MSFT', quantity: 10, value: 4000 },
    ])
    const res = await get(u)
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res.body)
    assert.deepEqual(body.symbols, ['AAPL', 'MSFT', 'NVDA', 'SPY', 'QQQ', 'IWM', 'DIA', 'TLT', 'GLD'])
    assert.deepEqual(body.benchmarks, ['SPY', 'QQQ', 'IWM', 'DIA', 'TLT', 'GLD'])
    const maps = body.symbols.map(
      (s: string) => new Map((market.daily[s] ?? []).map((b) => [b.time.slice(0, 10), b.close])),
    )
    const axis = [...new Set(maps.flatMap((m: Map<string, number>) => [...m.keys()]))].sort()
    let defined = 0
    body.symbols.forEach((_: string, i: number) =>
      body.symbols.forEach((_s: string, j: number) => {
        const rho = independent(maps[i]!, maps[j]!, axis)
        const want = i === j && rho !== null ? 1 : rho
        assert.equal(body.matrix[i][j], want, `${body.symbols[i]}/${body.symbols[j]}`)
        if (want !== null && i !== j) defined++
      }),
    )
    assert.equal(defined, 6 * 5, 'AAPL, MSFT, NVDA, SPY, QQQ, DIA pairs are defined')
    assert.equal(body.observations[0][0], 61)
    assert.equal(body.observations[0][1], 59, 'MSFT misses one day: two returns fewer')
    const reasons = Object.fromEntries(
      body.series.map((s: { symbol: string; null_reason: string }) => [s.symbol, s.null_reason]),
    )
    assert.deepEqual(reasons, {
      AAPL: null,
      MSFT: null,
      NVDA: null,
      SPY: null,
      QQQ: null,
      IWM: 'no_prices',
      DIA: null,
      TLT: 'too_few_returns',
      GLD: 'flat',
    })
    assert.equal(body.as_of, '2026-11-23')
    assert.equal(body.from, '2026-08-26')
  })

  it('the correlation vector A/B/C (returns repeated to 30): 0.969, −0.961, −0.954', async () => {
    clock.set('2026-11-24T15:00:00Z')
    const A = [100, 101, 100.5, 102, 103, 102.5, 104, 103.5, 105, 106, 105.5]
    const B = [50, 50.4, 50.1, 50.9, 51.2, 51.0, 51.9, 51.5, 52.3, 52.6, 52.4]
    const C = [20, 19.8, 20.1, 19.7, 19.5, 19.9, 19.2, 19.4, 19.0, 18.8, 19.1]
    const thrice = (x: number[]) => {
      const r = x.slice(1).map((v, i) => v / x[i]! - 1)
      return fromReturns(x[0]!, [...r, ...r, ...r])
    }
    setSeries({ AAPL: thrice(A), MSFT: thrice(B), NVDA: thrice(C) })
    const u = await t.newTenant()
    await holdings(u, [
      { symbol: 'AAPL', quantity: 1, value: 300 },
      { symbol: 'MSFT', quantity: 1, value: 200 },
      { symbol: 'NVDA', quantity: 1, value: 100 },
    ])
    const body = json((await get(u)).body)
    assert.deepEqual(
      body.matrix.slice(0, 3).map((row: number[]) => row.slice(0, 3)),
      [
        [1, 0.969, -0.961],
        [0.969, 1, -0.954],
        [-0.961, -0.954, 1],
      ],
    )
    assert.equal(body.observations[0][1], 30)
  })

  it('no holdings: the six benchmarks alone; lookback bounds and bad input → 422', async () => {
    const u = await t.newTenant()
    const body = json((await get(u, '?lookback_days=20')).body)
    assert.deepEqual(body.symbols, ['SPY', 'QQQ', 'IWM', 'DIA', 'TLT', 'GLD'])
    assert.equal(body.lookback_days, 20)
    assert.ok(
      body.series.every((s: { returns: number }) => s.returns <= 14),
      'only 20 calendar days of closes',
    )
    for (const q of ['?lookback_days=19', '?lookback_days=731', '?account_id=x', '?lookback_days=1.5']) {
      const res = await get(u, q)
      assert.equal(res.statusCode, 422, q)
      assert.equal(json(res.body).code, 'validation.failed')
    }
  })
})

describe('correlation: the window', () => {
  it('`from` = today − lookback_days is the first close used: 21 closes from it give 20 returns, not 19', async () => {
    clock.set('2026-11-28T15:00:00Z') // Saturday; 30 days back is Thursday 2026-10-29
    const dates = weekdaysUntil('2026-11-27', 23).filter((d) => d !== '2026-11-26') // Thanksgiving
    assert.equal(dates[1], '2026-10-29')
    const aapl = walk(11, dates.length)
    const msft = walk(12, dates.length)
    market.daily.AAPL = closeBars(dates, aapl) // dates[0] (2026-10-28) is outside the window
    market.daily.MSFT = closeBars(dates, msft)
    const u = await t.newTenant()
    await holdings(u, [
      { symbol: 'AAPL', quantity: 1, value: 200 },
      { symbol: 'MSFT', quantity: 1, value: 100 },
    ])
    const body = json((await get(u, '?lookback_days=30')).body)
    assert.deepEqual([body.from, body.as_of], ['2026-10-29', '2026-11-27'])
    assert.deepEqual(
      body.series.slice(0, 2).map((s: { closes: number; returns: number }) => [s.closes, s.returns]),
      [
        [21, 20],
        [21, 20],
      ],
    )
    assert.equal(body.observations[0][1], 20)
    const axis = dates.slice(1)
    const map = (closes: number[]) => new Map(axis.map((d, i) => [d, closes[i + 1]!]))
    const rho = independent(map(aapl), map(msft), axis)
    assert.notEqual(rho, null)
    assert.equal(body.matrix[0][1], rho)
    assert.equal(body.series[0].null_reason, null)
  })
})

describe('correlation: ETag, 304 and the cache', () => {
  it('ETag is the MD5 of the body bytes; If-None-Match (strong, W/, list, *) → 304 without a body', async () => {
    clock.set('2026-11-24T15:00:00Z')
    const u = await t.newTenant()
    const first = await get(u)
    assert.equal(first.headers['x-cache'], 'MISS')
    const etag = first.headers.etag as string
    assert.equal(etag, `"${createHash('md5').update(first.rawPayload).digest('hex')}"`)
    const again = await get(u)
    assert.equal(again.headers['x-cache'], 'HIT')
    assert.equal(again.headers.etag, etag)
    assert.equal(again.body, first.body)
    for (const inm of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const res = await get(u, '', { 'if-none-match': inm })
      assert.equal(res.statusCode, 304, inm)
      assert.equal(res.body, '')
      assert.equal(res.headers.etag, etag)
    }
    assert.equal((await get(u, '', { 'if-none-match': '"other"' })).statusCode, 200)
  })

  it('lives 15 minutes in the regular session', async () => {
    clock.set('2026-11-24T15:00:00Z')
    const u = await t.newTenant()
    assert.equal((await get(u)).headers['x-cache'], 'MISS')
    clock.set('2026-11-24T15:14:59Z')
    assert.equal((await get(u)).headers['x-cache'], 'HIT')
    clock.set('2026-11-24T15:15:01Z')
    assert.equal((await get(u)).headers['x-cache'], 'MISS')
  })

  it('lives 24 hours over a weekend, and until the next open on a weekday night', async () => {
    clock.set('2026-11-28T17:00:00Z') // Saturday
    const u = await t.newTenant()
    assert.equal((await get(u)).headers['x-cache'], 'MISS')
    clock.set('2026-11-29T16:59:00Z')
    assert.equal((await get(u)).headers['x-cache'], 'HIT')
    clock.set('2026-11-29T17:01:00Z')
    assert.equal((await get(u)).headers['x-cache'], 'MISS')
    clock.set('2026-11-24T23:00:00Z') // Tuesday 18:00 New York; Wednesday opens 14:30Z
    const v = await t.newTenant()
    assert.equal((await get(v)).headers['x-cache'], 'MISS')
    clock.set('2026-11-25T14:29:00Z')
    assert.equal((await get(v)).headers['x-cache'], 'HIT')
    clock.set('2026-11-25T14:31:00Z')
    assert.equal((await get(v)).headers['x-cache'], 'MISS')
  })

  it('is cached per holdings set, lookback and tenant', async () => {
    clock.set('2026-11-24T15:00:00Z')
    const u = await t.newTenant()
    assert.equal((await get(u)).headers['x-cache'], 'MISS')
    assert.equal((await get(u, '?lookback_days=60')).headers['x-cache'], 'MISS')
    await holdings(u, [{ symbol: 'AAPL', quantity: 1, value: 100 }], await bearer(t, u))
    const res = await get(u)
    assert.equal(res.headers['x-cache'], 'MISS')
    assert.equal(json(res.body).symbols[0], 'AAPL')
    assert.equal((await get(await t.newTenant())).headers['x-cache'], 'MISS')
  })

  it('an archived (closed) account leaves the matrix: its holdings are not among the symbols', async () => {
    clock.set('2026-11-24T15:00:00Z')
    setSeries({ AAPL: walk(1, 62), NVDA: walk(3, 62) })
    const u = await t.newTenant()
    await holdings(u, [{ symbol: 'AAPL', quantity: 1, value: 100 }], await bearer(t, u))
    const closed = await holdings(u, [{ symbol: 'NVDA', quantity: 1, value: 900 }], await bearer(t, u))
    assert.deepEqual(
      json((await get(u)).body).symbols.filter((s: string) => ['AAPL', 'NVDA'].includes(s)),
      ['NVDA', 'AAPL'],
    )
    const res = await u.patch(`/api/accounts/${closed}`, { status: 'closed' })
    assert.equal(res.statusCode, 200, res.body)
    const after = json((await get(u)).body).symbols
    assert.ok(after.includes('AAPL') && !after.includes('NVDA'), JSON.stringify(after))
  })
})

describe('correlation: isolation and failures', () => {
  it('another tenant’s account → 404; a foreign tenant_id → 403; no token → 401', async () => {
    clock.set('2026-11-24T15:00:00Z')
    const a = await t.newTenant()
    const b = await t.newTenant()
    const account = await holdings(a, [{ symbol: 'AAPL', quantity: 1, value: 100 }], await bearer(t, a))
    const own = await get(a, `?account_id=${account}`)
    assert.equal(own.statusCode, 200)
    assert.equal(json(own.body).symbols[0], 'AAPL')
    const res = await get(b, `?account_id=${account}`)
    assert.equal(res.statusCode, 404)
    assert.equal(json(res.body).code, 'accounts.not_found')
    assert.equal((await get(b, `?tenant_id=${a.tenantId}`)).statusCode, 403)
    assert.equal((await t.anon.get(URL)).statusCode, 401)
  })

  it('a market data failure → 503 upstream.unavailable, and nothing is cached', async () => {
    clock.set('2026-11-24T15:00:00Z')
    const u = await t.newTenant()
    market.failing = true
    try {
      const res = await get(u)
      assert.equal(res.statusCode, 503)
      assert.equal(json(res.body).code, 'upstream.unavailable')
    } finally {
      market.failing = false
    }
    assert.equal((await get(u)).headers['x-cache'], 'MISS')
  })
})
