/**
 * The Schwab sandbox's Trader API through real HTTP: account numbers and hash-only paths, accounts
 * with and without positions (MARGIN vs CASH balances), positions and cash checked against an
 * independent replay of three years of transactions, transactions' query rules and shape, orders.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import {
  FAKE_SCHWAB_QUOTES,
  fakeTokens,
  schwabApi,
  type SchwabBrokerFake,
  type WireJson,
  startSchwabBrokerFake,
} from './schwab-broker-fake.ts'
import { DAY, fakeLogin, iso, NOW } from './schwab-fake-session.ts'

const ALL_TYPES = 'TRADE,DIVIDEND_OR_INTEREST,ACH_RECEIPT,JOURNAL'
let fake: SchwabBrokerFake
let token: string
let margin: string
let cash: string
let numbers: Array<{ accountNumber: string; hashValue: string }>

const get = (path: string) => schwabApi(fake, path, token)
const txPath = (hash: string, start: number, end: number, types = ALL_TYPES, extra = '') =>
  `/trader/v1/accounts/${hash}/transactions?startDate=${iso(start)}&endDate=${iso(end)}&types=${types}${extra}`

/** Every transaction of the (three) years before the login, oldest first (four one-year windows). */
async function allTransactions(hash: string): Promise<WireJson[]> {
  const rows: WireJson[] = []
  for (let y = 4; y >= 1; y--) {
    const res = await get(txPath(hash, NOW - y * 365 * DAY, NOW - (y - 1) * 365 * DAY - 1))
    assert.equal(res.status, 200)
    rows.push(...res.body)
  }
  return rows.sort((a, b) => a.time.localeCompare(b.time) || a.activityId - b.activityId)
}

before(async () => {
  fake = await startSchwabBrokerFake()
  const login = await fakeLogin(fake)
  ;({ token, numbers } = login)
  margin = login.margin.hashValue
  cash = login.cash.hashValue
})
after(() => fake.close())

