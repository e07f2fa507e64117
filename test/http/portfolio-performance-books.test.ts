/**
 * GET /api/analytics/performance through HTTP, the books side: a broker account read back from its
 * activities and archived, and a portfolio in two currencies (portfolio-performance.helpers.ts has
 * the fixed closes and rates). Every expected figure is worked out by hand in the comments.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { recordActivities } from '../../src/modules/portfolio/activities/record.service.ts'
import { json, type Body } from '../helpers/assertions.ts'
import {
  RANGE,
  col,
  deposit,
  near,
  performance,
  position,
  usePerformanceApp,
} from './portfolio-performance.helpers.ts'

const app = usePerformanceApp()

describe('a broker account, read back and archived', () => {
  // A broker account: deposit 10,000 on 03-02, buy 10 AAA for 1,000 + 1 fee on 03-03; its first
  // snapshot (10 AAA) and reported cash (9,000) are of 03-05; archived on 03-06 (10:00 New York).
  // Shares before 03-05 are read back from the activities: 10 on 03-03 and 03-04, 0 on 03-02. Cash
  // read back from 9,000: 9,000 on 03-03 and 03-04, 9,000 + 1,001 = 10,001 on 03-02.
  //
  // | day   | shares × AAA | cash   | V      | F      | r                   |
  // | 03-02 | 0            | 10,001 | 10,001 |        |                     |
  // | 03-03 | 10 × 100     |  9,000 | 10,000 |        | 10,000/10,001 − 1   |
  // | 03-04 | 10 × 110     |  9,000 | 10,100 |        | +0.01               |
  // | 03-05 | 10 × 99      |  9,000 |  9,990 |        | 9,990/10,100 − 1    |
  // | 03-06 | archived     |        |      0 | −9,990 | nothing invested: 0 |
  //
  // The 10,000 deposit is on the base day (in the starting value). Gain: 0 − 10,001 + 9,990 = −11.
  it('reads shares and cash back from the activities, and lets the archived value leave as a flow', async () => {
    const u = await app().newTenant()
    const account = await app().c.scopes.withTenant(u.tenantId, async (s) => {
      const { id } = await s.db
        .insertInto('broker_account')
        .values({
          tenant_id: s.tenantId,
          name: 'Broker',
          broker_type: 'brokera',
          archived_at: new Date('2026-03-06T15:00:00Z'),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await recordActivities(
        s,
        id,
        [
          {
            type: 'DEPOSIT',
            activity_date: '2026-03-02',
            amount: '10000',
            currency: 'USD',
            source: 'brokera',
            source_id: 'd1',
          },
          {
            type: 'BUY',
            activity_date: '2026-03-03',
            symbol: 'AAA',
            quantity: '10',
            price: '100',
            amount: '1000',
            fee: '1',
            currency: 'USD',
            source: 'brokera',
            source_id: 'b1',
          },
        ],
        u.userId,
      )
      await s.db
        .insertInto('portfolio_snapshot')
        .values({
          tenant_id: s.tenantId,
          account_id: id,
          snapshot_date: '2026-03-05',
          symbol: 'AAA',
          quantity: '10',
          price: '99',
          market_value: '990',
          cost_basis: '1001',
          unrealized_pl: '-11',
        })
        .execute()
      await s.db
        .insertInto('account_cash')
        .values({
          tenant_id: s.tenantId,
          account_id: id,
          as_of: '2026-03-05',
          currency: 'USD',
          balance: '9000',
        })
        .execute()
      return id
    })
    const b = await performance(u, `${RANGE}&by=account`)
    assert.deepEqual(col(b, 'value'), [10001, 10000, 10100, 9990, 0])
    assert.deepEqual(col(b, 'cash'), [10001, 9000, 9000, 9000, 0])
    assert.deepEqual(col(b, 'net_flow'), [0, 0, 0, 0, -9990])
    assert.deepEqual([b.start_value, b.end_value, b.net_flows, b.gain], [10001, 0, -9990, -11])
    near(b.twr, (10000 / 10001) * 1.01 * (9990 / 10100) - 1)
    assert.deepEqual(col((b.accounts as Body[])[0]!, 'net_flow'), [0, 0, 0, 0, -9990])
    assert.equal((b.accounts as Body[])[0]!.account_id, account)
  })
})

describe('two currencies', () => {
  // A EUR account: 1,000 EUR deposited on 03-03 (a capital flow in EUR), 5 EEE (quoted in EUR)
  // from 03-04. USD per EUR: 1.10, 1.10, 1.20, 1.25, 1.25. Base currency USD.
  //
  // | day   | cash EUR | EEE       | V (USD)                     | F (USD)           |
  // | 03-02 | 0        |           | 0                           |                   |
  // | 03-03 | 1,000    |           | 1,000 × 1.10 = 1,100.00     | 1,000 × 1.10 = 1,100 |
  // | 03-04 | 1,000    | 5 × 200   | 2,000 × 1.20 = 2,400.00     |                   |
  // | 03-05 | 1,000    | 5 × 210   | 2,050 × 1.25 = 2,562.50     |                   |
  // | 03-06 | 1,000    | 5 × 220   | 2,100 × 1.25 = 2,625.00     |                   |
  it('converts holdings, cash and flows at each day’s rate', async () => {
    const u = await app().newTenant()
    const res = await u.post('/api/accounts', { name: 'Euro', broker_type: 'manual', currency: 'EUR' })
    assert.equal(res.statusCode, 201, res.body)
    const account = json(res.body).id as number
    await deposit(u, account, '2026-03-03', '1000', 'EUR')
    await position(u, account, 'EEE', 5, '2026-03-04')
    const b = await performance(u)
    assert.deepEqual(col(b, 'value'), [0, 1100, 2400, 2562.5, 2625])
    assert.deepEqual(col(b, 'cash'), [0, 1100, 1200, 1250, 1250])
    assert.deepEqual(col(b, 'net_flow'), [0, 1100, 0, 0, 0])
    assert.deepEqual([b.net_flows, b.gain, b.degraded], [1100, 1525, false])
    near(b.twr, (2400 / 1100) * (2562.5 / 2400) * (2625 / 2562.5) - 1)
  })

  it('answers in a new base currency at once (the base is in the answer cache key)', async () => {
    const u = await app().newTenant()
    const res = await u.post('/api/accounts', { name: 'Euro', broker_type: 'manual', currency: 'EUR' })
    const account = json(res.body).id as number
    await deposit(u, account, '2026-03-03', '1000', 'EUR')
    assert.equal((await performance(u)).currency, 'USD')
    const put = await u.put('/api/tenant/base-currency', { base_currency: 'EUR' })
    assert.equal(put.statusCode, 200, put.body)
    const b = await performance(u)
    // In euros the deposit is 1,000 on every day: no conversion left.
    assert.equal(b.currency, 'EUR')
    assert.deepEqual(col(b, 'value'), [0, 1000, 1000, 1000, 1000])
  })

  it('is degraded, and leaves the amount out, when a currency has no rate (never 1)', async () => {
    const u = await app().newTenant()
    const res = await u.post('/api/accounts', { name: 'Sterling', broker_type: 'manual', currency: 'GBP' })
    const account = json(res.body).id as number
    await deposit(u, account, '2026-03-04', '100', 'GBP')
    const b = await performance(u)
    assert.equal(b.degraded, true)
    assert.deepEqual(b.missing_rates, [
      { currency: 'GBP', first_date: '2026-03-04', last_date: '2026-03-06', days: 3 },
    ])
    assert.deepEqual(col(b, 'value'), [0, 0, 0, 0, 0])
    assert.deepEqual(b.missing_prices, [])
  })
})
