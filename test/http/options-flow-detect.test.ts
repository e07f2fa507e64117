/** POST /api/trading-intel/intraday/flow/detect: classification, upsert per tenant + symbol + NY date, failures. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import type { OptionChain } from '../../src/providers/market-data/index.ts'
import { bearer, EXP, FlowMarket } from './options-flow-fixtures.ts'

const clock = fixedClock('2026-11-24T15:00:00Z') // Tuesday 10:00 New York, regular session
/** Answers a chain asked for by expiration with the set volumes under that expiration. */
class RollingFlowMarket extends FlowMarket {
  override async optionChain(symbol: string, query?: { expiration?: string }): Promise<OptionChain> {
    const chain = await super.optionChain(symbol)
    const expiration = query?.expiration
    if (!expiration) return chain
    return { ...chain, contracts: chain.contracts.map((c) => ({ ...c, expiration })) }
  }
}
const market = new RollingFlowMarket({ clock })
const chains = market.chains

let t: TestApp
before(async () => {
  t = await buildTestApp({ clock, providers: { market } })
})
after(() => t.close())

const detect = async (u: Client, symbols: string[]) =>
  u.post('/api/trading-intel/intraday/flow/detect', { symbols }, await bearer(t, u))
const rowsOf = (u: Client) =>
  t.c.scopes.withTenant(u.tenantId, ({ db }) =>
    db.selectFrom('options_flow_signal').selectAll().orderBy('id').execute(),
  )

describe('detect: classification and evidence', () => {
  it('classifies each symbol with the reference numbers and answers the rows written', async () => {
    clock.set('2026-11-24T15:00:00Z')
    chains.AAPL = [
      [2000, 2500],
      [4000, 5000],
    ] // 4500 / 9000 = 0.5 → CALL 0.65
    chains.MSFT = [[12000], [8000]] // 1.5 → PUT 0.7792
    const u = await t.newTenant()
    const res = await detect(u, ['aapl', 'MSFT', 'AAPL'])
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res.body)
    assert.equal(body.trading_date, '2026-11-24')
    assert.deepEqual(body.failed, [])
    assert.deepEqual(body.skipped, [])
    const [aapl, msft] = body.signals
    assert.equal(body.signals.length, 2, 'a duplicate symbol counts once')
    assert.equal(aapl.symbol, 'AAPL')
    assert.equal(aapl.direction, 'CALL_DOMINANCE')
    assert.equal(aapl.confidence, 0.65)
    assert.deepEqual(aapl.evidence, {
      put_volume: 4500,
      call_volume: 9000,
      total_volume: 13500,
      put_call_ratio: 0.5,
      contracts: 4,
      expiration: EXP,
    })
    assert.equal(msft.direction, 'PUT_DOMINANCE')
    assert.equal(msft.confidence, 0.7792)
    assert.equal(msft.evidence.put_call_ratio, 1.5)
    assert.equal((await rowsOf(u)).length, 2)
  })

  it('zero call volume → PUT_DOMINANCE with a null ratio; null volumes are not counted; thin and empty chains are skipped', async () => {
    clock.set('2026-11-24T15:00:00Z')
    chains.NVDA = [[300], [0]] // ∞ → PUT 0.9429
    chains.AMD = [
      [null, 3000, null],
      [4000, null],
    ] // nulls left out: 3000 / 4000 = 0.75 → NEUTRAL 0.6442
    chains.INTC = [[null], [null]] // Alpaca-like: no volumes at all
    chains.QCOM = [[50], [40]] // 90 < 100
    delete chains.IBM // no listed options
    const u = await t.newTenant()
    const body = json((await detect(u, ['NVDA', 'AMD', 'INTC', 'QCOM', 'IBM'])).body)
    const [nvda, amd] = body.signals
    assert.deepEqual(
      [nvda.direction, nvda.confidence, nvda.evidence.put_call_ratio],
      ['PUT_DOMINANCE', 0.9429, null],
    )
    assert.deepEqual([amd.direction, amd.confidence, amd.evidence.contracts], ['NEUTRAL_FLOW', 0.6442, 2])
    assert.deepEqual(
      body.skipped.map((s: { symbol: string; reason: string }) => [s.symbol, s.reason]),
      [
        ['INTC', 'no_volume'],
        ['QCOM', 'low_volume'],
        ['IBM', 'no_options'],
      ],
    )
    assert.equal((await rowsOf(u)).length, 2, 'skipped symbols write nothing')
  })
})