describe('Schwab sandbox: accounts', () => {
  it('lists a MARGIN and a CASH account by 8-digit number and 64-hex hash; only the hash addresses one', async () => {
    assert.equal(numbers.length, 2)
    for (const n of numbers) {
      assert.match(n.accountNumber, /^\d{8}$/)
      assert.match(n.hashValue, /^[0-9A-F]{64}$/)
      const plain = await get(`/trader/v1/accounts/${n.accountNumber}`)
      assert.equal(plain.status, 404)
      assert.deepEqual(Object.keys(plain.body).sort(), ['errors', 'message'])
    }
    const other = (
      await schwabApi(fake, '/trader/v1/accounts/accountNumbers', (await fakeTokens(fake)).access_token)
    ).body
    assert.equal((await get(`/trader/v1/accounts/${other[0].hashValue}`)).status, 404, "another login's hash")
    assert.equal((await get(`/trader/v1/accounts/${margin}?fields=orders`)).status, 400)
  })

  it('gives positions only with fields=positions, and the balance fields of the account type', async () => {
    const plain = (await get('/trader/v1/accounts')).body
    assert.equal(plain.length, 2)
    assert.ok(plain.every((a: WireJson) => !('positions' in a.securitiesAccount)))
    const full = (await get('/trader/v1/accounts?fields=positions')).body
    for (const a of full) {
      const s = a.securitiesAccount
      assert.ok(s.positions.length > 0)
      assert.deepEqual(Object.keys(a.aggregatedBalance).sort(), [
        'currentLiquidationValue',
        'liquidationValue',
      ])
      for (const b of [s.initialBalances, s.currentBalances, s.projectedBalances])
        for (const [k, v] of Object.entries(b)) assert.ok(typeof v === 'number' || typeof v === 'boolean', k)
      for (const p of s.positions)
        for (const k of ['longQuantity', 'averagePrice', 'marketValue']) assert.equal(typeof p[k], 'number')
      const { currentBalances: cur, projectedBalances: proj, initialBalances: init } = s
      assert.equal(
        cur.liquidationValue,
        round2(cur.cashBalance + (cur.marginBalance ?? 0) + cur.longMarketValue),
      )
      const sum = s.positions.reduce((t: number, p: WireJson) => t + p.marketValue, 0)
      assert.equal(round2(sum), cur.longMarketValue)
      assert.equal(a.aggregatedBalance.liquidationValue, cur.liquidationValue)
      if (s.type === 'MARGIN') {
        for (const b of [cur, proj, init]) assert.equal(typeof b.buyingPower, 'number')
        for (const k of [
          'availableFunds',
          'dayTradingBuyingPower',
          'maintenanceRequirement',
          'sma',
          'stockBuyingPower',
        ])
          assert.equal(typeof cur[k], 'number', k)
        assert.equal('cashAvailableForTrading' in cur, false)
      } else {
        for (const b of [cur, proj, init]) {
          assert.equal('buyingPower' in b, false)
          assert.equal(typeof b.cashAvailableForTrading, 'number')
        }
        for (const k of [
          'cashAvailableForWithdrawal',
          'totalCash',
          'unsettledCash',
          'longNonMarginableMarketValue',
        ])
          assert.equal(typeof cur[k], 'number', k)
      }
      for (const k of ['accountValue', 'longStockValue', 'totalCash', 'cashAvailableForTrading'])
        assert.equal(typeof init[k], 'number', `initialBalances.${k}`)
    }
  })

  it('holds the net of its trades at average cost, priced from the market', async () => {
    for (const hash of [margin, cash]) {
      const held = new Map<string, { qty: number; avg: number }>()
      for (const t of await allTransactions(hash))
        for (const item of t.transferItems.filter((i: WireJson) => i.positionEffect)) {
          const h = held.get(item.instrument.symbol) ?? { qty: 0, avg: 0 }
          if (item.amount > 0)
            h.avg =
              Math.round(((h.qty * h.avg + item.amount * item.price) / (h.qty + item.amount)) * 1e4) / 1e4
          h.qty += item.amount
          assert.ok(h.qty >= 0, 'sells never exceed holdings')
          held.set(item.instrument.symbol, h)
        }
      const positions = (await get(`/trader/v1/accounts/${hash}?fields=positions`)).body.securitiesAccount
        .positions
      const expected = [...held].filter(([, h]) => h.qty > 0)
      assert.equal(positions.length, expected.length)
      for (const [symbol, h] of expected) {
        const p = positions.find((x: WireJson) => x.instrument.symbol === symbol)
        assert.equal(p.longQuantity, h.qty, symbol)
        assert.ok(
          Math.abs(p.averagePrice - h.avg) < 2e-4,
          `${symbol}: ${p.averagePrice} vs ${h.avg} (rounding)`,
        )
        assert.equal(p.marketValue, round2(h.qty * FAKE_SCHWAB_QUOTES[symbol]!))
        assert.equal(p.longOpenProfitLoss, round2(p.marketValue - round2(h.qty * p.averagePrice)))
        assert.match(p.instrument.cusip, /^[0-9A-Z]{9}$/)
      }
    }
  })

  it('has the cash its transactions add up to, less open buy orders for trading', async () => {
    const rows = await allTransactions(cash)
    const total = round2(rows.reduce((s, t) => s + t.netAmount, 0))
    const s = (await get(`/trader/v1/accounts/${cash}`)).body.securitiesAccount
    assert.equal(s.currentBalances.totalCash, total)
    const from = iso(NOW - 59 * DAY)
    const orders = (
      await get(`/trader/v1/accounts/${cash}/orders?fromEnteredTime=${from}&toEnteredTime=${iso(NOW)}`)
    ).body
    const reserved = orders
      .filter((o: WireJson) => o.status === 'WORKING' && o.orderLegCollection[0].instruction === 'BUY')
      .reduce((t: number, o: WireJson) => t + round2(o.quantity * o.price), 0)
    assert.equal(s.currentBalances.cashAvailableForTrading, round2(total - reserved))
  })
})

