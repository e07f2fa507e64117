import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../../platform/clock.ts'
import { SimulatedMarketData } from './simulated.ts'

const at = (iso: string) => new SimulatedMarketData({ clock: fixedClock(iso) })
const LATE = '2026-12-31T23:00:00Z' // a clock after every date these tests read

describe('simulated market quotes', () => {
  it('are deterministic: same symbol and New York date → same quote, across instances', async () => {
    // Both clocks are after the regular close of 2026-03-10 (New York), so the quotes agree.
    const a = await at('2026-03-10T20:30:00Z').quotes(['AAPL', 'msft'])
    const b = await at('2026-03-11T01:00:00Z').quotes(['MSFT', 'AAPL'])
    assert.deepEqual(
      a.map((q) => [q.symbol, q.last, q.previous_close]),
      b.map((q) => [q.symbol, q.last, q.previous_close]).reverse(),
    )
  })

  it('move from day to day, with a consistent previous close and change', async () => {
    const day1 = (await at('2026-03-10T21:00:00Z').quotes(['SPY']))[0]!
    const day2 = (await at('2026-03-11T15:00:00Z').quotes(['SPY']))[0]!
    assert.notEqual(day1.last, day2.last)
    assert.equal(day2.previous_close, day1.last)
    assert.equal(day2.change, Math.round((day2.last - day2.previous_close) * 100) / 100)
    assert.ok(day2.bid! < day2.last && day2.last < day2.ask!)
    assert.ok(Math.abs(day2.change_pct) < 15, 'a plausible daily move')
  })

  it("outside the session are the last session's close, as of its close, with no bid or ask", async () => {
    const friday = await at(LATE).bars('AAPL', {
      interval: '1d',
      end: new Date('2026-03-13T22:00:00Z'),
      limit: 1,
    })
    // Saturday noon, Monday 08:00 (pre-market) and Friday 21:00 (after the post-market close).
    for (const now of ['2026-03-14T16:00:00Z', '2026-03-16T12:00:00Z', '2026-03-14T01:00:00Z']) {
      const [q] = await at(now).quotes(['AAPL'])
      assert.equal(q!.as_of, '2026-03-13T20:00:00.000Z', `${now}: Friday's 16:00 EDT close`)
      assert.equal(q!.session_date, '2026-03-13', now)
      assert.deepEqual([q!.bid, q!.ask], [null, null], now)
      assert.equal(q!.last, friday[0]!.close, now)
      assert.equal(q!.volume, friday[0]!.volume, now)
    }
    // Thanksgiving: Wednesday's close; the Friday after closes at 13:00 EST.
    const [thanksgiving] = await at('2026-11-26T17:00:00Z').quotes(['SPY'])
    assert.equal(thanksgiving!.session_date, '2026-11-25')
    assert.equal(thanksgiving!.as_of, '2026-11-25T21:00:00.000Z')
    const [saturday] = await at('2026-11-28T17:00:00Z').quotes(['SPY'])
    assert.equal(saturday!.as_of, '2026-11-27T18:00:00.000Z')
    // During the session: as of now, with a bid and an ask.
    const [live] = await at('2026-03-13T15:00:30Z').quotes(['AAPL'])
    assert.equal(live!.as_of, '2026-03-13T15:00:30.000Z')
    assert.equal(live!.session_date, '2026-03-13')
    assert.ok(live!.bid! < live!.last && live!.last < live!.ask!)
  })

  it('drop malformed symbols, duplicates and symbols outside the universe', async () => {
    const q = await at('2026-03-10T15:00:00Z').quotes(['AAPL', 'aapl', '$$$', '', 'ZZZZQ'])
    assert.deepEqual(
      q.map((x) => x.symbol),
      ['AAPL'],
    )
  })

  it('during the session show the close of the latest finished 1m bar, not delayed', async () => {
    const m = at('2026-03-10T15:00:30Z') // 11:00:30 EDT
    const [q] = await m.quotes(['NVDA'])
    const bars = await m.bars('NVDA', { interval: '1m', start: new Date('2026-03-10T00:00:00Z') })
    assert.equal(bars.at(-1)!.time, '2026-03-10T14:59:00.000Z')
    assert.equal(q!.last, bars.at(-1)!.close)
    assert.equal(q!.delayed, false)
    const daily = await at(LATE).bars('NVDA', {
      interval: '1d',
      end: new Date('2026-03-09T12:00:00Z'),
      limit: 1,
    })
    assert.equal(q!.previous_close, daily[0]!.close, 'previous close = the prior session close')
  })
})

