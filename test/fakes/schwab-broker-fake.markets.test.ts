/**
 * The Schwab sandbox's Market Data API through real HTTP: movers (with a percent-encoded index),
 * market hours and instruments, each with its 400s in the `{errors:[…]}` shape.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fakeTokens, schwabApi, startSchwabBrokerFake, type WireJson } from './schwab-broker-fake.ts'
import { marketDataSession } from './schwab-fake-session.ts'

const { get, assertBadRequests } = marketDataSession()

describe('Schwab sandbox: movers, markets and instruments', () => {
  it('ranks the top movers of an index given as %24DJI or $SPX', async () => {
    const up = (await get('/movers/%24DJI?sort=PERCENT_CHANGE_UP')).body.screeners
    assert.deepEqual(
      up.map((s: WireJson) => s.symbol),
      ['NVDA', 'AAPL'],
    )
    const keys = [
      'description',
      'direction',
      'lastPrice',
      'marketShare',
      'netChange',
      'netPercentChange',
      'symbol',
      'totalVolume',
      'trades',
      'volume',
    ]
    assert.deepEqual(Object.keys(up[0]).sort(), keys)
    assert.deepEqual([up[0].direction, up[0].lastPrice, up[0].netPercentChange], ['up', 118.5, 0.029897])
    const spx = (await get('/movers/$SPX?sort=VOLUME')).body.screeners
    assert.equal(spx.length, 7, 'the stocks of the universe (SPY is a fund)')
    assert.deepEqual(
      spx.map((s: WireJson) => s.volume),
      spx.map((s: WireJson) => s.volume).sort((a: number, b: number) => b - a),
    )
    assert.equal(Math.round(spx.reduce((t: number, s: WireJson) => t + s.marketShare, 0)), 100)
    const down = (await get('/movers/NASDAQ?sort=PERCENT_CHANGE_DOWN&frequency=1')).body.screeners
    assert.deepEqual(
      down.map((s: WireJson) => s.symbol),
      ['TSLA', 'AMZN'],
    )
    assert.deepEqual((await get('/movers/OPTION_CALL')).body, { screeners: [] })
    await assertBadRequests(['/movers/%24NOPE', '/movers/$SPX?sort=PRICE', '/movers/$SPX?frequency=2'])
  })

  it('gives market hours on weekdays and isOpen:false without sessions on weekends', async () => {
    const open = (await get('/markets?markets=equity,option&date=2026-03-09')).body
    assert.deepEqual(Object.keys(open), ['equity', 'option'])
    assert.deepEqual(Object.keys(open.option), ['EQO', 'IND'])
    const eq = open.equity.EQ
    assert.deepEqual([eq.isOpen, eq.marketType, eq.product], [true, 'EQUITY', 'EQ'])
    assert.deepEqual(eq.sessionHours.regularMarket, [
      { start: '2026-03-09T09:30:00-04:00', end: '2026-03-09T16:00:00-04:00' },
    ])
    const before = (await get('/markets/equity')).body.equity.EQ
    assert.deepEqual(
      [before.date, before.sessionHours.preMarket[0].start],
      ['2026-03-06', '2026-03-06T07:00:00-05:00'],
    )
    const weekend = (await get('/markets?markets=equity&date=2026-03-07')).body.equity.EQ
    assert.deepEqual([weekend.isOpen, 'sessionHours' in weekend], [false, false])
    await assertBadRequests([
      '/markets',
      '/markets?markets=crypto',
      '/markets?markets=equity&date=2027-03-07',
      '/markets?markets=equity&date=03-09-2026',
    ])
    const holiday = await startSchwabBrokerFake({ isOpen: (d) => d !== '2026-04-03' })
    try {
      const t = (await fakeTokens(holiday)).access_token
      const res = await schwabApi(holiday, '/marketdata/v1/markets?markets=equity&date=2026-04-03', t)
      assert.equal(res.body.equity.EQ.isOpen, false)
    } finally {
      await holiday.close()
    }
  })

  it('finds instruments by symbol, regex and description, with fundamentals on request, or by CUSIP', async () => {
    const found = (await get('/instruments?symbol=AAPL,XYZ1&projection=symbol-search')).body.instruments
    assert.deepEqual(found, [
      {
        cusip: '037833100',
        symbol: 'AAPL',
        description: 'Apple Inc.',
        exchange: 'NASDAQ',
        assetType: 'EQUITY',
      },
    ])
    const fundamental = (await get('/instruments?symbol=META,SPY&projection=fundamental')).body.instruments
    assert.deepEqual(
      fundamental.map((i: WireJson) => [i.symbol, i.assetType, i.fundamental.symbol]),
      [
        ['META', 'EQUITY', 'META'],
        ['SPY', 'ETF', 'SPY'],
      ],
    )
    const regex = (await get('/instruments?symbol=A.*&projection=symbol-regex')).body.instruments
    assert.deepEqual(regex.map((i: WireJson) => i.symbol).sort(), ['AAPL', 'AMZN'])
    const desc = (await get('/instruments?symbol=platforms&projection=desc-search')).body.instruments
    assert.deepEqual(
      desc.map((i: WireJson) => i.symbol),
      ['META'],
    )
    assert.deepEqual((await get('/instruments/037833100')).body.symbol, 'AAPL')
    const missing = await get('/instruments/000000000')
    assert.deepEqual([missing.status, missing.body.errors[0].status], [404, '404'])
    await assertBadRequests([
      '/instruments?symbol=AAPL',
      '/instruments?projection=fundamental',
      '/instruments?symbol=AAPL&projection=exact',
      '/instruments?symbol=(&projection=symbol-regex',
    ])
  })
})