describe('Schwab sandbox: transactions', () => {
  it('requires startDate, endDate and types, ISO with millis, at most a year apart', async () => {
    const ok = txPath(margin, NOW - 365 * DAY, NOW)
    assert.equal((await get(ok)).status, 200, 'exactly one year')
    const bad = [
      ok.replace(/startDate=[^&]+&/, ''),
      ok.replace(/endDate=[^&]+&/, ''),
      ok.replace(/&types=.*/, ''),
      ok.replace('.000Z', 'Z'),
      ok.replace(/startDate=[^&]+/, 'startDate=2025-03-07'),
      txPath(margin, NOW - 365 * DAY - 1, NOW),
      txPath(margin, NOW, NOW - DAY),
      txPath(margin, NOW - DAY, NOW, 'TRADE,NOPE'),
    ]
    for (const path of bad) {
      const res = await get(path)
      assert.equal(res.status, 400, path)
      assert.equal(typeof res.body.message, 'string')
      assert.ok(Array.isArray(res.body.errors))
    }
  })

  it('filters by types and symbol, newest first', async () => {
    const year = (types: string, extra = '') => get(txPath(margin, NOW - 365 * DAY, NOW, types, extra))
    const all = (await year(ALL_TYPES)).body
    assert.deepEqual(
      new Set(all.map((t: WireJson) => t.type)),
      new Set(['TRADE', 'DIVIDEND_OR_INTEREST', 'ACH_RECEIPT', 'JOURNAL']),
    )
    assert.deepEqual(
      [...all.map((t: WireJson) => t.time)],
      [...all.map((t: WireJson) => t.time)].sort().reverse(),
    )
    for (const type of ['TRADE', 'DIVIDEND_OR_INTEREST', 'ACH_RECEIPT']) {
      const only = (await year(type)).body
      assert.ok(only.length > 0 && only.every((t: WireJson) => t.type === type), type)
    }
    assert.deepEqual((await year('WIRE_IN')).body, [])
    const symbol = all.find((t: WireJson) => t.type === 'TRADE').transferItems[0].instrument.symbol
    const bySymbol = (await year('TRADE', `&symbol=${symbol}`)).body
    assert.ok(bySymbol.length > 0)
    assert.ok(
      bySymbol.every((t: WireJson) => t.transferItems.some((i: WireJson) => i.instrument.symbol === symbol)),
    )
  })

  it('shapes TRADEs with security legs and fee legs, cash-only transfers and dividends', async () => {
    const rows = await allTransactions(margin)
    const trades = rows.filter((t) => t.type === 'TRADE')
    assert.ok(
      trades.some((t) => t.transferItems.filter((i: WireJson) => i.positionEffect).length > 1),
      'a multi-leg TRADE',
    )
    for (const t of trades) {
      assert.match(t.time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/)
      assert.deepEqual([t.status, t.subAccount, t.activityType], ['VALID', 'MARGIN', 'EXECUTION'])
      for (const k of ['activityId', 'orderId', 'positionId', 'netAmount'])
        assert.equal(typeof t[k], 'number', k)
      const [legs, fees] = [
        t.transferItems.filter((i: WireJson) => i.positionEffect),
        t.transferItems.filter((i: WireJson) => i.feeType),
      ]
      assert.equal(legs.length + fees.length, t.transferItems.length)
      for (const l of legs) {
        assert.deepEqual(Object.keys(l.instrument).sort(), [
          'assetType',
          'closingPrice',
          'cusip',
          'description',
          'instrumentId',
          'status',
          'symbol',
          'type',
        ])
        assert.equal(l.instrument.assetType, 'EQUITY')
        assert.equal(l.positionEffect, l.amount > 0 ? 'OPENING' : 'CLOSING')
        assert.equal(l.cost, round2(-l.amount * l.price))
      }
      for (const f of fees) assert.equal(f.instrument.symbol, 'CURRENCY_USD')
      assert.ok(fees.some((f: WireJson) => f.feeType === 'COMMISSION'))
      if (legs.some((l: WireJson) => l.amount < 0))
        assert.ok(fees.some((f: WireJson) => f.feeType === 'SEC_FEE' && f.amount > 0))
      assert.equal(t.netAmount, round2(t.transferItems.reduce((s: number, i: WireJson) => s + i.cost, 0)))
    }
    for (const t of rows.filter((r) => r.type !== 'TRADE')) {
      assert.deepEqual(
        t.transferItems.map((i: WireJson) => [i.instrument.symbol, i.amount]),
        [['CURRENCY_USD', t.netAmount]],
      )
      assert.equal(typeof t.description, 'string')
    }
    assert.ok(
      rows.some(
        (t) =>
          t.type === 'DIVIDEND_OR_INTEREST' && /^[A-Z]/.test(t.description) && !t.description.includes('INT'),
      ),
    )
  })

  it('answers at most 3000 rows', async () => {
    const busy = await startSchwabBrokerFake({ transactionsPerYear: 3200 })
    try {
      const t = (await fakeTokens(busy)).access_token
      const [{ hashValue }] = (await schwabApi(busy, '/trader/v1/accounts/accountNumbers', t)).body
      const res = await schwabApi(busy, txPath(hashValue, NOW - 365 * DAY, NOW), t)
      assert.equal(res.body.length, 3000)
    } finally {
      await busy.close()
    }
  })
})

const round2 = (x: number) => Math.round(x * 100) / 100