describe('simulated universe', () => {
  it('lists real tickers of every kind, all 11 sectors, and answers unknown symbols as unknown', async () => {
    const m = at(LATE)
    const all = await m.universe()
    const stocks = all.filter((i) => i.type === 'stock')
    assert.ok(stocks.length >= 150, `${stocks.length} stocks`)
    assert.equal(new Set(stocks.map((s) => s.sector)).size, 11)
    assert.equal(new Set(all.map((i) => i.symbol)).size, all.length, 'no duplicates')
    for (const s of ['SPY', 'QQQ', 'IWM', 'DIA', 'VTI', 'VOO', 'XLK', 'XLRE', 'TLT', 'GLD', 'BND', 'SCHD']) {
      assert.equal((await m.instrument(s))?.type, 'etf', s)
    }
    for (const s of ['SH', 'PSQ', 'RWM', 'DOG', 'SDS', 'QID', 'SQQQ', 'SPXU']) {
      assert.equal((await m.instrument(s))?.type, 'inverse_etf', s)
    }
    assert.equal((await m.instrument('^vix'))?.type, 'index')
    assert.equal((await m.instrument('AAPL'))?.sector, 'Information Technology')
    assert.equal(await m.instrument('ZZZZQ'), null)
    assert.deepEqual(await m.bars('ZZZZQ', { interval: '1d' }), [])
    assert.deepEqual(await m.optionChain('ZZZZQ'), { underlying: 'ZZZZQ', expirations: [], contracts: [] })
  })

  it('covers the S&P 500: at least 500 stocks with unique symbols, share classes included', async () => {
    const m = at(LATE)
    const stocks = (await m.universe()).filter((i) => i.type === 'stock')
    assert.ok(stocks.length >= 500, `${stocks.length} stocks`)
    assert.equal(new Set(stocks.map((s) => s.symbol)).size, stocks.length, 'unique symbols')
    const expected = {
      FICO: 'Information Technology',
      FOXA: 'Communication Services',
      FOX: 'Communication Services',
      NVR: 'Consumer Discretionary',
      'BF.B': 'Consumer Staples',
      RMD: 'Health Care',
      MTB: 'Financials',
      ODFL: 'Industrials',
      CTRA: 'Energy',
      ATO: 'Utilities',
      ESS: 'Real Estate',
      STLD: 'Materials',
    }
    for (const [symbol, sector] of Object.entries(expected)) {
      const i = await m.instrument(symbol)
      assert.equal(i?.type, 'stock', symbol)
      assert.equal(i?.sector, sector, symbol)
    }
  })
})

describe('simulated daily bars', () => {
  it('are deterministic across instances and independent of what else was asked', async () => {
    const q = { interval: '1d', start: new Date('2025-01-01'), end: new Date('2025-03-01') } as const
    const fresh = await at(LATE).bars('JPM', q)
    const other = at(LATE)
    await other.bars('XLF', q)
    await other.quotes(['BAC', 'JPM'])
    assert.deepEqual(await other.bars('jpm', q), fresh)
    assert.notDeepEqual(
      await new SimulatedMarketData({ clock: fixedClock(LATE), seed: 'other' }).bars('JPM', q),
      fresh,
    )
  })

  it('exist only on NYSE trading days, stamped at New York midnight, and honour limit', async () => {
    const bars = await at(LATE).bars('AAPL', {
      interval: '1d',
      start: new Date('2026-03-30'),
      end: new Date('2026-07-08'),
    })
    const dates = bars.map((b) => b.time)
    assert.ok(dates.includes('2026-04-02T04:00:00.000Z'))
    assert.ok(!dates.includes('2026-04-03T04:00:00.000Z'), 'Good Friday')
    assert.ok(!dates.includes('2026-07-03T04:00:00.000Z'), 'Independence Day observed')
    assert.ok(dates.includes('2026-07-06T04:00:00.000Z'))
    for (const b of bars)
      assert.ok(![0, 6].includes(new Date(Date.parse(b.time) + 12 * 3600_000).getUTCDay()))
    const last5 = await at(LATE).bars('AAPL', {
      interval: '1d',
      end: new Date('2026-07-07T12:00:00Z'),
      limit: 5,
    })
    assert.deepEqual(last5, bars.slice(-5))
  })

  it('are well-formed and stay near the 2025 reference prices', async () => {
    const bars = await at(LATE).bars('MSFT', {
      interval: '1d',
      start: new Date('2025-01-01'),
      end: new Date('2025-12-31'),
    })
    assert.ok(bars.length > 245 && bars.length < 255)
    for (const b of bars) {
      assert.ok(b.high >= Math.max(b.open, b.close) && b.low <= Math.min(b.open, b.close) && b.low > 0)
      assert.ok(b.volume > 0)
    }
    const mid = bars.find((b) => b.time.startsWith('2025-07-01'))!
    assert.equal(mid.close, 500, 'anchored on the reference price')
    assert.ok(bars.every((b) => b.close > 250 && b.close < 1000))
  })

  it('today has a partial bar only once the regular session has traded', async () => {
    assert.equal(
      (await at('2026-03-10T13:00:00Z').bars('KO', { interval: '1d', limit: 1 }))[0]!.time,
      '2026-03-09T04:00:00.000Z',
    )
    const partial = (await at('2026-03-10T15:00:00Z').bars('KO', { interval: '1d', limit: 1 }))[0]!
    const [q] = await at('2026-03-10T15:00:00Z').quotes(['KO'])
    assert.equal(partial.time, '2026-03-10T04:00:00.000Z')
    assert.equal(partial.close, q!.last)
    assert.equal(partial.volume, q!.volume)
  })
})

