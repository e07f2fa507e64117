/** The demo login: created once, logs in, and every analytics endpoint answers with real numbers. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../../src/app/demo-seed.ts'
import { isTradingDay } from '../../src/kernel/calendar/nyse.ts'
import { useTestApp } from '../helpers/test-app.ts'

const t = useTestApp()

describe('demo seed', () => {
  it('creates the demo portfolio once; its user logs in and sees populated analytics', async () => {
    assert.equal(await seedDemo(t.c), 'created')
    assert.equal(await seedDemo(t.c), 'exists')
    const login = await t.anon.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: `username=${DEMO_EMAIL}&password=${DEMO_PASSWORD}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    assert.equal(login.statusCode, 200, login.body)
    const auth = {
      authorization: `Bearer ${(JSON.parse(login.body) as { access_token: string }).access_token}`,
    }
    const get = async (url: string) => {
      const res = await t.anon.get(url, auth)
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`)
      return JSON.parse(res.body) as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
    }
    assert.equal((await get('/api/auth/me')).plan, 'pro')
    assert.equal((await get('/api/accounts')).items.length, 2)
    assert.ok((await get('/api/analytics/date-range')).trade_count > 300)
    const aum = await get('/api/analytics/aum')
    assert.ok(aum.history.length > 100, 'weekly snapshots over three years')
    const c = aum.current
    assert.equal(
      Math.round((c.net_capital + c.unrealized + c.realized_ytd) * 100),
      Math.round(c.total_aum * 100),
    )
    const allocation = await get('/api/analytics/investor-allocation')
    assert.equal(allocation.items.length, 3)
    const shares = allocation.items.reduce((a: number, i: { share_pct: number }) => a + i.share_pct, 0)
    assert.ok(Math.abs(shares - 100) < 0.001)
    assert.ok((await get('/api/analytics/yoy')).items.length >= 3)
  })

  it('buys and sells every demo trade on an NYSE session, never before buying', async () => {
    await seedDemo(t.c)
    const trades = await t.c.scopes.withSystem('test: demo trades', ({ db }) =>
      db
        .selectFrom('realized_trade')
        .innerJoin('app_user', 'app_user.tenant_id', 'realized_trade.tenant_id')
        .where('app_user.email', '=', DEMO_EMAIL)
        .select(['date_acquired', 'sold_on'])
        .execute(),
    )
    assert.ok(trades.length > 300, `${trades.length} trades`)
    const offSession = trades
      .flatMap((r) => [r.date_acquired, r.sold_on])
      .filter((d) => !d || !isTradingDay(String(d)))
    assert.deepEqual(offSession, [], `${offSession.length} trade dates are not NYSE sessions`)
    const early = trades.filter((r) => !(String(r.date_acquired) < String(r.sold_on)))
    assert.deepEqual(early, [], 'acquired before sold')
  })
})
