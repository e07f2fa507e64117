/**
 * The Schwab adapter's pass-through reads against the loopback fake: account numbers and details,
 * quotes (with `errors.invalidSymbols`), price history, option chains, movers (`$SPX` sent as
 * `%24SPX`), market hours and instruments by symbol and CUSIP, each equal to the fake's own answer.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { FAKE_SCHWAB_QUOTES, type WireJson } from '../../fakes/schwab-broker-fake.ts'
import { UpstreamClientError, UpstreamProtocolError } from '../../../src/providers/shared/http.ts'
import { DAY, NOW, rejects, useSchwabKit } from '../../helpers/schwab-test-kit.ts'

const kit = useSchwabKit()
const md = (path: string) => `/marketdata/v1${path}`

describe('schwab broker: raw trader reads', () => {
  it('answers account numbers and account details as the vendor sent them', async () => {
    const l = await kit.login()
    assert.deepEqual(await kit.broker.accountNumbers(l.token), l.numbers)
    assert.deepEqual(
      await kit.broker.accountDetails(l.token, undefined, false),
      await kit.wire('/trader/v1/accounts', l.token),
    )
    const details = await kit.broker.accountDetails(l.token, l.margin, true)
    assert.deepEqual(details, [await kit.wire(`/trader/v1/accounts/${l.margin}?fields=positions`, l.token)])
    assert.ok(details[0]?.aggregatedBalance && Array.isArray(details[0].securitiesAccount['positions']))
    assert.deepEqual(
      kit.sent('/trader/v1/accounts').map((r) => r.query),
      [{}, {}],
    )
  })
})

describe('schwab broker: market data', () => {
  it('keys quotes by symbol and passes errors.invalidSymbols through', async () => {
    const l = await kit.login()
    const got = await kit.broker.quotes(l.token, ['AAPL', ' spy', 'XYZ1', 'AAPL'])
    assert.deepEqual(kit.sent(md('/quotes'))[0]?.query, { symbols: 'AAPL,spy,XYZ1' })
    assert.deepEqual(got, await kit.wire(md('/quotes?symbols=AAPL,SPY,XYZ1'), l.token))
    assert.deepEqual(got.errors, { invalidSymbols: ['XYZ1'] })
    assert.equal((got['AAPL']?.['quote'] as WireJson).lastPrice, FAKE_SCHWAB_QUOTES['AAPL'])
    kit.clearLog()
    const some = await kit.broker.quotes(l.token, ['MSFT'], {
      fields: ['quote', 'reference'],
      indicative: false,
    })
    assert.deepEqual(kit.sent(md('/quotes'))[0]?.query, {
      symbols: 'MSFT',
      fields: 'quote,reference',
      indicative: 'false',
    })
    assert.deepEqual(
      Object.keys(some['MSFT'] ?? {}).filter((k) => k === 'quote' || k === 'regular'),
      ['quote'],
    )
    assert.deepEqual(await kit.broker.quotes(l.token, [' ']), {})
    assert.equal(kit.sent(md('/quotes')).length, 1, 'no symbols, no request')
  })

  it('gives price history with epoch-millisecond bounds', async () => {
    const l = await kit.login()
    const got = await kit.broker.priceHistory(l.token, {
      symbol: 'AAPL',
      periodType: 'month',
      frequencyType: 'daily',
      startDate: new Date(NOW - 7 * DAY),
      endDate: new Date(NOW),
      needPreviousClose: true,
    })
    const query = `symbol=AAPL&periodType=month&frequencyType=daily&startDate=${NOW - 7 * DAY}&endDate=${NOW}&needPreviousClose=true`
    assert.deepEqual(kit.sent(md('/pricehistory'))[0]?.query, Object.fromEntries(new URLSearchParams(query)))
    assert.deepEqual(got, await kit.wire(md(`/pricehistory?${query}`), l.token))
    assert.equal(got.candles.length, 5)
    await rejects(
      kit,
      kit.broker.priceHistory(l.token, { symbol: 'AAPL', periodType: 'day', period: 6 }),
      UpstreamClientError,
      400,
    )
  })

  it('gives option chains keyed by expiration and strike', async () => {
    const l = await kit.login()
    const got = await kit.broker.optionChain(l.token, {
      symbol: 'AAPL',
      contractType: 'CALL',
      strikeCount: 2,
    })
    assert.deepEqual(got, await kit.wire(md('/chains?symbol=AAPL&contractType=CALL&strikeCount=2'), l.token))
    assert.deepEqual(Object.keys(got.callExpDateMap['2026-03-13:7'] ?? {}), ['185.0', '190.0'])
    assert.deepEqual(got.putExpDateMap, {})
    kit.fake.sandbox.chaos.failNext(200, {
      symbol: 'AAPL',
      callExpDateMap: { '2026-03-13:7': { '185.0': {} } },
    })
    await rejects(kit, kit.broker.optionChain(l.token, { symbol: 'AAPL' }), UpstreamProtocolError)
  })

  it('percent-encodes the index of movers', async () => {
    const l = await kit.login()
    const spx = await kit.broker.movers(l.token, '$SPX', { sort: 'VOLUME' })
    const [req] = kit.sent(md('/movers/%24SPX'))
    assert.deepEqual(req?.query, { sort: 'VOLUME' })
    assert.deepEqual(spx, (await kit.wire(md('/movers/%24SPX?sort=VOLUME'), l.token)).screeners)
    assert.equal(spx.length, 7)
    const dow = await kit.broker.movers(l.token, '$DJI', { sort: 'PERCENT_CHANGE_UP', frequency: 0 })
    assert.deepEqual(
      dow.map((s) => s['symbol']),
      ['NVDA', 'AAPL'],
    )
    assert.deepEqual(kit.sent(md('/movers/%24DJI'))[0]?.query, { sort: 'PERCENT_CHANGE_UP', frequency: '0' })
  })

  it('gives market hours for several markets and a date', async () => {
    const l = await kit.login()
    const got = await kit.broker.marketHours(l.token, ['equity', 'option'], '2026-03-09')
    assert.deepEqual(got, await kit.wire(md('/markets?markets=equity,option&date=2026-03-09'), l.token))
    assert.deepEqual(Object.keys(got['option'] ?? {}), ['EQO', 'IND'])
    kit.clearLog()
    const today = await kit.broker.marketHours(l.token, ['equity'])
    assert.equal(today['equity']?.['EQ']?.['date'], '2026-03-06')
    assert.deepEqual(kit.sent(md('/markets'))[0]?.query, { markets: 'equity' })
  })

  it('finds instruments by symbol (with fundamentals on request) and by CUSIP', async () => {
    const l = await kit.login()
    assert.deepEqual(await kit.broker.instruments(l.token, 'AAPL,XYZ1', 'symbol-search'), [
      {
        cusip: '037833100',
        symbol: 'AAPL',
        description: 'Apple Inc.',
        exchange: 'NASDAQ',
        assetType: 'EQUITY',
      },
    ])
    const fundamental = await kit.broker.instruments(l.token, 'META,SPY', 'fundamental')
    assert.deepEqual(
      fundamental,
      (await kit.wire(md('/instruments?symbol=META,SPY&projection=fundamental'), l.token)).instruments,
    )
    assert.ok(fundamental.every((i) => typeof i['fundamental'] === 'object'))
    assert.deepEqual(kit.sent(md('/instruments'))[1]?.query, {
      symbol: 'META,SPY',
      projection: 'fundamental',
    })
    const apple = await kit.broker.instrumentByCusip(l.token, '037833100')
    assert.deepEqual(apple, await kit.wire(md('/instruments/037833100'), l.token))
    assert.equal(await kit.broker.instrumentByCusip(l.token, '000000000'), null)
    kit.fake.sandbox.chaos.failNext(200, { instruments: [apple] })
    assert.deepEqual(await kit.broker.instrumentByCusip(l.token, '037833100'), apple, 'a wrapped answer')
  })
})