describe('detect: one row per tenant + symbol + New York date', () => {
  it('a re-run the same day updates the row in place; the next day adds one; another tenant has its own', async () => {
    clock.set('2026-11-24T15:00:00Z')
    chains.AAPL = [
      [2000, 2500],
      [4000, 5000],
    ]
    const u = await t.newTenant()
    const first = json((await detect(u, ['AAPL'])).body).signals[0]
    clock.set('2026-11-24T20:30:00Z') // 15:30 New York, same date
    chains.AAPL = [[12000], [8000]]
    const again = json((await detect(u, ['AAPL'])).body).signals[0]
    assert.equal(again.id, first.id)
    assert.equal(again.created_at, first.created_at)
    assert.equal(again.updated_at, '2026-11-24T20:30:00.000Z')
    assert.notEqual(again.updated_at, first.updated_at)
    assert.deepEqual([again.direction, again.confidence], ['PUT_DOMINANCE', 0.7792])
    assert.equal((await rowsOf(u)).length, 1)

    // 2026-11-25 00:30 UTC is still 2026-11-24 in New York: the same row.
    clock.set('2026-11-25T00:30:00Z')
    assert.equal(json((await detect(u, ['AAPL'])).body).signals[0].id, first.id)
    clock.set('2026-11-25T15:00:00Z')
    const next = json((await detect(u, ['AAPL'])).body)
    assert.equal(next.trading_date, '2026-11-25')
    assert.notEqual(next.signals[0].id, first.id)
    assert.equal((await rowsOf(u)).length, 2)

    const other = await t.newTenant()
    const theirs = json((await detect(other, ['AAPL'])).body).signals[0]
    assert.equal((await rowsOf(other)).length, 1)
    assert.equal((await rowsOf(u)).length, 2, "the other tenant's run does not touch this tenant's rows")
    assert.ok(theirs.id !== first.id && theirs.id !== next.signals[0].id)
  })
})

describe('detect: the trading date is the session whose volumes were read', () => {
  it('on a Saturday and before Monday’s open, Friday’s session (one row); from the open, Monday’s', async () => {
    chains.AAPL = [[3000], [4000]]
    const u = await t.newTenant()
    clock.set('2026-11-28T15:00:00Z') // Saturday 10:00 New York
    try {
      const sat = json((await detect(u, ['AAPL'])).body)
      assert.equal(sat.trading_date, '2026-11-27')
      assert.equal(sat.signals[0].trading_date, '2026-11-27')
      // Friday's 11-27 contracts expired at its close: the chain read is the next expiration's.
      assert.equal(sat.signals[0].evidence.expiration, '2026-12-04')
      clock.set('2026-11-30T13:00:00Z') // Monday 08:00, before the open
      const pre = json((await detect(u, ['AAPL'])).body)
      assert.equal(pre.trading_date, '2026-11-27')
      assert.equal(pre.signals[0].id, sat.signals[0].id, 'the same (tenant, symbol, date) row')
      clock.set('2026-11-30T14:30:00Z') // Monday 09:30, the open
      const open = json((await detect(u, ['AAPL'])).body)
      assert.equal(open.trading_date, '2026-11-30')
      assert.notEqual(open.signals[0].id, sat.signals[0].id)
      const rows = await rowsOf(u)
      assert.deepEqual(
        rows.map((r) => r.trading_date),
        ['2026-11-27', '2026-11-30'],
      )
    } finally {
      clock.set('2026-11-24T15:00:00Z')
    }
  })
})

describe('detect: input and failures', () => {
  it('unknown symbols are a 422 naming them', async () => {
    const u = await t.newTenant()
    const res = await detect(u, ['AAPL', 'QQQQZ'])
    assert.equal(res.statusCode, 422)
    const body = json(res.body)
    assert.deepEqual(body.errors, [
      { loc: ['body', 'symbols', 1], msg: 'unknown symbol QQQQZ', type: 'unknown_symbol' },
    ])
    assert.equal((await rowsOf(u)).length, 0)
  })

  it('an empty list, too many symbols and control characters are 422', async () => {
    const u = await t.newTenant()
    assert.equal((await detect(u, [])).statusCode, 422)
    assert.equal(
      (
        await detect(
          u,
          Array.from({ length: 26 }, () => 'AAPL'),
        )
      ).statusCode,
      422,
    )
    assert.equal((await detect(u, ['AA\u0000PL'])).statusCode, 422)
  })

  it('a failing chain is reported for that symbol and the others proceed; all failing → 502', async () => {
    clock.set('2026-11-24T15:00:00Z')
    chains.AAPL = [
      [2000, 2500],
      [4000, 5000],
    ]
    chains.TSLA = 'fail'
    chains.META = 'fail'
    const u = await t.newTenant()
    const res = await detect(u, ['AAPL', 'TSLA'])
    assert.equal(res.statusCode, 200)
    const body = json(res.body)
    assert.deepEqual(
      body.signals.map((s: { symbol: string }) => s.symbol),
      ['AAPL'],
    )
    assert.equal(body.failed.length, 1)
    assert.deepEqual([body.failed[0].symbol, body.failed[0].code], ['TSLA', 'upstream.server'])

    const all = await detect(u, ['TSLA', 'META'])
    assert.equal(all.statusCode, 502)
    assert.equal(json(all.body).code, 'flow.upstream_failed')
    assert.equal((await rowsOf(u)).length, 1)
  })

  it('needs authentication', async () => {
    assert.equal(
      (await t.anon.post('/api/trading-intel/intraday/flow/detect', { symbols: ['AAPL'] })).statusCode,
      401,
    )
  })
})
