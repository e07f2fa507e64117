/**
 * The fx_rate table in front of the FX provider: the provider is asked only for the days the table
 * lacks, today's fixing at most once an hour, and an outage answers from what is stored.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import pino from 'pino'
import { fixedClock } from '../../src/platform/clock.ts'
import { createScopes } from '../../src/platform/db/index.ts'
import { UpstreamServerError } from '../../src/providers/shared/http.ts'
import type { FxDay, FxProvider } from '../../src/providers/market-data/index.ts'
import { FxService } from '../../src/modules/market/market-data/fx.service.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'

const FIXINGS: FxDay[] = [
  { date: '2025-03-03', rates: { USD: '1.0465', GBP: '0.8251' } },
  { date: '2025-03-04', rates: { USD: '1.0557', GBP: '0.8265' } },
  { date: '2025-03-05', rates: { USD: '1.0694', GBP: '0.8332' } },
  { date: '2025-03-06', rates: { USD: '1.0796', GBP: '0.8376' } },
  { date: '2025-03-07', rates: { USD: '1.0857', GBP: '0.8413' } },
  { date: '2025-03-10', rates: { USD: '1.0833', GBP: '0.8398' } },
]

/** Serves FIXINGS published up to `clock` (a day's fixing from 15:00 UTC), recording each call. */
function provider(clock: { now(): Date }, name = 'fake') {
  const calls: [string, string][] = []
  let down = false
  const fx: FxProvider = {
    name,
    currencies: async () => {
      if (down) throw new UpstreamServerError('fake down', { provider: name, status: 503 })
      return ['EUR', 'GBP', 'USD']
    },
    dailyRates: async (from, to) => {
      calls.push([from, to])
      if (down) throw new UpstreamServerError('fake down', { provider: name, status: 503 })
      const now = clock.now().toISOString()
      return FIXINGS.filter((d) => d.date >= from && d.date <= to && `${d.date}T15:00` <= now)
    },
  }
  return { fx, calls, setDown: (v: boolean) => void (down = v) }
}

describe('fx_rate: stored fixings in front of the provider', () => {
  let db: TestDatabase
  before(async () => {
    db = await createTestDatabase()
  })
  after(() => db?.drop())

  it('asks only for the days it lacks, keeps them, and refreshes today’s fixing at most hourly', async () => {
    const clock = fixedClock('2025-03-10T10:00:00Z')
    const scopes = createScopes(db.handle.db, pino({ level: 'silent' }))
    const p = provider(clock)
    const fx = new FxService({ fx: p.fx, store: { scopes, clock, log: pino({ level: 'silent' }) } })

    // 03-07 needs 02-28 … 03-07 (a fixing carries up to 7 days): one call.
    assert.equal(await fx.rate('EUR', 'USD', '2025-03-07'), '1.0857')
    assert.deepEqual(p.calls, [['2025-02-28', '2025-03-07']])
    assert.deepEqual(
      [...(await fx.daily('USD', 'GBP', '2025-03-07', '2025-03-07'))],
      [['2025-03-07', '0.7748917749']], // 0.8413 / 1.0857 = 0.77489177489…
    )
    assert.equal(p.calls.length, 1, 'inside a fetched range: no call')

    // Up to today (before its fixing): only the missing days are asked for.
    assert.equal(await fx.rate('EUR', 'USD', '2025-03-10'), '1.0857', 'Friday’s carried')
    assert.deepEqual(p.calls[1], ['2025-03-08', '2025-03-10'])
    clock.set('2025-03-10T10:40:00Z')
    await fx.rate('EUR', 'USD', '2025-03-10')
    assert.equal(p.calls.length, 2, 'today was asked under an hour ago')
    clock.set('2025-03-10T15:30:00Z')
    assert.equal(await fx.rate('EUR', 'USD', '2025-03-10'), '1.0833', 'today’s fixing, an hour later')
    assert.deepEqual(p.calls[2], ['2025-03-10', '2025-03-10'])

    // The next day, Monday is settled: nothing is asked for it any more.
    clock.set('2025-03-11T09:00:00Z')
    await fx.rate('EUR', 'GBP', '2025-03-09')
    assert.equal(p.calls.length, 3)
    const stored = await scopes.withGlobal((t) =>
      t.selectFrom('fx_rate').select(['date', 'currency', 'rate']).where('provider', '=', 'fake').execute(),
    )
    assert.equal(stored.length, 12, 'every fixing fetched, kept')
  })

  it('an upstream failure answers from the stored fixings, never an error', async () => {
    const clock = fixedClock('2025-03-12T09:00:00Z')
    const scopes = createScopes(db.handle.db, pino({ level: 'silent' }))
    const p = provider(clock)
    p.setDown(true)
    const fx = new FxService({ fx: p.fx, store: { scopes, clock, log: pino({ level: 'silent' }) } })
    // 03-11 was never fetched and the provider is down: the stored Monday fixing still prices it.
    assert.equal(await fx.rate('EUR', 'USD', '2025-03-11'), '1.0833')
    assert.equal(p.calls.length, 1)
    assert.equal(await fx.rate('USD', 'EUR', '2025-03-04'), '0.9472387989') // 1 / 1.0557
    assert.equal(p.calls.length, 1, 'no new call while the provider is in its retry pause')
    assert.deepEqual(await fx.currencies(), ['EUR', 'GBP', 'USD'], 'currencies of the stored fixings')
    // Another provider does not see these fixings.
    const other = provider(clock, 'other')
    other.setDown(true)
    const fx2 = new FxService({ fx: other.fx, store: { scopes, clock, log: pino({ level: 'silent' }) } })
    assert.equal(await fx2.rate('EUR', 'USD', '2025-03-07'), null)
    await assert.rejects(fx2.currencies(), UpstreamServerError)
  })
})