const pearson = (a: number[], b: number[]) => {
  const ma = a.reduce((s, x) => s + x, 0) / a.length
  const mb = b.reduce((s, x) => s + x, 0) / b.length
  let sab = 0
  let saa = 0
  let sbb = 0
  for (let i = 0; i < a.length; i++) {
    sab += (a[i]! - ma) * (b[i]! - mb)
    saa += (a[i]! - ma) ** 2
    sbb += (b[i]! - mb) ** 2
  }
  return sab / Math.sqrt(saa * sbb)
}

describe('simulated returns', () => {
  const returns = async (symbol: string) => {
    const bars = await at(LATE).bars(symbol, {
      interval: '1d',
      start: new Date('2025-06-01'),
      end: new Date('2026-06-01'),
    })
    return bars.slice(1).map((b, i) => Math.log(b.close / bars[i]!.close))
  }

  it('correlate more within a sector than across sectors', async () => {
    const [xom, cvx, msft, jpm, bac] = await Promise.all(['XOM', 'CVX', 'MSFT', 'JPM', 'BAC'].map(returns))
    assert.ok(xom!.length > 240)
    const same = pearson(xom!, cvx!)
    const cross = pearson(xom!, msft!)
    assert.ok(same > cross + 0.1, `XOM~CVX ${same} vs XOM~MSFT ${cross}`)
    assert.ok(pearson(jpm!, bac!) > pearson(jpm!, xom!) + 0.1)
    assert.ok(cross > 0, 'the market factor links every stock')
  })

  it('of inverse funds mirror their index with its leverage, and ^VIX moves against the market', async () => {
    const [spy, sh, sds, qqq, sqqq, vix] = await Promise.all(
      ['SPY', 'SH', 'SDS', 'QQQ', 'SQQQ', '^VIX'].map(returns),
    )
    assert.ok(pearson(spy!, sh!) < -0.95)
    assert.ok(pearson(qqq!, sqqq!) < -0.95)
    assert.ok(pearson(spy!, vix!) < -0.5)
    const ratio = (a: number[], b: number[]) =>
      a.reduce((s, x, i) => s + x * b[i]!, 0) / b.reduce((s, x) => s + x * x, 0)
    assert.ok(Math.abs(ratio(sds!, spy!) + 2) < 0.15, `SDS beta ${ratio(sds!, spy!)}`)
    assert.ok(Math.abs(ratio(sqqq!, qqq!) + 3) < 0.2)
    const sd = (r: number[]) => Math.sqrt(r.reduce((s, x) => s + x * x, 0) / r.length)
    assert.ok(sd(spy!) > 0.005 && sd(spy!) < 0.02, `SPY daily vol ${sd(spy!)}`)
  })

  it('keep ^VIX mean-reverting around its usual level', async () => {
    const bars = await at(LATE).bars('^VIX', {
      interval: '1d',
      start: new Date('2016-01-01'),
      end: new Date('2026-12-31'),
    })
    const closes = bars.map((b) => b.close).sort((a, b) => a - b)
    const median = closes[Math.floor(closes.length / 2)]!
    assert.ok(median > 13 && median < 22, `median VIX ${median}`)
    assert.ok(closes[0]! > 8 && closes.at(-1)! < 81)
  })
})
