/**
 * The Schwab sandbox's Market Data API through real HTTP: quotes (with `errors.invalidSymbols`),
 * price history's period/frequency rules and option chains, each with its 400s in the `{errors:[…]}`
 * shape. Movers, market hours and instruments: schwab-broker-fake.markets.test.ts.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { FAKE_EXPIRATIONS, FAKE_SCHWAB_QUOTES, type WireJson } from './schwab-broker-fake.ts'
import { DAY, marketDataSession, NOW } from './schwab-fake-session.ts'

const { get, assertBadRequests } = marketDataSession()

describe('Schwab sandbox: quotes', () => {
  it('keys quotes by symbol with the requested sub-objects; unknown symbols under errors.invalidSymbols', async () => {
    const res = await get('/quotes?symbols=AAPL,spy,XYZ1&fields=quote,reference')
    assert.equal(res.status, 200)
    assert.deepEqual(Object.keys(res.body).sort(), ['AAPL', 'SPY', 'errors'])
    assert.deepEqual(res.body.errors, { invalidSymbols: ['XYZ1'] })
    const aapl = res.body.AAPL
    assert.deepEqual(
      [aapl.assetMainType, aapl.symbol, aapl.realtime, typeof aapl.ssid],
      ['EQUITY', 'AAPL', true, 'number'],
    )
    assert.deepEqual(
      Object.keys(aapl).filter((k) =>
        ['quote', 'reference', 'regular', 'fundamental', 'extended'].includes(k),
      ),
      ['quote', 'reference'],
    )
    assert.deepEqual(aapl.reference.cusip, '037833100')
    assert.deepEqual(
      [aapl.reference.exchange, aapl.reference.exchangeName, aapl.reference.description],
      ['Q', 'NASDAQ', 'Apple Inc.'],
    )
    const q = aapl.quote
    assert.equal(q.lastPrice, FAKE_SCHWAB_QUOTES['AAPL'])
    assert.equal(q.netChange, Math.round((q.lastPrice - q.closePrice) * 1e4) / 1e4)
    assert.ok(q.bidPrice < q.askPrice)
    assert.deepEqual([q.quoteTime, q.tradeTime], [NOW, NOW], 'epoch milliseconds')
    assert.equal(typeof q.totalVolume, 'number')
    assert.equal(res.body.SPY.assetSubType, 'ETF')
    const all = (await get('/quotes?symbols=MSFT')).body.MSFT
    for (const k of ['quote', 'reference', 'regular', 'fundamental', 'extended'])
      assert.equal(typeof all[k], 'object', k)
    assert.equal(all.regular.regularMarketLastPrice, FAKE_SCHWAB_QUOTES['MSFT'])
    assert.deepEqual(Object.keys((await get('/TSLA/quotes')).body), ['TSLA'])
  })

  it('refuses missing symbols and unknown fields', async () => {
    await assertBadRequests([
      '/quotes',
      '/quotes?symbols=',
      '/quotes?symbols=AAPL&fields=quote,prices',
      '/quotes?symbols=AAPL&indicative=maybe',
    ])
  })
})

describe('Schwab sandbox: price history', () => {
  it('defaults to 10 days of 1-minute candles in epoch milliseconds', async () => {
    const res = await get('/pricehistory?symbol=AAPL')
    assert.equal(res.status, 200)
    const { candles } = res.body
    assert.deepEqual([res.body.symbol, res.body.empty], ['AAPL', false])
    assert.equal(candles.length, 10 * 390)
    assert.equal(candles[1].datetime - candles[0].datetime, 60_000)
    assert.equal(
      new Date(candles[0].datetime).toISOString(),
      '2026-02-23T14:30:00.000Z',
      '09:30 New York, 10 weekdays back',
    )
    assert.equal('previousClose' in res.body, false)
    const thirty = (await get('/pricehistory?symbol=AAPL&periodType=day&period=1&frequency=30')).body.candles
    assert.deepEqual([thirty.length, thirty[1].datetime - thirty[0].datetime], [13, 1_800_000])
    const ten = (await get('/pricehistory?symbol=AAPL&periodType=day&period=1&frequency=10')).body.candles
    assert.equal(ten.length, 39)
    assert.equal(ten[0].volume, 2000, 'two 5-minute bars')
  })

  it('aggregates weekly and monthly candles and gives the previous close on request', async () => {
    const weekly = (await get('/pricehistory?symbol=AAPL&periodType=month&needPreviousClose=true')).body
    assert.ok(weekly.candles.length >= 4)
    for (const c of weekly.candles) assert.equal(new Date(c.datetime).getUTCDay(), 1, 'weeks start on Monday')
    assert.ok(weekly.previousCloseDate < weekly.candles[0].datetime)
    assert.equal(typeof weekly.previousClose, 'number')
    const monthly = (await get('/pricehistory?symbol=AAPL&periodType=year')).body.candles
    assert.ok(monthly.length >= 12 && monthly.length <= 13)
    const daily = (
      await get(
        `/pricehistory?symbol=AAPL&periodType=month&frequencyType=daily&startDate=${NOW - 7 * DAY}&endDate=${NOW}`,
      )
    ).body.candles
    assert.equal(daily.length, 5)
    assert.deepEqual((await get('/pricehistory?symbol=NOPE&periodType=ytd')).body, {
      candles: [],
      symbol: 'NOPE',
      empty: true,
    })
  })

  it('refuses invalid period and frequency combinations', async () => {
    await assertBadRequests([
      '/pricehistory',
      '/pricehistory?symbol=AAPL&periodType=week',
      '/pricehistory?symbol=AAPL&periodType=day&period=6',
      '/pricehistory?symbol=AAPL&periodType=day&frequencyType=daily',
      '/pricehistory?symbol=AAPL&periodType=month&period=4',
      '/pricehistory?symbol=AAPL&periodType=month&frequencyType=monthly',
      '/pricehistory?symbol=AAPL&periodType=ytd&period=2',
      '/pricehistory?symbol=AAPL&frequency=2',
      '/pricehistory?symbol=AAPL&periodType=year&frequencyType=daily&frequency=5',
      '/pricehistory?symbol=AAPL&startDate=yesterday',
      '/pricehistory?symbol=AAPL&needPreviousClose=yes',
    ])
  })
})

describe('Schwab sandbox: option chains', () => {
  it('nests contracts by "date:dte" and decimal strike, with greeks', async () => {
    const res = await get('/chains?symbol=AAPL')
    assert.equal(res.status, 200)
    const b = res.body
    assert.deepEqual(
      [b.symbol, b.status, b.underlyingPrice, b.underlying.last],
      ['AAPL', 'SUCCESS', 187.25, 187.25],
    )
    assert.deepEqual(Object.keys(b.callExpDateMap), ['2026-03-13:7', '2026-03-20:14'])
    const strikes = b.callExpDateMap['2026-03-13:7']
    assert.deepEqual(Object.keys(strikes), ['175.0', '180.0', '185.0', '190.0', '195.0'])
    const [c] = strikes['185.0']
    assert.deepEqual(
      [c.putCall, c.symbol, c.strikePrice, c.daysToExpiration, c.isInTheMoney],
      ['CALL', 'AAPL  260313C00185000', 185, 7, true],
    )
    assert.equal(c.totalVolume, 285)
    for (const k of [
      'bidPrice',
      'askPrice',
      'markPrice',
      'volatility',
      'delta',
      'gamma',
      'theta',
      'vega',
      'openInterest',
    ])
      assert.equal(typeof c[k], 'number', k)
    assert.ok(c.delta > 0 && c.delta < 1)
    const [p] = b.putExpDateMap['2026-03-13:7']['185.0']
    assert.deepEqual([p.putCall, p.isInTheMoney], ['PUT', false])
    assert.ok(p.delta < 0)
  })

  it('filters by contract type, strike count, dates and range', async () => {
    const calls = (await get('/chains?symbol=AAPL&contractType=CALL&strikeCount=2')).body
    assert.deepEqual(calls.putExpDateMap, {})
    for (const byStrike of Object.values(calls.callExpDateMap))
      assert.deepEqual(Object.keys(byStrike as object), ['185.0', '190.0'])
    const window = (await get(`/chains?symbol=AAPL&fromDate=${FAKE_EXPIRATIONS[1]}&toDate=2026-04-30`)).body
    assert.deepEqual(Object.keys(window.callExpDateMap), ['2026-03-20:14'])
    const itm = (await get('/chains?symbol=AAPL&range=ITM')).body
    const itmContracts: WireJson[] = Object.values<WireJson>(itm.putExpDateMap).flatMap((m) =>
      Object.values<WireJson[]>(m).flat(),
    )
    assert.ok(itmContracts.length > 0 && itmContracts.every((c) => c.isInTheMoney))
    assert.deepEqual((await get('/chains?symbol=NOPE')).body.status, 'FAILED')
    await assertBadRequests([
      '/chains',
      '/chains?symbol=AAPL&contractType=BOTH',
      '/chains?symbol=AAPL&strategy=SPREAD',
      '/chains?symbol=AAPL&strategy=VERTICAL',
      '/chains?symbol=AAPL&range=FAR',
      '/chains?symbol=AAPL&fromDate=03/13/2026',
      '/chains?symbol=AAPL&strikeCount=0',
    ])
    const expirations = (await get('/expirationchain?symbol=AAPL')).body.expirationList
    assert.deepEqual(
      expirations.map((e: WireJson) => [e.expirationDate, e.daysToExpiration, e.expirationType]),
      [
        ['2026-03-13', 7, 'W'],
        ['2026-03-20', 14, 'S'],
      ],
    )
  })
})
