/**
 * The tenant's base currency (GET/PUT /api/tenant/base-currency) and the daily rates users check
 * conversions with (GET /api/market/fx), against a fixed FX provider.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { json } from '../helpers/assertions.ts'
import { fixedFx } from '../helpers/fx.ts'
import { useTestApp } from '../helpers/test-app.ts'

const fx = fixedFx([
  { date: '2025-03-06', rates: { USD: '1.0796', GBP: '0.8376' } },
  { date: '2025-03-07', rates: { USD: '1.0857', GBP: '0.8413' } },
  { date: '2025-03-10', rates: { USD: '1.0833', GBP: '0.8398' } },
])
const t = useTestApp({ clock: fixedClock('2025-03-10T20:00:00Z'), providers: { fx } })

describe('base currency of the tenant', () => {
  it('is USD until set; only a quoted currency may be set, and only for the caller’s own tenant', async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    const got = await u.get('/api/tenant/base-currency')
    assert.equal(got.statusCode, 200, got.body)
    assert.deepEqual(json(got.body), { base_currency: 'USD', supported: ['EUR', 'GBP', 'USD'] })

    const put = await u.put('/api/tenant/base-currency', { base_currency: 'EUR' })
    assert.equal(put.statusCode, 200, put.body)
    assert.equal(json(put.body).base_currency, 'EUR')
    assert.equal(json((await u.get('/api/tenant/base-currency')).body).base_currency, 'EUR')
    assert.equal(json((await other.get('/api/tenant/base-currency')).body).base_currency, 'USD', 'not theirs')

    const jpy = await u.put('/api/tenant/base-currency', { base_currency: 'JPY' })
    assert.equal(jpy.statusCode, 422, jpy.body)
    assert.equal(json(jpy.body).code, 'tenancy.unsupported_currency')
    for (const bad of [
      { base_currency: 'eur' },
      { base_currency: 'EURO' },
      {},
      { base_currency: 'EUR', x: 1 },
    ]) {
      const r = await u.put('/api/tenant/base-currency', bad)
      assert.equal(r.statusCode, 422, `${JSON.stringify(bad)}: ${r.body}`)
    }
    assert.equal(json((await u.get('/api/tenant/base-currency')).body).base_currency, 'EUR', 'unchanged')
    assert.equal((await t.anon.get('/api/tenant/base-currency')).statusCode, 401)
  })
})

describe('GET /api/market/fx', () => {
  it('every day with its rate and the fixing it comes from, crossed through the euro', async () => {
    const u = await t.newTenant()
    const r = await u.get('/api/market/fx?from=USD&to=GBP&start=2025-03-07&end=2025-03-10')
    assert.equal(r.statusCode, 200, r.body)
    // 0.8413 / 1.0857 = 0.774891774891… (Friday, carried Saturday and Sunday); 0.8398 / 1.0833 = 0.775223852…
    assert.deepEqual(json(r.body), {
      from: 'USD',
      to: 'GBP',
      start: '2025-03-07',
      end: '2025-03-10',
      provider: 'fixed',
      items: [
        { date: '2025-03-07', rate: '0.7748917749', fixing_date: '2025-03-07' },
        { date: '2025-03-08', rate: '0.7748917749', fixing_date: '2025-03-07' },
        { date: '2025-03-09', rate: '0.7748917749', fixing_date: '2025-03-07' },
        { date: '2025-03-10', rate: '0.775223853', fixing_date: '2025-03-10' },
      ],
    })
    // Before the first fixing there is no rate (null), never 1.
    const early = json((await u.get('/api/market/fx?from=EUR&to=USD&start=2025-03-05&end=2025-03-06')).body)
    assert.deepEqual(early.items, [
      { date: '2025-03-05', rate: null, fixing_date: null },
      { date: '2025-03-06', rate: '1.0796', fixing_date: '2025-03-06' },
    ])
    // Defaults: the last 31 days to today.
    const d = json((await u.get('/api/market/fx?from=EUR&to=USD')).body)
    assert.deepEqual([d.start, d.end, d.items.length], ['2025-02-08', '2025-03-10', 31])
  })

  it('refuses an unquoted currency, a reversed or too long range, and bad input with 422', async () => {
    const u = await t.newTenant()
    for (const [q, code] of [
      ['from=USD&to=JPY', 'market.unsupported_currency'],
      ['from=USD&to=EUR&start=2025-03-10&end=2025-03-01', 'validation.failed'],
      ['from=USD&to=EUR&start=2024-01-01&end=2025-03-01', 'validation.failed'],
      ['from=usd&to=EUR', 'validation.failed'],
      ['from=USD', 'validation.failed'],
      ['from=USD&to=EUR&start=2025-02-30', 'validation.failed'],
      ['from=USD&to=EUR&start=0001-01-01&end=0001-12-31', 'validation.failed'],
    ]) {
      const r = await u.get(`/api/market/fx?${q}`)
      assert.equal(r.statusCode, 422, `${q}: ${r.body}`)
      assert.equal(json(r.body).code, code, q)
    }
    assert.equal((await t.anon.get('/api/market/fx?from=USD&to=EUR')).statusCode, 401)
  })
})
